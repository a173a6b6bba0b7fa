// What every route shares: errors as a status and one line of JSON, request
// bodies read as JSON objects, answers written as JSON.
#pragma once

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace httplib {
struct Request;
struct Response;
}  // namespace httplib

namespace junqi::server {

// A request the server refuses: the HTTP status (4xx) and why, in one line.
struct ApiError : std::runtime_error {
  ApiError(int status, const std::string& message) : std::runtime_error(message), status(status) {}
  int status;
};

// The request's body as a JSON object; ApiError 400 for anything else.
nlohmann::json jsonBody(const httplib::Request& request);
// A string field of a JSON object, `fallback` when absent; ApiError 400 when not a string.
std::string stringField(const nlohmann::json& object, const char* key, const std::string& fallback = {});
// An integer field, likewise.
long long intField(const nlohmann::json& object, const char* key, long long fallback);

void sendJson(httplib::Response& response, const nlohmann::json& body, int status = 200);
// {"error": message}, with the status.
void sendError(httplib::Response& response, int status, const std::string& message);

// Runs a route's body; an ApiError or a rules error becomes its 4xx answer,
// anything else a 500 with its message (never a crash).
template <typename F>
void guarded(httplib::Response& response, F&& body);
void answerException(httplib::Response& response, std::exception_ptr error);

template <typename F>
void guarded(httplib::Response& response, F&& body) {
  try {
    body();
  } catch (...) {
    answerException(response, std::current_exception());
  }
}

}  // namespace junqi::server
