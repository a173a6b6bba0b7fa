// The team model (arena/four/team_ratings.h) on simulated data: games drawn from
// known strengths come back with intervals that cover the truth as often as
// they say, and a model that ignored the team's sum would not.
#include <gtest/gtest.h>

#include <cmath>

#include "arena/four/team_ratings.h"
#include "core/random.h"

namespace junqi {
namespace {

// Games between random teams of two (an agent may fill both armies) drawn
// from the model with the given strengths, first-team advantage and nu.
std::vector<TeamGame> simulate(const std::vector<double>& theta, double eta, double nu, int games, Rng& rng) {
  std::vector<TeamGame> out;
  const auto pick = [&] { return static_cast<int>(rng.below(theta.size())); };
  for (int g = 0; g < games; ++g) {
    TeamGame game{{pick(), pick()}, {pick(), pick()}};
    double d = eta;
    for (const int a : game.first) d += theta[static_cast<std::size_t>(a)];
    for (const int b : game.second) d -= theta[static_cast<std::size_t>(b)];
    const double a = std::exp(d / 2), b = std::exp(-d / 2), z = a + b + nu, u = rng.uniform() * z;
    game.score = u < a ? 1.0 : u < a + nu ? 0.5 : 0.0;
    out.push_back(game);
  }
  return out;
}

const std::vector<double> kTheta = {-0.6, -0.1, 0.2, 0.5};  // mean 0: the fit's anchor

TEST(TeamRatings, RecoversKnownStrengthsFromTeamGames) {
  Rng rng(1);
  const std::vector<TeamGame> games = simulate(kTheta, 0.15, 0.3, 6000, rng);
  const TeamEloFit fit = fitTeamElo(4, games);
  ASSERT_TRUE(fit.converged);
  for (std::size_t i = 0; i < kTheta.size(); ++i) {
    EXPECT_NEAR(fit.theta[i], kTheta[i], 3.5 * fit.thetaSe[i]) << i;
    EXPECT_LT(fit.thetaSe[i], 0.05);
    EXPECT_LT(fit.low[i], fit.elo[i]);
    EXPECT_GT(fit.high[i], fit.elo[i]);
  }
  EXPECT_NEAR(fit.nu, 0.3, 0.1);
}

// Over 60 small simulated matches the 95% intervals cover the true strength
// in about 95% of the cases (240 intervals: under 88% would be a clear
// miss); summing strengths matters: halving the truth (a model of the team's
// mean strength) covers far less often.
TEST(TeamRatings, IntervalsCoverTheTruthAsOftenAsTheySay) {
  int covered = 0, coveredIfMean = 0, total = 0;
  Rng rng(2);
  for (int run = 0; run < 60; ++run) {
    const std::vector<TeamGame> games = simulate(kTheta, 0.1, 0.2, 600, rng);
    const TeamEloFit fit = fitTeamElo(4, games);
    for (std::size_t i = 0; i < kTheta.size(); ++i) {
      const double z = 1.96 * fit.thetaSe[i];
      covered += std::abs(fit.theta[i] - kTheta[i]) <= z;
      coveredIfMean += std::abs(fit.theta[i] / 2 - kTheta[i]) <= z;
      ++total;
    }
  }
  EXPECT_GE(covered, total * 88 / 100) << covered << " of " << total;
  EXPECT_LT(coveredIfMean, total * 70 / 100) << coveredIfMean << " of " << total;
}

TEST(TeamRatings, AnAgentThatNeverWinsStillGetsAFiniteRating) {
  std::vector<TeamGame> games;
  for (int g = 0; g < 20; ++g) games.push_back({{0, 0}, {1, 1}, 0.0});
  const TeamEloFit fit = fitTeamElo(2, games);
  EXPECT_TRUE(std::isfinite(fit.elo[0]));
  EXPECT_LT(fit.elo[0], -100);
  EXPECT_NEAR(fit.elo[0], -fit.elo[1], 1e-9);
}

TEST(TeamRatings, BadGamesAreNamed) {
  const std::vector<TeamGame> wrongScore = {{{0, 0}, {1, 1}, 0.25}};
  EXPECT_THROW(fitTeamElo(2, wrongScore), std::invalid_argument);
  const std::vector<TeamGame> noSuchAgent = {{{0, 2}, {1, 1}, 1.0}};
  EXPECT_THROW(fitTeamElo(2, noSuchAgent), std::invalid_argument);
}

TEST(TeamRatings, TheTableRanksTheAgents) {
  Rng rng(3);
  const std::vector<TeamGame> games = simulate(kTheta, 0, 0.2, 2000, rng);
  const std::string table = formatTeamElo(fitTeamElo(4, games), {"a", "b", "c", "d"}, games);
  EXPECT_NE(table.find("1     d"), std::string::npos) << table;
  EXPECT_NE(table.find("4     a"), std::string::npos) << table;
}

}  // namespace
}  // namespace junqi
