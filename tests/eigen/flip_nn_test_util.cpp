#include "tests/eigen/flip_nn_test_util.h"

#include <filesystem>

#include <unistd.h>

#include "core/random.h"
#include "nets/flip_encoding.h"

namespace junqi::nets {

WeightsFile randomFlipWeights(NetworkShape shape, std::uint64_t seed) {
  shape.inputPlanes = kFlipInputPlanes;
  WeightsFile w;
  w.shape = shape;
  w.ruleset = "flip-kawu";
  w.variant = kFlipVariant;
  Rng rng(seed);
  for (const auto& [name, dims] : WeightsFile::expectedTensors(shape)) {
    Tensor& t = w.tensors[name];
    t.dims = dims;
    std::size_t size = 1;
    for (const int d : dims) size *= static_cast<std::size_t>(d);
    for (std::size_t i = 0; i < size; ++i) t.data.push_back(static_cast<float>(0.1 * (2 * rng.uniform() - 1)));
  }
  return w;
}

std::string flipTestPath(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("junqi-flip-nn-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

}  // namespace junqi::nets
