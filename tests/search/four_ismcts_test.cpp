// Four-player ISMCTS (search/four/four_ismcts.h): certain flags taken, root
// statistics that add up, the same search for the same seed, and the agent
// through its spec string.
#include <gtest/gtest.h>

#include "core/classic/auto_layout.h"
#include "core/four/four_movegen.h"
#include "search/four/four_agent.h"
#include "search/four/four_ismcts.h"
#include "tests/support/random_four_game.h"

namespace junqi {
namespace {

FourGame randomGame(std::uint64_t seed, int plies, Visibility visibility) {
  return fourgames::randomFourGame(seed, plies, visibility);
}

// A move of the army to move onto an enemy flag, if it has one.
std::optional<Move> flagCapture(const FourPosition& pos) {
  MoveList moves;
  generateFourMoves(pos, moves);
  for (const Move m : moves)
    if (!pos.isEmpty(m.to) && pos.typeAt(m.to) == PieceType::Flag) return m;
  return std::nullopt;
}

// Where every identity is seen, a flag one move away is taken, however small
// the budget, in every such position of random games.
TEST(FourIsmcts, TakesAFlagItSeesForCertain) {
  FourSearchParams params;  // one iteration, no priors: only the certainty can find it
  params.iterations = 1;
  params.heuristicPriors = false;
  int found = 0;
  for (std::uint64_t seed = 1; seed <= 200 && found < 5; ++seed) {
    FourGame game = randomGame(seed, 0, Visibility::All);
    Rng rng(seed);
    MoveList moves;
    while (!game.isOver()) {
      if (const auto capture = flagCapture(game.position())) {
        const FourObservation obs = FourObservation::of(game, game.position().toMove());
        EXPECT_EQ(fourSearch(obs, game.rules(), params, seed).best, *capture) << "seed " << seed;
        ++found;
        break;
      }
      generateFourMoves(game.position(), moves);
      game.play(moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]);
    }
  }
  EXPECT_EQ(found, 5);
}

// Every iteration passes through the root once: the visits add up to the
// budget, each root entry is a legal move, and the move played is the most
// visited.
TEST(FourIsmcts, RootVisitsAddUpAndTheMostVisitedIsPlayed) {
  for (const Visibility v : {Visibility::Own, Visibility::Team, Visibility::All}) {
    const FourGame game = randomGame(4, 120, v);
    const FourObservation obs = FourObservation::of(game, game.position().toMove());
    FourSearchParams params;
    params.iterations = 300;
    const FourSearchResult r = fourSearch(obs, game.rules(), params, 9);
    MoveList legal;
    obs.legalMoves(legal);
    ASSERT_EQ(r.root.size(), static_cast<std::size_t>(legal.size()));
    long long visits = 0, most = 0;
    for (std::size_t i = 0; i < r.root.size(); ++i) {
      EXPECT_EQ(r.root[i].move, legal[static_cast<int>(i)]);
      EXPECT_GE(r.root[i].value, -1.0);
      EXPECT_LE(r.root[i].value, 1.0);
      visits += r.root[i].visits;
      most = std::max(most, r.root[i].visits);
    }
    EXPECT_EQ(visits, 300);
    EXPECT_EQ(r.iterations, 300);
    for (const FourRootMove& m : r.root)
      if (m.move == r.best) {
        EXPECT_EQ(m.visits, most);
      }
  }
}

TEST(FourIsmcts, TheSameSeedGivesTheSameSearch) {
  const FourGame game = randomGame(6, 200, Visibility::Own);
  const FourObservation obs = FourObservation::of(game, game.position().toMove());
  FourSearchParams params;
  params.iterations = 200;
  const FourSearchResult a = fourSearch(obs, game.rules(), params, 3), b = fourSearch(obs, game.rules(), params, 3);
  ASSERT_EQ(a.root.size(), b.root.size());
  for (std::size_t i = 0; i < a.root.size(); ++i) {
    EXPECT_EQ(a.root[i].visits, b.root[i].visits);
    EXPECT_DOUBLE_EQ(a.root[i].value, b.root[i].value);
  }
}

// The agent plays legal moves for all four armies to the end of a game, and
// its spec string makes the same agent again; bad values are named.
TEST(FourIsmcts, TheAgentPlaysWholeGamesFromItsSpec) {
  Rng rng(2);
  FourRuleset rules;
  std::array<Layout, kArmies> layouts;
  for (Layout& l : layouts) l = randomLayout(rules.army, rng);
  FourGame game(rules, layouts);
  std::array<std::unique_ptr<FourAgent>, kArmies> agents;
  for (int a = 0; a < kArmies; ++a) {
    agents[static_cast<std::size_t>(a)] =
        makeFourAgent(a % 2 ? "random" : a == 0 ? "ismcts:sims=8,depth=8" : "ismcts:sims=8,depth=8,rollout=random");
    agents[static_cast<std::size_t>(a)]->newGame(rules, a, 11);
  }
  while (!game.isOver() && game.history().size() < 3000) {
    const int army = game.position().toMove();
    game.play(agents[static_cast<std::size_t>(army)]->chooseMove(FourObservation::of(game, army)));
  }
  EXPECT_TRUE(game.isOver());
  for (const int a : {0, 2}) {
    const std::string spec = agents[static_cast<std::size_t>(a)]->spec();
    EXPECT_EQ(makeFourAgent(spec)->spec(), spec);
  }
  EXPECT_NE(agents[0]->spec().find(",rollout=greedy,"), std::string::npos);  // the default, named
  EXPECT_NE(agents[2]->spec().find(",rollout=random,"), std::string::npos);
  EXPECT_THROW(makeFourAgent("ismcts:rollout=smart"), AgentSpecError);
  EXPECT_THROW(makeFourAgent("ismcts:sims=0"), AgentSpecError);
  EXPECT_THROW(makeFourAgent("ismcts:prior=network"), AgentSpecError);
  EXPECT_THROW(makeFourAgent("ismcts:ptemp=0"), AgentSpecError);
}

// The agent reports its last search as every agent does (search/agent.h):
// the iterations, the value, the move played first in its line, and root
// visit shares that add up to 1, most visited first.
TEST(FourIsmcts, TheAgentReportsItsLastSearch) {
  const FourGame game = randomGame(4, 120, Visibility::Own);
  const FourObservation obs = FourObservation::of(game, game.position().toMove());
  auto agent = makeFourAgent("ismcts:sims=200,seed=3");
  agent->newGame(game.rules(), obs.army(), 1);
  const Move played = agent->chooseMove(obs);
  const AgentReport& r = agent->lastReport();
  EXPECT_EQ(r.simulations, 200);
  ASSERT_EQ(r.principalLine.size(), 1u);
  EXPECT_EQ(r.principalLine[0], played);
  EXPECT_GE(r.value, -1.0);
  EXPECT_LE(r.value, 1.0);
  ASSERT_FALSE(r.rootShares.empty());
  EXPECT_EQ(r.rootShares[0].first, played);
  double total = 0;
  for (std::size_t i = 0; i < r.rootShares.size(); ++i) {
    total += r.rootShares[i].second;
    if (i > 0) {
      EXPECT_LE(r.rootShares[i].second, r.rootShares[i - 1].second);
    }
  }
  EXPECT_NEAR(total, 1.0, 1e-9);
}

}  // namespace
}  // namespace junqi
