// The four-player ISMCTS draws its worlds from FourBeliefs::sampleWorld: where
// no battle couples two unseen pieces, each draw is exact, so every unseen
// piece's identity must follow FourBeliefs::marginalsAt (Pearson's chi-square
// with a fixed seed, as in sampler_marginals_test.cpp; the same threshold and
// the same proof that a slight bias fails it).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <string>
#include <vector>

#include "core/four/four_beliefs.h"
#include "tests/leakage/chi_square.h"
#include "tests/support/random_four_game.h"

namespace junqi {
namespace {

constexpr long kFourDraws = 6000;

// Beliefs with exact marginals of the army to move, at a few plies of random games.
std::vector<FourBeliefs> exactBeliefs() {
  std::vector<FourBeliefs> out;
  for (std::uint64_t seed = 1; seed <= 60 && out.size() < 4; ++seed) {
    const FourGame game = fourgames::randomFourGame(seed * 5, 8 + static_cast<int>(seed % 3) * 8, Visibility::Own);
    if (game.isOver()) continue;
    const int seat = game.position().toMove();
    FourBeliefs beliefs = FourBeliefs::of(FourObservation::of(game, seat), game.rules());
    if (beliefs.marginalsExact()) out.push_back(std::move(beliefs));
  }
  return out;
}

std::vector<Square> uncertainPoints(const FourBeliefs& beliefs) {
  std::vector<Square> points;
  for (Square p{}; p < kCrossPoints; ++p)
    if (std::popcount(beliefs.possibleAt(p)) > 1) points.push_back(p);
  return points;
}

using Draw = std::function<FourPosition(Rng&)>;

// The points whose drawn identities do not fit the exact marginals, in words.
std::string misfits(const FourBeliefs& beliefs, const Draw& draw, Rng& rng) {
  const std::vector<Square> points = uncertainPoints(beliefs);
  std::vector<std::array<long, kPieceTypes>> counts(points.size());
  for (long d = 0; d < kFourDraws; ++d) {
    const FourPosition world = draw(rng);
    for (std::size_t i = 0; i < points.size(); ++i) ++counts[i][static_cast<std::size_t>(world.typeAt(points[i]))];
  }
  std::string out;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const leakage::ChiSquare fit = leakage::chiSquare(counts[i], beliefs.marginalsAt(points[i]), kFourDraws);
    if (fit.statistic > leakage::chiSquareThreshold(fit.degrees))
      out += " point " + std::to_string(points[i]) + ": chi-square " + std::to_string(fit.statistic) + ";";
  }
  return out;
}

TEST(FourSamplerMarginals, DrawsMatchTheExactMarginals) {
  const std::vector<FourBeliefs> all = exactBeliefs();
  ASSERT_EQ(all.size(), 4u);
  Rng rng(4042);
  int tested = 0;
  for (const FourBeliefs& beliefs : all) {
    EXPECT_EQ(misfits(beliefs, [&](Rng& r) { return beliefs.sampleWorld(r); }, rng), "") << "seat " << beliefs.seat();
    tested += static_cast<int>(uncertainPoints(beliefs).size());
  }
  EXPECT_GE(tested, 100);
}

TEST(FourSamplerMarginals, ASlightlyBiasedSamplerFails) {
  Rng rng(4043);
  for (const FourBeliefs& beliefs : exactBeliefs()) {
    const Square point = uncertainPoints(beliefs).front();
    const IdentityMarginals p = beliefs.marginalsAt(point);
    const auto likeliest = typeFromIndex(static_cast<int>(std::max_element(p.begin(), p.end()) - p.begin()));
    const Draw biased = [&](Rng& r) {
      FourPosition world = beliefs.sampleWorld(r);
      while (world.typeAt(point) == likeliest && r.below(4) == 0) world = beliefs.sampleWorld(r);
      return world;
    };
    EXPECT_NE(misfits(beliefs, biased, rng), "") << "seat " << beliefs.seat();
  }
}

}  // namespace
}  // namespace junqi
