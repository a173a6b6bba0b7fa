// Random Flip Junqi playouts: the fast one draws the same actions as the one
// with a list, and ends every game where the referee ends it.
#include <gtest/gtest.h>

#include "core/flip/flip_playout.h"

namespace junqi {
namespace {

TEST(FlipPlayout, TheFastPlayoutPlaysTheListsGames) {
  for (const FlipRuleset& rules : {FlipRuleset::worldAtPlay(), FlipRuleset::kawu()})
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
      Rng dealer(seed);
      const FlipDeal deal = randomFlipDeal(dealer);
      FlipPosition fast(rules), slow(rules);
      Rng a(seed), b(seed);
      const PlayoutResult rf = randomFlipPlayout(fast, deal, a, 3000);
      const PlayoutResult rs = randomFlipPlayoutByList(slow, deal, b, 3000);
      EXPECT_EQ(rf.outcome, rs.outcome) << rules.preset << " seed " << seed;
      EXPECT_EQ(rf.plies, rs.plies);
      EXPECT_EQ(fast, slow);
    }
}

TEST(FlipPlayout, EveryGameEndsWhereTheRefereeEndsIt) {
  for (const FlipRuleset& rules : {FlipRuleset::worldAtPlay(), FlipRuleset::kawu()})
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
      Rng rng(seed);
      const FlipDeal deal = randomFlipDeal(rng);
      FlipPosition pos(rules);
      const PlayoutResult r = randomFlipPlayout(pos, deal, rng, 100000);
      ASSERT_TRUE(r.outcome.isOver());
      EXPECT_NE(r.outcome.reason, Termination::Adjudicated) << "every game ends by the rules";
      EXPECT_EQ(flipBoardOutcome(pos), r.outcome);
      EXPECT_EQ(pos.ply(), r.plies);
    }
}

}  // namespace
}  // namespace junqi
