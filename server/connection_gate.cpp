#include "server/connection_gate.h"

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "server/request_head.h"

namespace junqi::server {

namespace {

using Clock = std::chrono::steady_clock;

Clock::time_point after(double seconds) {
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

// A listening socket for host:port, non-blocking.
int listenOn(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0 || !found)
    throw std::runtime_error(fmt::format("cannot listen on {}:{}: unknown address", host, port));
  const int fd = ::socket(found->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  const int yes = 1;
  const bool ok = fd >= 0 && ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes) == 0 &&
                  ::bind(fd, found->ai_addr, found->ai_addrlen) == 0 && ::listen(fd, 128) == 0;
  ::freeaddrinfo(found);
  if (!ok) {
    if (fd >= 0) ::close(fd);
    throw std::runtime_error(fmt::format("cannot listen on {}:{}", host, port));
  }
  return fd;
}

int portOf(int fd) {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  const auto& in = reinterpret_cast<const sockaddr_in&>(address);  // sin_port sits where sin6_port does
  return ntohs(in.sin_port);
}

void sendSome(int fd, const std::string& bytes) { (void)!::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL); }

}  // namespace

struct ConnectionGate::Impl {
  // A connection the gate holds: the bytes of its request so far, and when it is closed.
  struct Connection {
    std::string in;
    Clock::time_point deadline;
    bool busy = false;       // a worker answers its request
    bool closing = false;    // refused: the rest of its bytes are read and dropped until it closes
    bool continued = false;  // "100 Continue" sent for the request being read
    int served = 0;
  };

  struct Job {
    int socket;
    std::string request;
    bool last;
  };

  struct Finished {
    int socket;
    bool keep;
  };

  Impl(ServerLimits l, Answer a) : limits(l), answer(std::move(a)) {
    if (::pipe2(wake, O_NONBLOCK | O_CLOEXEC) != 0) throw std::runtime_error("cannot make the server's wake pipe");
  }
  ~Impl() {
    for (const auto& [fd, c] : connections) ::close(fd);
    if (listener >= 0) ::close(listener);
    ::close(wake[0]);
    ::close(wake[1]);
  }

  void serve();
  void pollOnce();
  void accept();
  void receive(int fd, Connection& c);
  void judge(int fd, Connection& c);
  void refuse(int fd, Connection& c, int status, const std::string& why);
  void close(int fd) {
    ::close(fd);
    connections.erase(fd);
  }
  void takeFinished();
  void expire();
  void work();
  void ring() { (void)!::write(wake[1], "x", 1); }

  ServerLimits limits;
  Answer answer;
  int listener = -1;
  int wake[2] = {-1, -1};
  std::map<int, Connection> connections;  // the gate's thread alone touches them
  std::atomic<bool> stopping{false}, serving{false};
  std::mutex mutex;  // guards jobs and finished
  std::condition_variable jobReady;
  std::deque<Job> jobs;
  std::vector<Finished> finished;
};

void ConnectionGate::Impl::serve() {
  std::vector<std::thread> workers;
  for (int i = 0; i < std::max(1, limits.workers); ++i) workers.emplace_back([this] { work(); });
  serving = true;
  while (!stopping) {
    takeFinished();
    expire();
    pollOnce();
  }
  {
    std::lock_guard lock(mutex);
    jobs.clear();
  }
  jobReady.notify_all();
  for (std::thread& w : workers) w.join();
  serving = false;
}

void ConnectionGate::Impl::pollOnce() {
  std::vector<pollfd> polled = {{wake[0], POLLIN, 0}, {listener, POLLIN, 0}};
  Clock::time_point next = after(1);
  for (const auto& [fd, c] : connections)
    if (!c.busy) {
      polled.push_back({fd, POLLIN, 0});
      next = std::min(next, c.deadline);
    }
  const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next - Clock::now()).count() + 1;
  if (::poll(polled.data(), polled.size(), static_cast<int>(std::max<long long>(0, wait))) <= 0) return;
  if (polled[0].revents) {
    char drained[64];
    while (::read(wake[0], drained, sizeof drained) > 0) {
    }
  }
  if (polled[1].revents & POLLIN) accept();
  for (std::size_t i = 2; i < polled.size(); ++i) {
    if (!polled[i].revents) continue;
    const auto it = connections.find(polled[i].fd);
    if (it != connections.end()) receive(it->first, it->second);
  }
}

// Takes every waiting connection; when full, the waiting one nearest its end makes room.
void ConnectionGate::Impl::accept() {
  for (;;) {
    const int fd = ::accept4(listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;
    if (static_cast<int>(connections.size()) >= limits.maxConnections) {
      auto oldest = connections.end();
      for (auto it = connections.begin(); it != connections.end(); ++it)
        if (!it->second.busy && (oldest == connections.end() || it->second.deadline < oldest->second.deadline))
          oldest = it;
      if (oldest == connections.end()) {
        ::close(fd);
        continue;
      }
      close(oldest->first);
    }
    connections[fd].deadline = after(limits.idleSeconds);
  }
}

void ConnectionGate::Impl::receive(int fd, Connection& c) {
  char buffer[16384];
  const std::size_t enough = limits.maxHeadBytes + limits.maxBody + 1;
  for (;;) {
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) return close(fd);
    if (n < 0) break;
    if (c.closing) continue;
    if (c.in.empty()) c.deadline = after(limits.requestSeconds);  // a request begins: its time counts
    c.in.append(buffer, static_cast<std::size_t>(n));
    if (c.in.size() >= enough) break;
  }
  if (!c.closing) judge(fd, c);
}

// A complete request goes to a worker; one that breaks a limit is refused.
void ConnectionGate::Impl::judge(int fd, Connection& c) {
  const RequestVerdict verdict = inspectRequest(c.in, limits);
  if (verdict.kind == RequestVerdict::Kind::Refused) return refuse(fd, c, verdict.status, verdict.why);
  if (verdict.kind == RequestVerdict::Kind::NeedMore) {
    if (verdict.headComplete && verdict.expectsContinue && !c.continued) sendSome(fd, "HTTP/1.1 100 Continue\r\n\r\n");
    c.continued = c.continued || verdict.headComplete;
    return;
  }
  Job job{fd, c.in.substr(0, verdict.length), ++c.served >= limits.requestsPerConnection};
  c.in.erase(0, verdict.length);
  c.busy = true;
  c.continued = false;
  {
    std::lock_guard lock(mutex);
    jobs.push_back(std::move(job));
  }
  jobReady.notify_one();
}

// The answer, then the rest of what the client sends is dropped for a second
// (closing at once could reset the connection before the client reads why).
void ConnectionGate::Impl::refuse(int fd, Connection& c, int status, const std::string& why) {
  sendSome(fd, refusalResponse(status, why));
  ::shutdown(fd, SHUT_WR);
  c.in.clear();
  c.closing = true;
  c.deadline = after(1);
}

void ConnectionGate::Impl::takeFinished() {
  std::vector<Finished> done;
  {
    std::lock_guard lock(mutex);
    done.swap(finished);
  }
  for (const Finished& f : done) {
    auto it = connections.find(f.socket);
    if (it == connections.end()) continue;
    if (!f.keep) {
      close(f.socket);
      continue;
    }
    Connection& c = it->second;
    c.busy = false;
    c.deadline = after(c.in.empty() ? limits.idleSeconds : limits.requestSeconds);
    if (!c.in.empty()) judge(f.socket, c);  // the next request came with the last one
  }
}

void ConnectionGate::Impl::expire() {
  const Clock::time_point now = Clock::now();
  std::vector<int> over;
  for (const auto& [fd, c] : connections)
    if (!c.busy && c.deadline <= now) over.push_back(fd);
  for (const int fd : over) {
    Connection& c = connections[fd];
    if (!c.closing && !c.in.empty())
      sendSome(fd, refusalResponse(408, fmt::format("the request took longer than {} s", limits.requestSeconds)));
    close(fd);
  }
}

void ConnectionGate::Impl::work() {
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex);
      jobReady.wait(lock, [&] { return stopping || !jobs.empty(); });
      if (stopping) return;
      job = std::move(jobs.front());
      jobs.pop_front();
    }
    bool keep = false;
    try {
      keep = answer(job.socket, std::move(job.request), job.last);
    } catch (...) {  // the answer's own errors are answered inside it; this is a broken socket
    }
    {
      std::lock_guard lock(mutex);
      finished.push_back({job.socket, keep});
    }
    ring();
  }
}

ConnectionGate::ConnectionGate(ServerLimits limits, Answer answer)
    : impl_(std::make_unique<Impl>(limits, std::move(answer))) {}

ConnectionGate::~ConnectionGate() = default;

int ConnectionGate::bind(const std::string& host, int port) {
  impl_->listener = listenOn(host, port);
  return portOf(impl_->listener);
}

void ConnectionGate::run() {
  if (impl_->listener < 0) throw std::logic_error("ConnectionGate::run before bind");
  impl_->serve();
}

void ConnectionGate::stop() {
  impl_->stopping = true;
  impl_->jobReady.notify_all();
  impl_->ring();
}

bool ConnectionGate::running() const { return impl_->serving; }

}  // namespace junqi::server
