#include "tests/support/random_weights.h"

#include <cmath>

#include "core/random.h"
#include "core/classic/ruleset.h"

namespace junqi::nets {

WeightsFile randomWeights(const NetworkShape& shape, std::uint64_t seed, double amplitude) {
  WeightsFile w;
  w.shape = shape;
  w.ruleset = Ruleset().toString();
  w.note = "random weights for tests";
  Rng rng(seed);
  for (const auto& [name, dims] : WeightsFile::expectedTensors(shape)) {
    Tensor& t = w.tensors[name];
    t.dims = dims;
    std::size_t size = 1, fanIn = 1;
    for (std::size_t d = 0; d < dims.size(); ++d) {
      size *= static_cast<std::size_t>(dims[d]);
      if (d > 0) fanIn *= static_cast<std::size_t>(dims[d]);
    }
    const double scale = amplitude > 0        ? amplitude
                         : dims.size() == 1   ? 0.5
                                              : 1.5 / std::sqrt(static_cast<double>(fanIn));
    for (std::size_t i = 0; i < size; ++i) t.data.push_back(static_cast<float>((2 * rng.uniform() - 1) * scale));
  }
  return w;
}

}  // namespace junqi::nets
