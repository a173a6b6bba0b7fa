#include "server/request_head.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace junqi::server {

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool sameName(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

RequestVerdict refused(int status, std::string why) {
  RequestVerdict verdict;
  verdict.kind = RequestVerdict::Kind::Refused;
  verdict.status = status;
  verdict.why = std::move(why);
  return verdict;
}

// The headers that decide how the body is read, as httplib reads them: lines
// ending in CRLF after the request line, up to the first empty one.
struct BodyHeaders {
  std::string_view contentLength, transferEncoding, contentEncoding, expect;
  bool conflictingLengths = false;
};

BodyHeaders bodyHeaders(std::string_view headers) {
  BodyHeaders found;
  while (!headers.empty()) {
    const std::size_t end = headers.find('\n');
    std::string_view line = headers.substr(0, end);
    headers.remove_prefix(end == std::string_view::npos ? headers.size() : end + 1);
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    const std::string_view name = trimmed(line.substr(0, colon)), value = trimmed(line.substr(colon + 1));
    if (sameName(name, "content-length")) {
      if (!found.contentLength.empty() && found.contentLength != value) found.conflictingLengths = true;
      found.contentLength = value;
    } else if (sameName(name, "transfer-encoding")) {
      found.transferEncoding = value;
    } else if (sameName(name, "content-encoding")) {
      found.contentEncoding = value;
    } else if (sameName(name, "expect")) {
      found.expect = value;
    }
  }
  return found;
}

// The body's length from the head, or a refusal.
RequestVerdict bodyVerdict(std::string_view headers, const ServerLimits& limits) {
  const BodyHeaders found = bodyHeaders(headers);
  if (!found.transferEncoding.empty())
    return refused(411, "a request body must come with a Content-Length (chunked bodies are refused)");
  if (!found.contentEncoding.empty() && !sameName(found.contentEncoding, "identity"))
    return refused(415, fmt::format("compressed request bodies are refused (Content-Encoding: {})",
                                    std::string(found.contentEncoding.substr(0, 40))));
  if (found.conflictingLengths) return refused(400, "the request has two different Content-Lengths");
  RequestVerdict verdict;
  verdict.expectsContinue = sameName(found.expect, "100-continue");
  if (found.contentLength.empty()) return verdict;
  if (found.contentLength.size() > 18 || !std::all_of(found.contentLength.begin(), found.contentLength.end(),
                                                      [](char c) { return c >= '0' && c <= '9'; }))
    return refused(400, "the Content-Length is not a number");
  verdict.length = std::stoull(std::string(found.contentLength));
  if (verdict.length > limits.maxBody)
    return refused(413, fmt::format("the request body is too long: {} bytes, at most {}", verdict.length,
                                    limits.maxBody));
  return verdict;
}

// Where the head ends (just past its empty line), or npos while it has not.
std::size_t headEnd(std::string_view bytes, int& lines) {
  lines = 0;
  std::size_t start = 0;
  for (std::size_t end; (end = bytes.find('\n', start)) != std::string_view::npos; start = end + 1) {
    ++lines;
    if (lines > 1 && end == start + 1 && bytes[start] == '\r') return end + 1;
  }
  return std::string_view::npos;
}

}  // namespace

RequestVerdict inspectRequest(std::string_view bytes, const ServerLimits& limits) {
  int lines = 0;
  const std::size_t head = headEnd(bytes, lines);
  const std::size_t headBytes = head == std::string_view::npos ? bytes.size() : head;
  if (headBytes > limits.maxHeadBytes)
    return refused(431, fmt::format("the request's headers are too long: at most {} bytes", limits.maxHeadBytes));
  // lines: the request line, the headers and (once complete) the empty line.
  if (lines - 2 > limits.maxHeaders)
    return refused(431, fmt::format("the request has too many headers: at most {}", limits.maxHeaders));
  if (head == std::string_view::npos) return {};
  const std::size_t requestLine = bytes.find('\n') + 1;
  RequestVerdict verdict = bodyVerdict(bytes.substr(requestLine, head - requestLine), limits);
  if (verdict.kind == RequestVerdict::Kind::Refused) return verdict;
  verdict.headComplete = true;
  verdict.length += head;
  if (bytes.size() >= verdict.length) verdict.kind = RequestVerdict::Kind::Complete;
  return verdict;
}

std::string refusalResponse(int status, const std::string& why) {
  const std::string body = nlohmann::json{{"error", why}}.dump();
  return fmt::format(
      "HTTP/1.1 {} Refused\r\nContent-Type: application/json\r\nContent-Length: {}\r\nCache-Control: no-store\r\n"
      "Connection: close\r\n\r\n{}",
      status, body.size(), body);
}

}  // namespace junqi::server
