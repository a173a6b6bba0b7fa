// Who may use the server, checked before any route (httplib's pre-routing):
// - a server on 127.0.0.1 answers only requests that name this machine in
//   their Host (a page of another site that rebinds its own name to
//   127.0.0.1 is refused);
// - a request from another site's page (its Origin, or Sec-Fetch-Site:
//   cross-site) is refused, so no page on the web can post to the board;
// - a POST's body must be JSON (Content-Type: application/json): a browser
//   sends no such body across sites without asking first, and text/plain
//   bodies were the way around;
// - with a token (any server listening beyond 127.0.0.1 has one), every
//   /api/ request carries it: the X-Junqi-Token header, or ?token= for a
//   link or an image.
#pragma once

#include <optional>
#include <string>

#include "server/http_util.h"

namespace junqi::server {

struct AccessPolicy {
  bool loopbackOnly = true;  // the server listens on this machine only
  std::string token;         // wanted on /api/ requests when not empty
};

// The refusal of the request, if it is refused (403, 415 or 401, and why).
std::optional<ApiError> accessRefusal(const httplib::Request& request, const AccessPolicy& policy);
// 127.0.0.1, localhost, ::1 (and the rest of 127.0.0.0/8).
bool isLoopback(const std::string& host);
// Whether two secrets are equal; every character is compared, so the time
// does not tell how much of a guess matched.
bool sameSecret(const std::string& given, const std::string& secret);
// 32 hex digits nobody can guess.
std::string newToken();

}  // namespace junqi::server
