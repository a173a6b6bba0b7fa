// POST /api/analysis {record, step, seat, agent}: a seat's beliefs and an
// agent's top moves at one step of an opened record (docs/web-analysis.md).
#include "server/routes_analysis.h"

#include <atomic>
#include <memory>

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

}  // namespace

void addAnalysisRoutes(httplib::Server& http, ServerState& state, const AnalysisBudget& budget) {
  auto running = std::make_shared<std::atomic<int>>(0);
  http.Post("/api/analysis", [&state, budget, running](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] { sendJson(response, analyse(state, jsonBody(request), budget, *running)); });
  });
}

}  // namespace junqi::server
