// Flip Junqi as JSON for the page, shared by the game (flip_session.h) and
// the record viewer (flip_record_view.h). Everything here is public except
// what dealJson gives: the referee's identities of face-down points.
#pragma once

#include <nlohmann/json.hpp>

#include "core/flip/flip_game.h"

namespace junqi::server {

// {"colour": "red" | "blue", "type": "marshal"}
nlohmann::json identityJson(Identity id);
// The board as both seats see it: every point's piece, a face-down one as
// {"square", "hidden": true} alone.
nlohmann::json flipBoardJson(const FlipPosition& pos);
// The identities the deal put under the points of `pos` still face down
// ({"square", "colour", "type"}): the referee's knowledge, never a seat's.
nlohmann::json flipDealJson(const FlipPosition& pos, const FlipDeal& deal);
// One action as both seats saw it: {ply, seat, action} with `revealed` for a
// flip, `combat`, `attacker`, `defender` for a fight, `coloursDecided`, `flagCaptured`.
nlohmann::json flipActionJson(const FlipActionRecord& r);
// null, or {reason, winner: "1" | "2" | null}.
nlohmann::json flipOutcomeJson(const Outcome& o);
// {"1": "red" | "blue" | null, "2": ...}
nlohmann::json flipColoursJson(const FlipPosition& pos);

}  // namespace junqi::server
