#include "tests/eigen/flip_nn_test_util.h"

#include <filesystem>

#include <unistd.h>

#include "nets/flip/flip_encoding.h"
#include "tests/support/random_weights.h"

namespace junqi::nets {

WeightsFile randomFlipWeights(NetworkShape shape, std::uint64_t seed) {
  shape.inputPlanes = kFlipInputPlanes;
  WeightsFile w = randomWeights(shape, seed, 0.1);
  w.ruleset = "flip-kawu";
  w.variant = kFlipVariant;
  return w;
}

std::string flipTestPath(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("junqi-flip-nn-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

}  // namespace junqi::nets
