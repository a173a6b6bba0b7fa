// Tests of the rating statistics (arena/ratings.h) and their reports
// (arena/rating_report.h). Expected values are derived by hand in the
// comments from the models' closed forms; simulations use fixed seeds and a
// generator whose output the standard fixes (std::mt19937_64), so every run
// draws the same games.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "arena/rating_report.h"
#include "arena/ratings.h"

namespace junqi {
namespace {

// 400 / ln 10: Elo per natural unit of strength (log-odds).
const double K = 400.0 / std::log(10.0);

// Adds `count` games with `first` moving first and `first` scoring `score`.
void add(std::vector<RatedGame>& games, int first, int second, double score, int count) {
  for (int i = 0; i < count; ++i) games.push_back({first, second, score, -1});
}

// Player a's results against b: wins, draws, losses; all with a first when
// `a_first`, else with b first.
void addResults(std::vector<RatedGame>& games, int a, int b, int wins, int draws, int losses,
                bool a_first) {
  if (a_first) {
    add(games, a, b, 1.0, wins);
    add(games, a, b, 0.5, draws);
    add(games, a, b, 0.0, losses);
  } else {
    add(games, b, a, 0.0, wins);
    add(games, b, a, 0.5, draws);
    add(games, b, a, 1.0, losses);
  }
}

EloFitOptions noPrior() {
  EloFitOptions o;
  o.priorDraws = 0.0;
  o.firstMovePrior = 0.0;
  o.drawPrior = 0.0;
  return o;
}

// A deterministic uniform number in [0, 1) from the standard-defined engine.
double uniform(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

// One outcome (first's score) of Davidson's model with difference d and nu.
double davidsonGame(std::mt19937_64& rng, double d, double nu) {
  const auto p = davidsonProbabilities(d, nu);
  const double u = uniform(rng);
  if (u < p[0]) return 1.0;
  if (u < p[0] + p[1]) return 0.5;
  return 0.0;
}

// One game with expected score `s` for the player of interest and a draw
// probability `draw` (s - draw/2 wins, 1 - s - draw/2 losses).
double scoreGame(std::mt19937_64& rng, double s, double draw) {
  const double u = uniform(rng);
  const double win = s - draw / 2.0;
  if (u < win) return 1.0;
  if (u < win + draw) return 0.5;
  return 0.0;
}

// ===========================================================================
// Conversions, LOS, head-to-head intervals

TEST(EloConversion, LogisticFormulaBothWays) {
  EXPECT_DOUBLE_EQ(eloFromScore(0.5), 0.0);
  // 10^(400/400) = 10: a 400 Elo edge scores 10/11.
  EXPECT_NEAR(scoreFromElo(400.0), 10.0 / 11.0, 1e-15);
  EXPECT_NEAR(eloFromScore(10.0 / 11.0), 400.0, 1e-9);
  // 0.75 = 3 : 1 odds, 400 log10(3) = 190.8485...
  EXPECT_NEAR(eloFromScore(0.75), 190.84850188786498, 1e-9);
  EXPECT_NEAR(eloFromScore(0.25), -190.84850188786498, 1e-9);
  for (double e : {-700.0, -35.5, 0.1, 123.4, 1000.0}) EXPECT_NEAR(eloFromScore(scoreFromElo(e)), e, 1e-8);
  EXPECT_EQ(eloFromScore(1.0), std::numeric_limits<double>::infinity());
  EXPECT_EQ(eloFromScore(0.0), -std::numeric_limits<double>::infinity());
}

TEST(Los, KnownValues) {
  // Equal wins and losses: no evidence either way.
  EXPECT_DOUBLE_EQ(likelihoodOfSuperiority(10, 10), 0.5);
  EXPECT_DOUBLE_EQ(likelihoodOfSuperiority(0, 0), 0.5);
  // (W - L) / sqrt(W + L) = 20 / 10 = 2 standard deviations: Phi(2) = 0.97725.
  EXPECT_NEAR(likelihoodOfSuperiority(60, 40), 0.9772498680518208, 1e-12);
  EXPECT_NEAR(likelihoodOfSuperiority(40, 60), 1.0 - 0.9772498680518208, 1e-12);
  // 5 : 0 is sqrt(5) = 2.236 standard deviations: Phi(2.236) = 0.98733.
  EXPECT_NEAR(likelihoodOfSuperiority(5, 0), 0.9873263406612658, 1e-12);
  EXPECT_NEAR(losFromDifference(1.959963984540054, 1.0), 0.975, 1e-12);
  EXPECT_DOUBLE_EQ(losFromDifference(3.0, 0.0), 1.0);
}

TEST(Trinomial, EloAndIntervalByHand) {
  // 60 wins, 20 draws, 20 losses: score 0.7, Elo 400 log10(0.7 / 0.3) = 147.19.
  // Per-game variance: 0.6 * 0.3^2 + 0.2 * 0.2^2 + 0.2 * 0.7^2 = 0.16, so the
  // standard error of the score is sqrt(0.16 / 100) = 0.04, and the interval
  // is Elo(0.7 -+ 1.96 * 0.04) = [86.225, 218.252].
  const Trinomial t{60, 20, 20};
  EXPECT_DOUBLE_EQ(t.score(), 0.7);
  EXPECT_NEAR(trinomialScoreStdError(t), 0.04, 1e-15);
  const Interval e = trinomialElo(t);
  EXPECT_NEAR(e.estimate, 147.19071411783776, 1e-9);
  EXPECT_NEAR(e.low, 86.22501520030423, 1e-9);
  EXPECT_NEAR(e.high, 218.25177764107482, 1e-9);
  // A perfect score has an infinite estimate; no games give NaN.
  EXPECT_TRUE(std::isinf(trinomialElo(Trinomial{5, 0, 0}).estimate));
  EXPECT_TRUE(std::isnan(trinomialElo(Trinomial{}).estimate));
}

TEST(Trinomial, AddCountsEachScoreAndRejectsOthers) {
  Trinomial t;
  for (const double score : {1.0, 1.0, 0.5, 0.0, 1.0}) t.add(score);
  EXPECT_EQ(t.wins, 3);
  EXPECT_EQ(t.draws, 1);
  EXPECT_EQ(t.losses, 1);
  EXPECT_THROW(t.add(0.25), std::invalid_argument);
  EXPECT_THROW(t.add(-1.0), std::invalid_argument);
  EXPECT_EQ(t.games(), 5);  // a rejected score counts nothing
}

TEST(Trinomial, IntervalShrinksLikeOneOverSqrtN) {
  // The score's standard error at a fixed score is sqrt(var / n): 4x the games
  // halve it, 16x quarter it.
  const double se1 = trinomialScoreStdError(Trinomial{30, 40, 30});
  const double se4 = trinomialScoreStdError(Trinomial{120, 160, 120});
  const double se16 = trinomialScoreStdError(Trinomial{480, 640, 480});
  EXPECT_NEAR(se4 / se1, 0.5, 1e-12);
  EXPECT_NEAR(se16 / se1, 0.25, 1e-12);
  // Around score 0.5 the Elo interval is symmetric and scales the same way to
  // first order.
  const Interval a = trinomialElo(Trinomial{300, 400, 300});
  const Interval b = trinomialElo(Trinomial{1200, 1600, 1200});
  EXPECT_NEAR(a.high, -a.low, 1e-9);
  EXPECT_NEAR(b.high / a.high, 0.5, 0.01);
}

TEST(Pentanomial, EloAndIntervalByHand) {
  // Pairs 5, 10, 20, 10, 5 at pair-mean scores 0, 1/4, 1/2, 3/4, 1: mean 1/2,
  // variance (2 * 5 * 0.25 + 2 * 10 * 0.0625) / 50 = 0.075, standard error
  // sqrt(0.075 / 50) = 0.0387298.
  Pentanomial p;
  p.counts = {5, 10, 20, 10, 5};
  EXPECT_EQ(p.pairs(), 50);
  EXPECT_DOUBLE_EQ(p.score(), 0.5);
  EXPECT_NEAR(pentanomialScoreStdError(p), std::sqrt(0.075 / 50.0), 1e-15);
  const Interval e = pentanomialElo(p);
  EXPECT_NEAR(e.estimate, 0.0, 1e-12);
  EXPECT_NEAR(e.high, eloFromScore(0.5 + kZ95 * std::sqrt(0.075 / 50.0)), 1e-9);
  EXPECT_NEAR(e.low, -e.high, 1e-9);
}

TEST(Pentanomial, CountsFromGamePairs) {
  std::vector<RatedGame> games;
  // Pair 0: A (0) wins as first, loses as second: pair score 1 -> counts[2].
  games.push_back({0, 1, 1.0, 0});
  games.push_back({1, 0, 1.0, 0});
  // Pair 1: A wins both: 2 -> counts[4].
  games.push_back({0, 1, 1.0, 1});
  games.push_back({1, 0, 0.0, 1});
  // Pair 2: a draw and a win for A: 1.5 -> counts[3].
  games.push_back({1, 0, 0.5, 2});
  games.push_back({0, 1, 1.0, 2});
  // Pair 3: only one game: unpaired. A game with no pair: unpaired.
  games.push_back({0, 1, 0.0, 3});
  games.push_back({0, 1, 0.5, -1});
  // Pair 4: A first twice: not a seat-swapped pair.
  games.push_back({0, 1, 0.0, 4});
  games.push_back({0, 1, 0.0, 4});
  // A game of other players is ignored.
  games.push_back({2, 1, 1.0, 5});
  const PairCounts pc = pentanomialCounts(games, 0, 1);
  EXPECT_EQ(pc.penta.counts, (std::array<std::int64_t, 5>{0, 0, 1, 1, 1}));
  EXPECT_EQ(pc.unpaired, 4);
  // From B's side the pairs mirror.
  EXPECT_EQ(pentanomialCounts(games, 1, 0).penta.counts, (std::array<std::int64_t, 5>{1, 1, 1, 0, 0}));
  const Trinomial t = trinomialCounts(games, 0, 1);
  EXPECT_EQ(t.wins, 4);
  EXPECT_EQ(t.draws, 2);
  EXPECT_EQ(t.losses, 4);
}

TEST(Pentanomial, SeatSwappedPairsRemoveLayoutNoise) {
  // Every pair split 1-1 (each side wins its Red game): per-pair score is
  // exactly 1/2, so the pentanomial standard error is 0, while counted as
  // single games (50% wins, 50% losses) the trinomial one is 0.5 / sqrt(n).
  Pentanomial p;
  p.counts = {0, 0, 100, 0, 0};
  const Trinomial t{100, 0, 100};
  EXPECT_EQ(pentanomialScoreStdError(p), 0.0);
  EXPECT_NEAR(trinomialScoreStdError(t), 0.5 / std::sqrt(200.0), 1e-15);
  EXPECT_DOUBLE_EQ(p.score(), t.score());

  // With independent games the two agree: the per-pair mean of two
  // independent games has half a game's variance, per pair, so the standard
  // errors of the mean score match (up to sampling noise).
  std::mt19937_64 rng(7);
  Trinomial tri;
  Pentanomial penta;
  for (int i = 0; i < 20000; ++i) {
    double pair = 0.0;
    for (int g = 0; g < 2; ++g) {
      const double s = scoreGame(rng, 0.55, 0.3);
      pair += s;
      tri.wins += s == 1.0;
      tri.draws += s == 0.5;
      tri.losses += s == 0.0;
    }
    ++penta.counts[static_cast<size_t>(2.0 * pair)];
  }
  EXPECT_DOUBLE_EQ(tri.score(), penta.score());
  EXPECT_NEAR(pentanomialScoreStdError(penta) / trinomialScoreStdError(tri), 1.0, 0.03);
}

// ===========================================================================
// The tournament fit

TEST(EloFit, TwoPlayersClosedForm) {
  // 60 wins, 20 draws, 20 losses for player 0, no first-move parameter, no
  // priors. Davidson's model with two players and three outcomes is
  // saturated, so the MLE reproduces the frequencies:
  //   e^(d/2) : nu : e^(-d/2) = 60 : 20 : 20  =>  d = ln 3, nu = 20 / sqrt(60 * 20) = 1 / sqrt 3.
  // Reported: scale(nu) = K * 2 / (2 + nu) = 173.7178 * 0.77599 = 134.8034,
  // difference D = 134.8034 * ln 3 = 148.0967 (the logistic Elo of a 0.7
  // score is 147.19: the scale matches it closely). Mean anchor: +-74.0483.
  //
  // Interval: per game the information in (d, ln nu) is, with p = (0.6, 0.2,
  // 0.2): I_dd = (pw + pl) / 4 - (pw - pl)^2 / 4 = 0.16,
  // I_d,lnnu = -(pw - pl) pd / 2 = -0.04, I_lnnu,lnnu = pd (1 - pd) = 0.16.
  // Times 100 games, inverted: var(d) = var(ln nu) = 1/15, cov = 1/60
  // (var(d) = 1/(N pw) + 1/(N pl) = 1/15 as the delta method on ln(W / L)
  // gives). D = scale(nu) d, with dD/dd = 134.8034 and
  // dD/dln nu = d * scale'(nu) nu = -d K 2 nu / (2 + nu)^2 = -33.1750, so
  // var(D) = 134.8034^2 / 15 + 2 * 134.8034 * (-33.1750) / 60 + 33.1750^2 / 15
  //        = 33.7011^2; each player's sd is half of it: 16.8506.
  std::vector<RatedGame> games;
  addResults(games, 0, 1, 60, 20, 20, true);
  EloFitOptions o = noPrior();
  o.firstMoveAdvantage = false;
  const EloFit fit = fitElo(2, games, o);
  ASSERT_TRUE(fit.converged);
  EXPECT_NEAR(fit.drawNu.estimate, 1.0 / std::sqrt(3.0), 1e-9);
  EXPECT_NEAR(fit.scale, 134.80340242300193, 1e-7);
  EXPECT_NEAR(fit.players[0].elo, 74.04833722809119, 1e-6);
  EXPECT_NEAR(fit.players[1].elo, -74.04833722809119, 1e-6);
  EXPECT_NEAR(fit.players[0].stddev, 16.850562041948255, 1e-6);
  EXPECT_NEAR(fit.players[1].stddev, 16.850562041948255, 1e-6);
  EXPECT_NEAR(fit.players[0].low, 74.04833722809119 - kZ95 * 16.850562041948255, 1e-5);
  EXPECT_NEAR(fit.players[0].high, 74.04833722809119 + kZ95 * 16.850562041948255, 1e-5);
  EXPECT_NEAR(eloDifferenceStdError(fit, 0, 1), 33.70112408389651, 1e-6);
  // The draw parameter's interval: exp(ln nu -+ 1.96 sqrt(1/15)).
  EXPECT_NEAR(fit.drawNu.low, std::exp(std::log(1.0 / std::sqrt(3.0)) - kZ95 / std::sqrt(15.0)), 1e-7);
  EXPECT_NEAR(fit.drawNu.high, std::exp(std::log(1.0 / std::sqrt(3.0)) + kZ95 / std::sqrt(15.0)), 1e-7);
  EXPECT_EQ(fit.players[0].wins, 60);
  EXPECT_EQ(fit.players[1].wins, 20);
  EXPECT_EQ(fit.players[0].draws, 20);
  EXPECT_DOUBLE_EQ(fit.players[0].points, 70.0);
  // The log-likelihood at the optimum: 100 * sum p ln p with p = (.6, .2, .2).
  EXPECT_NEAR(fit.logLikelihood, 100.0 * (0.6 * std::log(0.6) + 0.4 * std::log(0.2)), 1e-8);
  // LOS of 0 over 1: Phi(148.0967 / 33.7011).
  EXPECT_NEAR(likelihoodOfSuperiority(fit, 0, 1), normalCdf(148.09667445618237 / 33.70112408389651), 1e-7);

  // With the raw scale (no logistic matching) the difference is K ln 3.
  o.logisticScale = false;
  const EloFit raw = fitElo(2, games, o);
  EXPECT_NEAR(raw.players[0].elo - raw.players[1].elo, K * std::log(3.0), 1e-6);
}

TEST(EloFit, SeatBalancedGamesGiveNoFirstMoveAdvantage) {
  // The same 60/20/20 split evenly over the seats: the first mover scores
  // exactly half, so eta = 0 and the ratings equal the closed form above.
  std::vector<RatedGame> games;
  addResults(games, 0, 1, 30, 10, 10, true);
  addResults(games, 0, 1, 30, 10, 10, false);
  const EloFit fit = fitElo(2, games, noPrior());
  ASSERT_TRUE(fit.converged);
  EXPECT_NEAR(fit.firstMoveElo.estimate, 0.0, 1e-7);
  EXPECT_NEAR(fit.players[0].elo, 74.04833722809119, 1e-6);
  EXPECT_LT(fit.firstMoveElo.low, 0.0);
  EXPECT_GT(fit.firstMoveElo.high, 0.0);
}

TEST(EloFit, FirstMoveAdvantageClosedForm) {
  // A moves first: 40 wins, 20 draws, 10 losses = 4 : 2 : 1 = e^(d1/2) : nu : e^(-d1/2)
  // with d1 = ln 4, nu = 1. A moves second: 30 : 30 : 30, so d2 = 0, nu = 1.
  // With d1 = theta_A - theta_B + eta and d2 = theta_A - theta_B - eta (A's
  // view): theta_A - theta_B = eta = ln 2, and both rows are fitted exactly.
  // Reported on scale(1) = K * 2 / 3 = 115.8119: A - B = first-move advantage
  // = 115.8119 * ln 2 = 80.2747 Elo.
  std::vector<RatedGame> games;
  addResults(games, 0, 1, 40, 20, 10, true);
  addResults(games, 0, 1, 30, 30, 30, false);
  const EloFit fit = fitElo(2, games, noPrior());
  ASSERT_TRUE(fit.converged);
  EXPECT_NEAR(fit.drawNu.estimate, 1.0, 1e-9);
  EXPECT_NEAR(fit.players[0].elo - fit.players[1].elo, 80.27466551039498, 1e-6);
  EXPECT_NEAR(fit.firstMoveElo.estimate, 80.27466551039498, 1e-6);
  EXPECT_GT(fit.firstMoveElo.low, 0.0);  // clearly present in 160 games
  // Ignoring the seats, A scored 105/160 and the fit without the parameter
  // differs from the one with it.
  EloFitOptions o = noPrior();
  o.firstMoveAdvantage = false;
  const EloFit plain = fitElo(2, games, o);
  EXPECT_EQ(plain.firstMoveElo.estimate, 0.0);
  EXPECT_GT(std::abs(plain.players[0].elo - plain.players[1].elo - 80.27466551039498), 1.0);
}

TEST(EloFit, ChainOfThreeClosedFormAndAnchor) {
  // A-B: 40 wins, 20 draws, 10 losses for A (d = ln 4, nu = 20 / sqrt(400) = 1);
  // B-C: 90, 30, 10 for B (d = ln 9, nu = 30 / sqrt(900) = 1). A and C never
  // meet, both pairs are fitted exactly with the common nu = 1, so with C
  // anchored at 1000 and scale(1) = 115.8119:
  //   B = 1000 + 115.8119 ln 9 = 1254.4647,  A = 1000 + 115.8119 ln 36 = 1415.0140.
  std::vector<RatedGame> games;
  addResults(games, 0, 1, 40, 20, 10, true);
  addResults(games, 1, 2, 90, 30, 10, true);
  EloFitOptions o = noPrior();
  o.firstMoveAdvantage = false;
  o.anchor = 2;
  o.anchorElo = 1000.0;
  const EloFit fit = fitElo(3, games, o);
  ASSERT_TRUE(fit.converged);
  EXPECT_NEAR(fit.players[2].elo, 1000.0, 1e-12);
  EXPECT_NEAR(fit.players[1].elo, 1254.46466918382, 1e-6);
  EXPECT_NEAR(fit.players[0].elo, 1415.01400020461, 1e-6);
  // The anchor is exact: a zero-width interval.
  EXPECT_EQ(fit.players[2].low, 1000.0);
  EXPECT_EQ(fit.players[2].high, 1000.0);
  EXPECT_GT(fit.players[0].stddev, fit.players[1].stddev);  // two links from the anchor

  // Anchoring at the mean moves every rating by the same amount, and the
  // standard error of any difference does not depend on the anchor.
  o.anchor = -1;
  o.anchorElo = 0.0;
  const EloFit mean = fitElo(3, games, o);
  EXPECT_NEAR(mean.players[0].elo + mean.players[1].elo + mean.players[2].elo, 0.0, 1e-8);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      EXPECT_NEAR(mean.players[i].elo - mean.players[j].elo, fit.players[i].elo - fit.players[j].elo, 1e-6);
      EXPECT_NEAR(eloDifferenceStdError(mean, i, j), eloDifferenceStdError(fit, i, j), 1e-6);
    }
  // With the anchor at C, a player's standard error is that of its difference to C.
  EXPECT_NEAR(fit.players[0].stddev, eloDifferenceStdError(mean, 0, 2), 1e-6);
}

TEST(EloFit, NoDrawsIsBradleyTerryAndMatchesTheLogisticFormula) {
  // 30 wins, 10 losses, no draws: nu is held at 0 (Bradley-Terry), d = ln 3 =
  // logit(0.75), so the difference is eloFromScore(0.75) = 190.8485, with
  // var(d) = 1 / (N p (1 - p)) = 1 / 7.5: sd = K / sqrt(7.5) = 63.4328.
  std::vector<RatedGame> games;
  addResults(games, 0, 1, 30, 0, 10, true);
  EloFitOptions o = noPrior();
  o.firstMoveAdvantage = false;
  const EloFit fit = fitElo(2, games, o);
  ASSERT_TRUE(fit.converged);
  EXPECT_EQ(fit.drawNu.estimate, 0.0);
  EXPECT_NEAR(fit.players[0].elo - fit.players[1].elo, eloFromScore(0.75), 1e-7);
  EXPECT_NEAR(eloDifferenceStdError(fit, 0, 1), 63.43276915691471, 1e-6);
}

TEST(EloFit, CycleOfThreeIsEqual) {
  // A beats B, B beats C, C beats A, each 14 - 6 over 20 games with seats
  // balanced (7 - 3 with each player first). Every player scores 20 of 40 and
  // the first mover 30 of 60: by symmetry all ratings are equal (0 around the
  // mean), as are their intervals, and the first-move advantage is 0.
  std::vector<RatedGame> games;
  for (int a = 0; a < 3; ++a) {
    const int b = (a + 1) % 3;
    addResults(games, a, b, 7, 0, 3, true);
    addResults(games, a, b, 7, 0, 3, false);
  }
  const EloFit fit = fitElo(3, games, noPrior());
  ASSERT_TRUE(fit.converged);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(fit.players[i].elo, 0.0, 1e-8);
    EXPECT_NEAR(fit.players[i].stddev, fit.players[0].stddev, 1e-8);
    EXPECT_GT(fit.players[i].stddev, 0.0);
  }
  EXPECT_NEAR(fit.firstMoveElo.estimate, 0.0, 1e-8);
}

TEST(EloFit, SymmetricTableGivesEqualElo) {
  // Four players, every pair 6 wins, 4 draws, 6 losses with seats balanced.
  std::vector<RatedGame> games;
  for (int a = 0; a < 4; ++a)
    for (int b = a + 1; b < 4; ++b) {
      addResults(games, a, b, 3, 2, 3, true);
      addResults(games, a, b, 3, 2, 3, false);
    }
  const EloFit fit = fitElo(4, games);  // default priors: symmetric, no effect
  ASSERT_TRUE(fit.converged);
  for (const PlayerRating& p : fit.players) {
    EXPECT_NEAR(p.elo, 0.0, 1e-8);
    EXPECT_NEAR(p.stddev, fit.players[0].stddev, 1e-8);
  }
  // 24 of 96 games drawn: nu = 24 / 36 under equal strengths; with the one
  // virtual game of the draw prior (1/3 drawn, nu = 1) a little higher.
  EXPECT_GT(fit.drawNu.estimate, 24.0 / 36.0);
  EXPECT_LT(fit.drawNu.estimate, 0.7);
}

TEST(EloFit, IntervalShrinksLikeOneOverSqrtN) {
  // Multiplying every count by 4 keeps the MLE and multiplies the information
  // by 4: standard errors halve exactly; by 16, they quarter.
  auto table = [](int k) {
    std::vector<RatedGame> games;
    addResults(games, 0, 1, 5 * k, 3 * k, 2 * k, true);
    addResults(games, 0, 1, 4 * k, 2 * k, 4 * k, false);
    addResults(games, 1, 2, 6 * k, 2 * k, 2 * k, true);
    addResults(games, 2, 0, 3 * k, 3 * k, 4 * k, false);
    return games;
  };
  const EloFit f1 = fitElo(3, table(1), noPrior());
  const EloFit f4 = fitElo(3, table(4), noPrior());
  const EloFit f16 = fitElo(3, table(16), noPrior());
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(f4.players[i].elo, f1.players[i].elo, 1e-6);
    EXPECT_NEAR(f4.players[i].stddev / f1.players[i].stddev, 0.5, 1e-7);
    EXPECT_NEAR(f16.players[i].stddev / f1.players[i].stddev, 0.25, 1e-7);
    EXPECT_NEAR((f16.players[i].high - f16.players[i].low) / (f1.players[i].high - f1.players[i].low), 0.25, 1e-7);
  }
  // With the default (weak) priors the shrinking is close to, not exactly, 1/sqrt(n).
  const EloFit p1 = fitElo(3, table(4));
  const EloFit p16 = fitElo(3, table(64));
  EXPECT_NEAR(p16.players[0].stddev / p1.players[0].stddev, 0.25, 0.02);
}

TEST(EloFit, IntervalsCoverTheTruthInSimulatedTournaments) {
  // 150 round robins of four players drawn from Davidson's model (strengths
  // 0.6, 0.2, -0.1, -0.7, first-move eta = 0.25, nu = 0.8), 40 games per pair
  // with seats alternating. The 95% intervals (mean anchor) should cover the
  // true reported ratings scale(nu) * (theta_i - mean) about 95% of the time.
  const std::vector<double> theta = {0.6, 0.2, -0.1, -0.7};
  const double eta = 0.25, nu = 0.8;
  const double scale = K * 2.0 / (2.0 + nu);
  const double mean = (0.6 + 0.2 - 0.1 - 0.7) / 4.0;
  std::mt19937_64 rng(2024);
  int covered = 0, total = 0, fm_covered = 0, nu_covered = 0;
  const int tournaments = 150;
  for (int t = 0; t < tournaments; ++t) {
    std::vector<RatedGame> games;
    for (int a = 0; a < 4; ++a)
      for (int b = a + 1; b < 4; ++b)
        for (int g = 0; g < 40; ++g) {
          const int first = g % 2 == 0 ? a : b;
          const int second = first == a ? b : a;
          games.push_back({first, second, davidsonGame(rng, theta[first] - theta[second] + eta, nu), g / 2});
        }
    const EloFit fit = fitElo(4, games);
    ASSERT_TRUE(fit.converged);
    for (int i = 0; i < 4; ++i) {
      const double truth = scale * (theta[i] - mean);
      covered += fit.players[i].low <= truth && truth <= fit.players[i].high;
      ++total;
    }
    fm_covered += fit.firstMoveElo.low <= scale * eta && scale * eta <= fit.firstMoveElo.high;
    nu_covered += fit.drawNu.low <= nu && nu <= fit.drawNu.high;
  }
  const double rate = static_cast<double>(covered) / total;
  EXPECT_GT(rate, 0.91);
  EXPECT_LT(rate, 0.985);
  EXPECT_GT(fm_covered, 0.88 * tournaments);
  EXPECT_GT(nu_covered, 0.88 * tournaments);
}

TEST(EloFit, UnbeatenPlayerIsFiniteWithThePrior) {
  // Player 0 wins all 10 games: no MLE. One virtual draw per player against
  // the mean keeps the ratings finite; the winner stays on top.
  std::vector<RatedGame> games;
  addResults(games, 0, 1, 5, 0, 0, true);
  addResults(games, 0, 1, 5, 0, 0, false);
  addResults(games, 1, 2, 3, 4, 3, true);
  const EloFit fit = fitElo(3, games);
  ASSERT_TRUE(fit.converged);
  for (const PlayerRating& p : fit.players) {
    EXPECT_TRUE(std::isfinite(p.elo));
    EXPECT_TRUE(std::isfinite(p.low) && std::isfinite(p.high));
  }
  EXPECT_GT(fit.players[0].elo, fit.players[1].elo + 100.0);
  EXPECT_LT(fit.players[0].elo - fit.players[1].elo, 1500.0);

  // Without any prior the MLE diverges: the fit stops at the bound and says so.
  EloFitOptions o = noPrior();
  const EloFit bare = fitElo(3, games, o);
  EXPECT_FALSE(bare.converged);
  EXPECT_GT(bare.players[0].elo - bare.players[1].elo, 2000.0);
}

TEST(EloFit, PlayersWithoutGamesAndSinglePlayer) {
  std::vector<RatedGame> games;
  addResults(games, 0, 2, 6, 2, 2, true);
  const EloFit fit = fitElo(3, games, noPrior());
  EXPECT_TRUE(std::isnan(fit.players[1].elo));
  EXPECT_TRUE(std::isnan(fit.players[1].low));
  EXPECT_EQ(fit.players[1].games, 0);
  EXPECT_NEAR(fit.players[0].elo, -fit.players[2].elo, 1e-9);  // mean of rated players
  EXPECT_GT(fit.players[0].elo, 0.0);
  EXPECT_TRUE(std::isnan(eloDifferenceStdError(fit, 0, 1)));

  const EloFit one = fitElo(1, {});
  ASSERT_EQ(one.players.size(), 1u);
  EXPECT_EQ(one.players[0].elo, 0.0);
  EXPECT_EQ(one.players[0].low, 0.0);
  EXPECT_EQ(one.players[0].high, 0.0);

  const EloFit none = fitElo(2, {});
  EXPECT_TRUE(std::isnan(none.players[0].elo));
}

TEST(EloFit, RejectsBadInput) {
  std::vector<RatedGame> bad_score = {{0, 1, 0.3, -1}};
  EXPECT_THROW(fitElo(2, bad_score), std::invalid_argument);
  std::vector<RatedGame> self = {{1, 1, 1.0, -1}};
  EXPECT_THROW(fitElo(2, self), std::invalid_argument);
  std::vector<RatedGame> range = {{0, 2, 1.0, -1}};
  EXPECT_THROW(fitElo(2, range), std::invalid_argument);
  std::vector<RatedGame> ok = {{0, 1, 1.0, -1}, {1, 0, 1.0, -1}};
  EloFitOptions o;
  o.anchor = 2;
  EXPECT_THROW(fitElo(3, ok, o), std::invalid_argument);  // anchor without games
  o.anchor = 5;
  EXPECT_THROW(fitElo(3, ok, o), std::invalid_argument);  // out of range
  // Two separate groups: without the prior the gap between them is unknown.
  std::vector<RatedGame> split;
  addResults(split, 0, 1, 3, 2, 1, true);
  addResults(split, 2, 3, 1, 2, 3, true);
  EXPECT_THROW(fitElo(4, split, noPrior()), std::invalid_argument);
  const EloFit joined = fitElo(4, split);  // the prior links them through the mean
  EXPECT_TRUE(joined.converged);
  EXPECT_GT(joined.players[0].elo, joined.players[1].elo);
  EXPECT_LT(joined.players[2].elo, joined.players[3].elo);
}

// Every number of a fit, to `digits` significant digits.
std::string fitNumbers(const EloFit& fit, int digits = 12) {
  const auto number = [digits](double v) { return fmt::format("{:.{}g}", v, digits); };
  std::string out;
  for (const PlayerRating& p : fit.players)
    out += fmt::format("{} {} {} {} {} {} {} {} {}\n", p.games, p.wins, p.draws, p.losses, number(p.points),
                       number(p.elo), number(p.low), number(p.high), number(p.stddev));
  for (const auto& row : fit.covariance) {
    for (const double c : row) out += number(c) + " ";
    out += "\n";
  }
  out += fmt::format("{} {} {} {} {} {} {} {} {} {} {} {} {}\n", fit.anchor, number(fit.anchorElo),
                     number(fit.firstMoveElo.estimate), number(fit.firstMoveElo.low), number(fit.firstMoveElo.high),
                     number(fit.drawNu.estimate), number(fit.drawNu.low), number(fit.drawNu.high), number(fit.scale),
                     number(fit.logLikelihood), fit.games, fit.iterations, fit.converged);
  return out;
}

// A small uneven table: four players (and a fifth without games), all seats, some draws.
std::vector<RatedGame> unevenTable() {
  std::vector<RatedGame> games;
  addResults(games, 0, 1, 5, 2, 3, true);
  addResults(games, 1, 0, 2, 1, 4, true);
  addResults(games, 1, 2, 4, 3, 1, true);
  addResults(games, 2, 3, 3, 0, 2, false);
  addResults(games, 3, 0, 1, 1, 5, true);
  addResults(games, 0, 2, 6, 0, 1, false);
  return games;
}

// The fits' numbers as they were before fitElo was broken into steps: a
// refactoring must not change them.
TEST(EloFit, PinnedNumbersOfThreeFits) {
  const std::vector<RatedGame> games = unevenTable();
  const EloFit byDefault = fitElo(5, games);
  EloFitOptions anchored;
  anchored.anchor = 1;
  anchored.anchorElo = 1500;
  anchored.logisticScale = false;
  EloFitOptions plain = noPrior();
  plain.firstMoveAdvantage = false;
  EXPECT_EQ(fitNumbers(byDefault),
            "31 20 4 7 22 136.580482784 32.3151923153 240.845773253 53.1975542872\n"
            "25 9 6 10 12 51.4896720133 -57.8368337778 160.816177804 55.7798544532\n"
            "20 5 3 12 6.5 -95.2857367722 -215.442883688 24.8714101439 61.3057933023\n"
            "12 3 1 8 3.5 -92.784418025 -260.136363694 74.5675276443 85.385214723\n"
            "0 0 0 0 0 nan nan nan nan\n"
            "2829.97978214 468.442686741 -940.135389362 -2358.28707952 nan \n"
            "468.442686741 3111.39216282 -732.875969423 -2846.95888014 nan \n"
            "-940.135389362 -732.875969423 3758.40029242 -2085.38893364 nan \n"
            "-2358.28707952 -2846.95888014 -2085.38893364 7290.6348933 nan \n"
            "nan nan nan nan nan \n"
            "-1 0 -26.5662508592 -142.668608298 89.5361065793 0.447021044074 0.198871160667 1.00481041683 141.983080351 -39.7887881042 44 4 true\n");
  EXPECT_EQ(fitNumbers(fitElo(5, games, anchored)),
            "31 20 4 7 22 1610.45006237 1444.18374034 1776.71638441 84.8313149345\n"
            "25 9 6 10 12 1500 1500 1500 0\n"
            "20 5 3 12 6.5 1329.71486868 1116.78422712 1542.64551024 108.640078716\n"
            "12 3 1 8 3.5 1337.92917404 1044.93903991 1630.91930818 149.487509182\n"
            "0 0 0 0 0 nan nan nan nan\n"
            "7196.35199351 0 3015.97139421 3801.56431683 nan \n"
            "0 0 0 0 nan \n"
            "3015.97139421 0 11802.6667033 5744.82737702 nan \n"
            "3801.56431683 0 5744.82737702 22346.5154016 nan \n"
            "nan nan nan nan nan \n"
            "1 1500 -33.2044856343 -175.466244592 109.057273324 0.445789723825 0.198420869411 1.00155028278 173.717792761 -39.8071724322 44 4 true\n");
  EXPECT_EQ(fitNumbers(fitElo(5, games, plain)),
            "31 20 4 7 22 151.300365309 45.9157826878 256.68494793 53.7686322057\n"
            "25 9 6 10 12 61.6777338816 -53.4394035233 176.794871286 58.7343126266\n"
            "20 5 3 12 6.5 -90.6387607668 -207.133463026 25.8559414928 59.4371647533\n"
            "12 3 1 8 3.5 -122.339338424 -282.591342477 37.9126656295 81.7627289671\n"
            "0 0 0 0 0 nan nan nan nan\n"
            "2891.06580927 580.18260475 -1231.47955225 -2239.76886177 nan \n"
            "580.18260475 3449.71947972 -942.912049882 -3086.99003459 nan \n"
            "-1231.47955225 -942.912049882 3532.77655391 -1358.38495178 nan \n"
            "-2239.76886177 -3086.99003459 -1358.38495178 6685.14384814 nan \n"
            "nan nan nan nan nan \n"
            "-1 0 0 0 0 0.4410259865 0.192274059969 1.01159730439 142.331784849 -39.8520150663 44 4 true\n");
  // An unbeaten player without priors: no maximum, the fit stops at the bound.
  std::vector<RatedGame> unbeaten = games;
  addResults(unbeaten, 4, 0, 3, 0, 0, true);
  addResults(unbeaten, 4, 3, 2, 0, 0, false);
  // Its last digits depend on the compiler's floating-point choices (the
  // optimised and the sanitizer builds differ from the tenth digit): six here.
  EXPECT_EQ(fitNumbers(fitElo(5, unbeaten, noPrior()), 6),
            "34 20 4 10 22 -538.556 -26933 25855.9 13466.8\n"
            "25 9 6 10 12 -625.223 -27019.8 25769.3 13466.9\n"
            "20 5 3 12 6.5 -783.957 -27178.6 25610.7 13466.9\n"
            "14 3 1 10 3.5 -789.139 -27184 25605.7 13467\n"
            "5 5 0 0 5 2736.87 -102840 108314 53866.9\n"
            "1.81355e+08 1.81353e+08 1.81352e+08 1.81349e+08 -7.25409e+08 \n"
            "1.81353e+08 1.81356e+08 1.81352e+08 1.81349e+08 -7.25411e+08 \n"
            "1.81352e+08 1.81352e+08 1.81358e+08 1.8135e+08 -7.25412e+08 \n"
            "1.81349e+08 1.81349e+08 1.8135e+08 1.81361e+08 -7.2541e+08 \n"
            "-7.25409e+08 -7.25411e+08 -7.25412e+08 -7.2541e+08 2.90164e+09 \n"
            "-1 0 -25.0139 -146.294 96.2659 0.442427 0.192802 1.01525 142.25 -39.7701 49 16 false\n");
}

TEST(EloFit, RecoversStrengthsFromManyGames) {
  // 20000 games between three players: the estimates land within their
  // intervals and those are narrow.
  const std::vector<double> theta = {0.5, 0.0, -0.5};
  const double nu = 1.2, eta = 0.1;
  std::mt19937_64 rng(99);
  std::vector<RatedGame> games;
  for (int g = 0; g < 20000; ++g) {
    const int a = g % 3;
    const int b = (a + 1 + (g / 3) % 2) % 3;
    games.push_back({a, b, davidsonGame(rng, theta[a] - theta[b] + eta, nu), -1});
  }
  const EloFit fit = fitElo(3, games);
  const double scale = K * 2.0 / (2.0 + nu);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(fit.players[i].elo, scale * theta[i], 3.0 * fit.players[i].stddev);
    EXPECT_LT(fit.players[i].high - fit.players[i].low, 15.0);
  }
  EXPECT_NEAR(fit.drawNu.estimate, nu, 0.05);
  EXPECT_NEAR(fit.firstMoveElo.estimate, scale * eta, 5.0);
}

// ===========================================================================
// SPRT

TEST(Sprt, BoundsAndDecision) {
  const SprtConfig c{0.0, 5.0, 0.05, 0.05};
  EXPECT_NEAR(c.upperBound(), std::log(19.0), 1e-12);
  EXPECT_NEAR(c.lowerBound(), -std::log(19.0), 1e-12);
  const SprtConfig d{0.0, 5.0, 0.05, 0.10};
  EXPECT_NEAR(d.lowerBound(), std::log(0.10 / 0.95), 1e-12);
  EXPECT_NEAR(d.upperBound(), std::log(0.90 / 0.05), 1e-12);
  EXPECT_EQ(sprtDecide(3.0, c), SprtDecision::kAcceptH1);
  EXPECT_EQ(sprtDecide(-3.0, c), SprtDecision::kAcceptH0);
  EXPECT_EQ(sprtDecide(0.5, c), SprtDecision::kContinue);
}

TEST(Sprt, LlrMatchesBinomialClosedForm) {
  // With no draws the trinomial is a binomial: the constrained MLEs are
  // p_win = s0 and s1, and LLR = W ln(s1 / s0) + L ln((1 - s1) / (1 - s0)).
  // 600 wins, 400 losses, [0, 20]: s1 = 0.528751, LLR = 9.8570. (The empty
  // draw cell holds 1e-3 virtual games, fishtest's regularization, which moves
  // the value by about 1e-3.)
  const Trinomial t{600, 0, 400};
  EXPECT_NEAR(sprtLlr(t, 0.0, 20.0), 9.856996540765785, 2e-3);
  // A pentanomial with only 0-2 and 2-0 pairs is a binomial on pairs.
  Pentanomial p;
  p.counts = {400, 0, 0, 0, 600};
  EXPECT_NEAR(sprtLlr(p, 0.0, 20.0), 9.856996540765785, 5e-3);
  // Symmetric results sit between the hypotheses: LLR is negative for
  // [0, 20] and positive for [-20, 0], with the same magnitude.
  const Trinomial even{500, 300, 500};
  EXPECT_LT(sprtLlr(even, 0.0, 20.0), 0.0);
  EXPECT_NEAR(sprtLlr(even, 0.0, 20.0), -sprtLlr(even, -20.0, 0.0), 1e-9);
}

TEST(Sprt, ExactAndApproximateLlrAgreeOnLargeSamples) {
  const Trinomial t{4300, 3600, 4100};
  const double exact = sprtLlr(t, 0.0, 5.0);
  const double approx = sprtLlrApprox(t, 0.0, 5.0);
  EXPECT_NEAR(approx, exact, 0.02 * std::abs(exact) + 0.01);
  Pentanomial p;
  p.counts = {200, 1100, 2500, 1200, 230};
  EXPECT_NEAR(sprtLlrApprox(p, 0.0, 5.0), sprtLlr(p, 0.0, 5.0), 0.02 * std::abs(sprtLlr(p, 0.0, 5.0)) + 0.01);
  // The status bundles the bounds and the decision.
  const SprtStatus s = sprtStatus(t, SprtConfig{0.0, 5.0, 0.05, 0.05});
  EXPECT_DOUBLE_EQ(s.llr, exact);
  EXPECT_EQ(s.decision, sprtDecide(exact, SprtConfig{0.0, 5.0, 0.05, 0.05}));
}

struct SprtRuns {
  int h0 = 0;
  int h1 = 0;
  double mean_games = 0.0;
};

// Runs of the trinomial SPRT on games with true logistic Elo `elo` and a draw
// rate of 0.3, checking after every game.
SprtRuns simulateTrinomial(double elo, const SprtConfig& c, int runs, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const double s = scoreFromElo(elo);
  SprtRuns out;
  for (int r = 0; r < runs; ++r) {
    Trinomial t;
    for (int g = 0; g < 200000; ++g) {
      const double x = scoreGame(rng, s, 0.3);
      t.wins += x == 1.0;
      t.draws += x == 0.5;
      t.losses += x == 0.0;
      const SprtDecision d = sprtDecide(sprtLlr(t, c.elo0, c.elo1), c);
      if (d == SprtDecision::kContinue) continue;
      (d == SprtDecision::kAcceptH1 ? out.h1 : out.h0)++;
      break;
    }
    out.mean_games += static_cast<double>(t.games()) / runs;
  }
  return out;
}

TEST(Sprt, SimulatedErrorRatesAndPower) {
  // Bounds [0, 20], alpha = beta = 0.05, 1000 runs per truth. The SPRT's
  // error rates should be near alpha and beta; the tolerances allow the
  // binomial noise of 1000 runs (sd 0.007) and the small bias of the
  // generalized SPRT, but not a misplaced bound or an LLR off by a factor of
  // two, which would put the rates near 0.2 or 0.003.
  const SprtConfig c{0.0, 20.0, 0.05, 0.05};
  const int runs = 1000;
  const SprtRuns null = simulateTrinomial(0.0, c, runs, 11);  // equal agents
  const SprtRuns alt = simulateTrinomial(20.0, c, runs, 12);
  const SprtRuns strong = simulateTrinomial(50.0, c, runs, 13);
  EXPECT_EQ(null.h0 + null.h1, runs);
  EXPECT_EQ(alt.h0 + alt.h1, runs);
  const double alpha_hat = static_cast<double>(null.h1) / runs;
  const double beta_hat = static_cast<double>(alt.h0) / runs;
  EXPECT_GT(alpha_hat, 0.01);
  EXPECT_LT(alpha_hat, 0.08);
  EXPECT_GT(beta_hat, 0.01);
  EXPECT_LT(beta_hat, 0.08);
  // Equal agents: H0 in most runs. +50 Elo: H1 in nearly all, and fast.
  EXPECT_GT(null.h0, 0.9 * runs);
  EXPECT_GT(strong.h1, 0.98 * runs);
  EXPECT_LT(strong.mean_games, alt.mean_games / 2.0);
}

// Runs on seat-swapped pairs whose layouts favour the first mover strongly
// (by 2.5 or 1.0 in natural-log odds, half the layouts each; Davidson's model
// with nu = 0.6): the two games of a pair are anti-correlated for a player, which
// the pentanomial SPRT uses and the trinomial one ignores. `edge` is the true
// strength difference (natural units).
SprtRuns simulatePairs(double edge, const SprtConfig& c, bool pentanomial, int runs, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  SprtRuns out;
  for (int r = 0; r < runs; ++r) {
    Trinomial t;
    Pentanomial p;
    for (int pair = 0; pair < 100000; ++pair) {
      const double bias = uniform(rng) < 0.5 ? 2.5 : 1.0;
      const double a_first = davidsonGame(rng, edge + bias, 0.6);         // A is Red
      const double a_second = 1.0 - davidsonGame(rng, -edge + bias, 0.6);  // B is Red
      for (double x : {a_first, a_second}) {
        t.wins += x == 1.0;
        t.draws += x == 0.5;
        t.losses += x == 0.0;
      }
      ++p.counts[static_cast<size_t>(2.0 * (a_first + a_second))];
      const double llr = pentanomial ? sprtLlr(p, c.elo0, c.elo1) : sprtLlr(t, c.elo0, c.elo1);
      const SprtDecision d = sprtDecide(llr, c);
      if (d == SprtDecision::kContinue) continue;
      (d == SprtDecision::kAcceptH1 ? out.h1 : out.h0)++;
      break;
    }
    out.mean_games += static_cast<double>(t.games()) / runs;
  }
  return out;
}

TEST(Sprt, PentanomialUsesThePairsAndKeepsItsErrorRate) {
  // Equal agents (edge 0): the expected score is exactly 1/2. Both tests keep
  // the false-H1 rate near or below alpha; the pentanomial one, seeing the
  // smaller variance of pair scores, decides with clearly fewer games.
  const SprtConfig c{0.0, 20.0, 0.05, 0.05};
  const int runs = 300;
  const SprtRuns penta = simulatePairs(0.0, c, true, runs, 21);
  const SprtRuns tri = simulatePairs(0.0, c, false, runs, 22);
  EXPECT_LT(penta.h1, 0.08 * runs);
  EXPECT_LT(tri.h1, 0.08 * runs);
  EXPECT_GT(penta.h0, 0.9 * runs);
  EXPECT_LT(penta.mean_games, 0.8 * tri.mean_games);
  // A clearly stronger agent (edge 0.4 natural, over 50 Elo in score): H1.
  const SprtRuns strong = simulatePairs(0.4, c, true, runs, 23);
  EXPECT_GT(strong.h1, 0.98 * runs);
}

// ===========================================================================
// Reports

struct Fixture {
  std::vector<std::string> names = {"heuristic", "mcts, 800", "random \"baseline\"", "<idle & away>"};
  std::vector<RatedGame> games;
  EloFit fit;
  RatingTable table;
  Fixture() {
    addResults(games, 0, 1, 6, 3, 3, true);
    addResults(games, 0, 1, 5, 4, 3, false);
    addResults(games, 0, 2, 11, 1, 0, true);
    addResults(games, 1, 2, 9, 2, 1, false);
    fit = fitElo(4, games);  // player 3 has no games
    table = makeRatingTable(names, fit);
  }
};

TEST(RatingReport, TableOrderAndLos) {
  const Fixture f;
  ASSERT_EQ(f.table.rows.size(), 4u);
  EXPECT_EQ(f.table.rows[0].name, "heuristic");
  EXPECT_EQ(f.table.rows[1].name, "mcts, 800");
  EXPECT_EQ(f.table.rows[2].name, "random \"baseline\"");
  EXPECT_EQ(f.table.rows[3].name, "<idle & away>");
  EXPECT_TRUE(std::isnan(f.table.rows[3].elo));
  for (int r = 0; r < 4; ++r) EXPECT_EQ(f.table.rows[r].rank, r + 1);
  EXPECT_NEAR(f.table.rows[0].losNext, likelihoodOfSuperiority(f.fit, 0, 1), 1e-15);
  EXPECT_GT(f.table.rows[0].losNext, 0.5);
  EXPECT_GT(f.table.rows[1].losNext, 0.99);  // 9-2-1 and more
  EXPECT_TRUE(std::isnan(f.table.rows[2].losNext));
  EXPECT_EQ(f.table.rows[0].games, 36);
  EXPECT_EQ(f.table.rows[0].wins, 22);
  EXPECT_DOUBLE_EQ(f.table.rows[0].points, 22 + 8 / 2.0);
  EXPECT_EQ(f.table.games, 48);
  EXPECT_EQ(f.table.anchor, "mean");

  const std::string text = formatRatingTable(f.table);
  EXPECT_NE(text.find("heuristic"), std::string::npos);
  EXPECT_LT(text.find("heuristic"), text.find("mcts, 800"));
  EXPECT_NE(text.find("48 games"), std::string::npos);
  EXPECT_EQ(text.find("nan"), std::string::npos);
  EXPECT_NE(text.find(fmt::format("{:+.1f}", f.table.rows[0].elo)), std::string::npos);
}

void expectSame(double a, double b) {
  if (std::isnan(a)) {
    EXPECT_TRUE(std::isnan(b));
  } else {
    EXPECT_EQ(a, b);
  }
}

void expectSameRows(const std::vector<RatingRow>& a, const std::vector<RatingRow>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].rank, b[i].rank);
    EXPECT_EQ(a[i].player, b[i].player);
    EXPECT_EQ(a[i].name, b[i].name);
    EXPECT_EQ(a[i].games, b[i].games);
    EXPECT_EQ(a[i].wins, b[i].wins);
    EXPECT_EQ(a[i].draws, b[i].draws);
    EXPECT_EQ(a[i].losses, b[i].losses);
    expectSame(a[i].points, b[i].points);
    expectSame(a[i].score, b[i].score);
    expectSame(a[i].elo, b[i].elo);
    expectSame(a[i].low, b[i].low);
    expectSame(a[i].high, b[i].high);
    expectSame(a[i].losNext, b[i].losNext);
  }
}

TEST(RatingReport, JsonRoundTripsTheNumbers) {
  const Fixture f;
  const std::string text = ratingTableToJson(f.table).dump();
  const RatingTable back = ratingTableFromJson(nlohmann::json::parse(text));
  expectSameRows(f.table.rows, back.rows);
  EXPECT_EQ(back.games, f.table.games);
  EXPECT_EQ(back.anchor, f.table.anchor);
  EXPECT_EQ(back.converged, f.table.converged);
  expectSame(back.firstMoveElo.estimate, f.table.firstMoveElo.estimate);
  expectSame(back.firstMoveElo.low, f.table.firstMoveElo.low);
  expectSame(back.drawNu.high, f.table.drawNu.high);
  // The player without games has null Elo in the JSON.
  const auto j = nlohmann::json::parse(text);
  EXPECT_TRUE(j["players"][3]["elo"].is_null());
  EXPECT_DOUBLE_EQ(j["players"][0]["elo"].get<double>(), f.table.rows[0].elo);
}

TEST(RatingReport, CsvRoundTripsTheNumbers) {
  const Fixture f;
  const std::string csv = ratingTableToCsv(f.table);
  EXPECT_EQ(csv.rfind("rank,player,name,games,wins,draws,losses,points,score,elo,low,high,los_next\n", 0), 0u);
  EXPECT_NE(csv.find("\"mcts, 800\""), std::string::npos);
  EXPECT_NE(csv.find("\"random \"\"baseline\"\"\""), std::string::npos);
  expectSameRows(f.table.rows, ratingRowsFromCsv(csv));
  // Windows line ends read the same.
  std::string crlf;
  for (char c : csv) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  expectSameRows(f.table.rows, ratingRowsFromCsv(crlf));
  EXPECT_THROW(ratingRowsFromCsv("rank,player\n1,2\n"), std::invalid_argument);
  EXPECT_THROW(ratingRowsFromCsv(csv + "1,2,\"open\n"), std::invalid_argument);
}

// Checks that every tag opened in `xml` is closed in order; returns the
// number of elements with the given class attribute.
bool balancedTags(const std::string& xml) {
  std::vector<std::string> stack;
  size_t i = 0;
  while ((i = xml.find('<', i)) != std::string::npos) {
    const size_t end = xml.find('>', i);
    if (end == std::string::npos) return false;
    const std::string tag = xml.substr(i + 1, end - i - 1);
    i = end + 1;
    if (tag.empty()) return false;
    if (tag[0] == '/') {
      if (stack.empty() || stack.back() != tag.substr(1)) return false;
      stack.pop_back();
    } else if (tag.back() != '/') {
      stack.push_back(tag.substr(0, tag.find_first_of(" \n\t")));
    }
  }
  return stack.empty();
}

int countOf(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t i = text.find(what); i != std::string::npos; i = text.find(what, i + 1)) ++n;
  return n;
}

TEST(RatingReport, SvgIsWellFormedWithOneBarPerPlayer) {
  const Fixture f;
  const std::vector<SeriesPoint> series = headToHeadEloSeries(f.games, 0, 1, 4);
  ASSERT_EQ(series.size(), 6u);  // 24 games between 0 and 1, every 4th
  EXPECT_EQ(series.back().games, 24.0);
  const Interval last = trinomialElo(trinomialCounts(f.games, 0, 1));
  EXPECT_EQ(series.back().value, last.estimate);
  const std::string svg = ratingSvg(f.table, series, SvgOptions{"Junqi <ratings>", "Head to head", "Elo", 800, 600, {}});
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_EQ(svg.substr(svg.size() - 6), "</svg>");
  EXPECT_TRUE(balancedTags(svg));
  EXPECT_EQ(countOf(svg, "class=\"elo-bar\""), 3);  // three players have games
  EXPECT_EQ(countOf(svg, "class=\"series-line\""), 1);
  EXPECT_EQ(countOf(svg, "class=\"series-band\""), 1);
  // Names and titles are escaped.
  EXPECT_NE(svg.find("Junqi &lt;ratings&gt;"), std::string::npos);
  EXPECT_NE(svg.find("random &quot;baseline&quot;"), std::string::npos);
  EXPECT_EQ(svg.find("<ratings>"), std::string::npos);
  EXPECT_EQ(svg.find("nan"), std::string::npos);
  // No series, infinite points: still well formed.
  const std::vector<SeriesPoint> odd = {{1, std::numeric_limits<double>::infinity(), 0, std::numeric_limits<double>::infinity()},
                                        {2, 0.5, std::numeric_limits<double>::quiet_NaN(), 1.0}};
  for (const std::string& s : {ratingSvg(f.table, {}), ratingSvg(f.table, odd)}) {
    EXPECT_TRUE(balancedTags(s));
    EXPECT_EQ(countOf(s, "class=\"elo-bar\""), 3);
    EXPECT_EQ(s.find("nan"), std::string::npos);
    EXPECT_EQ(s.find("inf"), std::string::npos);
  }
}

TEST(RatingReport, ScoreSeries) {
  std::vector<RatedGame> games = {{0, 1, 1.0, -1}, {1, 0, 0.5, -1}, {2, 1, 1.0, -1}, {0, 2, 0.0, -1}};
  const std::vector<SeriesPoint> s = scoreSeries(games, 0);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].value, 1.0);
  EXPECT_EQ(s[1].value, 0.75);
  EXPECT_EQ(s[2].value, 0.5);
  EXPECT_EQ(s[2].games, 3.0);
  EXPECT_LE(s[2].low, 0.5);
  EXPECT_GE(s[2].high, 0.5);
  EXPECT_GE(s[2].low, 0.0);
  EXPECT_LE(s[2].high, 1.0);
}

}  // namespace
}  // namespace junqi
