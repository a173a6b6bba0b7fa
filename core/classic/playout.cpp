#include "core/classic/playout.h"

#include "core/classic/movegen.h"

namespace junqi {

PlayoutResult randomPlayout(Position& pos, Rng& rng, int maxPlies) {
  const int quietLimit = pos.rules().ruleset().quietMoveLimit;
  MoverTargets targets;
  for (int plies = 0;; ++plies) {
    // The same order as boardOutcome, with the moves collected once.
    if (const auto taker = pos.flagCapturedBy()) return {{Termination::FlagCaptured, *taker}, plies};
    collectTargets(pos, targets);
    if (targets.moves == 0) return {{Termination::Immobilised, opposite(pos.sideToMove())}, plies};
    if (quietLimit > 0 && pos.quietPlies() >= quietLimit) return {{Termination::QuietMoves, std::nullopt}, plies};
    if (plies >= maxPlies) return {{Termination::Adjudicated, std::nullopt}, plies};
    // The move a list would give for the same draw: the games are those of a move list.
    pos.play(nthMove(targets, static_cast<int>(rng.below(static_cast<std::uint64_t>(targets.moves)))));
  }
}

PlayoutResult randomPlayoutByMoveList(Position& pos, Rng& rng, int maxPlies) {
  const int quietLimit = pos.rules().ruleset().quietMoveLimit;
  MoveList moves;
  for (int plies = 0;; ++plies) {
    if (const auto taker = pos.flagCapturedBy()) return {{Termination::FlagCaptured, *taker}, plies};
    generateMoves(pos, moves);
    if (moves.empty()) return {{Termination::Immobilised, opposite(pos.sideToMove())}, plies};
    if (quietLimit > 0 && pos.quietPlies() >= quietLimit) return {{Termination::QuietMoves, std::nullopt}, plies};
    if (plies >= maxPlies) return {{Termination::Adjudicated, std::nullopt}, plies};
    pos.play(moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]);
  }
}

}  // namespace junqi
