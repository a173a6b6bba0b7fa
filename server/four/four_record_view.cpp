#include "server/four/four_record_view.h"

#include <algorithm>

#include "core/four/four_notation.h"
#include "server/four/four_json.h"

namespace junqi::server {

namespace {

// The game after the record's first `step` moves (the whole record, with
// its recorded end, from the last step on).
FourGame replayFourPrefix(const FourRecord& record, std::size_t step) {
  if (step >= record.moves.size()) return replayFour(record);
  FourRecord prefix = record;
  prefix.moves.resize(step);
  if (prefix.moveLines.size() > step) prefix.moveLines.resize(step);
  prefix.outcome = {};
  return replayFour(prefix);
}

// Every move of the game as the army's seat was told it; the referee is
// told them as a seat that sees all four armies.
nlohmann::json movesJson(const FourGame& whole, std::optional<int> army) {
  const FourObservation told =
      army ? FourObservation::of(whole, *army)
           : FourObservation::of(whole.position(), whole.history(), 0, Visibility::All);
  nlohmann::json out = nlohmann::json::array();
  for (const FourPublicMove& m : told.history()) out.push_back(formatFourPublicMove(m));
  return out;
}

}  // namespace

nlohmann::json fourRecordView(const FourRecord& record, int step, std::optional<int> army) {
  const int total = static_cast<int>(record.moves.size());
  step = std::clamp(step, 0, total);
  const FourGame whole = replayFour(record);
  const FourGame game = replayFourPrefix(record, static_cast<std::size_t>(step));
  const FourObservation view = FourObservation::of(game, army.value_or(0));
  nlohmann::json out = {{"game", "four"},
                        {"step", step},
                        {"steps", total},
                        {"rules", record.rules.toString()},
                        {"visibility", visibilityName(record.rules.visibility)},
                        {"seat", army ? std::string(armyName(*army)) : std::string("all")},
                        {"toMove", armyName(view.toMove())},
                        {"armiesIn", fourArmiesInJson(view)},
                        {"quietMoves", view.quietMoves()},
                        {"quietMoveLimit", record.rules.quietMoveLimit},
                        {"actions", movesJson(whole, army)},
                        {"outcome", fourOutcomeJson(game.outcome())},
                        {"pieces", army ? fourPiecesJson(view) : fourFullPiecesJson(game.position())},
                        {"tags", nlohmann::json::object()}};
  for (const auto& [key, value] : record.tags) out["tags"][key] = value;
  return out;
}

}  // namespace junqi::server
