// Layouts from the network's layout head: identities drawn point by point in
// proportion to exp(logit / temperature), always under the deployment rules
// (the flag, then landmines, then bombs, each only where it may start, then
// the officers), so every drawn layout is legal.
#pragma once

#include "core/classic/layout.h"
#include "core/random.h"

namespace junqi::nets {

// `logits`: 60 points x 12 identities in the seat's orientation (the seat's
// half is points 0..29, which are the layout's relative points).
Layout sampleLayout(const float* logits, const Ruleset& ruleset, Rng& rng, double temperature = 1.0);

}  // namespace junqi::nets
