// A flip's decisive outcomes (search/flip/flip_decisive_flip.h) and the flip
// search that weighs them exactly (FlipMctsParams::decisiveFlips, `decisive=1`).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "core/flip/flip_movegen.h"
#include "core/square.h"
#include "search/flip/flip_agent.h"
#include "search/flip/flip_decisive_flip.h"
#include "search/flip/flip_mcts.h"

namespace junqi {
namespace {

Square at(const char* name) { return *parseSquare(name); }
constexpr Identity kRedFlag{Colour::Red, PieceType::Flag}, kBlueFlag{Colour::Blue, PieceType::Flag};

// Kawu rules, seat 1 plays red and is to move; the blue flag face up in a far
// corner unless `blueFlagDown`, where it is face down on C10 instead.
FlipPosition decisiveFixture(bool blueFlagDown) {
  FlipPosition pos = FlipPosition::empty(FlipRuleset::kawu());
  pos.setColours(Colour::Red);
  pos.setToMove(Seat::Red);
  if (blueFlagDown) {
    pos.putFaceDown(at("C10"), kBlueFlag);
  } else {
    pos.putFaceUp(at("E12"), kBlueFlag);
  }
  return pos;
}

// Red's flag face down on C3 or C10; a blue captain beside C3.
FlipPosition ourFlagAtRisk() {
  FlipPosition pos = decisiveFixture(false);
  pos.putFaceUp(at("C2"), {Colour::Blue, PieceType::Captain});
  pos.putFaceDown(at("C3"), kRedFlag);
  pos.putFaceDown(at("C10"), {Colour::Blue, PieceType::Landmine});
  return pos;
}

TEST(DecisiveFlip, OurFlagRevealedBesideAnEnemyIsALossWithItsChance) {
  const FlipPosition pos = ourFlagAtRisk();
  FlipPosition revealed = pos;
  revealed.flip(at("C3"), kRedFlag);
  ASSERT_TRUE(flipMoveTargets(revealed, at("C2")) & bit(at("C3"))) << "the fixture means the captain to reach C3";
  const DecisiveFlip risky = decisiveFlip(pos, at("C3")), safe = decisiveFlip(pos, at("C10"));
  EXPECT_DOUBLE_EQ(risky.loss, 0.5);  // two face-down pieces, one our flag
  EXPECT_EQ(risky.win, 0);
  EXPECT_FALSE(safe.any()) << "nothing of blue's reaches C10";
  EXPECT_DOUBLE_EQ(risky.value(0.2), -0.5 + 0.5 * 0.2);
}

// Red's captain beside the face-down blue flag on C10; a blue marshal beside
// the captain when `defended`.
FlipPosition enemyFlagInReach(bool defended) {
  FlipPosition pos = decisiveFixture(true);
  pos.putFaceUp(at("C1"), kRedFlag);
  pos.putFaceUp(at("C11"), {Colour::Red, PieceType::Captain});
  pos.putFaceDown(at("A5"), {Colour::Blue, PieceType::Landmine});
  pos.putFaceDown(at("E5"), {Colour::Red, PieceType::Landmine});
  if (defended) pos.putFaceUp(at("D11"), {Colour::Blue, PieceType::Marshal});
  return pos;
}

TEST(DecisiveFlip, TheEnemyFlagIsAWinOnlyWhenNoReplySavesIt) {
  EXPECT_DOUBLE_EQ(decisiveFlip(enemyFlagInReach(false), at("C10")).win, 1.0 / 3);
  EXPECT_EQ(decisiveFlip(enemyFlagInReach(false), at("A5")).win, 0) << "the captain does not reach A5";
  EXPECT_EQ(decisiveFlip(enemyFlagInReach(true), at("C10")).win, 0) << "the marshal takes the captain first";
}

TEST(DecisiveFlip, NoneWhileTheColoursAreUndecided) {
  const FlipPosition start(FlipRuleset::kawu());
  for (Bitboard down = start.faceDown(); down;) EXPECT_FALSE(decisiveFlip(start, popLsb(down)).any());
}

TEST(DecisiveFlip, TheOtherOutcomesAreDealtInProportionToTheirCounts) {
  // Face down: our flag on C3 (decisive) and, on three more points, two blue
  // landmines and a blue bomb. Conditioned on C3 not showing our flag, C3
  // holds a landmine two times in three, and the deal stays one of the pools.
  FlipPosition pos = ourFlagAtRisk();
  pos.putFaceDown(at("A10"), {Colour::Blue, PieceType::Landmine});
  pos.putFaceDown(at("E10"), {Colour::Blue, PieceType::Bomb});
  const DecisiveFlip odds = decisiveFlip(pos, at("C3"));
  ASSERT_DOUBLE_EQ(odds.loss, 0.25);
  Rng rng(5);
  std::map<PieceType, int> atC3;
  const int deals = 6000;
  for (int k = 0; k < deals; ++k) {
    FlipDeal world = randomFlipDeal(pos, rng);
    dealOtherOutcome(pos, at("C3"), odds, world, rng);
    ASSERT_TRUE(world.under[at("C3")]);
    EXPECT_NE(*world.under[at("C3")], kRedFlag);
    ++atC3[world.under[at("C3")]->type];
    int flags = 0;
    for (Bitboard down = pos.faceDown(); down;) flags += world.under[popLsb(down)] == kRedFlag;
    ASSERT_EQ(flags, 1) << "the flag went somewhere else, not away";
  }
  EXPECT_NEAR(atC3[PieceType::Landmine] / double(deals), 2.0 / 3, 0.025);
  EXPECT_NEAR(atC3[PieceType::Bomb] / double(deals), 1.0 / 3, 0.025);
}

Move searchRiskyOrSafe(bool decisive, std::uint64_t seed) {
  FlipMctsParams p;
  p.simulations = 4;  // the root, each flip once, then the better one
  p.seed = seed;
  p.decisiveFlips = decisive;
  FlipMctsAgent agent(p);
  const FlipPosition pos = ourFlagAtRisk();
  agent.newGame(pos.rules(), pos.toMove(), 1);
  return agent.chooseAction(pos);
}

TEST(DecisiveFlip, AFewSimulationsAlreadyAvoidTheFlipThatMayLoseAtOnce) {
  // Flip C3 (our flag there half the time, taken at once) or C10 (safe).
  // Sampled, a pass or two through each often misses the risk; weighed
  // exactly, never.
  int riskySampled = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    EXPECT_EQ(searchRiskyOrSafe(true, seed), flipAt(at("C10"))) << "seed " << seed;
    riskySampled += searchRiskyOrSafe(false, seed) == flipAt(at("C3"));
  }
  EXPECT_GT(riskySampled, 0) << "the fixture should fool the sampled search sometimes";
}

TEST(DecisiveFlip, TheSpecCarriesItOnlyWhenOn) {
  EXPECT_EQ(makeFlipAgent("mcts:sims=10")->spec().find("decisive"), std::string::npos);
  EXPECT_NE(makeFlipAgent("mcts:sims=10,decisive=1")->spec().find("decisive=1"), std::string::npos);
  for (const char* bad : {"mcts:decisive=2", "pimc:decisive=1"}) {
    try {
      makeFlipAgent(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const AgentSpecError& e) {
      EXPECT_NE(std::string(e.what()).find("decisive"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace junqi
