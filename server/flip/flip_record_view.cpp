#include "server/flip/flip_record_view.h"

#include <algorithm>

#include "server/flip/flip_json.h"

namespace junqi::server {

namespace {

// The game after the record's first `step` actions (the whole record, with
// its recorded end, from the last step on).
FlipGame replayFlipPrefix(const FlipRecord& record, std::size_t step) {
  if (step >= record.actions.size()) return replayFlip(record);
  FlipRecord prefix = record;
  prefix.actions.resize(step);
  if (prefix.actionLines.size() > step) prefix.actionLines.resize(step);
  prefix.outcome = {};
  return replayFlip(prefix);
}

}  // namespace

nlohmann::json flipRecordView(const FlipRecord& record, int step, std::optional<Seat> seat) {
  const int total = static_cast<int>(record.actions.size());
  step = std::clamp(step, 0, total);
  const FlipGame whole = replayFlip(record);
  const FlipGame game = replayFlipPrefix(record, static_cast<std::size_t>(step));
  const FlipPosition& pos = game.position();
  nlohmann::json actions = nlohmann::json::array();  // all public: the same for every view
  for (const FlipActionRecord& r : whole.history()) actions.push_back(flipActionJson(r));
  nlohmann::json out = {{"game", "flip"},
                        {"step", step},
                        {"steps", total},
                        {"rules", record.rules.toString()},
                        {"seat", seat ? seatNumber(*seat) : std::string("all")},
                        {"toMove", seatNumber(pos.toMove())},
                        {"colours", flipColoursJson(pos)},
                        {"quietPlies", pos.quietPlies()},
                        {"quietMoveLimit", record.rules.quietMoveLimit},
                        {"actions", actions},
                        {"outcome", flipOutcomeJson(game.outcome())},
                        {"board", flipBoardJson(pos)},
                        {"tags", nlohmann::json::object()}};
  if (!seat) out["deal"] = flipDealJson(pos, game.deal());
  for (const auto& [key, value] : record.tags) out["tags"][key] = value;
  return out;
}

}  // namespace junqi::server
