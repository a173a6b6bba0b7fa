// The flip search's `takeflag=1` (FlipMctsParams::flagWins): a node whose
// mover can take the enemy flag is a win, valued so without the evaluator.
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

// Uniform priors and a value of 0 everywhere; counts the positions it was
// asked about in which the mover could take the enemy flag.
class BlindFlagEvaluator : public FlipLeafEvaluator {
 public:
  void evaluate(const FlipPosition& pos, const MoveList& actions, EvalResult& out) override {
    out.priors.assign(static_cast<std::size_t>(actions.size()), 1.0f / static_cast<float>(actions.size()));
    out.value = 0;
    wonPositionsSeen += flagCaptureInOne(pos).has_value();
  }
  int wonPositionsSeen = 0;
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

struct FlagSearch {
  Move chosen;
  double value;       // the chosen action's value for red
  int wonPositionsSeen;  // by the evaluator
};

FlagSearch searchFlagInTwo(bool flagWins) {
  auto evaluator = std::make_shared<BlindFlagEvaluator>();
  FlipMctsParams p;
  p.simulations = 60;
  p.evaluator = evaluator;
  p.priorWeight = 1.5;
  p.flagWins = flagWins;
  FlipMctsAgent agent(p);
  const FlipPosition pos = flagInTwo();
  agent.newGame(pos.rules(), pos.toMove(), 1);
  const Move chosen = agent.chooseAction(pos);
  return {chosen, agent.lastReport().value, evaluator->wonPositionsSeen};
}

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

TEST(FlipFlagWins, TheSpecCarriesItOnlyWhenOn) {
  EXPECT_EQ(makeFlipAgent("mcts:sims=10")->spec().find("takeflag"), std::string::npos);
  EXPECT_NE(makeFlipAgent("mcts:sims=10,takeflag=1")->spec().find("takeflag=1"), std::string::npos);
  EXPECT_NE(makeFlipAgent("pimc:sims=40,takeflag=1")->spec().find("takeflag=1"), std::string::npos);
  try {
    makeFlipAgent("mcts:takeflag=2");
    ADD_FAILURE() << "takeflag=2 was accepted";
  } catch (const AgentSpecError& e) {
    EXPECT_NE(std::string(e.what()).find("takeflag"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace junqi
