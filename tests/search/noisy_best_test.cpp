// noisyBest: how every one-ply player picks among scored choices.
#include <gtest/gtest.h>

#include <vector>

#include "search/noisy_best.h"

namespace junqi {
namespace {

TEST(NoisyBest, WithoutNoiseTheFirstBestWins) {
  Rng rng(1);
  const std::vector<double> scores{1, 3, 2, 3};
  const NoisyBest best = noisyBest(scores, 0, rng);
  EXPECT_EQ(best.index, 1);
  EXPECT_EQ(best.score, 3);
}

TEST(NoisyBest, NoiseBreaksTiesBothWaysAndNeverLiftsAFarWorseChoice) {
  Rng rng(7);
  const std::vector<double> scores{5, 5, 4.5, 0};
  std::vector<int> wins(scores.size());
  for (int i = 0; i < 2000; ++i) ++wins[static_cast<std::size_t>(noisyBest(scores, 0.1, rng).index)];
  EXPECT_GT(wins[0], 700);
  EXPECT_GT(wins[1], 700);
  EXPECT_EQ(wins[2] + wins[3], 0);
}

TEST(NoisyBest, ChoicesNotAllowedAreLeftOutAndDrawNoJitter) {
  Rng rng(3), twin(3);
  const std::vector<double> scores{9, 1, 2};
  const NoisyBest best = noisyBest(scores, 0.5, rng, [](std::size_t i) { return i != 0; });
  EXPECT_EQ(best.index, 2);
  twin.uniform(), twin.uniform();  // one draw for each allowed choice
  EXPECT_EQ(rng.uniform(), twin.uniform());
  EXPECT_EQ(noisyBest(scores, 0, rng, [](std::size_t) { return false; }).index, -1);
}

}  // namespace
}  // namespace junqi
