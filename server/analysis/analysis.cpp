#include "server/analysis/analysis.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>

#include <fmt/format.h>

#include "core/four/cross_board.h"
#include "core/four/four_beliefs.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/text.h"
#include "search/flip/flip_agent.h"
#include "search/four/four_agent.h"
#include "search/registry.h"

namespace junqi::server {

namespace {

// Every analysis of one view is the same: its agents are seeded alike.
constexpr std::uint64_t kAnalysisSeed = 1;

// The spec cut to the budget, or (a kind that reads no `sims`) without the added one.
template <typename Make>
auto makeForAnalysis(const std::string& spec, const AnalysisBudget& budget, Make make) {
  try {
    return make(boundedAnalysisSpec(spec, budget, true));
  } catch (const AgentSpecError&) {
    return make(boundedAnalysisSpec(spec, budget, false));
  }
}

// {symbol: p} for every identity of nonzero probability.
nlohmann::json beliefsJson(const IdentityMarginals& marginals) {
  nlohmann::json out = nlohmann::json::object();
  for (int t = 0; t < kPieceTypes; ++t)
    if (marginals[t] > 0) out[std::string(1, typeSymbol(typeFromIndex(t)))] = marginals[t];
  return out;
}

// The agent's report as the answer's moves: most visited first, each with
// its visit share and, where the search gives it, its mean value.
template <typename Name>
void addReport(nlohmann::json& out, const AgentReport& report, const std::string& choice, Name name) {
  nlohmann::json moves = nlohmann::json::array();
  for (std::size_t i = 0; i < report.rootShares.size(); ++i) {
    nlohmann::json m = {{"move", name(report.rootShares[i].first)}, {"share", report.rootShares[i].second}};
    if (i < report.rootValues.size()) m["value"] = report.rootValues[i];
    moves.push_back(std::move(m));
  }
  out["moves"] = std::move(moves);
  out["choice"] = choice;
  out["simulations"] = report.simulations;
  out["value"] = report.rootShares.empty() ? nlohmann::json(nullptr) : nlohmann::json(report.value);
  if (report.rootShares.empty()) out["note"] = "this agent does not search: only its choice is shown";
}

nlohmann::json noMoves(const std::string& why) {
  return {{"moves", nlohmann::json::array()}, {"choice", nullptr}, {"simulations", 0}, {"value", nullptr}, {"note", why}};
}

}  // namespace

std::string boundedAnalysisSpec(std::string_view spec, const AnalysisBudget& budget, bool addSims) {
  const auto colon = spec.find(':');
  std::string out(spec.substr(0, colon));
  std::vector<std::string> items;
  bool hasSims = false;
  if (colon != std::string_view::npos)
    for (const std::string_view item : split(spec.substr(colon + 1), ',')) {
      const auto eq = item.find('=');
      const std::string key(item.substr(0, eq));
      const std::string value(eq == std::string_view::npos ? "" : item.substr(eq + 1));
      if (key == "sims") {
        hasSims = true;
        const double sims = std::atof(value.c_str());
        items.push_back(fmt::format("sims={}", sims > budget.maxSims || sims <= 0 ? budget.maxSims : static_cast<int>(sims)));
      } else if (key == "seconds" || key == "cpuseconds") {  // a CPU second takes at least a wall second
        const double seconds = std::atof(value.c_str());
        items.push_back(fmt::format("{}={}", key, seconds > budget.maxSeconds ? budget.maxSeconds : std::max(0.0, seconds)));
      } else if (key == "threads") {
        items.push_back("threads=1");
      } else {
        items.emplace_back(item);
      }
    }
  if (addSims && !hasSims) items.push_back(fmt::format("sims={}", budget.maxSims));
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : ":") + items[i];
  return out;
}

nlohmann::json classicAnalysis(const InfoState& view, const Ruleset& ruleset, const std::string& spec, bool over,
                               const AnalysisBudget& budget) {
  const Observation& obs = view.observation();
  const Seat enemy = view.enemy();
  const int first = index(enemy) * kMaxPiecesPerSide;
  nlohmann::json beliefs = nlohmann::json::array();
  for (Square square{}; square < kSquares; ++square) {
    const PieceId id = obs.pieceAt(square);
    if (id == kNoPiece || sideOfPiece(id) != enemy) continue;
    beliefs.push_back({{"square", squareName(square)}, {"id", static_cast<int>(id)},
                       {"beliefs", beliefsJson(view.marginals()[id - first])}});
  }
  nlohmann::json out = {{"beliefs", beliefs}};
  if (over) {
    out.update(noMoves("the game is over"));
  } else if (obs.sideToMove() != view.seat()) {
    out.update(noMoves(fmt::format("{} is not to move", seatName(view.seat()))));
  } else {
    auto agent = makeForAnalysis(spec, budget, [](const std::string& s) { return makeAgent(s); });
    agent->newGame(ruleset, view.seat(), kAnalysisSeed);
    const Action action = agent->chooseAction(view);
    const std::string choice = action.type == ActionType::Move ? moveName(action.move)
                               : action.type == ActionType::Resign ? "resign" : "offer a draw";
    addReport(out, agent->lastReport(), choice, [](Move m) { return moveName(m); });
  }
  return out;
}

nlohmann::json flipAnalysis(const FlipPosition& pos, const FlipRuleset& rules, Seat seat, const std::string& spec,
                            bool over, const AnalysisBudget& budget) {
  // What lies face down is a draw from the pools: every face-down point alike.
  nlohmann::json odds = nlohmann::json::object();
  for (const Colour c : {Colour::Red, Colour::Blue})
    for (int t = 0; t < kPieceTypes; ++t) {
      const double p = pos.flipProbability({c, typeFromIndex(t)});
      const char symbol = typeSymbol(typeFromIndex(t));
      if (p > 0) odds[std::string(1, c == Colour::Red ? symbol : static_cast<char>(std::tolower(symbol)))] = p;
    }
  nlohmann::json beliefs = nlohmann::json::array();
  for (Square square{}; square < kSquares; ++square)
    if (!pos.isEmpty(square) && pos.isFaceDown(square)) beliefs.push_back({{"square", squareName(square)}, {"beliefs", odds}});
  nlohmann::json out = {{"beliefs", beliefs}};
  if (over) {
    out.update(noMoves("the game is over"));
  } else if (pos.toMove() != seat) {
    out.update(noMoves(fmt::format("{} is not to move", index(seat) + 1)));
  } else {
    auto agent = makeForAnalysis(spec, budget, [](const std::string& s) { return makeFlipAgent(s); });
    agent->newGame(rules, seat, kAnalysisSeed);
    const Move m = agent->chooseAction(pos);
    addReport(out, agent->lastReport(), flipActionName(m), [](Move a) { return flipActionName(a); });
  }
  return out;
}

nlohmann::json fourAnalysis(const FourObservation& view, const FourRuleset& rules, const std::string& spec, bool over,
                            const AnalysisBudget& budget) {
  const FourBeliefs known = FourBeliefs::of(view, rules);
  nlohmann::json beliefs = nlohmann::json::array();
  for (Square point{}; point < kCrossPoints; ++point) {
    const int army = view.armyAt(point);
    if (army < 0 || view.typeAt(point)) continue;
    beliefs.push_back({{"point", crossBoard().pointName(point)}, {"army", armyName(army)},
                       {"beliefs", beliefsJson(known.marginalsAt(point))}});
  }
  nlohmann::json out = {{"beliefs", beliefs}, {"beliefsExact", known.marginalsExact()}};
  if (over) {
    out.update(noMoves("the game is over"));
  } else if (view.toMove() != view.army()) {
    out.update(noMoves(fmt::format("{} is not to move", armyName(view.army()))));
  } else {
    auto agent = makeForAnalysis(spec, budget, [](const std::string& s) { return makeFourAgent(s); });
    agent->newGame(rules, view.army(), kAnalysisSeed);
    const Move m = agent->chooseMove(view);
    addReport(out, agent->lastReport(), fourMoveName(m), [](Move a) { return fourMoveName(a); });
  }
  return out;
}

}  // namespace junqi::server
