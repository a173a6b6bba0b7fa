#include "server/analysis/record_analysis.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/four/four_notation.h"
#include "server/http_util.h"

namespace junqi::server {

namespace {

template <typename... F>
struct AnalysisVisit : F... {
  using F::operator()...;
};

// A copy of the record cut after `step` actions, its ending dropped (the
// recorded end belongs to the last step only).
template <typename Record, typename Actions>
Record cutAt(const Record& record, std::size_t step, Actions Record::*actions) {
  Record prefix = record;
  if (step >= (record.*actions).size()) return prefix;
  (prefix.*actions).resize(step);
  prefix.outcome = {};
  return prefix;
}

int seatIndexOf(const AnyRecord& record, const std::string& seat) {
  const auto seats = recordSeats(record);
  const auto it = std::find(seats.begin(), seats.end(), seat);
  if (it == seats.end())
    throw ApiError(400, fmt::format("'seat' must be one of {} (an analysis is a seat's), not '{}'",
                                    fmt::join(seats, ", "), seat));
  return static_cast<int>(it - seats.begin());
}

// The seat's own searched values, from the record's search notes.
nlohmann::json recordedValues(const GameRecord& record, Seat seat) {
  nlohmann::json values = nlohmann::json::array();
  for (std::size_t i = 0; i < record.searchNotes.size() && i < record.actions.size(); ++i)
    if (record.searchNotes[i] && record.actions[i].action.side == seat)
      values.push_back({{"step", i + 1}, {"value", record.searchNotes[i]->value}});
  return values;
}

nlohmann::json classicStep(const GameRecord& record, int step, int seat, const std::string& spec,
                           const AnalysisBudget& budget) {
  GameRecord prefix = cutAt(record, static_cast<std::size_t>(step), &GameRecord::actions);
  if (prefix.actionLines.size() > static_cast<std::size_t>(step)) prefix.actionLines.resize(step);
  if (static_cast<std::size_t>(step) < record.actions.size()) prefix.outcomeDetail.clear();
  const Game game = replay(prefix);
  const Seat s = seat == 0 ? Seat::Red : Seat::Blue;
  InfoState view = InfoState::of(game, s);  // the seat's view alone from here on
  view.setOutcome({});  // beliefs as the seat held them while it played
  nlohmann::json out = classicAnalysis(view, record.ruleset, spec, game.isOver(), budget);
  out["toMove"] = seatName(game.position().sideToMove());
  out["values"] = recordedValues(record, s);
  return out;
}

nlohmann::json flipStep(const FlipRecord& record, int step, int seat, const std::string& spec,
                        const AnalysisBudget& budget) {
  FlipRecord prefix = cutAt(record, static_cast<std::size_t>(step), &FlipRecord::actions);
  if (prefix.actionLines.size() > static_cast<std::size_t>(step)) prefix.actionLines.resize(step);
  const FlipGame game = replayFlip(prefix);
  const FlipPosition& pos = game.position();  // public: the deal stays with the game
  nlohmann::json out = flipAnalysis(pos, record.rules, seat == 0 ? Seat::Red : Seat::Blue, spec, game.isOver(), budget);
  out["toMove"] = std::to_string(index(pos.toMove()) + 1);
  out["values"] = nlohmann::json::array();
  return out;
}

nlohmann::json fourStep(const FourRecord& record, int step, int army, const std::string& spec,
                        const AnalysisBudget& budget) {
  FourRecord prefix = cutAt(record, static_cast<std::size_t>(step), &FourRecord::moves);
  if (prefix.moveLines.size() > static_cast<std::size_t>(step)) prefix.moveLines.resize(step);
  const FourGame game = replayFour(prefix);
  const FourObservation view = FourObservation::of(game, army);  // the army's seat alone from here on
  nlohmann::json out = fourAnalysis(view, record.rules, spec, game.outcome().isOver(), budget);
  out["toMove"] = armyName(view.toMove());
  out["values"] = nlohmann::json::array();
  return out;
}

}  // namespace

nlohmann::json analyseRecord(const AnyRecord& record, int step, const std::string& seat, const std::string& spec,
                             const AnalysisBudget& budget) {
  const int steps = recordSteps(record);
  if (step < 0 || step > steps) throw ApiError(400, fmt::format("'step' must be 0 to {}, not {}", steps, step));
  const int index = seatIndexOf(record, seat);
  nlohmann::json out = std::visit(
      AnalysisVisit{[&](const GameRecord& r) { return classicStep(r, step, index, spec, budget); },
                 [&](const FlipRecord& r) { return flipStep(r, step, index, spec, budget); },
                 [&](const FourRecord& r) { return fourStep(r, step, index, spec, budget); }},
      record);
  out["game"] = recordGame(record);
  out["step"] = step;
  out["steps"] = steps;
  out["seat"] = seat;
  return out;
}

}  // namespace junqi::server
