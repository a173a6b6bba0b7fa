// Reservoir sampling: keeping `keep` items of a stream of unknown length,
// each with equal chance (teacher games' positions, measured positions).
#pragma once

#include <cstdint>

#include "core/random.h"

namespace junqi {

// The slot the n-th item (from 0) takes among `keep` slots, or -1 when it is
// not kept; every item ends up kept with equal chance.
inline int reservoirSlot(int n, int keep, Rng& rng) {
  if (n < keep) return n;
  const auto j = static_cast<int>(rng.below(static_cast<std::uint64_t>(n) + 1));
  return j < keep ? j : -1;
}

}  // namespace junqi
