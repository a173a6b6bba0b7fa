// What one client may cost the server: the limits the connection gate
// (server/connection_gate.h) holds every request to before a worker sees it.
#pragma once

#include <cstddef>

namespace junqi::server {

struct ServerLimits {
  std::size_t maxBody = 64 * 1024;      // bytes of a request body (413)
  std::size_t maxHeadBytes = 16 * 1024;  // the request line and headers together (431)
  int maxHeaders = 64;                   // header lines (431)
  double requestSeconds = 10;  // from a request's first byte to its last (then closed: 408)
  double idleSeconds = 5;      // a connection without a request begun (then closed)
  double writeSeconds = 5;     // to send an answer to a client that does not read it
  int maxConnections = 256;    // held at once; past it the oldest waiting one is closed
  int workers = 4;             // threads that answer complete requests
  int requestsPerConnection = 100;  // then the connection is closed (keep-alive)
  // false: httplib's own connection handling, a thread per connection and
  // none of the limits above but maxBody. Only for the tests that show what
  // the gate guards against (tests/web/load_test.cpp).
  bool gate = true;
};

}  // namespace junqi::server
