// How the one-ply players of every game (heuristic, tactical, the styles)
// pick among scored choices: each score gets a uniform jitter of up to
// `noise`, drawn in order, and the highest wins, so equal scores are broken
// at random and a little noise varies their games (noise 0: the first best).
#pragma once

#include <cstddef>
#include <span>

#include "core/random.h"

namespace junqi {

struct NoisyBest {
  int index = -1;         // -1 when no choice was allowed
  double score = -1e300;  // its jittered score
};

// `allowed(i)` leaves choice i out when false; its jitter is not drawn.
template <class Allowed>
NoisyBest noisyBest(std::span<const double> scores, double noise, Rng& rng, Allowed allowed) {
  NoisyBest best;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    if (!allowed(i)) continue;
    const double jittered = scores[i] + noise * rng.uniform();
    if (jittered > best.score) best = {static_cast<int>(i), jittered};
  }
  return best;
}

inline NoisyBest noisyBest(std::span<const double> scores, double noise, Rng& rng) {
  return noisyBest(scores, noise, rng, [](std::size_t) { return true; });
}

}  // namespace junqi
