// The draw clock of the flip search (FlipMctsParams::drawClock, the agents'
// `drawclock`): within K quiet turns of the quiet-turn draw a leaf's value
// shrinks toward the draw; further away the search is exactly as without it.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/flip/flip_notation.h"
#include "search/registry.h"
#include "search/flip/flip_agent.h"
#include "search/flip/flip_mcts.h"

namespace junqi {
namespace {

// An endgame of a World at Play match (experiments/flip-draw-clock): every
// piece face up, red with more material, blue to move, `quiet` turns since
// the last flip or fight (the draw comes at 80).
FlipPosition quietEndgame(int quiet) {
  return parseFlipPosition("flip F3l/5/1E1d1/L2L1/1J3/f4/5/5/2R2/5/5/5 1 b -- "
                           "EEPPPCCCJRIIDDGMBBLeeepppcccjjrriidgmbbll " +
                               std::to_string(quiet) + " 690",
                           FlipRuleset::worldAtPlay());
}

struct ClockedSearch {
  std::vector<std::pair<Move, int>> visits;
  double value;
};

ClockedSearch searchEndgame(const FlipPosition& pos, int drawClock) {
  FlipMctsParams p;
  p.simulations = 2000;
  p.seed = 3;
  p.drawClock = drawClock;
  FlipMctsAgent agent(p);
  agent.newGame(pos.rules(), pos.toMove(), 1);
  agent.chooseAction(pos);
  return {agent.rootVisits(), agent.lastReport().value};
}

TEST(FlipDrawClock, FarFromTheDrawTheSearchIsUnchanged) {
  const FlipPosition pos = quietEndgame(0);
  const ClockedSearch plain = searchEndgame(pos, 0), clocked = searchEndgame(pos, 20);
  EXPECT_EQ(clocked.visits, plain.visits);
  EXPECT_EQ(clocked.value, plain.value);
}

TEST(FlipDrawClock, NearTheDrawALeadIsWorthLessWhenNothingRestartsTheCount) {
  // 10 turns before the draw with a clock of 20: every leaf keeps at most half its value.
  const FlipPosition pos = quietEndgame(70);
  const ClockedSearch plain = searchEndgame(pos, 0), clocked = searchEndgame(pos, 20);
  ASSERT_GT(std::abs(plain.value), 0.1) << "the fixture is meant to be won or lost on material";
  EXPECT_LE(std::abs(clocked.value), 0.5 * std::abs(plain.value) + 1e-9)
      << "without the clock " << plain.value << ", with it " << clocked.value;
  EXPECT_EQ(clocked.value > 0, plain.value > 0) << "the clock shrinks a value toward the draw, never past it";
}

TEST(FlipDrawClock, TheSpecCarriesTheClockOnlyWhenItIsOn) {
  EXPECT_EQ(makeFlipAgent("mcts:sims=10")->spec().find("drawclock"), std::string::npos);
  EXPECT_NE(makeFlipAgent("mcts:sims=10,drawclock=30")->spec().find("drawclock=30"), std::string::npos);
  try {
    makeFlipAgent("mcts:drawclock=-1");
    ADD_FAILURE() << "a negative clock was accepted";
  } catch (const AgentSpecError& e) {
    EXPECT_NE(std::string(e.what()).find("drawclock"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace junqi
