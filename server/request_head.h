// The head of an HTTP request, read before the request is accepted: where it
// ends, how long its body is, and whether it breaks a limit. The gate reads
// requests whole with it, so that httplib only ever parses a complete request
// of a bounded size, with a plain (neither chunked nor compressed) body.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "server/server_limits.h"

namespace junqi::server {

struct RequestVerdict {
  enum class Kind { NeedMore, Complete, Refused };
  Kind kind = Kind::NeedMore;
  std::size_t length = 0;      // Complete: the request's bytes, head and body
  bool headComplete = false;   // the head is all there (the body may not be)
  bool expectsContinue = false;  // "Expect: 100-continue": the client waits before its body
  int status = 0;              // Refused: the HTTP status
  std::string why;             // Refused: one line
};

// What to do with the bytes received so far of one request.
RequestVerdict inspectRequest(std::string_view bytes, const ServerLimits& limits);

// A whole answer for a refusal: the status, {"error": why}, and the connection closed.
std::string refusalResponse(int status, const std::string& why);

}  // namespace junqi::server
