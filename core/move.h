// A move: one piece from one point to another ("C2-C5").
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/square.h"

namespace junqi {

struct Move {
  std::uint8_t from = 0;
  std::uint8_t to = 0;
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
  void pushAll(std::uint8_t from, std::uint64_t targets) {
    const int count = std::popcount(targets);
    Move* out = moves_.data() + size_;
    int written = 0;
    do {
      for (int k = 0; k < 4; ++k) {
        out[written + k] = Move{from, static_cast<std::uint8_t>(std::countr_zero(targets))};
        targets &= targets - 1;
      }
      written += 4;
    } while (written < count);
    size_ += count;
  }

 private:
  static constexpr int kSpare = 3;  // pushAll's last group of four may write this far past the end
  std::array<Move, kCapacity + kSpare> moves_;
  int size_ = 0;
};

}  // namespace junqi
