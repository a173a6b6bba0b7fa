// Random network weights for tests that play or check a network without
// LibTorch (the Eigen model, the nn agents, the self-play workers).
#pragma once

#include <cstdint>

#include "nets/weights_file.h"

namespace junqi::nets {

// Weights of `shape` for the default ruleset, every value uniform in
// [-amplitude, amplitude]; with amplitude 0, scaled by fan-in instead
// (1.5 / sqrt(fan-in), biases and norms 0.5) so that activations stay of
// order one through a deep tower.
WeightsFile randomWeights(const NetworkShape& shape, std::uint64_t seed, double amplitude = 0.1);

}  // namespace junqi::nets
