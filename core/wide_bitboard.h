// Bitboards for boards of more than 64 points: a fixed number of 64-bit words
// with the operations of core/bitboard.h. The classic board (60 points) keeps
// one plain word; the four-player cross (129 points) needs three. A board's
// bitboard type is chosen at compile time (BitboardFor), never by a run-time
// branch in the hot loops (Fairy-Stockfish's LARGEBOARDS is the model).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

#include "core/bitboard.h"

namespace junqi {

template <int Words>
class WideBitboard {
  static_assert(Words >= 2, "one word is the plain Bitboard");
  static_assert(Words <= 3, "a Square is one byte: at most 255 points (core/square.h)");

 public:
  static constexpr int kPoints = 64 * Words;

  constexpr WideBitboard() = default;
  static constexpr WideBitboard bit(int point) {
    WideBitboard b;
    b.words_[point / 64] = std::uint64_t{1} << (point % 64);
    return b;
  }

  constexpr bool contains(int point) const { return (words_[point / 64] >> (point % 64)) & 1; }
  constexpr bool empty() const {
    for (const std::uint64_t w : words_)
      if (w) return false;
    return true;
  }
  constexpr explicit operator bool() const { return !empty(); }
  constexpr int popcount() const {
    int n = 0;
    for (const std::uint64_t w : words_) n += std::popcount(w);
    return n;
  }
  // Lowest / highest set point; undefined for an empty set, as for Bitboard.
  constexpr int lsb() const {
    int i = 0;
    while (!words_[i]) ++i;
    return 64 * i + std::countr_zero(words_[i]);
  }
  constexpr int msb() const {
    int i = Words - 1;
    while (!words_[i]) --i;
    return 64 * i + 63 - std::countl_zero(words_[i]);
  }
  // Removes and returns the lowest set point; undefined for an empty set.
  constexpr Square popLsb() {
    int i = 0;
    while (!words_[i]) ++i;
    const auto s = Square(64 * i + std::countr_zero(words_[i]));
    words_[i] &= words_[i] - 1;
    return s;
  }
  // The k-th set point (0-based, from the lowest); undefined unless k < popcount().
  Square nthSetPoint(int k) const {
    int i = 0;
    for (int n = std::popcount(words_[0]); k >= n; n = std::popcount(words_[++i])) k -= n;
    return Square(64 * i + junqi::nthSetPoint(words_[i], k));
  }
  const std::array<std::uint64_t, Words>& words() const { return words_; }

  constexpr WideBitboard& operator&=(const WideBitboard& o) { return apply(o, [](auto a, auto b) { return a & b; }); }
  constexpr WideBitboard& operator|=(const WideBitboard& o) { return apply(o, [](auto a, auto b) { return a | b; }); }
  constexpr WideBitboard& operator^=(const WideBitboard& o) { return apply(o, [](auto a, auto b) { return a ^ b; }); }
  friend constexpr WideBitboard operator&(WideBitboard a, const WideBitboard& b) { return a &= b; }
  friend constexpr WideBitboard operator|(WideBitboard a, const WideBitboard& b) { return a |= b; }
  friend constexpr WideBitboard operator^(WideBitboard a, const WideBitboard& b) { return a ^= b; }
  constexpr WideBitboard operator~() const {
    WideBitboard b;
    for (int i = 0; i < Words; ++i) b.words_[i] = ~words_[i];
    return b;
  }
  // Shifts towards higher points (<<) or lower points (>>) across the words.
  constexpr WideBitboard operator<<(int n) const {
    WideBitboard b;
    const int q = n / 64, r = n % 64;
    for (int i = Words - 1; i >= q; --i) {
      b.words_[i] = words_[i - q] << r;
      if (r && i - q - 1 >= 0) b.words_[i] |= words_[i - q - 1] >> (64 - r);
    }
    return b;
  }
  constexpr WideBitboard operator>>(int n) const {
    WideBitboard b;
    const int q = n / 64, r = n % 64;
    for (int i = 0; i + q < Words; ++i) {
      b.words_[i] = words_[i + q] >> r;
      if (r && i + q + 1 < Words) b.words_[i] |= words_[i + q + 1] << (64 - r);
    }
    return b;
  }
  constexpr bool operator==(const WideBitboard&) const = default;

 private:
  template <class Op>
  constexpr WideBitboard& apply(const WideBitboard& o, Op op) {
    for (int i = 0; i < Words; ++i) words_[i] = op(words_[i], o.words_[i]);
    return *this;
  }

  std::array<std::uint64_t, Words> words_{};
};

// The free functions of core/bitboard.h, for generic code over both kinds.
template <int W>
constexpr bool contains(const WideBitboard<W>& b, int point) { return b.contains(point); }
template <int W>
constexpr int popcount(const WideBitboard<W>& b) { return b.popcount(); }
template <int W>
constexpr int lsb(const WideBitboard<W>& b) { return b.lsb(); }
template <int W>
constexpr int msb(const WideBitboard<W>& b) { return b.msb(); }
template <int W>
constexpr Square popLsb(WideBitboard<W>& b) { return b.popLsb(); }
template <int W>
Square nthSetPoint(const WideBitboard<W>& b, int k) { return b.nthSetPoint(k); }

// The bitboard of a board with `Points` points: one plain word up to 64.
template <int Points>
using BitboardFor = std::conditional_t<(Points <= 64), Bitboard, WideBitboard<(Points + 63) / 64>>;

// The set holding one point, for either kind.
template <class BB>
constexpr BB pointSet(int point) {
  if constexpr (std::is_same_v<BB, Bitboard>)
    return bit(point);
  else
    return BB::bit(point);
}

}  // namespace junqi
