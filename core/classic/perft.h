// perft: counts the move sequences of a given length from a position, the
// standard proof of a move generator. A flag capture ends its line (it counts
// as one leaf however much depth is left); a side with no move ends its line
// with no leaf. Draw counters are ignored, as chess perft ignores the 50-move
// rule. The last ply is counted in bulk (countMoves), without playing it.
#pragma once

#include <cstdint>
#include <vector>

#include "core/classic/position.h"

namespace junqi {

std::uint64_t perft(const Position& pos, int depth);

struct PerftDivide {
  Move move;
  std::uint64_t leaves;
};
// perft split by the first move, in generation order.
std::vector<PerftDivide> perftDivide(const Position& pos, int depth);

}  // namespace junqi
