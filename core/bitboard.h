// Bitboards: one bit per board point. The two-player board has 60 points, so a
// set of points fits one uint64_t (bit i = point i, see square.h for numbering).
#pragma once

#include <bit>
#include <cstdint>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "core/square.h"

namespace junqi {

using Bitboard = std::uint64_t;

constexpr Bitboard bit(int square) { return Bitboard{1} << square; }
constexpr bool contains(Bitboard b, int square) { return (b >> square) & 1; }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
// Lowest / highest set point. Undefined for an empty board (as in Stockfish).
constexpr int lsb(Bitboard b) { return std::countr_zero(b); }
constexpr int msb(Bitboard b) { return 63 - std::countl_zero(b); }

// Removes and returns the lowest set point. Undefined for an empty board.
constexpr Square popLsb(Bitboard& b) {
  const auto s = Square(lsb(b));
  b &= b - 1;
  return s;
}

// The k-th set point (0-based, from the lowest) of b, by clearing the lowest
// point k times: any x86-64 CPU.
constexpr Square nthSetPointBySteps(Bitboard b, int k) {
  for (; k > 0; --k) b &= b - 1;
  return Square(lsb(b));
}

// The same in one instruction (PDEP deposits bit k onto b's k-th set bit)
// where the build targets BMI2 (x86-64-v3; the baseline bot does not).
// Undefined unless k < popcount(b).
inline Square nthSetPoint(Bitboard b, int k) {
#ifdef __BMI2__
  return Square(lsb(_pdep_u64(Bitboard{1} << k, b)));
#else
  return nthSetPointBySteps(b, k);
#endif
}

}  // namespace junqi
