// Gumbel AlphaZero's root (search/gumbel_root.h): the halving schedule, the
// completed Q values and improved policy against hand-computed figures, the
// survivor of a bandit, Gumbel-top-k sampling by the priors, and the root
// inside ISMCTS with a network-like evaluator.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "search/gumbel_root.h"
#include "search/classic/ismcts.h"
#include "tests/search/play.h"

namespace junqi {
namespace {

TEST(GumbelRoot, ConsideredVisitsHalveTheCandidates) {
  // mctx's schedule: 4 candidates, 16 simulations: two rounds of 4, then the best 2 get the rest.
  EXPECT_EQ(SequentialHalving::consideredVisits(4, 16),
            (std::vector<int>{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5}));
  EXPECT_EQ(SequentialHalving::consideredVisits(1, 4), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(SequentialHalving::consideredVisits(16, 5), (std::vector<int>{0, 0, 0, 0, 0}));
  EXPECT_EQ(SequentialHalving::consideredVisits(8, 100).size(), 100u);
}

TEST(GumbelRoot, CompletedQGivesUnvisitedMovesTheMixedValue) {
  const std::vector<double> priors{0.5, 0.3, 0.2}, values{0.4, -0.2, 0.9};
  const std::vector<long long> visits{2, 1, 0};
  // v_mix = (0.1 + 3 * (0.5 * 0.4 + 0.3 * -0.2) / 0.8) / 4; the unvisited move's own value is ignored.
  const std::vector<double> q = completedQ({priors, visits, values, 0.1});
  ASSERT_EQ(q.size(), 3u);
  EXPECT_DOUBLE_EQ(q[0], 0.4);
  EXPECT_DOUBLE_EQ(q[1], -0.2);
  EXPECT_NEAR(q[2], 0.15625, 1e-12);
}

TEST(GumbelRoot, ImprovedPolicyIsThePriorBeforeAnyVisitAndFollowsTheValuesAfter) {
  const GumbelParams params;
  const std::vector<double> priors{0.7, 0.2, 0.1}, none{0, 0, 0};
  const std::vector<long long> zero{0, 0, 0};
  const std::vector<double> before = improvedPolicy({priors, zero, none, 0.3}, params);
  for (std::size_t a = 0; a < priors.size(); ++a) EXPECT_NEAR(before[a], priors[a], 1e-12);

  // Two moves of equal prior, 4 visits each: sigma = (50 + 4) * 0.1 * (q rescaled to [0, 1]).
  const std::vector<double> even{0.5, 0.5}, values{0.5, -0.5};
  const std::vector<long long> visits{4, 4};
  const std::vector<double> after = improvedPolicy({even, visits, values, 0.0}, params);
  const double expected = std::exp(5.4) / (std::exp(5.4) + 1);
  EXPECT_NEAR(after[0], expected, 1e-12);
  EXPECT_NEAR(after[0] + after[1], 1.0, 1e-12);
}

// Sequential halving on a bandit whose arms always return their value.
int banditSurvivor(const std::vector<double>& priors, const std::vector<double>& arms, int simulations,
                   const GumbelParams& params, std::vector<long long>& visits) {
  Rng rng(1);
  visits.assign(priors.size(), 0);
  std::vector<double> values(priors.size(), 0.0);
  const RootEstimates root{priors, visits, values, 0.0};
  const SequentialHalving halving(static_cast<int>(priors.size()), simulations, params, rng);
  for (int k = 0; k < simulations; ++k) {
    const int a = halving.next(k, root);
    ++visits[static_cast<std::size_t>(a)];
    values[static_cast<std::size_t>(a)] = arms[static_cast<std::size_t>(a)];
  }
  return halving.chosen(root);
}

TEST(GumbelRoot, HalvingPlaysTheBestOfItsCandidates) {
  GumbelParams params;
  params.noise = false;
  params.actions = 4;
  // Priors fall and values rise with the index: the candidates are the four
  // likeliest moves, and the best of those is the last of them.
  const std::vector<double> priors{0.3, 0.2, 0.15, 0.12, 0.1, 0.07, 0.04, 0.02};
  const std::vector<double> arms{-0.6, -0.4, -0.2, 0.1, 0.3, 0.5, 0.7, 0.9};
  std::vector<long long> visits;
  EXPECT_EQ(banditSurvivor(priors, arms, 32, params, visits), 3);
  EXPECT_EQ(std::accumulate(visits.begin(), visits.end(), 0LL), 32);
  for (int a = 4; a < 8; ++a) EXPECT_EQ(visits[static_cast<std::size_t>(a)], 0) << "arm " << a << " is no candidate";
  EXPECT_GT(visits[3], visits[0]) << "the survivor gets the most visits";

  params.actions = 8;  // every arm a candidate: the best arm survives despite its prior
  EXPECT_EQ(banditSurvivor(priors, arms, 64, params, visits), 7);
}

TEST(GumbelRoot, GumbelNoiseDrawsTheFirstCandidateByThePriors) {
  // Gumbel-max: argmax(g + log p) is a draw from p.
  const std::vector<double> priors{0.6, 0.3, 0.1}, values(3, 0.0);
  const std::vector<long long> visits(3, 0);
  const RootEstimates root{priors, visits, values, 0.0};
  const GumbelParams params;
  std::vector<int> firsts(3, 0);
  const int draws = 20000;
  for (int seed = 0; seed < draws; ++seed) {
    Rng rng(static_cast<std::uint64_t>(seed));
    ++firsts[static_cast<std::size_t>(SequentialHalving(3, 16, params, rng).next(0, root))];
  }
  // Three standard errors of a share of 20,000 draws are at most 0.011.
  for (std::size_t a = 0; a < 3; ++a) EXPECT_NEAR(firsts[a] / static_cast<double>(draws), priors[a], 0.011) << a;
}

// A stand-in network: priors favour the first legal moves, the value a fixed small number.
class FallingPriors : public Evaluator {
 public:
  void evaluate(std::span<const EvalQuery> queries, std::span<EvalResult> results) override {
    for (std::size_t i = 0; i < queries.size(); ++i) {
      results[i].priors.clear();
      if (queries[i].legal) {
        const int n = queries[i].legal->size();
        double sum = 0;
        for (int k = 0; k < n; ++k) sum += 1.0 / (k + 1);
        for (int k = 0; k < n; ++k) results[i].priors.push_back(static_cast<float>(1.0 / (k + 1) / sum));
      }
      results[i].value = 0.05f;
    }
  }
};

InfoState midgameState() {
  for (std::uint64_t seed = 1;; ++seed) {
    const Game game = searchtest::randomGame(Ruleset(), 700 + seed, 80);
    if (game.isOver()) continue;
    MoveList legal;
    const InfoState state = InfoState::of(game, game.position().sideToMove());
    state.legalMoves(legal);
    if (legal.size() >= 8) return state;
  }
}

TEST(GumbelRoot, IsmctsSearchesOnlyTheCandidatesAndReturnsTheImprovedPolicy) {
  FallingPriors network;
  SearchParams p;
  p.evaluator = &network;
  p.iterations = 48;
  p.gumbel = true;
  p.gumbelRoot.actions = 4;
  const InfoState state = midgameState();
  const SearchResult r = search(state, p, 11);
  ASSERT_EQ(r.improvedPolicy.size(), r.root.size());
  EXPECT_NEAR(std::accumulate(r.improvedPolicy.begin(), r.improvedPolicy.end(), 0.0), 1.0, 1e-9);
  EXPECT_EQ(r.iterations, 48);
  long long visited = 0, total = 0;
  for (const RootMoveStats& m : r.root) visited += m.visits > 0, total += m.visits;
  EXPECT_EQ(total, 48);
  EXPECT_EQ(visited, 4) << "the simulations go to the 4 candidates only";
  // The same seed, the same search; another seed draws other noise.
  const SearchResult again = search(state, p, 11);
  EXPECT_EQ(again.best, r.best);
  EXPECT_EQ(again.improvedPolicy, r.improvedPolicy);
}

TEST(GumbelRoot, IsmctsRefusesSettingsTheRootCannotServe) {
  FallingPriors network;
  const InfoState state = midgameState();
  SearchParams p;
  p.iterations = 16;
  p.gumbel = true;
  EXPECT_THROW(search(state, p, 1), std::invalid_argument) << "no network";
  p.evaluator = &network;
  p.threads = 2;
  EXPECT_THROW(search(state, p, 1), std::invalid_argument) << "two threads";
  p.threads = 1;
  p.seconds = 0.1;
  EXPECT_THROW(search(state, p, 1), std::invalid_argument) << "a time budget";
}

}  // namespace
}  // namespace junqi
