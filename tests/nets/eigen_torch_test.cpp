// The Eigen model (what exported bots run) against the LibTorch model it was
// exported from: the same logits, batch norms folded, at batch 1 and 5 (for
// the tiny, a 3x24 and the benchmarked 6x64 network), and
// the LibTorch backend built from the same weights file too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "nets/eigen_model.h"
#include "nets/four/four_encoding.h"
#include "nets/torch_backend.h"
#include "tests/nets/nets_test_util.h"

namespace junqi::nets {
namespace {

using netstest::TempDir;

struct Outputs {
  std::vector<float> policy, wdl, layout;
};

Outputs torchForward(JunqiNet& net, const std::vector<float>& input, int n) {
  torch::NoGradGuard guard;
  net->eval();
  const torch::Tensor x =
      torch::from_blob(const_cast<float*>(input.data()),
                       {n, net->shape.inputPlanes, net->shape.grid.rows, net->shape.grid.columns}, torch::kFloat32)
          .clone();
  const NetOutput out = net->forward(x);
  const auto copy = [](const torch::Tensor& t) {
    const torch::Tensor c = t.contiguous();
    return std::vector<float>(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
  };
  return {copy(out.policy), copy(out.wdl), copy(out.layout)};
}

template <class Model>
Outputs backendForward(Model& model, const std::vector<float>& input, int n) {
  Outputs o;
  const NetworkGrid& grid = model.shape().grid;
  o.policy.resize(static_cast<std::size_t>(n) * grid.policySize());
  o.wdl.resize(static_cast<std::size_t>(n) * 3);
  o.layout.resize(static_cast<std::size_t>(n) * grid.places() * kPieceTypes);
  model.forward(input.data(), n, o.policy.data(), o.wdl.data(), o.layout.data());
  return o;
}

// Inputs: half real encodings from random games, half uniform noise in [0, 1].
std::vector<float> inputs(int n, std::uint64_t seed) {
  std::vector<float> in(static_cast<std::size_t>(n) * kInputSize);
  const auto samples = netstest::randomSamples(n, seed);
  Rng rng(seed);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < kInputSize; ++k)
      in[static_cast<std::size_t>(i) * kInputSize + k] =
          i % 2 == 0 ? samples[static_cast<std::size_t>(i)].input[static_cast<std::size_t>(k)] / 255.0f
                     : static_cast<float>(rng.uniform());
  return in;
}

// Largest absolute difference, and the largest magnitude (to see that the
// outputs are not trivially small).
void expectClose(const std::vector<float>& want, const std::vector<float>& got, const std::string& what) {
  ASSERT_EQ(want.size(), got.size()) << what;
  float worst = 0, scale = 0;
  std::size_t where = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    ASSERT_TRUE(std::isfinite(got[i])) << what << " " << i;
    const float d = std::abs(want[i] - got[i]);
    if (d > worst) worst = d, where = i;
    scale = std::max(scale, std::abs(want[i]));
  }
  EXPECT_LE(worst, 1e-4f) << what << ": differs by " << worst << " at " << where << " (" << want[where] << " vs "
                          << got[where] << ")";
  EXPECT_GT(scale, 0.05f) << what << " are all near zero: the comparison says little";
}

TEST(EigenVsTorch, SameLogitsWithNonTrivialBatchNormsAtBatchOneAndFive) {
  TempDir dir("eigen");
  for (const NetworkShape& shape : {NetworkShape::tiny(), NetworkShape::parse("3x24"), NetworkShape::parse("6x64")}) {
    JunqiNet net = netstest::randomNet(shape, 11);
    const std::string path = dir.file(shape.toString() + ".jqw");
    saveWeights(net->exportWeights("hiddenfront", "test"), path);
    const WeightsFile weights = loadWeights(path);
    const EigenModel eigen(weights);
    TorchBackend fromFile(weights);
    TorchBackend fromModel(net);
    for (const int n : {1, 5}) {
      const std::vector<float> in = inputs(n, 100 + static_cast<std::uint64_t>(n));
      const Outputs want = torchForward(net, in, n);
      const Outputs e = backendForward(eigen, in, n);
      const std::string name = shape.toString() + " batch " + std::to_string(n);
      expectClose(want.policy, e.policy, "Eigen policy, " + name);
      expectClose(want.wdl, e.wdl, "Eigen value, " + name);
      expectClose(want.layout, e.layout, "Eigen layout, " + name);
      const Outputs f = backendForward(fromFile, in, n);
      expectClose(want.policy, f.policy, "torch backend (weights file) policy, " + name);
      expectClose(want.wdl, f.wdl, "torch backend (weights file) value, " + name);
      expectClose(want.layout, f.layout, "torch backend (weights file) layout, " + name);
      const Outputs m = backendForward(fromModel, in, n);
      expectClose(want.policy, m.policy, "torch backend (model copy) policy, " + name);
      expectClose(want.wdl, m.wdl, "torch backend (model copy) value, " + name);
    }
    // A position's logits do not depend on the rest of its batch.
    const std::vector<float> five = inputs(5, 105);
    const Outputs batch = backendForward(eigen, five, 5);
    const std::vector<float> third(five.begin() + 2 * kInputSize, five.begin() + 3 * kInputSize);
    const Outputs alone = backendForward(eigen, third, 1);
    expectClose(std::vector<float>(batch.policy.begin() + 2 * kPolicySize, batch.policy.begin() + 3 * kPolicySize),
                alone.policy, "Eigen policy of a position alone and in a batch");
  }
}

// The four-player network on the 17 x 17 grid (odd: Winograd blocks half
// off it at the last row and column), from its weights file.
TEST(EigenVsTorch, TheCrossGridGivesTheSameLogits) {
  TempDir dir("eigen");
  NetworkShape shape = NetworkShape::parse("2x16");
  shape.inputPlanes = kFourInputPlanes;
  shape.grid = gridOfVariant("four");
  JunqiNet net = netstest::randomNet(shape, 13);
  WeightsFile exported = net->exportWeights("hiddenfront", "test");
  exported.variant = "four";
  exported.ruleset = "four-worldatplay";
  saveWeights(exported, dir.file("four.jqw"));
  const WeightsFile weights = loadWeights(dir.file("four.jqw"));
  EXPECT_EQ(weights.shape, shape);
  const EigenModel eigen(weights);
  Rng rng(3);
  for (const int n : {1, 3}) {
    std::vector<float> in(static_cast<std::size_t>(n) * kFourInputSize);
    for (float& x : in) x = static_cast<float>(rng.uniform());
    const Outputs want = torchForward(net, in, n), got = backendForward(eigen, in, n);
    expectClose(want.policy, got.policy, "four-player policy, batch " + std::to_string(n));
    expectClose(want.wdl, got.wdl, "four-player value, batch " + std::to_string(n));
  }
}

TEST(EigenVsTorch, MakeBackendGivesTheSameModelsByName) {
  TempDir dir("eigen");
  registerTorchBackend();
  netstest::writeRandomWeights(NetworkShape::tiny(), 12, dir.file("w.jqw"));
  const auto eigen = makeBackend("eigen", dir.file("w.jqw"));
  const auto torchBackend = makeBackend("torch", dir.file("w.jqw"));
  EXPECT_EQ(eigen->shape(), NetworkShape::tiny());
  EXPECT_EQ(torchBackend->shape(), NetworkShape::tiny());
  const std::vector<float> in = inputs(3, 7);
  const Outputs a = backendForward(*eigen, in, 3), b = backendForward(*torchBackend, in, 3);
  expectClose(a.policy, b.policy, "policy by backend name");
  expectClose(a.wdl, b.wdl, "value by backend name");
  EXPECT_THROW(makeBackend("nonsense", dir.file("w.jqw")), std::invalid_argument);
  EXPECT_THROW(makeBackend("eigen", dir.file("missing.jqw")), WeightsError);
}

}  // namespace
}  // namespace junqi::nets
