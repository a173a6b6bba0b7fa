// Four-player Junqi, sentence by sentence of shared/seeds/001 ("Four-player
// Junqi: what changes"); docs/rules.md ("Four-player Junqi") indexes them.
#include <gtest/gtest.h>

#include <vector>

#include "core/four/cross_board.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/four/four_position.h"
#include "tests/support/square_names.h"

namespace junqi {
namespace {

using enum PieceType;

constexpr int kSouth = 0, kEast = 1, kNorth = 2, kWest = 3;

// Every army's flag in its left headquarters and a lieutenant on its back
// railway row, so that every army is on the board and can move.
std::vector<FourPiece> armies() {
  std::vector<FourPiece> pieces;
  for (int army = 0; army < kArmies; ++army) {
    pieces.push_back({army, Flag, armyPoint(army, 1)});
    pieces.push_back({army, Lieutenant, armyPoint(army, 5)});
  }
  return pieces;
}

FourPosition position(std::vector<FourPiece> extra, int toMove = kSouth) {
  std::vector<FourPiece> pieces = armies();
  pieces.insert(pieces.end(), extra.begin(), extra.end());
  return FourPosition(FourRuleset::worldAtPlay(), pieces, toMove);
}

CrossBitboard targets(const FourPosition& pos, const char* from) { return fourTargets(pos, crossAt(from)); }

Move fourMove(const char* text) { return *parseFourMove(text); }

// "the army facing you is your ally, the two beside you are opponents"
TEST(FourRules, TheArmyFacingYouIsYourAlly) {
  EXPECT_EQ(allyOf(kSouth), kNorth);
  EXPECT_EQ(allyOf(kEast), kWest);
  EXPECT_EQ(teamOfArmy(kSouth), teamOfArmy(kNorth));
  EXPECT_NE(teamOfArmy(kSouth), teamOfArmy(kEast));
}

// "turns pass south, east, north, west"
TEST(FourRules, TurnsPassSouthEastNorthWest) {
  FourPosition pos = position({});
  std::vector<int> order;
  for (int k = 0; k < 5; ++k) {
    order.push_back(pos.toMove());
    MoveList moves;
    generateFourMoves(pos, moves);
    pos.play(moves[0]);
  }
  EXPECT_EQ(order, (std::vector<int>{kSouth, kEast, kNorth, kWest, kSouth}));
}

// "You cannot capture your ally's pieces or move onto them."
TEST(FourRules, AnAllysPieceIsNeitherAttackedNorEntered) {
  // South's general on G4 with north's colonel on G5 and east's on G3.
  const FourPosition pos = position({{kSouth, General, crossAt("G4")}, {kNorth, Colonel, crossAt("G5")}, {kEast, Colonel, crossAt("G3")}});
  EXPECT_FALSE(targets(pos, "G4").contains(crossAt("G5")));
  EXPECT_TRUE(targets(pos, "G4").contains(crossAt("G3")));  // an opponent beside you is fair game
}

// "one stop by road, any distance along a straight or curved railway"
TEST(FourRules, RailwaysRunStraightOnAndRoundTheCurves) {
  const FourPosition pos = position({{kSouth, Colonel, crossAt("G3")}});
  const CrossBitboard t = targets(pos, "G3");
  for (const char* p : {"G4", "G6", "G7", "G11", "G13", "F7", "C7"}) EXPECT_TRUE(t.contains(crossAt(p))) << p;
  EXPECT_FALSE(t.contains(crossAt("H6")));  // a square corner: engineers only
  EXPECT_FALSE(t.contains(crossAt("I7")));  // leaving the column at G7 is a turn too
  EXPECT_TRUE(t.contains(crossAt("H3")));   // one stop by road
  EXPECT_TRUE(t.contains(crossAt("B7")));   // round the curve to the end of west's outer column
}

// "only engineers turn square corners"
TEST(FourRules, OnlyEngineersTurnSquareCorners) {
  const FourPosition pos = position({{kSouth, Engineer, crossAt("G3")}});
  const CrossBitboard t = targets(pos, "G3");
  for (const char* p : {"H6", "K6", "I7", "K9", "I11", "L9"}) EXPECT_TRUE(t.contains(crossAt(p))) << p;
}

// A slide stops at the first piece, whoever's: it takes an enemy, and an ally blocks.
TEST(FourRules, ASlideStopsAtTheFirstPiece) {
  const FourPosition pos = position({{kSouth, Colonel, crossAt("G3")}, {kEast, Captain, crossAt("G9")}, {kNorth, Captain, crossAt("E7")}});
  const CrossBitboard t = targets(pos, "G3");
  EXPECT_TRUE(t.contains(crossAt("G9")));
  EXPECT_FALSE(t.contains(crossAt("G11")));
  EXPECT_TRUE(t.contains(crossAt("F7")));
  EXPECT_FALSE(t.contains(crossAt("E7")));
  EXPECT_FALSE(t.contains(crossAt("D7")));
}

// "Higher rank wins, equals both go, a bomb takes anything with it, engineers
// clear mines, and a piece in a camp is safe."
TEST(FourRules, BattlesAreThoseOfTwoArmyJunqi) {
  const auto fight = [](PieceType attacker, PieceType defender) {
    FourPosition pos = position({{kSouth, attacker, crossAt("G4")}, {kEast, defender, crossAt("G5")}});
    return pos.play(fourMove("G4-G5")).combat;
  };
  EXPECT_EQ(fight(General, Colonel), Combat::DefenderRemoved);
  EXPECT_EQ(fight(Colonel, General), Combat::AttackerRemoved);
  EXPECT_EQ(fight(Major, Major), Combat::BothRemoved);
  EXPECT_EQ(fight(Bomb, Marshal), Combat::BothRemoved);
  EXPECT_EQ(fight(Engineer, Landmine), Combat::DefenderRemoved);
  const FourPosition camp = position({{kSouth, Marshal, crossAt("G4")}, {kEast, Lieutenant, crossAt("H5")}});
  EXPECT_FALSE(targets(camp, "G4").contains(crossAt("H5")));
}

// "An army whose flag is taken ... leaves the board with all its pieces"
TEST(FourRules, AnArmyWhoseFlagIsTakenLeavesWithAllItsPieces) {
  // East's flag on Q8 (its headquarters); south's major beside it on P8.
  FourPosition pos = position({{kSouth, Major, crossAt("P8")}, {kEast, General, crossAt("M9")}});
  const FourMoveResult r = pos.play(fourMove("P8-Q8"));
  EXPECT_EQ(r.flagTakenFrom, kEast);
  EXPECT_FALSE(pos.armyIn(kEast));
  EXPECT_FALSE(pos.occupied(kEast));
  EXPECT_EQ(pos.typeAt(crossAt("Q8")), Major);
  EXPECT_EQ(pos.toMove(), kNorth);  // east's turn is skipped from now on
  EXPECT_FALSE(fourOutcome(pos).isOver());  // west plays on alone
}

// "or which has no move on its turn, leaves the board"
TEST(FourRules, AnArmyWithNoMoveOnItsTurnLeaves) {
  std::vector<FourPiece> pieces = armies();
  pieces.erase(pieces.begin() + 3);  // east keeps only its flag
  FourPosition pos(FourRuleset::worldAtPlay(), pieces, kSouth);
  pos.play(fourMove("G2-G3"));
  EXPECT_FALSE(pos.armyIn(kEast));
  EXPECT_EQ(pos.lastExit(), Termination::Immobilised);
  EXPECT_EQ(pos.toMove(), kNorth);
}

// "a team loses when both armies are gone. One army may have to play on alone against two."
TEST(FourRules, ATeamLosesWhenBothItsArmiesAreGone) {
  std::vector<FourPiece> pieces = {{kSouth, Flag, armyPoint(kSouth, 1)}, {kSouth, Major, crossAt("P8")},
                                   {kEast, Flag, crossAt("Q8")}, {kWest, Flag, armyPoint(kWest, 1)},
                                   {kWest, Lieutenant, armyPoint(kWest, 5)}};
  FourPosition pos(FourRuleset::worldAtPlay(), pieces, kSouth);  // north is gone: south plays alone
  EXPECT_FALSE(fourOutcome(pos).isOver());
  pos.play(fourMove("P8-Q8"));
  EXPECT_FALSE(fourOutcome(pos).isOver());  // west is still there
  std::vector<FourPiece> last = {{kSouth, Flag, armyPoint(kSouth, 1)}, {kSouth, Major, crossAt("P8")}, {kEast, Flag, crossAt("Q8")},
                                 {kNorth, Lieutenant, armyPoint(kNorth, 5)}};
  FourPosition end(FourRuleset::worldAtPlay(), last, kSouth);
  end.play(fourMove("P8-Q8"));
  const FourOutcome o = fourOutcome(end);
  EXPECT_EQ(o.reason, Termination::FlagCaptured);
  EXPECT_EQ(o.winningTeam, teamOfArmy(kSouth));
}

// A position read from text (or set up) with a team already gone is over:
// the other team has won (issue 40: such a text was played on).
TEST(FourRules, APositionWithATeamAlreadyGoneIsOver) {
  const FourPosition read = parseFourPosition(
      "four -/-/-/EH1,CA8,LB8,PC8,JD8,CE8,JA9,RE9,PF9,FA10,LB10,BE10,DF10,BA11,LB11 west 0 136 east,west",
      FourRuleset::worldAtPlay());
  const FourOutcome o = fourOutcome(read);
  EXPECT_TRUE(o.isOver());
  EXPECT_EQ(o.reason, Termination::Immobilised);
  EXPECT_EQ(o.winningTeam, 1);  // south and north are gone; west is still there
  const FourPosition setUp(FourRuleset::worldAtPlay(), {{kSouth, Flag, armyPoint(kSouth, 1)},
                                                        {kNorth, Flag, armyPoint(kNorth, 1)}}, kSouth);
  EXPECT_EQ(fourOutcome(setUp).winningTeam, 0);
}

// "a fallen field marshal shows that army's flag to everyone"
TEST(FourRules, AFallenMarshalShowsItsArmysFlag) {
  FourPosition pos = position({{kSouth, Bomb, crossAt("G4")}, {kEast, Marshal, crossAt("G5")}});
  EXPECT_FALSE(pos.flagShown(kEast));
  pos.play(fourMove("G4-G5"));
  EXPECT_TRUE(pos.flagShown(kEast));
  EXPECT_FALSE(pos.flagShown(kSouth));
}

// "A draw is seventy consecutive moves without a battle, counted across all four armies."
TEST(FourRules, SeventyMovesWithoutABattleDraw) {
  FourPosition pos = position({});
  for (int k = 0; k < 70; ++k) {
    ASSERT_FALSE(fourOutcome(pos).isOver()) << k;
    // Back and forth along each army's back railway row: never a battle.
    const Square from = pos.pointOf(PieceId(pos.toMove() * kPiecesPerArmy + 1));
    const int to = from == armyPoint(pos.toMove(), 5) ? armyPoint(pos.toMove(), 6) : armyPoint(pos.toMove(), 5);
    pos.play({Square(from), Square(to)});
  }
  EXPECT_EQ(pos.quietMoves(), 70);
  EXPECT_EQ(fourOutcome(pos).reason, Termination::QuietMoves);
  EXPECT_EQ(fourOutcome(pos).winningTeam, std::nullopt);
}

// "What you can see comes in three kinds: only your own army, your ally's as well, or all four."
TEST(FourRules, ThreeKindsOfVisibility) {
  EXPECT_EQ(FourRuleset::parse("four-worldatplay").visibility, Visibility::Own);
  EXPECT_EQ(FourRuleset::parse("four-worldatplay:visibility=team").visibility, Visibility::Team);
  EXPECT_EQ(FourRuleset::parse("four-worldatplay:visibility=all").toString(), "four-worldatplay:visibility=all");
  EXPECT_THROW(FourRuleset::parse("four-worldatplay:visibility=some"), FourRulesetError);
  EXPECT_THROW(FourRuleset::parse("four-kawu"), FourRulesetError);
}

}  // namespace
}  // namespace junqi
