// The flip search's `takeflag=1` (FlipMctsParams::flagWins): a node whose
// mover can take the enemy flag is a win, valued so without the evaluator;
// and `lostflag=1` (flagLosses): one whose every action leaves the mover's
// flag to be taken is a loss, likewise.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/flip/flip_movegen.h"
#include "core/square.h"
#include "search/flip/flip_agent.h"
#include "search/flip/flip_evaluation.h"
#include "search/flip/flip_mcts.h"

namespace junqi {
namespace {

Square square(const char* name) { return *parseSquare(name); }

// The mover cannot take the enemy flag, and every action leaves its own to be taken.
bool moverHasLostItsFlag(const FlipPosition& pos) {
  if (flagCaptureInOne(pos)) return false;
  MoveList actions;
  generateFlipActions(pos, actions);
  for (const Move m : actions)
    if (!leavesFlagToCapture(pos, m)) return false;
  return actions.size() > 0;
}

// Uniform priors and a value of 0 everywhere; counts the positions it was
// asked about in which the mover could take the enemy flag, or had lost its own.
class BlindFlagEvaluator : public FlipLeafEvaluator {
 public:
  void evaluate(const FlipPosition& pos, const MoveList& actions, EvalResult& out) override {
    out.priors.assign(static_cast<std::size_t>(actions.size()), 1.0f / static_cast<float>(actions.size()));
    out.value = 0;
    wonPositionsSeen += flagCaptureInOne(pos).has_value();
    lostPositionsSeen += moverHasLostItsFlag(pos);
  }
  int wonPositionsSeen = 0, lostPositionsSeen = 0;
};

// Kawu rules, red to move: a red captain on C8 two steps from the face-up
// blue flag on C10, which nothing of blue's can shield; a blue captain far
// away on A1 and red's flag face down on E1.
FlipPosition flagInTwo() {
  FlipPosition pos = FlipPosition::empty(FlipRuleset::kawu());
  pos.setColours(Colour::Red);
  pos.setToMove(Seat::Red);
  pos.putFaceUp(square("C8"), {Colour::Red, PieceType::Captain});
  pos.putFaceUp(square("C10"), {Colour::Blue, PieceType::Flag});
  pos.putFaceUp(square("A1"), {Colour::Blue, PieceType::Captain});
  pos.putFaceDown(square("E1"), {Colour::Red, PieceType::Flag});
  return pos;
}

// Kawu rules, red to move: red's flag face up on C1, a blue captain on C3
// that reaches C2 next and then the flag, nothing of red's (a captain on
// A12) able to stop it; blue's flag face down on E12.
FlipPosition flagLostInTwo() {
  FlipPosition pos = FlipPosition::empty(FlipRuleset::kawu());
  pos.setColours(Colour::Red);
  pos.setToMove(Seat::Red);
  pos.putFaceUp(square("C1"), {Colour::Red, PieceType::Flag});
  pos.putFaceUp(square("A12"), {Colour::Red, PieceType::Captain});
  pos.putFaceUp(square("C3"), {Colour::Blue, PieceType::Captain});
  pos.putFaceDown(square("E12"), {Colour::Blue, PieceType::Flag});
  return pos;
}

struct FlagSearch {
  Move chosen;
  double value;           // the chosen action's value for red
  int wonPositionsSeen;   // by the evaluator
  int lostPositionsSeen;  // likewise
};

FlagSearch searchFlags(const FlipPosition& pos, bool flagWins, bool flagLosses) {
  auto evaluator = std::make_shared<BlindFlagEvaluator>();
  FlipMctsParams p;
  p.simulations = 60;
  p.evaluator = evaluator;
  p.priorWeight = 1.5;
  p.flagWins = flagWins;
  p.flagLosses = flagLosses;
  FlipMctsAgent agent(p);
  agent.newGame(pos.rules(), pos.toMove(), 1);
  const Move chosen = agent.chooseAction(pos);
  return {chosen, agent.lastReport().value, evaluator->wonPositionsSeen, evaluator->lostPositionsSeen};
}

FlagSearch searchFlagInTwo(bool flagWins) { return searchFlags(flagInTwo(), flagWins, false); }

TEST(FlipFlagWins, TheFixtureTakesTheFlagInTwoMovesNotOne) {
  const FlipPosition pos = flagInTwo();
  ASSERT_FALSE(flagCaptureInOne(pos)) << "the captain must not reach C10 at once";
  FlipPosition after = pos;
  after.move({square("C8"), square("C9")});
  after.setToMove(Seat::Red);  // as if blue had passed
  ASSERT_TRUE(flagCaptureInOne(after)) << "from C9 the captain must reach C10";
  ASSERT_FALSE(flipMoveTargets(pos, square("A1")) & (bit(square("C9")) | bit(square("C10"))))
      << "blue must not be able to shield the flag";
}

TEST(FlipFlagWins, AWonPositionIsValuedAsAWinWithoutTheEvaluator) {
  const FlagSearch with = searchFlagInTwo(true), without = searchFlagInTwo(false);
  EXPECT_EQ(with.wonPositionsSeen, 0);
  EXPECT_GT(without.wonPositionsSeen, 0) << "the search never met a won position: the test cannot tell";
  EXPECT_EQ(with.chosen, (Move{square("C8"), square("C9")}));
  EXPECT_GT(with.value, 0.9) << "every blue reply leaves red the flag in one";
  EXPECT_LT(without.value, with.value) << "a blind value head should not see it as well";
}

TEST(FlipFlagWins, TheLostFixtureLosesItsFlagInTwoMovesNotOne) {
  FlipPosition pos = flagLostInTwo();
  ASSERT_FALSE(moverHasLostItsFlag(pos)) << "red must not have lost at the root";
  pos.move({square("A12"), square("A11")});
  ASSERT_FALSE(moverHasLostItsFlag(pos)) << "blue, to move, has not lost either";
  pos.move({square("C3"), square("C2")});
  ASSERT_TRUE(moverHasLostItsFlag(pos)) << "with the captain on C2 every red action must leave the flag";
}

TEST(FlipFlagWins, ALostPositionIsValuedAsALossWithoutTheEvaluator) {
  const FlagSearch with = searchFlags(flagLostInTwo(), true, true);
  const FlagSearch without = searchFlags(flagLostInTwo(), true, false);
  EXPECT_EQ(with.lostPositionsSeen, 0);
  EXPECT_GT(without.lostPositionsSeen, 0) << "the search never met a lost position: the test cannot tell";
  EXPECT_LT(with.value, without.value) << "the loss two plies ahead should weigh more when known at once";
  EXPECT_LT(with.value, -0.5);
}

TEST(FlipFlagWins, TheSpecCarriesItOnlyWhenOn) {
  EXPECT_EQ(makeFlipAgent("mcts:sims=10")->spec().find("takeflag"), std::string::npos);
  EXPECT_NE(makeFlipAgent("mcts:sims=10,takeflag=1")->spec().find("takeflag=1"), std::string::npos);
  EXPECT_NE(makeFlipAgent("pimc:sims=40,takeflag=1")->spec().find("takeflag=1"), std::string::npos);
  EXPECT_NE(makeFlipAgent("mcts:sims=10,lostflag=1")->spec().find("lostflag=1"), std::string::npos);
  EXPECT_EQ(makeFlipAgent("mcts:sims=10,takeflag=1")->spec().find("lostflag"), std::string::npos);
  for (const char* key : {"takeflag", "lostflag"}) {
    const std::string bad = std::string("mcts:") + key + "=2";
    try {
      makeFlipAgent(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const AgentSpecError& e) {
      EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace junqi
