// The Flip Junqi agents: legal play under both presets, flags taken and kept,
// decisions that do not depend on the deal, reproducible games, specs.
#include <gtest/gtest.h>

#include <string>

#include "arena/flip/flip_match.h"
#include "core/flip/flip_record.h"
#include "search/flip/flip_agent.h"
#include "search/flip/flip_heuristic.h"
#include "tests/support/flip_boards.h"

namespace junqi {
namespace {

using fixtures::flipBoard;

const char* const kSpecs[] = {"random", "heuristic", "mcts:sims=40", "mcts:sims=40,depth=20,ptemp=1", "pimc:sims=40,worlds=4"};

Move moveNamed(std::string_view from, std::string_view to) { return *parseMove(std::string(from) + "-" + std::string(to)); }

TEST(FlipAgents, EveryAgentPlaysWholeLegalGamesUnderBothPresets) {
  for (const FlipRuleset& rules : {FlipRuleset::worldAtPlay(), FlipRuleset::kawu()})
    for (const char* a : kSpecs)
      for (const char* b : kSpecs) {
        const auto first = makeFlipAgent(a), second = makeFlipAgent(b);
        Rng rng(3);
        const FlipGame game = playFlipGame(*first, *second, rules, randomFlipDeal(rng), 17, 400);  // throws if illegal
        EXPECT_TRUE(game.isOver()) << a << " vs " << b;
      }
}

TEST(FlipAgents, SearchAndHeuristicTakeAFlagInOne) {
  // Kawu: the flag falls to any attacker; the lieutenant on A5 takes it on A6.
  const FlipPosition pos = flipBoard(FlipRuleset::kawu(), "P:A5 f:A6 l:E12 F:C1 ?p:E11");
  for (const char* spec : {"heuristic", "mcts:sims=40", "pimc:sims=40,worlds=4"}) {
    const auto agent = makeFlipAgent(spec);
    agent->newGame(pos.rules(), Seat::Red, 1);
    EXPECT_EQ(agent->chooseAction(pos), moveNamed("A5", "A6")) << spec;
  }
}

TEST(FlipAgents, SearchAndHeuristicKeepTheirFlag) {
  // The blue major on A2 takes the red flag on A1 next unless the general on B2 takes it first.
  const FlipPosition pos = flipBoard(FlipRuleset::kawu(), "F:A1 G:B2 j:A2 f:E12 ?P:C3 ?p:E11 ?c:D11");
  for (const char* spec : {"heuristic", "mcts:sims=200", "pimc:sims=200,worlds=10"}) {
    const auto agent = makeFlipAgent(spec);
    agent->newGame(pos.rules(), Seat::Red, 1);
    EXPECT_EQ(agent->chooseAction(pos), moveNamed("B2", "A2")) << spec;
  }
}

TEST(FlipAgents, TheHeuristicWeighsAFlipByWhatItMayReveal) {
  // Flipping next to our marshal may reveal a blue bomb that takes it; flipping far away cannot.
  const FlipPosition pos = flipBoard(FlipRuleset::kawu(), "M:C2 F:A1 f:E12 ?b:D2 ?p:E10");
  EXPECT_LT(FlipHeuristicAgent::score(pos, flipAt(*parseSquare("D2"))),
            FlipHeuristicAgent::score(pos, flipAt(*parseSquare("E10"))));
}

TEST(FlipAgents, DecisionsDependOnWhatBothSeeNotOnTheDeal) {
  // Two games whose deals differ show the same board until a flip: every agent
  // with the same seed makes the same first choice in both.
  for (const char* spec : kSpecs) {
    Rng r1(1), r2(2);
    const FlipGame one(FlipRuleset::kawu(), randomFlipDeal(r1)), two(FlipRuleset::kawu(), randomFlipDeal(r2));
    const auto a = makeFlipAgent(spec), b = makeFlipAgent(spec);
    a->newGame(one.position().rules(), Seat::Red, 5);
    b->newGame(two.position().rules(), Seat::Red, 5);
    EXPECT_EQ(a->chooseAction(one.position()), b->chooseAction(two.position())) << spec;
  }
}

TEST(FlipAgents, TheSameSeedsPlayTheSameGame) {
  for (const char* spec : kSpecs) {
    std::string records[2];
    for (std::string& record : records) {
      const auto first = makeFlipAgent(spec), second = makeFlipAgent("heuristic");
      Rng rng(9);
      record = formatFlipRecord(flipRecordOf(playFlipGame(*first, *second, FlipRuleset::worldAtPlay(),
                                                          randomFlipDeal(rng), 23, 300)));
    }
    EXPECT_EQ(records[0], records[1]) << spec;
  }
}

TEST(FlipAgents, SearchBeatsRandomPlay) {
  int wins = 0, games = 0;
  for (int pair = 0; pair < 6; ++pair)
    for (const bool searchFirst : {true, false}) {
      const auto search = makeFlipAgent("mcts:sims=60"), random = makeFlipAgent("random");
      const FlipGame game = playFlipGame(searchFirst ? *search : *random, searchFirst ? *random : *search,
                                         FlipRuleset::kawu(), flipMatchDeal(4, pair), pair, 2000);
      wins += game.outcome().winner == (searchFirst ? Seat::Red : Seat::Blue);
      ++games;
    }
  EXPECT_GE(wins, games - 2) << "mcts won " << wins << " of " << games;
}

// A time budget instead of a count: the search runs until the time is up,
// and reports how many iterations that was.
TEST(FlipAgents, MctsSearchesForItsSeconds) {
  const auto agent = makeFlipAgent("mcts:seconds=0.02");
  EXPECT_EQ(agent->spec(), "mcts:seconds=0.02,c=0.1,depth=0,ptemp=0,pc=1,seed=1");
  agent->newGame(FlipRuleset::kawu(), Seat::Red, 1);
  const FlipPosition start(FlipRuleset::kawu());
  const Move m = agent->chooseAction(start);
  EXPECT_EQ(whyIllegalFlipAction(start, m), std::nullopt);
  EXPECT_GE(agent->lastReport().simulations, 8);
  EXPECT_THROW(makeFlipAgent("mcts:seconds=-1"), AgentSpecError);
  EXPECT_THROW(makeFlipAgent("pimc:seconds=1"), AgentSpecError);  // pimc counts its worlds' iterations only
}

TEST(FlipAgents, SpecsRoundTripAndBadOnesAreNamed) {
  EXPECT_EQ(makeFlipAgent("mcts:sims=10,seed=4")->spec(), "mcts:sims=10,c=0.1,depth=0,ptemp=0,pc=1,seed=4");
  EXPECT_EQ(makeFlipAgent(makeFlipAgent("heuristic:noise=0")->spec())->spec(), "heuristic:noise=0,seed=1");
  const auto error = [](std::string_view spec) {
    try {
      makeFlipAgent(spec);
    } catch (const AgentSpecError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("ismcts"), "unknown flip agent 'ismcts' (known: random, heuristic, mcts, pimc, flipper, hoarder, rusher, trader)");
  EXPECT_EQ(error("pimc:sims=10,worlds=11"), "agent 'pimc': worlds must be from 1 to sims");
  EXPECT_EQ(makeFlipAgent("pimc")->spec(), "pimc:sims=400,worlds=20,c=0.1,depth=0,ptemp=0,pc=1,seed=1");
  EXPECT_EQ(error("mcts:sims=0"), "agent 'mcts': sims must be at least 1");
  EXPECT_EQ(error("mcts:sims=x"), "agent 'mcts': sims=x is not a valid number");
  EXPECT_NE(error("random:speed=2"), "no error");
}

}  // namespace
}  // namespace junqi
