// Flip Junqi: no agent reads the deal. Both seats see the same board; what
// nobody has seen is the identity under each face-down piece. For positions of
// random games of both presets, the test deals the pieces still face down
// anew by its own shuffle (tests/support/flip_redealt_world.h, not the
// searchers' deal sampler), replays the game, and every kind of agent, made
// from the same spec with the same seed, must decide alike. Comparing the
// positions with == is not enough: a member outside == (or the text) could
// carry the deal. scripts/check-planted-leaks.sh proves the test with such a
// leak (core/planted_leak.h).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/flip/flip_game.h"
#include "core/flip/flip_notation.h"
#include "search/flip/flip_agent.h"
#include "tests/leakage/decision.h"
#include "tests/support/flip_redealt_world.h"

namespace junqi {
namespace {

FlipGame randomFlipGame(const FlipRuleset& rules, std::uint64_t seed, int plies) {
  Rng rng(seed);
  FlipGame game(rules, randomFlipDeal(rng));
  MoveList actions;
  while (!game.isOver() && static_cast<int>(game.history().size()) < plies) {
    generateFlipActions(game.position(), actions);
    const Move m = actions[static_cast<int>(rng.below(static_cast<std::uint64_t>(actions.size())))];
    game.apply(Action::makeMove(game.position().toMove(), m));
  }
  return game;
}

// The agent's action at the seat's turn, given the position as a match gives it.
leakage::Decision decisionOf(const std::string& spec, const FlipGame& game, std::uint64_t gameSeed) {
  auto agent = makeFlipAgent(spec);
  agent->newGame(game.position().rules(), game.position().toMove(), gameSeed);
  leakage::Decision d;
  d.choice = flipActionName(agent->chooseAction(game.position()));
  d.report = agent->lastReport();
  return d;
}

TEST(FlipLeakage, EveryAgentDecidesAlikeInEveryDealOfTheFaceDownPieces) {
  const std::vector<std::string> specs = leakage::specsOfEveryKind(flipAgentKinds(), 60);
  Rng rng(42);
  int compared = 0;
  for (const FlipRuleset& rules : {FlipRuleset::worldAtPlay(), FlipRuleset::kawu()})
    for (std::uint64_t seed = 1; seed <= 3; ++seed)
      for (const int plies : {6, 30, 70}) {
        const FlipGame game = randomFlipGame(rules, seed * 17 + static_cast<std::uint64_t>(plies), plies);
        if (game.isOver()) continue;
        std::vector<leakage::Decision> truth;
        for (const std::string& spec : specs) truth.push_back(decisionOf(spec, game, seed));
        for (int w = 0; w < 2; ++w) {
          const FlipGame world = test_support::redealtFlipWorld(game, rng);
          ASSERT_TRUE(world.position() == game.position());
          ASSERT_EQ(formatFlipPosition(world.position()), formatFlipPosition(game.position()));
          for (std::size_t i = 0; i < specs.size(); ++i) {
            EXPECT_EQ(leakage::differenceBetween(decisionOf(specs[i], world, seed), truth[i]), "")
                << specs[i] << ", " << rules.preset << ", game " << seed << ", ply " << plies << ", world " << w;
            ++compared;
          }
        }
      }
  EXPECT_GE(compared, 20 * static_cast<int>(specs.size()));
}

}  // namespace
}  // namespace junqi
