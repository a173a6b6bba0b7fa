// Writes a weights file of the tiny shape with small random weights, so that
// tests can play the nn agent (and so the Eigen code) without LibTorch.
// Usage: junqi_random_weights FILE
#include <cstdio>
#include <exception>

#include "tests/support/random_weights.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: junqi_random_weights FILE\n");
    return 2;
  }
  using namespace junqi::nets;
  const WeightsFile w = randomWeights(NetworkShape::tiny(), 7, 0.1);
  try {
    saveWeights(w, argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "junqi_random_weights: %s\n", e.what());
    return 1;
  }
  return 0;
}
