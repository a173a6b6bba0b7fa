// Flip Junqi's legal actions and perft by a slow reference written from the
// texts (the board of reference_rules.h, which shares nothing with the
// bitboard tables; the attack rules written anew). Used by the reference
// tests (tests/core/flip_reference_test.cpp) and the conformance suite.
#pragma once

#include <cstdint>
#include <set>
#include <utility>

#include "core/flip/flip_game.h"

namespace junqi::reference {

// Actions as (from, to) pairs; a flip is (point, point).
using FlipActionSet = std::set<std::pair<int, int>>;

// Flips of every face-down point, then (once the colours are decided) the
// side to move's moves.
FlipActionSet slowFlipActions(const FlipPosition& pos);

// perft with one action per face-down point revealing what `deal` put there;
// a taken flag ends its line as one leaf (core/flip/flip_perft.h counts the same).
std::uint64_t slowFlipPerft(const FlipPosition& pos, const FlipDeal& deal, int depth);

}  // namespace junqi::reference
