// Writes a weights file of the tiny shape with small random weights, so that
// tests can play the nn agent (and so the Eigen code) without LibTorch.
// Usage: junqi_random_weights FILE
#include <cstdio>
#include <exception>

#include "core/random.h"
#include "core/ruleset.h"
#include "nets/weights_file.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: junqi_random_weights FILE\n");
    return 2;
  }
  using namespace junqi::nets;
  WeightsFile w;
  w.shape = NetworkShape::tiny();
  w.ruleset = junqi::Ruleset().toString();
  w.note = "random weights for tests";
  junqi::Rng rng(7);
  for (const auto& [name, dims] : WeightsFile::expectedTensors(w.shape)) {
    Tensor& t = w.tensors[name];
    t.dims = dims;
    std::size_t size = 1;
    for (const int d : dims) size *= static_cast<std::size_t>(d);
    for (std::size_t i = 0; i < size; ++i) t.data.push_back(static_cast<float>(0.2 * rng.uniform() - 0.1));
  }
  try {
    saveWeights(w, argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "junqi_random_weights: %s\n", e.what());
    return 1;
  }
  return 0;
}
