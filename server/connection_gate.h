// The server's front door. One thread accepts every connection and reads each
// request whole, under the limits (server/server_limits.h), before a worker
// sees it: a worker of the fixed pool only ever answers a complete request of
// a bounded size. A client that sends slowly, or nothing, holds a buffer and
// a socket, never a worker, and is closed when its time is over; a request
// that breaks a limit (headers, body, chunked or compressed body) is refused
// from its head, before its body is read.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "server/server_limits.h"

namespace junqi::server {

class ConnectionGate {
 public:
  // Answers one complete request (its bytes) on the socket; `last`: the
  // connection closes after it. Returns whether the connection may carry another.
  using Answer = std::function<bool(int socket, std::string request, bool last)>;

  ConnectionGate(ServerLimits limits, Answer answer);
  ~ConnectionGate();
  // Listens on the address; returns the port (the chosen one when `port` is 0).
  // Throws std::runtime_error when it cannot.
  int bind(const std::string& host, int port);
  // Serves until stop() (which may come first, or from a signal handler).
  void run();
  void stop();
  bool running() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace junqi::server
