// Checks of a position's own consistency, shared by the random-game property
// tests (tests/core) and the conformance suite (tests/conformance).
#pragma once

#include <array>
#include <string>

#include "core/classic/position.h"

namespace junqi::test_support {

// Empty when the position's arrays and bitboards agree (no point holds two
// pieces, every live piece is where its point says, the per-seat bitboards
// match the pieces), else the first problem found.
std::string inconsistency(const Position& pos);

// Live pieces per seat and identity.
using TypeCounts = std::array<std::array<int, kPieceTypes>, kSeats>;
TypeCounts liveCounts(const Position& pos);
int total(const TypeCounts& counts);

// Empty when pieces only left the board between the two positions (no piece
// came back, no identity of a seat grew), else the first that did not.
std::string piecesOnlyLeave(const Position& before, const Position& after);

}  // namespace junqi::test_support
