// The routes of the record viewer and the match watcher (docs/web.md).
#include <filesystem>

#include <httplib.h>

#include <fmt/format.h>

#include "core/files.h"
#include "server/http_util.h"
#include "server/match_watch.h"
#include "server/server_state.h"

namespace junqi::server {

namespace {

// The folder a record file is read from: "records", "games", "match" (its
// games/) or "live" (the match's games in progress, its live/).
std::string folder(const ServerState& state, const std::string& name) {
  if (name == "records") return state.options.recordsDir;
  if (name == "games") return state.options.gamesDir;
  const auto inMatch = [&](const char* sub) {
    return state.options.matchDir.empty() ? "" : (std::filesystem::path(state.options.matchDir) / sub).string();
  };
  if (name == "match") return inMatch("games");
  if (name == "live") return inMatch("live");
  throw ApiError(400, fmt::format("'folder' must be records, games, match or live, not '{}'", name));
}

// Opens a record: its text in the body, or a file of one of the folders.
nlohmann::json openRecord(ServerState& state, const nlohmann::json& body) {
  std::string text = stringField(body, "text");
  const std::string file = stringField(body, "file");
  if (text.empty() && file.empty()) throw ApiError(400, "give the record's 'text', or a 'file' and its 'folder'");
  if (text.empty()) text = readRecordFile(folder(state, stringField(body, "folder", "records")), file);
  const std::string name = state.records.add(text);
  const AnyRecord record = state.records.get(name);
  return {{"name", name}, {"steps", recordSteps(record)}, {"game", recordGame(record)}, {"seats", recordSeats(record)}};
}

// A seat of the record's game, or "all" (the default): any_record.h checks it.
std::string seatParam(const httplib::Request& request) {
  return request.has_param("seat") ? request.get_param_value("seat") : "all";
}

int stepParam(const httplib::Request& request) {
  if (!request.has_param("step")) return 0;
  try {
    return std::stoi(request.get_param_value("step"));
  } catch (const std::exception&) {
    throw ApiError(400, fmt::format("'step' must be a number, not '{}'", request.get_param_value("step")));
  }
}

}  // namespace

void addRecordRoutes(httplib::Server& http, ServerState& state) {
  http.Get("/api/records", [&state](const httplib::Request&, httplib::Response& response) {
    guarded(response, [&] {
      sendJson(response, {{"records", recordNames(state.options.recordsDir)},
                          {"games", recordNames(state.options.gamesDir)}});
    });
  });
  http.Post("/api/records", [&state](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] { sendJson(response, openRecord(state, jsonBody(request)), 201); });
  });
  http.Get(R"(/api/records/([0-9]{1,9}))", [&state](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const AnyRecord record = state.records.get(request.matches[1]);
      sendJson(response, recordStepView(record, stepParam(request), seatParam(request)));
    });
  });
}

void addMatchRoutes(httplib::Server& http, ServerState& state) {
  http.Get("/api/match", [&state](const httplib::Request&, httplib::Response& response) {
    guarded(response, [&] { sendJson(response, matchSummary(state.options.matchDir)); });
  });
  http.Get("/api/match/report.svg", [&state](const httplib::Request&, httplib::Response& response) {
    guarded(response, [&] {
      if (state.options.matchDir.empty()) throw ApiError(404, "the server watches no match");
      const auto path = std::filesystem::path(state.options.matchDir) / "report.svg";
      std::error_code error;
      if (!std::filesystem::is_regular_file(path, error)) throw ApiError(404, "the match has no report yet");
      response.set_content(readFile(path.string()), "image/svg+xml");
      response.set_header("Cache-Control", "no-store");
    });
  });
}

}  // namespace junqi::server
