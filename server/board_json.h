// The board as JSON for the page: the board's lines, one seat's view (its own
// identities only), the full board (the referee's view: only once a game is
// over, or for a record), events as the seat was told them, outcomes.
#pragma once

#include <nlohmann/json.hpp>

#include "core/classic/game.h"
#include "core/classic/observation.h"

namespace junqi::server {

// Roads, railway lines, camps and headquarters, by point name.
nlohmann::json boardGeometryJson(const Ruleset& ruleset);
nlohmann::json boardGeometryJson(bool centreCrossingRailway);  // Flip Junqi's board crosses at the centre
// The four-player cross board (core/four/cross_board.cpp, as docs/board-four.svg
// draws it): the same fields, and every point's grid column and row.
nlohmann::json crossBoardGeometryJson();
// Every piece on the board as the seat sees it: its own with their identity,
// the enemy's as a point and an id (an identity only for a flag the rules showed).
nlohmann::json seatPiecesJson(const Observation& view);
// Every piece as a spectator sees it: a point and an id, an identity only for
// a flag the rules showed. `view` is any seat's: its own identities are left out.
nlohmann::json publicPiecesJson(const Observation& view);
// Every piece on the board with its identity.
nlohmann::json fullPiecesJson(const Position& position);
// One public event, with the identities of the seat's own pieces in it (which
// the seat knows anyway) and a sentence for people.
nlohmann::json eventJson(const PublicEvent& event, const Observation& view);
// The event as a spectator is told it: no identity of either seat's pieces.
nlohmann::json publicEventJson(const PublicEvent& event, const Observation& view);
nlohmann::json outcomeJson(const Outcome& outcome);
nlohmann::json layoutJson(const Layout& layout);

}  // namespace junqi::server
