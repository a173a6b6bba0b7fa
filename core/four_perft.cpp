#include "core/four_perft.h"

#include "core/four_movegen.h"

namespace junqi {

std::uint64_t fourPerft(const FourPosition& pos, int depth) {
  if (depth == 0 || fourOutcome(pos).isOver()) return depth == 0 ? 1 : 0;
  MoveList moves;
  generateFourMoves(pos, moves);
  if (depth == 1) return static_cast<std::uint64_t>(moves.size());
  std::uint64_t leaves = 0;
  for (const Move m : moves) {
    FourPosition next = pos;
    next.play(m);
    leaves += fourPerft(next, depth - 1);
  }
  return leaves;
}

int randomFourPlayout(FourPosition& pos, Rng& rng, int maxPlies) {
  MoveList moves;
  int plies = 0;
  for (; plies < maxPlies && !fourOutcome(pos).isOver(); ++plies) {
    generateFourMoves(pos, moves);
    pos.play(moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]);
  }
  return plies;
}

}  // namespace junqi
