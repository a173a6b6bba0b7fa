// Four-player Junqi as JSON for the page, shared by the game
// (four_session.h) and the record viewer (four_record_view.h).
#pragma once

#include <nlohmann/json.hpp>

#include "core/four/four_observation.h"

namespace junqi::server {

// Every piece on the board as the seat sees it: {point, army}, with `type`
// only where the seat's observation gives one.
nlohmann::json fourPiecesJson(const FourObservation& view);
// Every piece as a spectator sees it: `view` is any army's, and a type is kept
// only where that army sees it without seeing the army (a flag the rules showed).
nlohmann::json fourPublicPiecesJson(const FourObservation& view, Visibility visibility);
// Every piece with its type: the referee's board.
nlohmann::json fourFullPiecesJson(const FourPosition& pos);
// null, or {reason, winningTeam: "south-north" | "east-west" | null}.
nlohmann::json fourOutcomeJson(const FourOutcome& o);
// The armies still on the board, by name.
nlohmann::json fourArmiesInJson(const FourObservation& view);

}  // namespace junqi::server
