// The flip static value's `cover` (search/flip/flip_evaluation.h): the
// face-down points each side reaches in one move, where a flag turned up
// falls to the first side that reaches it.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/flip/flip_movegen.h"
#include "core/square.h"
#include "search/flip/flip_agent.h"
#include "search/flip/flip_evaluation.h"

namespace junqi {
namespace {

Square point(const char* name) { return *parseSquare(name); }

// Kawu rules, red to move: a red captain on B1 beside the face-down points A1
// (red's flag) and C1 (a blue engineer); a blue captain on D12 beside the
// face-down E12 (blue's flag). Nothing else stands within a move.
FlipPosition reachFixture() {
  FlipPosition pos = FlipPosition::empty(FlipRuleset::kawu());
  pos.setColours(Colour::Red);
  pos.setToMove(Seat::Red);
  pos.putFaceUp(point("B1"), {Colour::Red, PieceType::Captain});
  pos.putFaceUp(point("D12"), {Colour::Blue, PieceType::Captain});
  pos.putFaceDown(point("A1"), {Colour::Red, PieceType::Flag});
  pos.putFaceDown(point("C1"), {Colour::Blue, PieceType::Engineer});
  pos.putFaceDown(point("E12"), {Colour::Blue, PieceType::Flag});
  return pos;
}

TEST(FlipCover, FaceDownPointsInReachAreCountedThoughTheyCannotBeAttacked) {
  const FlipPosition pos = reachFixture();
  EXPECT_EQ(hiddenPointsInReach(pos, Colour::Red), 2);   // A1 and C1
  EXPECT_EQ(hiddenPointsInReach(pos, Colour::Blue), 1);  // E12
  EXPECT_FALSE(contains(flipMoveTargets(pos, point("B1")), point("C1")));  // a flip, not an attack
}

// In material units before the tanh: cover * (reached by the mover - by the
// other) / face-down points, so 30 * (2 - 1) / 3 = 10 for red, -10 for blue.
TEST(FlipCover, TheStaticValueAddsTheMoversShareOfTheHiddenPointsInReach) {
  FlipPosition pos = reachFixture();
  const auto units = [](double value) { return 20 * std::atanh(value); };
  EXPECT_NEAR(units(flipStaticValue(pos, 30)) - units(flipStaticValue(pos)), 10, 1e-9);
  pos.setToMove(Seat::Blue);
  EXPECT_NEAR(units(flipStaticValue(pos, 30)) - units(flipStaticValue(pos)), -10, 1e-9);
}

TEST(FlipCover, TheSpecCarriesItOnlyWhenOnAndRefusesANegativeWeight) {
  EXPECT_EQ(makeFlipAgent("mcts:sims=10")->spec().find("cover"), std::string::npos);
  EXPECT_NE(makeFlipAgent("mcts:sims=10,cover=30")->spec().find("cover=30"), std::string::npos);
  EXPECT_NE(makeFlipAgent("pimc:sims=40,cover=5")->spec().find("cover=5"), std::string::npos);
  try {
    makeFlipAgent("mcts:cover=-1");
    ADD_FAILURE() << "cover=-1 was accepted";
  } catch (const AgentSpecError& e) {
    EXPECT_NE(std::string(e.what()).find("cover"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace junqi
