// Every built-in agent is reproducible: the same spec (seed included), the
// same game seed and the same budget give the same moves and the same reports,
// on one thread and on two (for the same thread count); an agent that has
// played other games before plays a game as a fresh one does; and other seeds
// do give other games.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/classic/auto_layout.h"
#include "search/registry.h"
#include "tests/search/play.h"

namespace junqi {
namespace {

using searchtest::PlayedGame;
using searchtest::withParam;

constexpr int kPlies = 40;

const std::vector<std::string> kSpecs = {"random", "heuristic", "pimc:sims=200", "ismcts:sims=200",
                                         "ismcts:sims=200,mo=1"};
const std::vector<std::string> kThreadedSpecs = {"pimc:sims=200,threads=2", "ismcts:sims=200,threads=2",
                                                 "ismcts:sims=200,mo=1,threads=2"};

std::vector<std::string> names(const PlayedGame& g) {
  std::vector<std::string> out;
  for (const Action& a : g.actions) out.push_back(searchtest::actionName(a));
  return out;
}

// Both games made the same moves, and the agents reported the same searches.
void expectSameGame(const PlayedGame& a, const PlayedGame& b, const std::string& what) {
  ASSERT_EQ(names(a), names(b)) << what;
  ASSERT_EQ(a.reports.size(), b.reports.size());
  for (std::size_t i = 0; i < a.reports.size(); ++i) {
    EXPECT_EQ(a.reports[i].simulations, b.reports[i].simulations) << what << ", ply " << i;
    EXPECT_EQ(a.reports[i].depth, b.reports[i].depth) << what << ", ply " << i;
    EXPECT_EQ(a.reports[i].value, b.reports[i].value) << what << ", ply " << i;
    EXPECT_EQ(a.reports[i].principalLine, b.reports[i].principalLine) << what << ", ply " << i;
  }
}

PlayedGame selfPlay(const std::string& spec, std::uint64_t redSeed, std::uint64_t blueSeed, std::uint64_t gameSeed) {
  return searchtest::playSpecs(withParam(spec, "seed", redSeed), withParam(spec, "seed", blueSeed), Ruleset(),
                               gameSeed, kPlies);
}

TEST(SearchDeterminism, SameSeedSameGame) {
  for (const std::string& spec : kSpecs)
    for (const std::uint64_t gameSeed : {3, 8}) {
      const PlayedGame a = selfPlay(spec, 5, 9, gameSeed), b = selfPlay(spec, 5, 9, gameSeed);
      EXPECT_TRUE(a.capped || a.game.isOver()) << spec;
      EXPECT_GE(a.actions.size(), 10u) << spec;
      expectSameGame(a, b, spec + ", game seed " + std::to_string(gameSeed));
    }
}

TEST(SearchDeterminism, SameSeedSameGameOnTwoThreads) {
  for (const std::string& spec : kThreadedSpecs) {
    const PlayedGame a = selfPlay(spec, 5, 9, 3), b = selfPlay(spec, 5, 9, 3);
    expectSameGame(a, b, spec);
    // The two threads' trees really were searched: every iteration is counted.
    for (const AgentReport& r : a.reports) EXPECT_EQ(r.simulations, 200) << spec;
  }
}

TEST(SearchDeterminism, RepeatedSearchesOfOneStateAgree) {
  // The same agent asked twice about one state (after newGame each time)
  // answers the same: nothing of the first search (its tree, its streams)
  // leaks into the second.
  const Game game = searchtest::randomGame(Ruleset(), 17, 90);
  ASSERT_FALSE(game.isOver());
  const Seat seat = game.position().sideToMove();
  const InfoState state = InfoState::of(game, seat);
  for (const std::string& spec : kSpecs) {
    auto agent = makeAgent(withParam(spec, "seed", 4));
    agent->newGame(Ruleset(), seat, 11);
    const Action first = agent->chooseAction(state);
    const AgentReport firstReport = agent->lastReport();
    agent->chooseAction(state);  // moves the agent's stream on
    agent->newGame(Ruleset(), seat, 11);
    const Action again = agent->chooseAction(state);
    EXPECT_EQ(first, again) << spec;
    EXPECT_EQ(firstReport.value, agent->lastReport().value) << spec;
    EXPECT_EQ(firstReport.principalLine, agent->lastReport().principalLine) << spec;
  }
}

TEST(SearchDeterminism, AnAgentPlaysAGameAsAFreshAgentWould) {
  for (const std::string& spec : kSpecs) {
    auto freshRed = makeAgent(withParam(spec, "seed", 2)), freshBlue = makeAgent(withParam(spec, "seed", 6));
    const PlayedGame fresh = searchtest::playGame(*freshRed, *freshBlue, Ruleset(), 21, kPlies);
    auto red = makeAgent(withParam(spec, "seed", 2)), blue = makeAgent(withParam(spec, "seed", 6));
    searchtest::playGame(*red, *blue, Ruleset(), 20, kPlies / 2);  // another game first
    const PlayedGame later = searchtest::playGame(*red, *blue, Ruleset(), 21, kPlies);
    expectSameGame(fresh, later, spec);
  }
}

TEST(SearchDeterminism, OtherSeedsPlayOtherGames) {
  // From the same layouts, agents with other seeds (or another game seed) move
  // differently at least sometimes.
  Rng rng(77);
  const Ruleset ruleset;
  const Layout red = styledLayout(LayoutStyle::Balanced, ruleset, rng);
  const Layout blue = styledLayout(LayoutStyle::Aggressive, ruleset, rng);
  const auto play = [&](const std::string& spec, std::uint64_t seed, std::uint64_t gameSeed) {
    auto r = makeAgent(withParam(spec, "seed", seed)), b = makeAgent(withParam(spec, "seed", seed + 100));
    return names(searchtest::playFrom(Game(ruleset, red, blue), *r, *b, gameSeed, kPlies));
  };
  for (const std::string& spec : kSpecs) {
    const auto base = play(spec, 1, 1);
    EXPECT_EQ(base, play(spec, 1, 1)) << spec;
    int otherSeeds = 0, otherGameSeeds = 0;
    for (std::uint64_t s = 2; s <= 4; ++s) {
      otherSeeds += play(spec, s, 1) != base;
      otherGameSeeds += play(spec, 1, s) != base;
    }
    EXPECT_GT(otherSeeds, 0) << spec << ": three other agent seeds all played the same 40 moves";
    EXPECT_GT(otherGameSeeds, 0) << spec << ": three other game seeds all played the same 40 moves";
  }
}

}  // namespace
}  // namespace junqi
