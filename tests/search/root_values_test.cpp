// AgentReport::rootValues (search/agent.h): a searching agent reports each
// of rootShares' moves' mean value, in the same order, within [-1, 1]; the
// classic ISMCTS, four-player ISMCTS and flip mcts agents (the network agents:
// tests/eigen/root_values_nn_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>

#include "core/classic/auto_layout.h"
#include "core/classic/info_state.h"
#include "core/classic/movegen.h"
#include "core/four/four_observation.h"
#include "search/flip/flip_agent.h"
#include "search/four/four_agent.h"
#include "search/registry.h"
#include "tests/support/flip_boards.h"
#include "tests/support/random_four_game.h"
#include "tests/support/root_values_check.h"

namespace junqi {
namespace {

TEST(RootValues, TheClassicSearchReportsEachRootMovesValue) {
  const Ruleset ruleset;
  Rng rng(21);
  Game game(ruleset, styledLayout(LayoutStyle::Balanced, ruleset, rng), styledLayout(LayoutStyle::Balanced, ruleset, rng));
  MoveList moves;
  for (int i = 0; i < 20 && !game.isOver(); ++i) {
    generateMoves(game.position(), moves);
    game.apply(Action::makeMove(game.position().sideToMove(), moves[static_cast<int>(rng.below(moves.size()))]));
  }
  ASSERT_FALSE(game.isOver());
  const Seat seat = game.position().sideToMove();
  auto agent = makeAgent("ismcts:sims=400");
  agent->newGame(ruleset, seat, 3);
  agent->chooseAction(InfoState::of(game, seat));
  expectRootValues(agent->lastReport());
}

TEST(RootValues, TheFourPlayerSearchReportsEachRootMovesValue) {
  const FourGame game = fourgames::randomFourGame(22, 12, Visibility::Own);
  ASSERT_FALSE(game.isOver());
  const int army = game.position().toMove();
  auto agent = makeFourAgent("ismcts:sims=300");
  agent->newGame(game.rules(), army, 3);
  agent->chooseMove(FourObservation::of(game, army));
  expectRootValues(agent->lastReport());
}

TEST(RootValues, TheFlipSearchReportsEachRootMovesValue) {
  auto agent = makeFlipAgent("mcts:sims=2000");
  const FlipPosition pos = fixtures::flipMidgame();
  agent->newGame(pos.rules(), pos.toMove(), 3);
  agent->chooseAction(pos);
  expectRootValues(agent->lastReport());
}

}  // namespace
}  // namespace junqi
