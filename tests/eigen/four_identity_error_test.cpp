// The four-player identity head's distance from the exact beliefs
// (nets/four/four_identity_error.h): the per-piece figure by hand, the
// position's tally against FourBeliefs, the interval, and the whole
// measurement with a random network.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <numeric>

#include "core/four/four_beliefs.h"
#include "nets/eigen_model.h"
#include "nets/four/four_encoding.h"
#include "nets/four/four_identity_error.h"
#include "tests/support/random_four_game.h"
#include "tests/support/random_weights.h"

namespace junqi::nets {
namespace {

std::shared_ptr<Backend> identityErrorNetwork(bool four) {
  NetworkShape shape = NetworkShape::tiny();
  if (four) shape.inputPlanes = kFourInputPlanes, shape.grid = gridOfVariant("four");
  WeightsFile w = randomWeights(shape, 11, 0.1);
  if (four) w.ruleset = "four-worldatplay", w.variant = "four";
  return makeBackend("eigen", w);
}

// Layout logits whose softmax at every unseen piece's place is `probabilities(point)`.
template <class Probabilities>
std::vector<float> identityErrorLogits(const FourObservation& obs, Probabilities probabilities) {
  std::vector<float> layout(kFourGridPlaces * kPieceTypes, 0.0f);
  for (Square p{}; p < kCrossPoints; ++p) {
    if (obs.armyAt(p) < 0 || obs.typeAt(p)) continue;
    const auto q = probabilities(p);
    for (int t = 0; t < kPieceTypes; ++t)
      layout[static_cast<std::size_t>(fourPlace(obs.army(), p) * kPieceTypes + t)] =
          static_cast<float>(std::log(std::max(q[static_cast<std::size_t>(t)], 1e-30)));
  }
  return layout;
}

TEST(FourIdentityError, OnePieceByHand) {
  std::array<double, kPieceTypes> uniform;
  uniform.fill(1.0 / 12);
  IdentityMarginals flag{};
  flag[typeIndex(PieceType::Flag)] = 1;
  // |1/12 - 1| once and |1/12 - 0| eleven times, over 12 identities.
  EXPECT_NEAR(identityAbsError(uniform, flag), (11.0 / 12 + 11.0 / 12) / 12, 1e-12);
  IdentityMarginals half{};
  half[0] = half[1] = 0.5;
  std::array<double, kPieceTypes> p{};
  p[0] = 1;
  EXPECT_NEAR(identityAbsError(p, half), (0.5 + 0.5) / 12, 1e-12);
}

TEST(FourIdentityError, IntervalHasGamesAsClusters) {
  FourIdentityErrorResult r;
  r.games.resize(2);
  r.games[0].head = 1, r.games[0].pieces = 10;
  r.games[1].head = 3, r.games[1].pieces = 10;
  // mean 4 / 20 = 0.2; clusters' residuals -1 and +1: se = sqrt(2 / 1 x 2) / 20 = 0.1.
  EXPECT_NEAR(r.head().mean, 0.2, 1e-12);
  EXPECT_NEAR(r.head().low, 0.2 - 0.196, 1e-12);
  EXPECT_NEAR(r.head().high, 0.2 + 0.196, 1e-12);
}

// The armies none of whose pieces fought an unseen piece of another army.
bool identityErrorArmyExact(const FourBeliefs& beliefs, int army) {
  for (const FourBeliefs::CoupledBattle& b : beliefs.coupled())
    if (armyOfPiece(b.attacker) == army || armyOfPiece(b.defender) == army) return false;
  return true;
}

// A position of a random game under `own` (`plies` random moves in): the
// tally against FourBeliefs' marginals, piece by piece.
void expectATallyAgainstTheBeliefs(std::uint64_t seed, int plies, bool coupled) {
  const FourGame game = fourgames::randomFourGame(seed, plies, Visibility::Own);
  const FourRuleset& rules = game.rules();
  const FourObservation obs = FourObservation::of(game, game.position().toMove());
  const FourBeliefs beliefs = FourBeliefs::of(obs, rules);
  ASSERT_EQ(beliefs.marginalsExact(), !coupled);
  int unseen = 0, exactPieces = 0;
  double byHand = 0, prior = 0;  // all-zero logits: 1/12 each
  for (Square p{}; p < kCrossPoints; ++p) {
    if (obs.armyAt(p) < 0 || obs.typeAt(p)) continue;
    ++unseen;
    if (!identityErrorArmyExact(beliefs, obs.armyAt(p))) continue;
    ++exactPieces;
    const IdentityMarginals q = beliefs.marginalsAt(p);
    for (int t = 0; t < kPieceTypes; ++t) {
      byHand += std::abs(1.0 / 12 - q[static_cast<std::size_t>(t)]) / 12;
      prior += std::abs(rules.army.counts[static_cast<std::size_t>(t)] / 25.0 - q[static_cast<std::size_t>(t)]) / 12;
    }
  }
  ASSERT_GT(unseen, 50) << "under own: three armies' pieces";
  ASSERT_GT(exactPieces, 0);
  EXPECT_EQ(exactPieces < unseen, coupled);

  IdentityErrorTally exact;  // the head says the exact beliefs: no error
  tallyFourIdentityError(obs, rules, identityErrorLogits(obs, [&](Square p) { return beliefs.marginalsAt(p); }), exact);
  EXPECT_EQ(exact.pieces, exactPieces);
  EXPECT_EQ(exact.inexact, unseen - exactPieces);
  EXPECT_EQ(exact.positions, 1);
  EXPECT_NEAR(exact.head / exact.pieces, 0.0, 1e-6);

  IdentityErrorTally flat;
  tallyFourIdentityError(obs, rules, std::vector<float>(kFourGridPlaces * kPieceTypes, 0.0f), flat);
  EXPECT_NEAR(flat.head, byHand, 1e-6);
  EXPECT_NEAR(flat.prior, prior, 1e-9);
  EXPECT_GT(flat.uniform, 0.0);
}

TEST(FourIdentityError, APositionsTallyComparesEachUnseenPieceWithTheExactBeliefs) {
  expectATallyAgainstTheBeliefs(21, 6, false);
}

// Where the ally and an enemy fought, their pieces' marginals are not exact:
// only the other enemy's are measured. Theirs are: worlds drawn uniformly
// from the consistent ones (sampleWorld, coupled battles kept) give each of
// their pieces' identities with the marginals' frequencies.
TEST(FourIdentityError, OnlyTheArmiesNoCoupledBattleTiesAreMeasured) {
  expectATallyAgainstTheBeliefs(21, 30, true);
  const FourGame game = fourgames::randomFourGame(21, 30, Visibility::Own);
  const FourObservation obs = FourObservation::of(game, game.position().toMove());
  const FourBeliefs beliefs = FourBeliefs::of(obs, game.rules());
  constexpr int kWorlds = 3000;
  std::vector<std::array<int, kPieceTypes>> counts(kCrossPoints);
  Rng rng(5);
  for (int w = 0; w < kWorlds; ++w) {
    const FourPosition world = beliefs.sampleWorld(rng);
    for (Square p{}; p < kCrossPoints; ++p)
      if (!world.isEmpty(p)) ++counts[p][static_cast<std::size_t>(typeIndex(world.typeAt(p)))];
  }
  int checked = 0;
  for (Square p{}; p < kCrossPoints; ++p) {
    if (obs.armyAt(p) < 0 || obs.typeAt(p) || !identityErrorArmyExact(beliefs, obs.armyAt(p))) continue;
    ++checked;
    const IdentityMarginals q = beliefs.marginalsAt(p);
    for (int t = 0; t < kPieceTypes; ++t)  // 5 standard errors at most (0.5 / sqrt(3000) = 0.009 at worst)
      EXPECT_NEAR(counts[p][static_cast<std::size_t>(t)] / double(kWorlds), q[static_cast<std::size_t>(t)], 0.046)
          << "point " << p << " identity " << t;
  }
  EXPECT_GT(checked, 10);
}

// With drawn worlds the pieces left out are measured too, against the
// worlds' frequencies: for a piece of an exact army those are its marginals
// up to the noise, so the flat head's sampled figure lies near the exact one.
TEST(FourIdentityError, DrawnWorldsMeasureThePiecesLeftOut) {
  const FourGame game = fourgames::randomFourGame(21, 30, Visibility::Own);
  const FourObservation obs = FourObservation::of(game, game.position().toMove());
  const std::vector<float> flat(kFourGridPlaces * kPieceTypes, 0.0f);
  IdentityErrorTally without, with;
  tallyFourIdentityError(obs, game.rules(), flat, without);
  tallyFourIdentityError(obs, game.rules(), flat, with, 2000, 3);
  ASSERT_GT(without.inexact, 0);
  EXPECT_EQ(without.sampledPieces, 0);
  EXPECT_EQ(with.sampledPieces, with.inexact);
  EXPECT_EQ(with.pieces, without.pieces);
  EXPECT_EQ(with.head, without.head) << "the exact pieces' figures do not change";
  const double noise = with.sampledNoise / with.sampledPieces;
  EXPECT_GT(noise, 0.0);
  EXPECT_LT(noise, 0.01) << "2000 worlds";
  EXPECT_GT(with.sampledHead / with.sampledPieces, with.sampledUniform / with.sampledPieces)
      << "all twelve identities are further from the worlds than the possible ones";
  IdentityErrorTally again;
  tallyFourIdentityError(obs, game.rules(), flat, again, 2000, 3);
  EXPECT_EQ(again.sampledHead, with.sampledHead) << "the same seed, the same worlds";
}

TEST(FourIdentityError, UnderTeamTheAllysPiecesAreNotMeasured) {
  const FourGame game = fourgames::randomFourGame(22, 20, Visibility::Team);
  const FourObservation obs = FourObservation::of(game, game.position().toMove());
  IdentityErrorTally t;
  tallyFourIdentityError(obs, game.rules(), std::vector<float>(kFourGridPlaces * kPieceTypes, 0.0f), t);
  int enemies = 0;
  for (Square p{}; p < kCrossPoints; ++p)
    enemies += obs.armyAt(p) >= 0 && teamOfArmy(obs.armyAt(p)) != teamOfArmy(obs.army()) &&
               !(obs.flagShown(obs.armyAt(p)) && game.position().typeAt(p) == PieceType::Flag);
  EXPECT_EQ(t.pieces, enemies);
}

TEST(FourIdentityError, TheMeasurementIsTheSameOnAnyThreadsAndRefusesAnotherGamesNetwork) {
  FourIdentityErrorOptions o;
  o.games = 2, o.positionsPerGame = 3, o.maxPlies = 80, o.seed = 4;
  const auto network = identityErrorNetwork(true);
  const FourIdentityErrorResult one = measureFourIdentityError(*network, o);
  o.threads = 2;
  const FourIdentityErrorResult two = measureFourIdentityError(*network, o);
  EXPECT_EQ(one.total.positions, 6);
  EXPECT_GT(one.total.pieces, 0);
  EXPECT_EQ(one.total.head, two.total.head);
  EXPECT_EQ(one.total.pieces, two.total.pieces);
  EXPECT_GT(one.head().mean, 0.0);
  EXPECT_LE(one.head().low, one.head().mean);
  EXPECT_GT(one.uniform().mean, 0.0);
  EXPECT_THROW(measureFourIdentityError(*identityErrorNetwork(false), o), std::invalid_argument);
}

}  // namespace
}  // namespace junqi::nets
