// Hand-written Flip Junqi positions for the flip tests (core, search, arena).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/flip/flip_game.h"
#include "core/flip/flip_position.h"

namespace junqi::fixtures {

// A position from "symbol:point" words: "C:A2" a face-up red captain, "j:A3" a
// face-up blue major, "?L:B1" a face-down red landmine. Pieces not named are
// lost. Seat 1 plays `seatOne` (nullopt: colours undecided) and `toMove` moves.
FlipPosition flipBoard(const FlipRuleset& rules, std::string_view pieces,
                       std::optional<Colour> seatOne = Colour::Red, Seat toMove = Seat::Red);

// A game from that position whose face-down pieces lie as written.
FlipGame flipGame(const FlipRuleset& rules, std::string_view pieces, std::optional<Colour> seatOne = Colour::Red,
                  Seat toMove = Seat::Red);

// The targets of the piece on `from` as point names, in point order.
std::string flipTargetNames(const FlipPosition& pos, std::string_view from);

// The kawu position after 30 random actions from a seeded deal: colours
// decided, pieces face up and face down.
FlipPosition flipMidgame();

}  // namespace junqi::fixtures
