#include "jbp/protocol_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "jbp/protocol_command.h"

namespace junqi {

BotProcess::BotProcess(const std::string& command, const std::string& stderrPath) {
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("cannot create pipes for a bot");
  const std::string shellLine = shellLineFor(command);
  const pid_t arbiter = getpid();
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("cannot fork a bot process");
  if (pid_ == 0) {
    // Killed with the arbiter (even by kill -9); if the arbiter died before
    // this took effect, its orphan is adopted by another process: go now.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != arbiter) _exit(127);
    signal(SIGPIPE, SIG_DFL);  // the arbiter ignores it; the bot should not inherit that
    setpgid(0, 0);  // its own process group, so kill() reaches its children too
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    if (!stderrPath.empty()) {
      const int err = open(stderrPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
      if (err >= 0) dup2(err, STDERR_FILENO);
    }
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    execl("/bin/sh", "sh", "-c", shellLine.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid_, pid_);
  close(in[0]);
  close(out[1]);
  toChild_ = in[1];
  fromChild_ = out[0];
  signal(SIGPIPE, SIG_IGN);  // a dead bot must not kill the arbiter
}

BotProcess::~BotProcess() { kill(); }

bool BotProcess::send(const std::string& line) {
  if (toChild_ < 0) return false;
  const std::string data = line + "\n";
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(toChild_, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

std::optional<std::string> BotProcess::readLine(double seconds) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  for (;;) {
    if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (eof_ || fromChild_ < 0) return std::nullopt;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return std::nullopt;
    pollfd p{fromChild_, POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(std::min<long long>(left, 1 << 30)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return std::nullopt;
    char chunk[4096];
    const ssize_t n = read(fromChild_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof_ = true;
      continue;  // a last line without a newline is dropped: the bot broke off mid-line
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

bool BotProcess::endsWithin(double seconds) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  while (!reaped_ && pid_ > 0) {
    int status = 0;
    const pid_t done = waitpid(pid_, &status, WNOHANG);
    if (done == pid_ || (done < 0 && errno != EINTR)) {
      reaped_ = true;
      break;
    }
    if (Clock::now() >= deadline) return false;
    usleep(5000);
  }
  return true;
}

void BotProcess::kill() {
  if (toChild_ >= 0) close(toChild_), toChild_ = -1;
  if (fromChild_ >= 0) close(fromChild_), fromChild_ = -1;
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);  // the group: the bot's children too, even once the bot is reaped
    int status = 0;
    while (!reaped_ && waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }
}

}  // namespace junqi
