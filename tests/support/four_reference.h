// Four-player moves and perft by a slow reference that reads the board's text
// directly (roads as pairs, railway lines as lists walked point by point, the
// engineer's paths by a search over railway links), sharing nothing with
// CrossTopology's tables. Used by the reference tests
// (tests/core/four_reference_test.cpp) and the conformance suite.
#pragma once

#include <cstdint>
#include <set>
#include <utility>

#include "core/four/four_position.h"

namespace junqi::reference {

using FourMoveSet = std::set<std::pair<int, int>>;

// The army to move's legal moves.
FourMoveSet slowFourMoves(const FourPosition& pos);

// perft as core/four/four_perft.h counts (docs/perft.md): a move after which a team
// is gone is one leaf at any depth, a finished position has no move, draw
// counters are ignored. Unlike fourPerft it counts from `pos` as written: an
// army to move without a move gives no leaf (fourPerft lets it leave first).
std::uint64_t slowFourPerft(const FourPosition& pos, int depth);

}  // namespace junqi::reference
