// Four-player Junqi: no agent reads what its seat cannot see. For positions
// of random games under the `own` and `team` visibility modes, worlds the seat
// cannot tell from the game are built by the test's own generator
// (tests/support/four_swapped_world.h: pieces of the armies the seat does not
// see trade identities while its observation stays the same), and every kind
// of agent, made from the same spec with the same seed, must decide alike in
// each. Comparing the observations' texts is not enough: a stand-in identity
// that differs inside FourObservation leaves the text alone. scripts/
// check-planted-leaks.sh proves the test with such a leak (core/planted_leak.h).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/four/four_movegen.h"
#include "core/four/four_observation.h"
#include "search/four/four_agent.h"
#include "tests/leakage/decision.h"
#include "tests/support/four_swapped_world.h"
#include "tests/support/random_four_game.h"

namespace junqi {
namespace {

leakage::Decision decisionOf(const std::string& spec, const FourGame& game, int seat, std::uint64_t gameSeed) {
  auto agent = makeFourAgent(spec);
  agent->newGame(game.rules(), seat, gameSeed);
  leakage::Decision d;
  d.choice = moveName(agent->chooseMove(FourObservation::of(game, seat)));
  d.report = agent->lastReport();
  return d;
}

// Can the army to move attack a piece whose identity it does not see? Only
// there do hidden identities bear on most decisions, so only such positions are checked.
bool canAttackTheUnseen(const FourGame& game, int seat) {
  const FourObservation seen = FourObservation::of(game, seat);
  MoveList moves;
  seen.legalMoves(moves);
  for (const Move m : moves)
    if (seen.armyAt(m.to) >= 0 && !seen.typeAt(m.to)) return true;
  return false;
}

TEST(FourLeakage, EveryAgentDecidesAlikeInWorldsTheSeatCannotTellApart) {
  const std::vector<std::string> specs = leakage::specsOfEveryKind(fourAgentKinds(), 60);
  Rng rng(41);
  int positions = 0, compared = 0;
  for (const Visibility visibility : {Visibility::Own, Visibility::Team})
    for (std::uint64_t seed = 1; seed <= 40 && positions < (visibility == Visibility::Own ? 8 : 16); ++seed) {
      const FourGame game = fourgames::randomFourGame(seed * 7, 30 + static_cast<int>(seed % 5) * 20, visibility);
      const int seat = game.position().toMove();
      if (game.isOver() || !canAttackTheUnseen(game, seat)) continue;
      ++positions;
      std::vector<leakage::Decision> truth;
      for (const std::string& spec : specs) truth.push_back(decisionOf(spec, game, seat, seed));
      for (int w = 0; w < 3; ++w) {
        std::string why;
        const auto world = test_support::swappedFourWorld(game, seat, rng, 12, &why);
        ASSERT_TRUE(world) << why;
        for (std::size_t i = 0; i < specs.size(); ++i) {
          EXPECT_EQ(leakage::differenceBetween(decisionOf(specs[i], *world, seat, seed), truth[i]), "")
              << specs[i] << ", visibility " << visibilityName(visibility) << ", game " << seed << ", world " << w;
          ++compared;
        }
      }
    }
  EXPECT_EQ(positions, 16);
  EXPECT_GE(compared, 48 * static_cast<int>(specs.size()));
}

}  // namespace
}  // namespace junqi
