// Data-parallel training: two ranks (two threads in one process, meeting in a
// shared HashStore) each step on their half of a batch; with their gradients
// averaged by Gloo they keep identical weights, and those weights are the ones
// one trainer reaches on the whole batch.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <thread>

#include <torch/csrc/distributed/c10d/HashStore.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include "core/classic/auto_layout.h"
#include "nets/torch_data_parallel.h"
#include "nets/torch_trainer.h"
#include "tests/nets/nets_test_util.h"

namespace junqi::nets {
namespace {

constexpr int kSteps = 4;

// Runs `body(rank)` on one thread per rank and waits for all.
void onRanks(int worldSize, const std::function<void(int)>& body) {
  std::vector<std::thread> threads;
  for (int rank = 0; rank < worldSize; ++rank) threads.emplace_back(body, rank);
  for (std::thread& t : threads) t.join();
}

// Two averagers of one group, meeting in `store(rank)` (made together: each waits for the other).
std::vector<std::shared_ptr<GradientAverager>> twoRanks(
    const std::function<c10::intrusive_ptr<c10d::Store>(int rank)>& store) {
  std::vector<std::shared_ptr<GradientAverager>> ranks(2);
  onRanks(2, [&](int rank) {
    ranks[rank] = std::make_shared<GradientAverager>(rank, 2, store(rank), "127.0.0.1", std::chrono::seconds(60));
  });
  return ranks;
}

TrainerOptions tinyOptions(std::uint64_t seed) {
  TrainerOptions o;
  o.shape = NetworkShape::tiny();
  o.optimizer = "sgd";  // Adam's step divides by the gradient's size: float noise in it would not stay small
  o.learningRate = 1e-2;
  o.totalSteps = kSteps;
  o.threads = 1;
  o.seed = seed;
  return o;
}

// The largest difference between the two networks' parameters, relative to the largest value.
double parameterDifference(JunqiNet& a, JunqiNet& b) {
  const auto pa = a->parameters(), pb = b->parameters();
  double worst = 0;
  for (std::size_t i = 0; i < pa.size(); ++i) {
    const double scale = std::max(1e-3, pa[i].abs().max().item<double>());
    worst = std::max(worst, (pa[i] - pb[i]).abs().max().item<double>() / scale);
  }
  return worst;
}

bool sameParameters(JunqiNet& a, JunqiNet& b) {
  const auto pa = a->parameters(), pb = b->parameters();
  for (std::size_t i = 0; i < pa.size(); ++i)
    if (!torch::equal(pa[i], pb[i])) return false;
  return true;
}

LayoutSample layoutSample(LayoutStyle style, std::uint64_t seed) {
  Rng rng(seed);
  const Layout layout = styledLayout(style, Ruleset{}, rng);
  LayoutSample l;
  for (int k = 0; k < 30; ++k) l.identity[k] = layout.at[k] ? static_cast<std::int8_t>(typeIndex(*layout.at[k])) : -1;
  return l;
}

// The two halves of a batch. Batch norm (in training) normalizes with the
// batch's own statistics, so halves with different inputs would see other
// statistics than the whole batch, and the mean of their gradients would not
// be its gradient. Here the halves have the same inputs (the same positions,
// one layout sample each) and different targets: the whole batch's inputs are
// one half's twice, with the same statistics, and its loss is the mean of the
// halves' losses exactly.
struct SplitBatch {
  std::vector<PositionSample> first, second;
  LayoutSample firstLayout, secondLayout;

  SplitBatch() : first(netstest::randomSamples(8, 31)), second(first) {
    for (std::size_t n = 0; n < first.size(); ++n) {
      const auto& from = first[n].policy;
      for (std::size_t i = 0; i < from.size(); ++i)  // the target on the next legal move
        second[n].policy[i].second = from[(i + from.size() - 1) % from.size()].second;
      const auto& wdl = first[n].wdl;
      second[n].wdl = {wdl[2], wdl[0], wdl[1]};
    }
    firstLayout = layoutSample(LayoutStyle::Balanced, 2);
    secondLayout = layoutSample(LayoutStyle::Aggressive, 3);
  }
  std::vector<const PositionSample*> positions(int half) const {
    std::vector<const PositionSample*> out;
    for (const PositionSample& s : half == 0 ? first : second) out.push_back(&s);
    return out;
  }
  std::vector<const LayoutSample*> layouts(int half) const { return {half == 0 ? &firstLayout : &secondLayout}; }
  std::vector<const PositionSample*> allPositions() const {
    std::vector<const PositionSample*> out = positions(0), more = positions(1);
    out.insert(out.end(), more.begin(), more.end());
    return out;
  }
};

TEST(DataParallel, TwoRanksOnHalvesKeepIdenticalWeightsEqualToOneTrainerOnTheWholeBatch) {
  const netstest::TorchThreads threads(1);
  const SplitBatch batch;
  if (!GradientAverager::available()) GTEST_SKIP() << "built without the Gloo headers";
  const auto store = c10::make_intrusive<c10d::HashStore>();
  const auto averagers = twoRanks([&](int) { return store; });  // threads share one in-memory store
  // Made here, not on the rank threads: a trainer seeds LibTorch's global generator.
  std::vector<std::unique_ptr<Trainer>> ranks;
  for (int rank = 0; rank < 2; ++rank) {
    TrainerOptions o = tinyOptions(5);
    o.dataParallel = averagers[rank];
    ranks.push_back(std::make_unique<Trainer>(o));
  }
  Trainer whole(tinyOptions(5));

  for (int step = 0; step < kSteps; ++step) {
    onRanks(2, [&](int rank) { ranks[rank]->step(batch.positions(rank), batch.layouts(rank)); });
    whole.step(batch.allPositions(), {&batch.firstLayout, &batch.secondLayout});
    ASSERT_TRUE(sameParameters(ranks[0]->model(), ranks[1]->model())) << "after step " << step;
    EXPECT_LT(parameterDifference(ranks[0]->model(), whole.model()), 1e-5) << "after step " << step;
  }
  // They did learn something: the weights moved from where they started.
  Trainer start(tinyOptions(5));
  EXPECT_GT(parameterDifference(ranks[0]->model(), start.model()), 1e-3);
}

TEST(DataParallel, WithoutTheAveragerTheRanksDriftApartAfterOneStep) {
  const netstest::TorchThreads threads(1);
  const SplitBatch batch;
  Trainer first(tinyOptions(5)), second(tinyOptions(5));
  ASSERT_TRUE(sameParameters(first.model(), second.model()));
  first.step(batch.positions(0), batch.layouts(0));
  second.step(batch.positions(1), batch.layouts(1));
  EXPECT_FALSE(sameParameters(first.model(), second.model()));
  EXPECT_GT(parameterDifference(first.model(), second.model()), 1e-4);
}

TEST(DataParallel, BroadcastGivesEveryRankRankZerosWeightsAndBatchNormStatistics) {
  const netstest::TorchThreads threads(1);
  if (!GradientAverager::available()) GTEST_SKIP() << "built without the Gloo headers";
  const netstest::TempDir dir("data-parallel");
  // The processes-on-one-machine store, opened by each rank as a process would.
  const auto averagers = twoRanks([&](int) { return fileStore(dir.file("store"), 2); });
  std::vector<JunqiNet> nets{netstest::randomNet(NetworkShape::tiny(), 1), netstest::randomNet(NetworkShape::tiny(), 2)};
  ASSERT_FALSE(sameParameters(nets[0], nets[1]));
  onRanks(2, [&](int rank) { averagers[rank]->broadcastParameters(*nets[rank]); });
  EXPECT_TRUE(sameParameters(nets[0], nets[1]));
  const auto b0 = nets[0]->buffers(), b1 = nets[1]->buffers();
  for (std::size_t i = 0; i < b0.size(); ++i) EXPECT_TRUE(torch::equal(b0[i], b1[i])) << "buffer " << i;
  JunqiNet rankZero = netstest::randomNet(NetworkShape::tiny(), 1);
  EXPECT_TRUE(sameParameters(nets[0], rankZero));  // the root's own weights stay as they were
}

// Ranks stop together: a flag raised on one rank is seen on every rank, and
// only then.
TEST(DataParallel, AnyRankSeesAFlagRaisedOnOneRankOnly) {
  if (!GradientAverager::available()) GTEST_SKIP() << "built without the Gloo headers";
  const auto store = c10::make_intrusive<c10d::HashStore>();
  const auto averagers = twoRanks([&](int) { return store; });
  for (int raised = -1; raised < 2; ++raised) {  // -1: no rank raises it
    std::vector<int> seen(2, -1);
    onRanks(2, [&](int rank) { seen[rank] = averagers[rank]->anyRank(rank == raised); });
    EXPECT_EQ(seen, std::vector<int>(2, raised >= 0)) << "raised on rank " << raised;
  }
}

TEST(DataParallel, ParametersDigestTellsNetworksApartAndNotTheirCopies) {
  JunqiNet a = netstest::randomNet(NetworkShape::tiny(), 1), same = netstest::randomNet(NetworkShape::tiny(), 1);
  JunqiNet other = netstest::randomNet(NetworkShape::tiny(), 2);
  EXPECT_EQ(parametersDigest(*a), parametersDigest(*same));
  EXPECT_NE(parametersDigest(*a), parametersDigest(*other));
  torch::NoGradGuard noGrad;
  same->parameters().back().data_ptr<float>()[0] += 1e-6f;  // one bit of one weight is enough
  EXPECT_NE(parametersDigest(*a), parametersDigest(*same));
}

// Over TCP (the several-machines store, on the loopback here): the mean of
// gradients only some ranks have; one no rank has stays undefined.
TEST(DataParallel, AveragingOverTcpTakesTheMeanAndAgreesOnWhichGradientsExist) {
  if (!GradientAverager::available()) GTEST_SKIP() << "built without the Gloo headers";
  const auto server = tcpStore("127.0.0.1", 0, 0, 2, std::chrono::seconds(60));  // port 0: any free one
  const int port = static_cast<c10d::TCPStore&>(*server).getPort();
  const auto client = tcpStore("127.0.0.1", port, 1, 2, std::chrono::seconds(60));
  const auto averagers = twoRanks([&](int rank) { return rank == 0 ? server : client; });
  std::vector<torch::nn::Sequential> nets{torch::nn::Sequential(torch::nn::Linear(3, 2), torch::nn::Linear(2, 1)),
                                          torch::nn::Sequential(torch::nn::Linear(3, 2), torch::nn::Linear(2, 1))};
  // Parameters: first weight, first bias, second weight, second bias.
  nets[0]->parameters()[0].mutable_grad() = torch::full({2, 3}, 1.0f);
  nets[1]->parameters()[0].mutable_grad() = torch::full({2, 3}, 3.0f);
  nets[1]->parameters()[1].mutable_grad() = torch::full({2}, 2.0f);  // only rank 1 has it
  onRanks(2, [&](int rank) { averagers[rank]->averageGradients(*nets[rank]); });
  for (int rank = 0; rank < 2; ++rank) {
    const auto p = nets[rank]->parameters();
    EXPECT_TRUE(torch::equal(p[0].grad(), torch::full({2, 3}, 2.0f))) << "rank " << rank;
    ASSERT_TRUE(p[1].grad().defined()) << "rank " << rank;
    EXPECT_TRUE(torch::equal(p[1].grad(), torch::full({2}, 1.0f))) << "rank " << rank;
    EXPECT_FALSE(p[2].grad().defined()) << "rank " << rank;
    EXPECT_FALSE(p[3].grad().defined()) << "rank " << rank;
  }
}

}  // namespace
}  // namespace junqi::nets
