// The Flip Junqi network agent (nets/flip/flip_nn_agent.h): legal actions, a flag
// taken in one, the same game for a seed, the network's priors steering the search.
#include <gtest/gtest.h>

#include "core/flip/flip_game.h"
#include "core/flip/flip_movegen.h"
#include "core/random.h"
#include "nets/flip/flip_encoding.h"
#include "nets/flip/flip_nn_agent.h"
#include "nets/nn_agent.h"
#include "search/flip/flip_agent.h"
#include "tests/eigen/flip_nn_test_util.h"

namespace junqi::nets {
namespace {

std::string weightsPath() {
  static const std::string path = [] {
    const std::string p = flipTestPath("agent.jqw");
    saveWeights(randomFlipWeights(NetworkShape::tiny(), 5), p);
    return p;
  }();
  return path;
}

std::unique_ptr<FlipAgent> netAgent(const std::string& params) {
  registerNetAgent();
  return makeFlipAgent("nn:weights=" + weightsPath() + "," + params);
}

// The actions of `plies` plies of nn against random, every one checked by the referee.
std::vector<Move> playAgainstRandom(FlipAgent& nn, std::uint64_t seed, int plies,
                                    const FlipRuleset& rules = FlipRuleset::kawu()) {
  Rng rng(seed);
  FlipGame g(rules, randomFlipDeal(rng));
  auto random = makeFlipAgent("random:seed=2");
  nn.newGame(rules, Seat::Red, seed);
  random->newGame(rules, Seat::Blue, seed);
  std::vector<Move> played;
  for (int ply = 0; ply < plies && !g.isOver(); ++ply) {
    const FlipPosition& pos = g.position();
    const Move m = (pos.toMove() == Seat::Red ? nn : *random).chooseAction(pos);
    const Action a = Action::makeMove(pos.toMove(), m);
    EXPECT_EQ(g.whyIllegal(a), std::nullopt) << "ply " << ply << ": " << flipActionName(m);
    if (g.whyIllegal(a)) break;
    g.apply(a);
    played.push_back(m);
  }
  return played;
}

TEST(FlipNetAgent, PlaysOnlyLegalActions) {
  auto nn = netAgent("sims=16");
  EXPECT_EQ(nn->name(), "nn");
  std::size_t played = 0;
  for (std::uint64_t game = 1; game <= 6; ++game) played += playAgainstRandom(*nn, game, 120).size();
  EXPECT_GE(played, 150u);  // games end, but not all at once
}

TEST(FlipNetAgent, TheSameSeedPlaysTheSameGame) {
  auto a = netAgent("sims=24,seed=7"), b = netAgent("sims=24,seed=7");
  for (std::uint64_t game = 3; game <= 5; ++game) {
    const auto first = playAgainstRandom(*a, game, 80);
    EXPECT_EQ(first, playAgainstRandom(*b, game, 80));
    EXPECT_EQ(first, playAgainstRandom(*a, game, 80));  // newGame reseeds
  }
  EXPECT_EQ(a->spec(), "nn:weights=" + weightsPath() + ",sims=24,c=1.5,seed=7");
}

TEST(FlipNetAgent, DecisiveFlipsPlayLegallyAndReplayFromTheirSeed) {
  auto a = netAgent("sims=24,decisive=1,seed=7"), b = netAgent("sims=24,decisive=1,seed=7");
  for (std::uint64_t game = 3; game <= 5; ++game) EXPECT_EQ(playAgainstRandom(*a, game, 80), playAgainstRandom(*b, game, 80));
  EXPECT_EQ(a->spec(), "nn:weights=" + weightsPath() + ",sims=24,c=1.5,decisive=1,seed=7");
  try {
    netAgent("decisive=2");
    ADD_FAILURE() << "decisive=2 was accepted";
  } catch (const AgentSpecError& e) {
    EXPECT_NE(std::string(e.what()).find("decisive"), std::string::npos) << e.what();
  }
}

TEST(FlipNetAgent, CoverIsInTheSpecOnlyWhenOnAndNeverNegative) {
  EXPECT_EQ(netAgent("sims=24,mix=0.5,cover=30,seed=7")->spec(),
            "nn:weights=" + weightsPath() + ",sims=24,c=1.5,mix=0.5,cover=30,seed=7");
  EXPECT_EQ(netAgent("sims=24,seed=7")->spec().find("cover"), std::string::npos);
  try {
    netAgent("cover=-2");
    ADD_FAILURE() << "cover=-2 was accepted";
  } catch (const AgentSpecError& e) {
    EXPECT_NE(std::string(e.what()).find("cover"), std::string::npos) << e.what();
  }
}

TEST(FlipNetAgent, ASecondNetworkPlaysTheWorldAtPlayGames) {
  const std::string other = flipTestPath("agent-worldatplay.jqw");
  saveWeights(randomFlipWeights(NetworkShape::tiny(), 9), other);
  auto both = netAgent("sims=24,seed=7,worldatplay=" + other);
  auto first = netAgent("sims=24,seed=7");
  auto second = makeFlipAgent("nn:weights=" + other + ",sims=24,seed=7");
  const FlipRuleset kawu = FlipRuleset::kawu(), worldAtPlay = FlipRuleset::parse("flip-worldatplay:quiet-moves=60");
  const auto game = [](FlipAgent& agent, const FlipRuleset& rules) { return playAgainstRandom(agent, 4, 60, rules); };
  EXPECT_EQ(game(*both, kawu), game(*first, kawu));
  EXPECT_EQ(game(*both, worldAtPlay), game(*second, worldAtPlay)) << "overrides keep the preset";
  EXPECT_NE(game(*first, worldAtPlay), game(*second, worldAtPlay)) << "the fixture's networks differ";
  EXPECT_EQ(makeFlipAgent(both->spec())->spec(), both->spec());
  EXPECT_NE(both->spec().find(",worldatplay=" + other), std::string::npos);
}

TEST(FlipNetAgent, TakesAFlagInOne) {
  const FlipRuleset rules = FlipRuleset::kawu();
  FlipPosition pos = FlipPosition::empty(rules);
  const Square c5 = parseSquare("C5").value(), c6 = parseSquare("C6").value();
  pos.putFaceUp(c5, {Colour::Red, PieceType::Engineer});
  pos.putFaceUp(c6, {Colour::Blue, PieceType::Flag});
  pos.putFaceUp(parseSquare("A12").value(), {Colour::Blue, PieceType::Marshal});
  pos.putFaceDown(parseSquare("E1").value(), {Colour::Red, PieceType::Bomb});
  pos.setColours(Colour::Red);
  ASSERT_TRUE(isLegalFlipAction(pos, {c5, c6}));
  auto nn = netAgent("sims=8");
  nn->newGame(rules, Seat::Red, 1);
  const Move m = nn->chooseAction(pos);
  EXPECT_EQ(m.from, c5);
  EXPECT_EQ(m.to, c6);
}

// The search follows the network: a policy head that puts all its weight on
// one flip makes the search spend most visits on it.
TEST(FlipNetAgent, ThePolicyPriorsSteerTheSearch) {
  WeightsFile w = randomFlipWeights(NetworkShape::tiny(), 9);
  for (float& v : w.tensors.at("policy.weight").data) v = 0;
  std::vector<float>& bias = w.tensors.at("policy.bias").data;
  std::fill(bias.begin(), bias.end(), 0.0f);
  const Square c3 = parseSquare("C3").value();
  // Output channel `to` at point `from`: the bias is per channel, so channel C3
  // favours every move to C3, of which the start position has one: the flip of C3.
  bias[static_cast<std::size_t>(c3)] = 12;
  auto evaluator = std::make_shared<FlipNetEvaluator>(makeBackend("eigen", w));
  FlipNetAgent agent(flipNetSearch(evaluator, 64, 1.5, 1), "nn(test)");
  agent.newGame(FlipRuleset::kawu(), Seat::Red, 1);
  const Move m = agent.chooseAction(FlipPosition(FlipRuleset::kawu()));
  EXPECT_EQ(m, flipAt(c3));
  int visits = 0, total = 0;
  for (const auto& [action, n] : agent.rootVisits()) total += n, visits += action == flipAt(c3) ? n : 0;
  EXPECT_GT(visits, total / 2);
  EXPECT_GT(evaluator->evaluations(), 0);
}

}  // namespace
}  // namespace junqi::nets
