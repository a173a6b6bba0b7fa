// Helpers of the Flip Junqi network tests: random flip weights files.
#pragma once

#include <cstdint>
#include <string>

#include "nets/weights_file.h"

namespace junqi::nets {

// A flip network of `shape` (its input planes set to the flip encoding's)
// with small random weights under `seed`.
WeightsFile randomFlipWeights(NetworkShape shape, std::uint64_t seed);
// A fresh path under the temporary directory for this test process.
std::string flipTestPath(const std::string& name);

}  // namespace junqi::nets
