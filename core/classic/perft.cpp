#include "core/classic/perft.h"

#include "core/classic/movegen.h"

namespace junqi {

namespace {
bool capturesFlag(const Position& pos, Move m) {
  return !pos.isEmpty(m.to) && pos.typeAt(m.to) == PieceType::Flag;
}

std::uint64_t leavesAfter(const Position& pos, Move m, int depth) {
  if (depth <= 1 || capturesFlag(pos, m)) return 1;
  Position next = pos;
  next.play(m);
  return perft(next, depth - 1);
}
}  // namespace

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return static_cast<std::uint64_t>(countMoves(pos));
  MoveList moves;
  generateMoves(pos, moves);
  std::uint64_t leaves = 0;
  for (const Move m : moves) leaves += leavesAfter(pos, m, depth);
  return leaves;
}

std::vector<PerftDivide> perftDivide(const Position& pos, int depth) {
  std::vector<PerftDivide> out;
  if (depth <= 0) return out;
  MoveList moves;
  generateMoves(pos, moves);
  for (const Move m : moves) out.push_back({m, leavesAfter(pos, m, depth)});
  return out;
}

}  // namespace junqi
