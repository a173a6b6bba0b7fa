// Random playouts: uniformly random legal moves until the game ends. Used by the
// property tests, the benchmarks and `junqi play-random`, and as the plainest
// rollout policy.
#pragma once

#include "core/outcome.h"
#include "core/classic/position.h"
#include "core/random.h"

namespace junqi {

struct PlayoutResult {
  Outcome outcome;
  int plies = 0;  // moves played by this playout
};

// Plays from `pos` (which it changes) until the board ends the game, exactly as
// boardOutcome decides, or until `maxPlies` moves were played: then the result is
// Adjudicated (a draw). Rulesets without a draw rule need the cap.
PlayoutResult randomPlayout(Position& pos, Rng& rng, int maxPlies);

// The same playout written the plain way, a whole move list for every move:
// the same games (the k-th move of MoverTargets is the list's k-th). Kept as
// the reference the fast one is tested against and benchmarked beside.
PlayoutResult randomPlayoutByMoveList(Position& pos, Rng& rng, int maxPlies);

}  // namespace junqi
