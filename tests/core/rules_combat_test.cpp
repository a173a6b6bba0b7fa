// The rule texts' sentences about combat: what an attack is, the order in which
// a fight is resolved, what each preset does with a landmine, camps, what the
// players are told, and the flag shown when a marshal is lost. Each test is
// listed against the sentences it checks in docs/rules.md.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/classic/game.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "tests/core/rule_fixtures.h"

namespace junqi {
namespace {

using namespace fixtures;

std::vector<PieceType> officers() {
  std::vector<PieceType> out;
  for (int t = 0; t < kPieceTypes; ++t)
    if (isOfficer(typeFromIndex(t))) out.push_back(typeFromIndex(t));
  return out;
}

// The pieces that can attack: everything that moves.
std::vector<PieceType> attackers() {
  auto out = officers();
  out.push_back(PieceType::Bomb);
  return out;
}

std::vector<PieceType> allTypes() {
  std::vector<PieceType> out;
  for (int t = 0; t < kPieceTypes; ++t) out.push_back(typeFromIndex(t));
  return out;
}

Combat fight(const Ruleset& ruleset, PieceType attacker, PieceType defender) {
  return Rules::of(ruleset).combat(attacker, defender);
}

TEST(Combat, HigherRankRemovesTheLowerWhicheverAttacks) {
  for (const auto& ruleset : kPresets)
    for (const auto a : officers())
      for (const auto d : officers()) {
        if (rank(a) == rank(d)) continue;
        EXPECT_EQ(fight(ruleset, a, d), rank(a) > rank(d) ? Combat::DefenderRemoved : Combat::AttackerRemoved)
            << ruleset.preset << ": " << typeName(a) << " attacks " << typeName(d);
      }
}

TEST(Combat, EqualRanksAreBothRemoved) {
  for (const auto& ruleset : kPresets)
    for (const auto a : officers()) EXPECT_EQ(fight(ruleset, a, a), Combat::BothRemoved) << typeName(a);
}

TEST(Combat, BombAndThePieceItMeetsAreBothRemovedWhicheverAttacks) {
  for (const auto& ruleset : kPresets) {
    for (const auto d : allTypes())
      EXPECT_EQ(fight(ruleset, PieceType::Bomb, d), Combat::BothRemoved) << ruleset.preset << ": bomb attacks " << typeName(d);
    for (const auto a : attackers())
      EXPECT_EQ(fight(ruleset, a, PieceType::Bomb), Combat::BothRemoved) << ruleset.preset << ": " << typeName(a) << " attacks a bomb";
  }
}

TEST(Combat, BombThatHitsALandmineRemovesBoth) {
  for (const auto& ruleset : kPresets) {
    EXPECT_EQ(fight(ruleset, PieceType::Bomb, PieceType::Landmine), Combat::BothRemoved) << ruleset.preset;
    Position pos = make(ruleset, "F:B1 f:B12 l:C11 B:C10 c:E10");
    const MoveResult r = pos.play(move("C10", "C11"));
    EXPECT_EQ(r.combat, Combat::BothRemoved);
    EXPECT_TRUE(pos.isEmpty(at("C10")));
    EXPECT_TRUE(pos.isEmpty(at("C11")));
  }
}

TEST(Combat, EngineerClearsLandmineAndSurvives) {
  for (const auto& ruleset : kPresets) {
    EXPECT_EQ(fight(ruleset, PieceType::Engineer, PieceType::Landmine), Combat::DefenderRemoved) << ruleset.preset;
    Position pos = make(ruleset, "F:B1 f:B12 l:C11 E:C10 c:E10");
    const PieceId engineer = pos.pieceAt(at("C10"));
    const PieceId mine = pos.pieceAt(at("C11"));
    const MoveResult r = pos.play(move("C10", "C11"));
    EXPECT_EQ(r.combat, Combat::DefenderRemoved);
    EXPECT_FALSE(pos.isAlive(mine));
    EXPECT_EQ(pos.pieceAt(at("C11")), engineer);  // the engineer moves onto the landmine's point
    EXPECT_TRUE(pos.isEmpty(at("C10")));
  }
}

TEST(Combat, NonEngineerAttackingALandmineIsRemovedWithItUnderHiddenfront) {
  const Ruleset ruleset = Ruleset::hiddenFront();
  EXPECT_FALSE(ruleset.landmineSurvivesAttack);
  for (const auto a : officers()) {
    if (a == PieceType::Engineer) continue;
    EXPECT_EQ(fight(ruleset, a, PieceType::Landmine), Combat::BothRemoved) << typeName(a);
  }
  Position pos = make(ruleset, "F:B1 f:B12 l:C11 M:C10 c:E10");
  EXPECT_EQ(pos.play(move("C10", "C11")).combat, Combat::BothRemoved);
  EXPECT_TRUE(pos.isEmpty(at("C10")));
  EXPECT_TRUE(pos.isEmpty(at("C11")));
}

TEST(Combat, NonEngineerAttackingALandmineIsRemovedAndTheLandmineStaysUnderWorldatplayAndRefereed) {
  for (const auto& ruleset : {Ruleset::worldAtPlay(), Ruleset::refereed()}) {
    EXPECT_TRUE(ruleset.landmineSurvivesAttack) << ruleset.preset;
    for (const auto a : officers()) {
      if (a == PieceType::Engineer) continue;
      EXPECT_EQ(fight(ruleset, a, PieceType::Landmine), Combat::AttackerRemoved) << ruleset.preset << " " << typeName(a);
    }
    // Even the marshal.
    Position pos = make(ruleset, "F:B1 f:B12 l:C11 M:C10 c:E10");
    const PieceId mine = pos.pieceAt(at("C11"));
    EXPECT_EQ(pos.play(move("C10", "C11")).combat, Combat::AttackerRemoved);
    EXPECT_TRUE(pos.isEmpty(at("C10")));
    EXPECT_EQ(pos.pieceAt(at("C11")), mine);
  }
}

TEST(Combat, AnyPieceThatMovesOntoTheFlagCapturesIt) {
  for (const auto& ruleset : kPresets)
    for (const auto a : officers()) {
      EXPECT_EQ(fight(ruleset, a, PieceType::Flag), Combat::DefenderRemoved) << typeName(a);
      Position pos(Rules::of(ruleset));
      pos.addPiece(Seat::Red, PieceType::Flag, at("B1"));
      pos.addPiece(Seat::Blue, PieceType::Flag, at("B12"));
      const int attacker = pos.addPiece(Seat::Red, a, at("B11"));
      const MoveResult r = pos.play(move("B11", "B12"));
      EXPECT_TRUE(r.flagCaptured) << typeName(a);
      EXPECT_EQ(pos.flagCapturedBy(), Seat::Red);
      EXPECT_EQ(pos.pieceAt(at("B12")), attacker);
    }
}

TEST(Combat, BombThatHitsTheFlagRemovesItAndThatCapturesIt) {
  for (const auto& ruleset : kPresets) {
    EXPECT_EQ(fight(ruleset, PieceType::Bomb, PieceType::Flag), Combat::BothRemoved);
    Game game(make(ruleset, "F:B1 f:B12 B:B11 C:E3 c:E10"));
    const ActionRecord& rec = game.apply(Action::makeMove(Seat::Red, move("B11", "B12")));
    EXPECT_TRUE(rec.result.flagCaptured);
    EXPECT_EQ(game.outcome(), (Outcome{Termination::FlagCaptured, Seat::Red})) << ruleset.preset;
  }
}

TEST(Combat, FightIsResolvedInTheTextsOrder) {
  for (const auto& ruleset : kPresets) {
    // 1 before 2: a bomb and the flag are both removed (the flag is still taken).
    EXPECT_EQ(fight(ruleset, PieceType::Bomb, PieceType::Flag), Combat::BothRemoved);
    // 1 before 3: a bomb and a landmine are both removed, even where a landmine survives other attackers.
    EXPECT_EQ(fight(ruleset, PieceType::Bomb, PieceType::Landmine), Combat::BothRemoved);
    // 3 before 4: a landmine has no rank, yet the marshal does not simply beat it.
    EXPECT_TRUE(attackerRemoved(fight(ruleset, PieceType::Marshal, PieceType::Landmine)));
    // The engine's table is resolveCombat, the order written in core/combat.h.
    for (const auto a : attackers())
      for (const auto d : allTypes())
        EXPECT_EQ(fight(ruleset, a, d), resolveCombat(a, d, ruleset.landmineSurvivesAttack));
  }
}

TEST(Combat, MovingOntoAnEnemyPieceIsAnAttack) {
  for (const auto& ruleset : kPresets) {
    Position quiet = make(ruleset, "F:B1 f:B12 R:A5 c:A8");
    EXPECT_EQ(quiet.play(move("A5", "A7")).combat, Combat::None);
    EXPECT_EQ(quiet.quietPlies(), 1);
    Position attack = make(ruleset, "F:B1 f:B12 R:A5 c:A8");
    const MoveResult r = attack.play(move("A5", "A8"));
    EXPECT_EQ(r.combat, Combat::DefenderRemoved);
    EXPECT_NE(r.defender, kNoPiece);
    EXPECT_EQ(attack.quietPlies(), 0);
  }
}

TEST(Combat, OnlyTheAttackerMovesAndAWinnerTakesThePoint) {
  for (const auto& ruleset : kPresets) {
    {  // the attacker wins: it stands on the defender's point
      Position pos = make(ruleset, "F:B1 f:B12 R:A5 c:A8");
      const PieceId attacker = pos.pieceAt(at("A5")), defender = pos.pieceAt(at("A8"));
      pos.play(move("A5", "A8"));
      EXPECT_TRUE(pos.isEmpty(at("A5")));
      EXPECT_EQ(pos.pieceAt(at("A8")), attacker);
      EXPECT_FALSE(pos.isAlive(defender));
    }
    {  // the defender wins: it stays where it was
      Position pos = make(ruleset, "F:B1 f:B12 C:A5 r:A8");
      const PieceId attacker = pos.pieceAt(at("A5")), defender = pos.pieceAt(at("A8"));
      pos.play(move("A5", "A8"));
      EXPECT_TRUE(pos.isEmpty(at("A5")));
      EXPECT_EQ(pos.pieceAt(at("A8")), defender);
      EXPECT_FALSE(pos.isAlive(attacker));
    }
    {  // both removed: both points empty
      Position pos = make(ruleset, "F:B1 f:B12 R:A5 r:A8");
      pos.play(move("A5", "A8"));
      EXPECT_TRUE(pos.isEmpty(at("A5")));
      EXPECT_TRUE(pos.isEmpty(at("A8")));
    }
  }
}

TEST(Combat, PieceInACampCannotBeAttackedByEitherSide) {
  for (const auto& ruleset : kPresets) {
    const Rules& rules = Rules::of(ruleset);
    const Topology& t = rules.topology();
    int checked = 0;
    for (Bitboard camps = t.camps; camps;) {
      const Square camp = popLsb(camps);
      for (const Seat attackerSide : {Seat::Red, Seat::Blue})
        for (const PieceType attacker : {PieceType::Colonel, PieceType::Engineer, PieceType::Bomb})
          for (Bitboard from = t.stepNeighbours[camp] & ~t.camps; from;) {
            const Square square = popLsb(from);
            Position empty(rules);
            empty.addPiece(attackerSide, attacker, square);
            empty.setSideToMove(attackerSide);
            EXPECT_TRUE(contains(legalTargets(empty, square), camp));  // reachable when empty
            Position guarded = empty;
            guarded.addPiece(opposite(attackerSide), PieceType::Lieutenant, camp);
            EXPECT_FALSE(contains(legalTargets(guarded, square), camp))
                << ruleset.preset << ": " << seatName(attackerSide) << " " << typeName(attacker) << " on "
                << squareName(square) << " attacks the camp " << squareName(camp);
            ++checked;
          }
    }
    EXPECT_GT(checked, 100);
  }
}

TEST(Combat, FightIsAnnouncedOnlyAsWhichPiecesWereRemoved) {
  EXPECT_EQ(combatName(Combat::DefenderRemoved), "defender-removed");
  EXPECT_EQ(combatName(Combat::AttackerRemoved), "attacker-removed");
  EXPECT_EQ(combatName(Combat::BothRemoved), "both-removed");
  for (const auto& ruleset : kPresets) {
    for (const auto a : attackers())
      for (const auto d : allTypes()) {
        const Combat c = fight(ruleset, a, d);
        EXPECT_TRUE(c == Combat::DefenderRemoved || c == Combat::AttackerRemoved || c == Combat::BothRemoved);
      }
    // Equal ranks and a bomb are announced alike.
    EXPECT_EQ(fight(ruleset, PieceType::Colonel, PieceType::Colonel),
              fight(ruleset, PieceType::Bomb, PieceType::Colonel));
    EXPECT_EQ(fight(ruleset, PieceType::Colonel, PieceType::Colonel),
              fight(ruleset, PieceType::Colonel, PieceType::Bomb));
  }
}

TEST(Combat, BothRemovedMeansEqualRanksOrABombUnderWorldatplayAndRefereed) {
  for (const auto& ruleset : {Ruleset::worldAtPlay(), Ruleset::refereed()})
    for (const auto a : attackers())
      for (const auto d : allTypes()) {
        const bool bomb = a == PieceType::Bomb || d == PieceType::Bomb;
        const bool equal = isOfficer(a) && isOfficer(d) && rank(a) == rank(d);
        EXPECT_EQ(fight(ruleset, a, d) == Combat::BothRemoved, bomb || equal)
            << ruleset.preset << ": " << typeName(a) << " attacks " << typeName(d);
      }
}

TEST(Combat, MarshalMeetingABombOrALandmineIsLost) {
  for (const auto& ruleset : kPresets) {
    EXPECT_TRUE(attackerRemoved(fight(ruleset, PieceType::Marshal, PieceType::Bomb)));
    EXPECT_TRUE(defenderRemoved(fight(ruleset, PieceType::Bomb, PieceType::Marshal)));
    EXPECT_TRUE(attackerRemoved(fight(ruleset, PieceType::Marshal, PieceType::Landmine)));
  }
}

// The marshal dies attacking (a landmine), defending (a bomb hits it) or in a
// mutual removal (marshal against marshal).
struct MarshalLoss {
  const char* what;
  const char* pieces;
  Seat toMove;
  const char* from;
  const char* to;
  bool redMarshalLost, blueMarshalLost;
};
const MarshalLoss kMarshalLosses[] = {
    {"attacking", "F:B1 f:B12 l:C11 M:C10 C:E3 c:E10", Seat::Red, "C10", "C11", true, false},
    {"defending", "F:B1 f:B12 M:A5 b:A8 C:E3 c:E10", Seat::Blue, "A8", "A5", true, false},
    {"mutually", "F:B1 f:B12 M:A5 m:A8 C:E3 c:E10", Seat::Red, "A5", "A8", true, true},
};

TEST(Information, MarshalLossRevealsTheFlagUnderWorldatplayAndRefereed) {
  for (const auto& ruleset : {Ruleset::worldAtPlay(), Ruleset::refereed()}) {
    EXPECT_TRUE(ruleset.marshalLossRevealsFlag);
    for (const auto& loss : kMarshalLosses) {
      Game game(make(ruleset, loss.pieces, loss.toMove));
      const ActionRecord rec = game.apply(Action::makeMove(loss.toMove, move(loss.from, loss.to)));
      EXPECT_EQ(rec.marshalLost[index(Seat::Red)], loss.redMarshalLost) << loss.what;
      EXPECT_EQ(rec.marshalLost[index(Seat::Blue)], loss.blueMarshalLost) << loss.what;
      EXPECT_EQ(rec.flagRevealed[index(Seat::Red)], loss.redMarshalLost) << ruleset.preset << " " << loss.what;
      EXPECT_EQ(rec.flagRevealed[index(Seat::Blue)], loss.blueMarshalLost) << ruleset.preset << " " << loss.what;
      EXPECT_EQ(game.flagRevealed(Seat::Red), loss.redMarshalLost);
      EXPECT_EQ(game.flagRevealed(Seat::Blue), loss.blueMarshalLost);
      EXPECT_FALSE(game.isOver()) << "the game goes on: the flag must still be taken";
    }
  }
}

TEST(Information, MarshalLossDoesNotRevealTheFlagUnderHiddenfront) {
  EXPECT_FALSE(Ruleset::hiddenFront().marshalLossRevealsFlag);
  for (const auto& loss : kMarshalLosses) {
    Game game(make(Ruleset::hiddenFront(), loss.pieces, loss.toMove));
    const ActionRecord rec = game.apply(Action::makeMove(loss.toMove, move(loss.from, loss.to)));
    EXPECT_EQ(rec.marshalLost[index(Seat::Red)], loss.redMarshalLost) << loss.what;
    EXPECT_FALSE(rec.flagRevealed[index(Seat::Red)]) << loss.what;
    EXPECT_FALSE(rec.flagRevealed[index(Seat::Blue)]) << loss.what;
    EXPECT_FALSE(game.flagRevealed(Seat::Red));
    EXPECT_FALSE(game.flagRevealed(Seat::Blue));
  }
}

TEST(Information, LosingAnyOtherPieceRevealsNothing) {
  for (const auto& ruleset : kPresets) {
    Game game(make(ruleset, "F:B1 f:B12 G:A5 d:A8 C:E3 c:E10"));
    const ActionRecord rec = game.apply(Action::makeMove(Seat::Red, move("A5", "A8")));
    EXPECT_EQ(rec.result.combat, Combat::DefenderRemoved);
    EXPECT_FALSE(rec.marshalLost[0] || rec.marshalLost[1]);
    EXPECT_FALSE(rec.flagRevealed[0] || rec.flagRevealed[1]);
  }
}

}  // namespace
}  // namespace junqi
