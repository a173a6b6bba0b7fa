// A move: one piece from one point to another ("C2-C5").
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/square.h"

#if defined(__x86_64__) && defined(__GNUC__) && defined(__AVX2__)
#include <immintrin.h>
// Code for CPUs with AVX-512 VBMI2 (its word compress), built into the
// x86-64-v3 builds and called only where the CPU has it; the builds for
// plain x86-64 (the exported bots) carry no such code.
#define JUNQI_AVX512_COMPRESS 1
#define JUNQI_TARGET_AVX512 __attribute__((target("avx2,bmi,bmi2,popcnt,avx512f,avx512bw,avx512vl,avx512vbmi2")))
#else
#define JUNQI_AVX512_COMPRESS 0
#endif

namespace junqi {

struct Move {
  Square from{};
  Square to{};
  constexpr bool operator==(const Move&) const = default;
};

std::string moveName(Move m);                          // "C2-C5"
std::optional<Move> parseMove(std::string_view text);  // nullopt when malformed

// A fixed-capacity list, so generating moves never allocates. No position of
// the classic board comes near the capacity (25 pieces, few of them engineers).
class MoveList {
 public:
  static constexpr int kCapacity = 512;
  void push(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  void clear() { size_ = 0; }

  // Writes every point of `targets` as a move from `from`, four at a time
  // whether or not they exist (spare slots past the end absorb the rest). The
  // first four are written unconditionally and most pieces have at most four
  // targets, so the loop is rarely entered and its branch rarely mispredicted.
  void pushAll(Square from, std::uint64_t targets) {
    const int count = std::popcount(targets);
    Move* out = moves_.data() + size_;
    int written = 0;
    do {
      for (int k = 0; k < 4; ++k) {
        out[written + k] = Move{from, Square(std::countr_zero(targets))};
        targets &= targets - 1;
      }
      written += 4;
    } while (written < count);
    size_ += count;
  }

  // Grows the list by `count` moves that the caller then writes from the
  // returned slot (it may also write up to kSpare slots past them: a
  // generator whose writers store whole vectors, core/four/four_movegen.cpp).
  Move* extend(int count) {
    Move* out = moves_.data() + size_;
    size_ += count;
    return out;
  }
  static constexpr int kSpare = 32;

#if JUNQI_AVX512_COMPRESS
  // pushAll without a loop or branch, for CPUs with AVX-512 VBMI2: each move
  // is the word from | to << 8, and the words of the target points are
  // compressed out of the 64 (two vectors of 32) and stored whole (spare
  // slots past the end absorb the rest). Same moves in the same order.
  JUNQI_TARGET_AVX512 void pushAllCompressed(Square from, std::uint64_t targets) {
    static_assert(sizeof(Move) == 2 && offsetof(Move, from) == 0, "a move is the word from | to << 8");
    const __m512i fromWords = _mm512_set1_epi16(from);
    const __m512i low = _mm512_or_si512(fromWords, _mm512_slli_epi16(pointWords(0), 8));
    const __m512i high = _mm512_or_si512(fromWords, _mm512_slli_epi16(pointWords(32), 8));
    Move* out = moves_.data() + size_;
    const auto lowTargets = static_cast<__mmask32>(targets), highTargets = static_cast<__mmask32>(targets >> 32);
    _mm512_storeu_si512(out, _mm512_maskz_compress_epi16(lowTargets, low));
    _mm512_storeu_si512(out + std::popcount(static_cast<std::uint32_t>(targets)),
                        _mm512_maskz_compress_epi16(highTargets, high));
    size_ += std::popcount(targets);
  }
#endif

 private:
#if JUNQI_AVX512_COMPRESS
  // The words first, first + 1, ..., first + 31.
  JUNQI_TARGET_AVX512 static __m512i pointWords(short first) {
    return _mm512_add_epi16(_mm512_set1_epi16(first),
                            _mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14,
                                             13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
  }
#endif
  // pushAll's last group of four may write up to 4 slots past the end,
  // pushAllCompressed's stores up to 32 (kSpare).
  std::array<Move, kCapacity + kSpare> moves_;
  int size_ = 0;
};

}  // namespace junqi
