#include "server/http_util.h"

#include <httplib.h>

#include "core/classic/game.h"
#include "core/flip/flip_ruleset.h"
#include "core/four/four_ruleset.h"
#include "core/classic/notation.h"
#include "core/classic/record.h"
#include "core/classic/ruleset.h"
#include "search/registry.h"

namespace junqi::server {

nlohmann::json jsonBody(const httplib::Request& request) {
  nlohmann::json body = nlohmann::json::parse(request.body, nullptr, /*allow_exceptions=*/false);
  if (body.is_discarded()) throw ApiError(400, "the request body is not valid JSON");
  if (!body.is_object()) throw ApiError(400, "the request body must be a JSON object");
  return body;
}

std::string stringField(const nlohmann::json& object, const char* key, const std::string& fallback) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return fallback;
  if (!it->is_string()) throw ApiError(400, std::string("'") + key + "' must be a string");
  return it->get<std::string>();
}

long long intField(const nlohmann::json& object, const char* key, long long fallback) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_null()) return fallback;
  if (!it->is_number_integer()) throw ApiError(400, std::string("'") + key + "' must be an integer");
  return it->get<long long>();
}

void sendJson(httplib::Response& response, const nlohmann::json& body, int status) {
  response.status = status;
  response.set_header("Cache-Control", "no-store");
  response.set_content(body.dump(), "application/json");
}

void sendError(httplib::Response& response, int status, const std::string& message) {
  // One line: a message never spans several (the rules' sentences do not).
  std::string line = message;
  for (char& c : line)
    if (c == '\n') c = ' ';
  sendJson(response, {{"error", line}}, status);
}

void answerException(httplib::Response& response, std::exception_ptr error) {
  try {
    std::rethrow_exception(error);
  } catch (const ApiError& e) {
    sendError(response, e.status, e.what());
  } catch (const AgentSpecError& e) {
    sendError(response, 400, e.what());
  } catch (const RulesetError& e) {
    sendError(response, 400, e.what());
  } catch (const FlipRulesetError& e) {
    sendError(response, 400, e.what());
  } catch (const FourRulesetError& e) {
    sendError(response, 400, e.what());
  } catch (const NotationError& e) {
    sendError(response, 400, e.what());
  } catch (const RecordError& e) {
    sendError(response, 400, e.what());
  } catch (const IllegalAction& e) {
    sendError(response, 400, e.what());
  } catch (const std::exception& e) {
    sendError(response, 500, e.what());
  } catch (...) {
    sendError(response, 500, "unknown error");
  }
}

}  // namespace junqi::server
