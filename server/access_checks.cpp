#include "server/access_checks.h"

#include <algorithm>
#include <cctype>
#include <random>

#include <fmt/format.h>
#include <httplib.h>

namespace junqi::server {

namespace {

std::string lowered(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// The host of a Host header's value: "127.0.0.1:8080" -> 127.0.0.1, "[::1]:80" -> ::1.
std::string hostName(const std::string& hostHeader) {
  if (!hostHeader.empty() && hostHeader.front() == '[') return hostHeader.substr(1, hostHeader.find(']') - 1);
  return hostHeader.substr(0, hostHeader.find(':'));
}

std::optional<ApiError> siteRefusal(const httplib::Request& request, const AccessPolicy& policy) {
  const std::string host = request.get_header_value("Host");
  if (policy.loopbackOnly && !host.empty() && !isLoopback(lowered(hostName(host))))
    return ApiError(403, fmt::format("the Host '{}' is not this machine: the server answers 127.0.0.1 and localhost "
                                     "only",
                                     host.substr(0, 80)));
  if (request.has_header("Origin") && lowered(request.get_header_value("Origin")) != "http://" + lowered(host))
    return ApiError(403, "a request from another site's page is refused");
  if (lowered(request.get_header_value("Sec-Fetch-Site")) == "cross-site")
    return ApiError(403, "a request from another site's page is refused");
  return std::nullopt;
}

}  // namespace

bool sameSecret(const std::string& given, const std::string& secret) {
  if (given.size() != secret.size()) return false;
  unsigned char differ = 0;
  for (std::size_t i = 0; i < secret.size(); ++i) differ |= static_cast<unsigned char>(given[i] ^ secret[i]);
  return differ == 0;
}

bool isLoopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

std::string newToken() {
  std::random_device device;
  return fmt::format("{:08x}{:08x}{:08x}{:08x}", device(), device(), device(), device());
}

std::optional<ApiError> accessRefusal(const httplib::Request& request, const AccessPolicy& policy) {
  if (auto refused = siteRefusal(request, policy)) return refused;
  if (request.method == "POST" && lowered(request.get_header_value("Content-Type")).rfind("application/json", 0) != 0)
    return ApiError(415, "a POST's body must be JSON, sent as Content-Type: application/json");
  if (!policy.token.empty() && request.path.rfind("/api/", 0) == 0) {
    const std::string given = request.has_header("X-Junqi-Token") ? request.get_header_value("X-Junqi-Token")
                                                                  : request.get_param_value("token");
    if (!sameSecret(given, policy.token))
      return ApiError(401, "this server wants its token: open the address junqi serve printed (it holds ?token=)");
  }
  return std::nullopt;
}

}  // namespace junqi::server
