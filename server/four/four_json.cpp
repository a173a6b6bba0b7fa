#include "server/four/four_json.h"

#include "core/four/cross_board.h"
#include "core/four/four_notation.h"
#include "core/four/four_record.h"

namespace junqi::server {

nlohmann::json fourPiecesJson(const FourObservation& view) {
  nlohmann::json out = nlohmann::json::array();
  for (Square point{}; point < kCrossPoints; ++point) {
    const int army = view.armyAt(point);
    if (army < 0) continue;
    nlohmann::json piece = {{"point", crossBoard().pointName(point)}, {"army", armyName(army)}};
    if (const auto type = view.typeAt(point)) piece["type"] = typeName(*type);
    out.push_back(piece);
  }
  return out;
}

nlohmann::json fourPublicPiecesJson(const FourObservation& view, Visibility visibility) {
  nlohmann::json out = fourPiecesJson(view);
  for (auto& piece : out)
    if (seesArmy(view.army(), parseArmyName(piece["army"].get<std::string>()), visibility)) piece.erase("type");
  return out;
}

nlohmann::json fourFullPiecesJson(const FourPosition& pos) {
  nlohmann::json out = nlohmann::json::array();
  for (Square point{}; point < kCrossPoints; ++point) {
    if (pos.isEmpty(point)) continue;
    out.push_back({{"point", crossBoard().pointName(point)},
                   {"army", armyName(pos.armyAt(point))},
                   {"type", typeName(pos.typeAt(point))}});
  }
  return out;
}

nlohmann::json fourOutcomeJson(const FourOutcome& o) {
  if (!o.isOver()) return nullptr;
  return {{"reason", terminationName(o.reason)},
          {"winningTeam", o.winningTeam ? nlohmann::json(teamName(*o.winningTeam)) : nlohmann::json(nullptr)}};
}

nlohmann::json fourArmiesInJson(const FourObservation& view) {
  nlohmann::json armiesIn = nlohmann::json::array();
  for (int army = 0; army < kArmies; ++army)
    if (view.armyIn(army)) armiesIn.push_back(armyName(army));
  return armiesIn;
}

}  // namespace junqi::server
