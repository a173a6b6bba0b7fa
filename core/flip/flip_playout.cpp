#include "core/flip/flip_playout.h"

namespace junqi {

namespace {

void play(FlipPosition& pos, const FlipDeal& deal, Move m) {
  if (isFlip(m))
    pos.flip(m.from, *deal.under[m.from]);
  else
    pos.move(m);
}

}  // namespace

PlayoutResult randomFlipPlayout(FlipPosition& pos, const FlipDeal& deal, Rng& rng, int maxPlies) {
  MoverTargets targets;
  for (int ply = 0;; ++ply) {
    collectFlipMoveTargets(pos, targets);
    const int flips = pos.poolSize();
    const Outcome end = flipBoardOutcome(pos, flips + targets.moves);
    if (end.isOver()) return {end, ply};
    if (ply >= maxPlies) return {{Termination::Adjudicated, std::nullopt}, ply};
    const int k = static_cast<int>(rng.below(static_cast<std::uint64_t>(flips + targets.moves)));
    play(pos, deal, k < flips ? flipAt(nthSetPoint(pos.faceDown(), k)) : nthMove(targets, k - flips));
  }
}

PlayoutResult randomFlipPlayoutByList(FlipPosition& pos, const FlipDeal& deal, Rng& rng, int maxPlies) {
  MoveList actions;
  for (int ply = 0;; ++ply) {
    generateFlipActions(pos, actions);
    const Outcome end = flipBoardOutcome(pos, actions.size());
    if (end.isOver()) return {end, ply};
    if (ply >= maxPlies) return {{Termination::Adjudicated, std::nullopt}, ply};
    play(pos, deal, actions[static_cast<int>(rng.below(static_cast<std::uint64_t>(actions.size())))]);
  }
}

}  // namespace junqi
