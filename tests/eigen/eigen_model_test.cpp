// The Eigen model (nets/eigen_model.h) against a plain reference written here
// from the network's definition (nets/network_shape.h): direct 3x3 and 1x1
// convolutions with zero padding, the residual tower and the three heads. The
// Eigen model computes its 3x3 convolutions by Winograd's transform over 2x2
// blocks of points, half of which hang off the board's fifth column; this
// checks that path point by point without LibTorch, so it also runs under the
// sanitizers. (tests/nets/eigen_torch_test.cpp checks it against LibTorch.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <unistd.h>

#include "core/random.h"
#include "nets/eigen_model.h"
#include "nets/weights_file.h"
#include "tests/support/random_weights.h"

namespace junqi::nets {
namespace {

using Planes = std::vector<float>;  // channel-major: value of channel c at point p is [c * 60 + p]

// Weights of `shape` scaled by fan-in, so that activations stay of order one through the tower.
WeightsFile fanInScaledWeights(const NetworkShape& shape, std::uint64_t seed) {
  WeightsFile w = randomWeights(shape, seed, 0);
  w.ruleset = "hiddenfront";
  return w;
}

// out[o][p] = bias[o] + sum over inputs i and kernel offsets of weight * input at the offset point (0 off the board).
Planes convolve(const WeightsFile& w, const std::string& name, const Planes& x) {
  const Tensor& weight = w.tensors.at(name + ".weight");
  const Tensor& bias = w.tensors.at(name + ".bias");
  const int out = weight.dims[0], in = weight.dims[1], k = weight.dims[2], half = k / 2;
  Planes y(static_cast<std::size_t>(out) * kBoardPoints);
  for (int o = 0; o < out; ++o)
    for (int r = 0; r < kRows; ++r)
      for (int c = 0; c < kColumns; ++c) {
        double sum = bias.data[static_cast<std::size_t>(o)];
        for (int i = 0; i < in; ++i)
          for (int dr = -half; dr <= half; ++dr)
            for (int dc = -half; dc <= half; ++dc) {
              const int rr = r + dr, cc = c + dc;
              if (rr < 0 || rr >= kRows || cc < 0 || cc >= kColumns) continue;
              const std::size_t wi = ((static_cast<std::size_t>(o) * in + i) * k + (dr + half)) * k + (dc + half);
              sum += static_cast<double>(weight.data[wi]) * x[static_cast<std::size_t>(i) * kBoardPoints + rr * kColumns + cc];
            }
        y[static_cast<std::size_t>(o) * kBoardPoints + r * kColumns + c] = static_cast<float>(sum);
      }
  return y;
}

Planes relu(Planes x) {
  for (float& v : x) v = std::max(v, 0.0f);
  return x;
}

struct Outputs {
  std::vector<float> policy, wdl, layout;
};

// One position through the network, straight from its definition.
Outputs referenceForward(const WeightsFile& w, const float* input) {
  const NetworkShape& s = w.shape;
  Planes x = relu(convolve(w, "stem", Planes(input, input + static_cast<std::size_t>(s.inputPlanes) * kBoardPoints)));
  for (int b = 0; b < s.blocks; ++b) {
    const Planes y = relu(convolve(w, fmt::format("block{}.conv1", b), x));
    Planes z = convolve(w, fmt::format("block{}.conv2", b), y);
    for (std::size_t i = 0; i < z.size(); ++i) z[i] += x[i];
    x = relu(std::move(z));
  }
  Outputs o;
  const Planes policy = convolve(w, "policy", x);  // channel `to` at point `from`
  for (int from = 0; from < kBoardPoints; ++from)
    for (Square to{}; to < kSquares; ++to) o.policy.push_back(policy[static_cast<std::size_t>(to) * kBoardPoints + from]);
  const Planes layout = convolve(w, "layout", x);
  for (int p = 0; p < kBoardPoints; ++p)
    for (int t = 0; t < kPieceTypes; ++t) o.layout.push_back(layout[static_cast<std::size_t>(t) * kBoardPoints + p]);
  const Planes flat = relu(convolve(w, "value.conv", x));
  const auto dense = [&](const std::string& name, const std::vector<float>& v) {
    const Tensor& m = w.tensors.at(name + ".weight");
    std::vector<float> out;
    for (int r = 0; r < m.dims[0]; ++r) {
      double sum = w.tensors.at(name + ".bias").data[static_cast<std::size_t>(r)];
      for (int c = 0; c < m.dims[1]; ++c)
        sum += static_cast<double>(m.data[static_cast<std::size_t>(r) * m.dims[1] + c]) * v[static_cast<std::size_t>(c)];
      out.push_back(static_cast<float>(sum));
    }
    return out;
  };
  o.wdl = dense("value.fc2", relu(dense("value.fc1", flat)));
  return o;
}

Outputs eigenForward(const EigenModel& model, const std::vector<float>& input, int n) {
  Outputs o;
  o.policy.resize(static_cast<std::size_t>(n) * kPolicySize);
  o.wdl.resize(static_cast<std::size_t>(n) * 3);
  o.layout.resize(static_cast<std::size_t>(n) * kBoardPoints * kPieceTypes);
  model.forward(input.data(), n, o.policy.data(), o.wdl.data(), o.layout.data());
  return o;
}

// The largest difference relative to the largest magnitude of the reference.
void expectClose(const std::vector<float>& want, const float* got, const std::string& what) {
  float worst = 0, scale = 0;
  std::size_t where = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    ASSERT_TRUE(std::isfinite(got[i])) << what << " at " << i;
    if (std::abs(want[i] - got[i]) > worst) worst = std::abs(want[i] - got[i]), where = i;
    scale = std::max(scale, std::abs(want[i]));
  }
  EXPECT_GT(scale, 0.1f) << what << " are all near zero: the comparison says little";
  EXPECT_LE(worst, 1e-4f * std::max(1.0f, scale))
      << what << " differ by " << worst << " at " << where << " (" << want[where] << " vs " << got[where] << ")";
}

std::vector<float> randomInputs(int n, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<float> in(static_cast<std::size_t>(n) * kInputSize);
  // Sparse, like real encodings: most planes are zero at most points.
  for (float& v : in) v = rng.uniform() < 0.3 ? static_cast<float>(rng.uniform()) : 0.0f;
  return in;
}

TEST(EigenModel, MatchesADirectConvolutionReferenceAtEveryPointForSeveralShapesAndBatches) {
  for (const NetworkShape& shape : {NetworkShape::tiny(), NetworkShape::parse("2x20"), NetworkShape::parse("1x7")}) {
    const WeightsFile weights = fanInScaledWeights(shape, 7);
    const EigenModel model(weights);
    for (const int n : {1, 3}) {
      const std::vector<float> input = randomInputs(n, 100 + n);
      const Outputs got = eigenForward(model, input, n);
      for (int s = 0; s < n; ++s) {
        const Outputs want = referenceForward(weights, input.data() + static_cast<std::size_t>(s) * kInputSize);
        const std::string what = fmt::format("{} batch {} position {}", shape.toString(), n, s);
        expectClose(want.policy, got.policy.data() + static_cast<std::size_t>(s) * kPolicySize, what + " policy");
        expectClose(want.layout, got.layout.data() + static_cast<std::size_t>(s) * want.layout.size(), what + " layout");
        expectClose(want.wdl, got.wdl.data() + static_cast<std::size_t>(s) * 3, what + " value");
      }
    }
  }
}

TEST(EigenModel, ASavedAndLoadedWeightsFileGivesTheSameOutputs) {
  const WeightsFile weights = fanInScaledWeights(NetworkShape::parse("1x16"), 5);
  const std::string path =
      (std::filesystem::temp_directory_path() / fmt::format("junqi-eigen-test-{}.jqw", ::getpid())).string();
  saveWeights(weights, path);
  const WeightsFile loaded = loadWeights(path);
  std::filesystem::remove(path);
  const std::vector<float> input = randomInputs(2, 4);
  const Outputs a = eigenForward(EigenModel(weights), input, 2);
  const Outputs b = eigenForward(EigenModel(loaded), input, 2);
  EXPECT_EQ(a.policy, b.policy);
  EXPECT_EQ(a.wdl, b.wdl);
  EXPECT_EQ(a.layout, b.layout);
}

}  // namespace
}  // namespace junqi::nets
