#include "jbp/protocol_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <mutex>
#include <stdexcept>

#include <fmt/format.h>

#include "jbp/protocol_command.h"

namespace junqi {

namespace {

bool writeAll(int fd, std::string_view data) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// The bytes of a UTF-8 character at `at` (a C1 control, U+0080..U+009F,
// counts as not UTF-8 here: the caller says which it was); 0 if there is none.
std::size_t utf8Length(std::string_view s, std::size_t at) {
  const auto byte = [&](std::size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
  const unsigned c = byte(at);
  if (c < 0x80) return 1;
  unsigned low = 0x80, high = 0xbf;  // the second byte's range
  std::size_t length = 0;
  if (c >= 0xc2 && c <= 0xdf) {
    length = 2;
    if (c == 0xc2) low = 0xa0;  // not a C1 control
  } else if (c >= 0xe0 && c <= 0xef) {
    length = 3;
    if (c == 0xe0) low = 0xa0;   // not overlong
    if (c == 0xed) high = 0x9f;  // not a surrogate
  } else if (c >= 0xf0 && c <= 0xf4) {
    length = 4;
    if (c == 0xf0) low = 0x90;   // not overlong
    if (c == 0xf4) high = 0x8f;  // not above U+10FFFF
  } else {
    return 0;
  }
  if (byte(at + 1) < low || byte(at + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k)
    if (byte(at + k) < 0x80 || byte(at + k) > 0xbf) return 0;
  return length;
}

// A bot's standard error as it goes into its log: control bytes other than
// newline and tab written as \xHH, so that no terminal obeys them.
std::string escapeControls(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (const char c : bytes) {
    const auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\n' && c != '\t') || u == 0x7f)
      out += fmt::format("\\x{:02x}", u);
    else
      out += c;
  }
  return out;
}

// The last line of a full log.
const std::string& droppedLine() {
  static const std::string line = fmt::format(
      "\n[junqi: this log is full ({} bytes); the rest of the bot's standard error was dropped]\n", kMaxStderrLog);
  return line;
}

// How much of kMaxStderrLog is for what bots write (the rest is for droppedLine()).
std::size_t stderrRoom() { return kMaxStderrLog - droppedLine().size(); }

// Appends to a bot's log while it holds less than stderrRoom() bytes, the
// last line saying that the rest was dropped. Every bot's log in this process
// is written under one lock: bots of one name share their log.
void appendToLog(int log, std::string_view bytes) {
  static std::mutex lock;
  const std::lock_guard hold(lock);
  struct stat status {};
  if (fstat(log, &status) != 0) return;
  const auto size = static_cast<std::size_t>(status.st_size);
  const std::size_t room = stderrRoom();
  if (size >= room) return;
  std::string text = escapeControls(bytes);
  if (text.size() > room - size) {
    text.resize(room - size);
    text += droppedLine();
  }
  writeAll(log, text);
}

// Copies a bot's standard error from `from` into `log` until the bot closes
// it or `stop` is readable; then what is still waiting in the pipe (boundedly:
// a child of the bot's shell may go on writing) is copied too. Closes both.
void copyStderr(int from, int log, int stop) {
  char chunk[4096];
  bool stopping = false;
  for (int afterStop = 0; afterStop < 16;) {
    pollfd p[2] = {{from, POLLIN, 0}, {stop, POLLIN, 0}};
    const int ready = poll(p, stopping ? 1 : 2, stopping ? 0 : -1);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) break;
    if (!stopping && p[1].revents != 0) {
      stopping = true;
      continue;
    }
    const ssize_t n = read(from, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    appendToLog(log, std::string_view(chunk, static_cast<std::size_t>(n)));
    afterStop += stopping ? 1 : 0;
  }
  close(from);
  close(log);
}

}  // namespace

bool stderrLogIsFull(const std::string& path) {
  struct stat status {};
  return stat(path.c_str(), &status) == 0 && static_cast<std::size_t>(status.st_size) >= stderrRoom();
}

std::optional<std::string> whyNotText(std::string_view line) {
  for (std::size_t at = 0; at < line.size();) {
    const auto c = static_cast<unsigned char>(line[at]);
    if ((c < 0x20 && c != '\t') || c == 0x7f) return fmt::format("sent a line holding the control byte 0x{:02x}", c);
    const std::size_t length = utf8Length(line, at);
    if (length == 0) {
      if (c == 0xc2 && at + 1 < line.size() && static_cast<unsigned char>(line[at + 1]) >= 0x80 &&
          static_cast<unsigned char>(line[at + 1]) <= 0x9f)
        return fmt::format("sent a line holding the control character U+{:04X}",
                           static_cast<unsigned char>(line[at + 1]));
      return fmt::format("sent a line that is not UTF-8 (byte 0x{:02x} at {})", c, at);
    }
    at += length;
  }
  return std::nullopt;
}

BotProcess::BotProcess(const std::string& command, const std::string& stderrPath) {
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("cannot create pipes for a bot");
  // The bot's standard error reaches its log through us (kept short and
  // escaped); a log that cannot be opened leaves it on ours, as before.
  int log = -1, err[2] = {-1, -1};
  if (!stderrPath.empty()) log = open(stderrPath.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (log >= 0 && (pipe2(err, O_CLOEXEC) != 0 || pipe2(stopCopier_, O_CLOEXEC) != 0))
    throw std::runtime_error("cannot create pipes for a bot");
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
    if (err[1] >= 0) dup2(err[1], STDERR_FILENO);
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);  // the rest is closed on exec
    execl("/bin/sh", "sh", "-c", shellLine.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid_, pid_);
  close(in[0]);
  close(out[1]);
  toChild_ = in[1];
  fromChild_ = out[0];
  if (err[1] >= 0) {
    close(err[1]);
    stderrCopier_ = std::thread(copyStderr, err[0], log, stopCopier_[0]);
  }
  signal(SIGPIPE, SIG_IGN);  // a dead bot must not kill the arbiter
}

BotProcess::~BotProcess() { kill(); }

bool BotProcess::send(const std::string& line) {
  return toChild_ >= 0 && writeAll(toChild_, line + "\n");
}

std::optional<std::string> BotProcess::takeLine() {
  const std::size_t newline = buffer_.find('\n');
  // Only the start of a line too long is ever held: reading stops at the limit.
  if ((newline == std::string::npos ? buffer_.size() : newline) > kMaxBotLine) {
    fault_ = fmt::format("sent a line longer than {} bytes", kMaxBotLine);
    buffer_.clear();
    return std::nullopt;
  }
  if (newline == std::string::npos) return std::nullopt;
  std::string line = buffer_.substr(0, newline);
  buffer_.erase(0, newline + 1);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (auto why = whyNotText(line)) {
    fault_ = std::move(*why);
    return std::nullopt;
  }
  return line;
}

std::optional<std::string> BotProcess::readLine(double seconds) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  for (;;) {
    if (!fault_.empty()) return std::nullopt;
    if (auto line = takeLine()) return line;
    if (!fault_.empty() || eof_ || fromChild_ < 0) return std::nullopt;
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
  if (stderrCopier_.joinable()) {
    // The bot is gone: the copier takes what it left in the pipe and ends.
    writeAll(stopCopier_[1], "x");
    stderrCopier_.join();
  }
  for (int& end : stopCopier_)
    if (end >= 0) close(end), end = -1;
}

}  // namespace junqi
