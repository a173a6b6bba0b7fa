#include "core/four/four_perft.h"

#include <optional>

#include "core/four/four_movegen.h"

namespace junqi {

namespace {

// The game's end that perft sees: a team gone. The quiet-move draw is not one.
bool teamGone(const FourPosition& pos) { return !pos.teamIn(0) || !pos.teamIn(1); }

std::uint64_t leavesInPlay(const FourPosition& pos, int depth);

// The leaves under one move, depth - 1 plies after it.
std::uint64_t leavesAfter(const FourPosition& pos, Move m, int depth) {
  if (depth <= 1) return 1;
  FourPosition next = pos;
  next.play(m);
  return teamGone(next) ? 1 : leavesInPlay(next, depth - 1);
}

// From a position in play (both teams in, the army to move has a move, as
// play() leaves it), depth >= 1; the last ply in bulk.
std::uint64_t leavesInPlay(const FourPosition& pos, int depth) {
  MoveList moves;
  generateFourMoves(pos, moves);
  if (depth == 1) return static_cast<std::uint64_t>(moves.size());
  std::uint64_t leaves = 0;
  for (const Move m : moves) leaves += leavesAfter(pos, m, depth);
  return leaves;
}

// The root as play would leave it (an army without a move gone), or none
// when the game is over there: a finished root has no move.
std::optional<FourPosition> rootInPlay(const FourPosition& pos) {
  FourPosition root = pos;
  root.settleTurn();
  if (teamGone(root)) return std::nullopt;
  return root;
}

}  // namespace

std::uint64_t fourPerft(const FourPosition& pos, int depth) {
  if (depth <= 0) return 1;
  const auto root = rootInPlay(pos);
  return root ? leavesInPlay(*root, depth) : 0;
}

std::vector<PerftDivide> fourPerftDivide(const FourPosition& pos, int depth) {
  std::vector<PerftDivide> out;
  const auto root = depth > 0 ? rootInPlay(pos) : std::nullopt;
  if (!root) return out;
  MoveList moves;
  generateFourMoves(*root, moves);
  for (const Move m : moves) out.push_back({m, leavesAfter(*root, m, depth)});
  return out;
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
