// Bitboards: one bit per board point. The two-player board has 60 points, so a
// set of points fits one uint64_t (bit i = point i, see square.h for numbering).
#pragma once

#include <bit>
#include <cstdint>

namespace junqi {

using Bitboard = std::uint64_t;

constexpr Bitboard bit(int square) { return Bitboard{1} << square; }
constexpr bool contains(Bitboard b, int square) { return (b >> square) & 1; }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
// Lowest / highest set point. Undefined for an empty board (as in Stockfish).
constexpr int lsb(Bitboard b) { return std::countr_zero(b); }
constexpr int msb(Bitboard b) { return 63 - std::countl_zero(b); }

// Removes and returns the lowest set point.
constexpr int popLsb(Bitboard& b) {
  const int s = lsb(b);
  b &= b - 1;
  return s;
}

}  // namespace junqi
