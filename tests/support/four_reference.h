// Four-player moves and perft by a slow reference that reads the board's text
// directly (roads as pairs, railway lines as lists walked point by point, the
// engineer's paths by a search over railway links), sharing nothing with
// CrossTopology's tables. Used by the reference tests
// (tests/core/four_reference_test.cpp) and the conformance suite.
#pragma once

#include <cstdint>
#include <set>
#include <utility>

#include "core/four_position.h"

namespace junqi::reference {

using FourMoveSet = std::set<std::pair<int, int>>;

// The army to move's legal moves.
FourMoveSet slowFourMoves(const FourPosition& pos);

// perft: a line whose game is over ends with no leaf (core/four_perft.h counts the same).
std::uint64_t slowFourPerft(const FourPosition& pos, int depth);

}  // namespace junqi::reference
