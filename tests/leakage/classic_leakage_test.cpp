// Classic Junqi: no agent reads what its seat cannot see. For positions of
// random games, worlds the seat cannot tell from the game are drawn by the
// test's own generator (tests/support/swapped_world.h: enemy pieces trade
// identities, moved and fought ones too, while every public event stays the
// same), never by InfoState's sampler, so a leak given to that sampler cannot
// cancel out. Every kind of agent, made from the same spec with the same
// seed, must decide alike in each world. scripts/check-planted-leaks.sh
// proves the test: with the classic planted leak (core/planted_leak.h) it fails.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/classic/auto_layout.h"
#include "core/classic/info_state.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "tests/leakage/decision.h"
#include "tests/support/swapped_world.h"

namespace junqi {
namespace {

Game randomClassicGame(const Ruleset& ruleset, std::uint64_t seed, int plies) {
  Rng rng(seed);
  const LayoutStyle style = static_cast<LayoutStyle>(seed % 4);
  Game game(ruleset, styledLayout(style, ruleset, rng), styledLayout(style, ruleset, rng));
  MoveList moves;
  while (!game.isOver() && static_cast<int>(game.history().size()) < plies) {
    generateMoves(game.position(), moves);
    const Move m = moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))];
    game.apply(Action::makeMove(game.position().sideToMove(), m));
  }
  return game;
}

std::string actionText(const Action& a) {
  return a.type == ActionType::Move ? moveName(a.move) : fmt::format("action {}", static_cast<int>(a.type));
}

// The agent's layout, action and draw answer at the seat's turn in `game`,
// given the seat's InfoState as a match gives it.
leakage::Decision decisionOf(const std::string& spec, const Game& game, Seat seat, std::uint64_t gameSeed) {
  auto agent = makeAgent(spec);
  const Ruleset& ruleset = game.rules().ruleset();
  agent->newGame(ruleset, seat, gameSeed);
  leakage::Decision d;
  d.choice = formatLayout(agent->chooseLayout(ruleset, seat));
  const InfoState view = InfoState::of(game, seat);
  d.choice += ' ';
  d.choice += actionText(agent->chooseAction(view));
  d.report = agent->lastReport();
  d.choice += agent->acceptDraw(view) ? " accepts a draw" : " declines a draw";
  return d;
}

TEST(ClassicLeakage, EveryAgentDecidesAlikeInWorldsTheSeatCannotTellApart) {
  const std::vector<std::string> specs = leakage::specsOfEveryKind(agentKinds(), 100);
  Rng rng(40);
  int compared = 0, movedPiecesDiffer = 0;
  for (const Ruleset& ruleset : {Ruleset::hiddenFront(), Ruleset::worldAtPlay()})
    for (std::uint64_t seed = 1; seed <= 3; ++seed)
      for (const int plies : {30, 90}) {
        const Game game = randomClassicGame(ruleset, seed * 31 + static_cast<std::uint64_t>(plies), plies);
        if (game.isOver()) continue;
        const Seat seat = game.position().sideToMove();
        const std::string seen = Observation::of(game, seat).toText();
        std::vector<leakage::Decision> truth;
        for (const std::string& spec : specs) truth.push_back(decisionOf(spec, game, seat, seed));
        for (int w = 0; w < 2; ++w) {
          std::string why;
          const auto world = test_support::swappedWorld(game, seat, rng, 12, &why);
          ASSERT_TRUE(world) << why;
          ASSERT_EQ(Observation::of(*world, seat).toText(), seen);  // the seat cannot tell it apart
          movedPiecesDiffer += test_support::aMovedEnemyDiffers(game, *world, seat);
          for (std::size_t i = 0; i < specs.size(); ++i) {
            EXPECT_EQ(leakage::differenceBetween(decisionOf(specs[i], *world, seat, seed), truth[i]), "")
                << specs[i] << ", " << ruleset.toString() << ", game " << seed << ", ply " << plies << ", world " << w;
            ++compared;
          }
        }
      }
  EXPECT_GE(compared, 10 * static_cast<int>(specs.size()));
  // The worlds vary what the seat saw move, not only the untouched pieces.
  EXPECT_GE(movedPiecesDiffer, 8);
}

}  // namespace
}  // namespace junqi
