// POST /api/analysis {record, step, seat, agent}: a seat's beliefs and an
// agent's top moves at one step of an opened record; and the same for a
// person's own seat of a game in play: POST /api/games/ID/analysis {agent}
// (the creator of a game against agents) and POST /api/seats/TOKEN/analysis
// {agent} (a seat of a game of people). Never a spectator's, never another
// seat's view (docs/web.md, "The analysis view").
#include "server/routes_analysis.h"

#include <atomic>
#include <memory>
#include <utility>

#include <fmt/format.h>
#include <httplib.h>

#include "server/analysis/record_analysis.h"
#include "server/http_util.h"
#include "server/server_state.h"

namespace junqi::server {

namespace {

GameKind kindOf(std::string_view game) {
  return game == "flip" ? GameKind::Flip : game == "four" ? GameKind::Four : GameKind::Classic;
}

// Holds one of the few places analyses may take at once; 503 when none is free.
class AnalysisSlot {
 public:
  AnalysisSlot(std::atomic<int>& running, int most) : running_(running) {
    if (running_.fetch_add(1) >= most) {
      running_.fetch_sub(1);
      throw ApiError(503, "an analysis is running: try again in a few seconds");
    }
  }
  ~AnalysisSlot() { running_.fetch_sub(1); }
  AnalysisSlot(const AnalysisSlot&) = delete;
  AnalysisSlot& operator=(const AnalysisSlot&) = delete;

 private:
  std::atomic<int>& running_;
};

nlohmann::json analyse(ServerState& state, const nlohmann::json& body, const AnalysisBudget& budget,
                       std::atomic<int>& running) {
  for (const auto& [key, value] : body.items())
    if (key != "record" && key != "step" && key != "seat" && key != "agent")
      throw ApiError(400, fmt::format("unknown field '{}': an analysis takes record, step, seat and agent", key));
  const std::string name = stringField(body, "record");
  if (name.empty()) throw ApiError(400, "give the opened 'record' (the name POST /api/records answered)");
  if (!body.contains("step")) throw ApiError(400, "give the 'step' to analyse");
  const long long step = intField(body, "step", 0);
  const std::string seat = stringField(body, "seat");
  const AnyRecord record = state.records.get(name);
  const MenuAgent& agent = state.menu.find(stringField(body, "agent"), kindOf(recordGame(record)));
  if (step < 0 || step > recordSteps(record))
    throw ApiError(400, fmt::format("'step' must be 0 to {}, not {}", recordSteps(record), step));
  const AnalysisSlot slot(running, 1);
  nlohmann::json out = analyseRecord(record, static_cast<int>(step), seat, agent.spec, budget);
  out["agent"] = agent.name;
  return out;
}

GameKind kindOfSession(const GameSession& session) {
  const std::string ext = session.recordExtension();
  return ext == "jqf" ? GameKind::Flip : ext == "jq4" ? GameKind::Four : GameKind::Classic;
}

// The asker's own seat of a game in play: by the game's id, the creator's seat
// of a game against agents (the id is that person's secret); a game of people's
// id is its spectators' link, so it is refused (403).
std::pair<std::shared_ptr<GameSession>, int> ownSeatById(ServerState& state, const std::string& id) {
  const SessionTable::Found found = state.games.find(id);
  if (found.peopleGame)
    throw ApiError(403, "this game's seats are people's: analyse through your seat's link "
                        "(/api/seats/TOKEN/analysis); the game's id only watches");
  return {found.session, found.session->ownerSeat()};
}

std::pair<std::shared_ptr<GameSession>, int> ownSeatByToken(ServerState& state, const std::string& token) {
  if (token.size() != 32 || token.find_first_not_of("0123456789abcdef") != std::string::npos)
    throw ApiError(400, "a seat's token is 32 hex digits, as the answer to /api/join gave it");
  const SessionTable::Seated seated = state.games.seat(token);
  return {seated.session, seated.seat};
}

nlohmann::json analyseGame(ServerState& state, const std::pair<std::shared_ptr<GameSession>, int>& own,
                           const nlohmann::json& body, const AnalysisBudget& budget, std::atomic<int>& running) {
  for (const auto& [key, value] : body.items())
    if (key != "agent")
      throw ApiError(400, fmt::format("unknown field '{}': a game's analysis takes only 'agent' (the seat is yours)", key));
  const auto& [session, seat] = own;
  const MenuAgent& agent = state.menu.find(stringField(body, "agent"), kindOfSession(*session));
  const AnalysisSlot slot(running, 1);
  nlohmann::json out = session->analyse(seat, agent.spec, budget);
  out["agent"] = agent.name;
  return out;
}

}  // namespace

void addAnalysisRoutes(httplib::Server& http, ServerState& state, const AnalysisBudget& budget) {
  auto running = std::make_shared<std::atomic<int>>(0);
  http.Post("/api/analysis", [&state, budget, running](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] { sendJson(response, analyse(state, jsonBody(request), budget, *running)); });
  });
  http.Post(R"(/api/games/([0-9a-f]{1,32})/analysis)",
            [&state, budget, running](const httplib::Request& request, httplib::Response& response) {
              guarded(response, [&] {
                const nlohmann::json body = jsonBody(request);
                sendJson(response, analyseGame(state, ownSeatById(state, request.matches[1]), body, budget, *running));
              });
            });
  http.Post(R"(/api/seats/([^/]{1,64})/analysis)",
            [&state, budget, running](const httplib::Request& request, httplib::Response& response) {
              guarded(response, [&] {
                const nlohmann::json body = jsonBody(request);
                sendJson(response, analyseGame(state, ownSeatByToken(state, request.matches[1]), body, budget, *running));
              });
            });
}

}  // namespace junqi::server
