// The rule texts' sentences about moving: turns, road steps, camps, railway
// slides, the engineer's turns, the front line, headquarters, and what a move
// tells the opponent. Each test is listed against the sentences it checks in
// docs/rules.md. Legal moves are checked as exact sets of target points.
#include <gtest/gtest.h>

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>

#include "core/classic/auto_layout.h"
#include "core/classic/game.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "core/random.h"
#include "tests/core/rule_fixtures.h"

namespace junqi {
namespace {

using namespace fixtures;

Bitboard targets(const Position& pos, std::string_view from) { return legalTargets(pos, at(from)); }

TEST(Movement, RedMovesFirstAndPlayersAlternate) {
  const Layout layout = parseLayout(kExampleLayout);
  for (const auto& ruleset : kPresets) {
    Game game(ruleset, layout, layout);
    EXPECT_EQ(game.position().sideToMove(), Seat::Red) << ruleset.preset;
    // Blue's general stands on E8 (Red's A5 turned round); it may not move first.
    const auto blueFirst = game.whyIllegal(Action::makeMove(Seat::Blue, move("E8", "D8")));
    EXPECT_TRUE(blueFirst.has_value());
    game.apply(Action::makeMove(Seat::Red, move("A5", "B5")));
    EXPECT_EQ(game.position().sideToMove(), Seat::Blue);
    const auto redAgain = game.whyIllegal(Action::makeMove(Seat::Red, move("B5", "A5")));
    EXPECT_TRUE(redAgain.has_value());
    game.apply(Action::makeMove(Seat::Blue, move("E8", "D8")));
    EXPECT_EQ(game.position().sideToMove(), Seat::Red);
    EXPECT_FALSE(game.whyIllegal(Action::makeMove(Seat::Red, move("B5", "A5"))).has_value());
  }
}

TEST(Movement, OneTurnMovesExactlyOnePiece) {
  const Layout layout = parseLayout(kExampleLayout);
  Game game(Ruleset{}, layout, layout);
  const Position before = game.position();
  game.apply(Action::makeMove(Seat::Red, move("A5", "B5")));
  Bitboard changed = 0;
  for (Square s{}; s < kSquares; ++s)
    if (before.pieceAt(s) != game.position().pieceAt(s)) changed |= bit(s);
  EXPECT_EQ(names(changed), names(points({"A5", "B5"})));
  EXPECT_EQ(game.position().pieceAt(at("B5")), before.pieceAt(at("A5")));
}

TEST(Movement, NoMoveSkipsATurn) {
  const Layout layout = parseLayout(kExampleLayout);
  for (const auto& ruleset : kPresets) {
    Game game(ruleset, layout, layout);
    MoveList moves;
    generateMoves(game.position(), moves);
    EXPECT_FALSE(moves.empty());
    for (const Move m : moves) EXPECT_NE(m.from, m.to) << moveName(m);
    for (Square s{}; s < kSquares; ++s) EXPECT_FALSE(isLegalMove(game.position(), Move{s, s}));
    EXPECT_THROW(game.apply(Action::makeMove(Seat::Red, move("A5", "A5"))), IllegalAction);
  }
}

TEST(Movement, RoadPieceStepsToOneConnectedNeighbour) {
  for (const auto& ruleset : kPresets)
    EXPECT_EQ(names(targets(make(ruleset, "F:B1 f:B12 C:C3"), "C3")), names(points({"B3", "C2", "C4", "D3"})))
        << ruleset.preset;
}

TEST(Movement, PieceStartingOnARoadStepsOntoARailwayAndStopsThere) {
  // C1 is road; C2 is on the row-2 railway, but the move ends there.
  for (const auto& ruleset : kPresets)
    for (const char* piece : {"C:C1", "E:C1"})
      EXPECT_EQ(names(targets(make(ruleset, std::string("F:B1 f:B12 ") + piece), "C1")), names(points({"C2", "D1"})))
          << ruleset.preset << " " << piece;
}

TEST(Movement, PieceInACampStepsToAllEightNeighboursAndNoFurther) {
  const Bitboard expected = points({"A2", "B2", "C2", "A3", "C3", "A4", "B4", "C4"});
  for (const auto& ruleset : kPresets)
    for (const char* piece : {"C:B3", "E:B3"})
      EXPECT_EQ(names(targets(make(ruleset, std::string("F:B1 f:B12 ") + piece), "B3")), names(expected))
          << ruleset.preset << " " << piece;
}

TEST(Movement, RailwayPieceSlidesAnyDistanceAlongItsLineAndStepsDiagonallyIntoCamps) {
  const Bitboard expected =
      points({"A2", "A3", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "B3", "B4", "B5"});
  for (const auto& ruleset : kPresets)
    EXPECT_EQ(names(targets(make(ruleset, "F:B1 f:B12 C:A4"), "A4")), names(expected)) << ruleset.preset;
}

TEST(Movement, SlideStopsBeforeOwnPieceAndOnTheFirstEnemy) {
  // Colonel on A2, own lieutenant on A5, enemy captain on D2.
  const Position pos = make(Ruleset{}, "F:B1 f:B12 R:A2 P:A5 c:D2");
  EXPECT_EQ(names(targets(pos, "A2")), names(points({"A1", "A3", "A4", "B2", "B3", "C2", "D2"})));
}

TEST(Movement, NonEngineerCannotTurnOnRailway) {
  // From A6 a colonel has column A and row 6, but cannot turn at C6 or E6.
  const Bitboard expected = points({"A2", "A3", "A4", "A5", "A7", "A8", "A9", "A10", "A11", "B5", "B6", "C6",
                                    "D6", "E6"});
  for (const auto& ruleset : kPresets) {
    const Position pos = make(ruleset, "F:B1 f:B12 R:A6");
    EXPECT_EQ(names(targets(pos, "A6")), names(expected)) << ruleset.preset;
    EXPECT_FALSE(isLegalMove(pos, move("A6", "E7")));
    EXPECT_FALSE(isLegalMove(pos, move("A6", "B7")));
  }
}

TEST(Movement, EngineerTurnsAnyNumberOfCornersAlongEmptyRailway) {
  for (const auto& ruleset : kPresets) {
    const Position pos = make(ruleset, "F:B1 f:B12 E:A6");
    const Bitboard railway = pos.rules().topology().railway;
    EXPECT_EQ(names(targets(pos, "A6")), names((railway & ~bit(at("A6"))) | bit(at("B5")))) << ruleset.preset;
    // C11 needs two corners (A6-A11-C11 or via row 7 and column E).
    EXPECT_TRUE(isLegalMove(pos, move("A6", "C11")));
  }
}

TEST(Movement, EngineerCannotPassThroughPieces) {
  for (const auto& ruleset : kPresets) {
    // Own lieutenant on B2, enemy captain on A3: the engineer on A2 may attack A3 but go no further.
    const Position pos = make(ruleset, "F:B1 f:B12 E:A2 P:B2 c:A3");
    EXPECT_EQ(names(targets(pos, "A2")), names(points({"A1", "A3", "B3"}))) << ruleset.preset;
  }
}

TEST(Movement, EngineerOffTheRailwayStepsLikeEveryoneElse) {
  for (const auto& ruleset : kPresets)
    EXPECT_EQ(names(targets(make(ruleset, "F:B1 f:B12 E:C3"), "C3")), names(points({"B3", "C2", "C4", "D3"})))
        << ruleset.preset;
}

TEST(Movement, BombMovesLikeAnOrdinaryPiece) {
  for (const auto& ruleset : kPresets) {
    const Bitboard bomb = targets(make(ruleset, "F:B1 f:B12 B:A3"), "A3");
    const Bitboard colonel = targets(make(ruleset, "F:B1 f:B12 R:A3"), "A3");
    EXPECT_NE(bomb, 0u);
    EXPECT_EQ(names(bomb), names(colonel)) << ruleset.preset;
  }
}

TEST(Movement, MountainsInColumnsBAndDCannotBeCrossed) {
  for (const auto& ruleset : kPresets) {
    EXPECT_EQ(names(targets(make(ruleset, "F:B1 f:B12 R:B6"), "B6")), names(points({"A6", "B5", "C6", "D6", "E6"})))
        << ruleset.preset;
    EXPECT_EQ(names(targets(make(ruleset, "F:B1 f:B12 r:D7", Seat::Blue), "D7")),
              names(points({"A7", "B7", "C7", "D8", "E7"})))
        << ruleset.preset;
    // Not even an engineer: with A6 and C6 blocked it cannot reach B7 straight ahead.
    EXPECT_EQ(names(targets(make(ruleset, "F:B1 f:B12 E:B6 P:A6 P:C6 c:B7"), "B6")), names(bit(at("B5"))))
        << ruleset.preset;
  }
}

TEST(Movement, OuterCrossingsCarryRailwaySlidesInEveryPreset) {
  for (const auto& ruleset : kPresets) {
    EXPECT_EQ(names(targets(make(ruleset, "F:B1 f:B12 R:A5"), "A5")),
              names(points({"A2", "A3", "A4", "A6", "A7", "A8", "A9", "A10", "A11", "B5"})))
        << ruleset.preset;
    EXPECT_EQ(names(targets(make(ruleset, "F:B1 f:B12 R:E5"), "E5")),
              names(points({"E2", "E3", "E4", "E6", "E7", "E8", "E9", "E10", "E11", "D5"})))
        << ruleset.preset;
  }
}

TEST(Movement, CentreCrossingIsRailwayForEngineersUnderHiddenfrontAndWorldatplay) {
  // Engineer on B6 with its own pieces on A6 and D6: only the centre crossing leads on.
  for (const auto& ruleset : {Ruleset::hiddenFront(), Ruleset::worldAtPlay()}) {
    const Position pos = make(ruleset, "F:B1 f:B12 E:B6 P:A6 P:D6");
    const Bitboard railway = pos.rules().topology().railway;
    EXPECT_EQ(names(targets(pos, "B6")), names((railway & ~points({"A6", "B6", "D6"})) | bit(at("B5"))))
        << ruleset.preset;
    EXPECT_EQ(classifyMove(pos, move("B6", "E2")), MovePath::Turned);
  }
}

TEST(Movement, CentreCrossingIsOnlyARoadUnderRefereed) {
  const Position pos = make(Ruleset::refereed(), "F:B1 f:B12 E:B6 P:A6 P:D6");
  EXPECT_EQ(names(targets(pos, "B6")), names(points({"B5", "C6"})));
  // One step across is still allowed, for every piece and every preset.
  for (const auto& ruleset : kPresets)
    EXPECT_EQ(names(targets(make(ruleset, "F:B1 f:B12 R:C6"), "C6")),
              names(points({"A6", "B6", "D6", "E6", "B5", "C5", "D5", "C7"})))
        << ruleset.preset;
}

TEST(Movement, LandmineAndFlagNeverMove) {
  for (const auto& ruleset : kPresets) {
    const Position pos = make(ruleset, "F:B1 L:C1 L:A2 f:B12 C:E3");
    for (const char* p : {"B1", "C1", "A2"}) EXPECT_EQ(targets(pos, p), 0u) << ruleset.preset << " " << p;
    MoveList moves;
    generateMoves(pos, moves);
    for (const Move m : moves) EXPECT_EQ(m.from, at("E3")) << moveName(m);
    const Game game(pos);
    const auto why = game.whyIllegal(Action::makeMove(Seat::Red, move("A2", "A3")));
    EXPECT_TRUE(why.has_value());
  }
}

TEST(Movement, PieceThatEntersAHeadquartersNeverMovesAgain) {
  for (const auto& ruleset : kPresets) {
    // The opponent's headquarters D12, and one's own, D1.
    for (const auto& [from, hq, exits] : {std::tuple{"D11", "D12", points({"C12", "D11", "E12"})},
                                          std::tuple{"D2", "D1", points({"C1", "D2", "E1"})}}) {
      Game game(make(ruleset, std::string("F:B1 f:B12 c:E10 C:E3 R:") + from));
      EXPECT_TRUE(contains(legalTargets(game.position(), at(from)), at(hq)));
      game.apply(Action::makeMove(Seat::Red, move(from, hq)));
      game.apply(Action::makeMove(Seat::Blue, move("E10", "E9")));
      EXPECT_EQ((points({hq}) | exits) & game.position().occupied(), points({hq}));  // the exits are empty
      EXPECT_EQ(legalTargets(game.position(), at(hq)), 0u) << ruleset.preset << " " << hq;
      const auto why = game.whyIllegal(Action::makeMove(Seat::Red, move(hq, from)));
      EXPECT_TRUE(why.has_value());
    }
  }
}

TEST(Movement, PieceDeployedInTheOtherHeadquartersNeverMoves) {
  for (const auto& ruleset : kPresets) {
    const Position pos = make(ruleset, "F:B1 P:D1 f:B12");
    EXPECT_EQ(targets(pos, "D1"), 0u) << ruleset.preset;
    EXPECT_FALSE(hasLegalMove(pos));
  }
}

TEST(Movement, CannotMoveOntoOwnPiece) {
  for (const auto& ruleset : kPresets) {
    const Position pos = make(ruleset, "F:B1 f:B12 R:A2 P:A3 P:B2");
    EXPECT_EQ(names(targets(pos, "A2")), names(points({"A1", "B3"}))) << ruleset.preset;
    const auto why = Game(pos).whyIllegal(Action::makeMove(Seat::Red, move("A2", "A3")));
    EXPECT_TRUE(why.has_value());
  }
}

TEST(Movement, MayEnterAnEmptyCampOnEitherSide) {
  for (const auto& ruleset : kPresets) {
    // Red in Blue's half: B8, C9 and D8 are Blue's camps.
    EXPECT_EQ(names(targets(make(ruleset, "F:B1 f:B12 P:C8"), "C8")), names(points({"B8", "C7", "C9", "D8"})))
        << ruleset.preset;
    // Blue in Red's half: B5, C4 and D5 are Red's camps.
    EXPECT_EQ(names(targets(make(ruleset, "F:B1 f:B12 p:C5", Seat::Blue), "C5")),
              names(points({"B5", "C4", "C6", "D5"})))
        << ruleset.preset;
  }
}

TEST(Movement, CannotMoveIntoAnOccupiedCamp) {
  for (const auto& ruleset : kPresets) {
    // Enemy in the camp C9, own piece in the camp B8.
    const Position pos = make(ruleset, "F:B1 f:B12 P:C8 c:C9 R:B8");
    EXPECT_EQ(names(targets(pos, "C8")), names(points({"C7", "D8"}))) << ruleset.preset;
    const auto why = Game(pos).whyIllegal(Action::makeMove(Seat::Red, move("C8", "C9")));
    EXPECT_TRUE(why.has_value());
  }
}

TEST(Movement, NoSlideEverPassesThroughACamp) {
  for (const auto& ruleset : kPresets) {
    const Topology& t = Rules::of(ruleset).topology();
    for (Bitboard rail = t.railway; rail;) {
      const Square from = popLsb(rail);
      EXPECT_EQ(engineerRailReach(t, from, 0) & t.camps, 0u) << squareName(from);
      for (int d = 0; d < kDirections; ++d) EXPECT_EQ(t.railRay[from][d] & t.camps, 0u) << squareName(from);
    }
  }
}

TEST(Movement, MoveIsAnnouncedAsAStepAStraightSlideOrATurn) {
  const Position pos = make(Ruleset{}, "F:B1 f:B12 E:A2 R:E3");
  EXPECT_EQ(classifyMove(pos, move("A2", "A1")), MovePath::Step);
  EXPECT_EQ(classifyMove(pos, move("A2", "A9")), MovePath::Straight);
  EXPECT_EQ(classifyMove(pos, move("A2", "D2")), MovePath::Straight);
  EXPECT_EQ(classifyMove(pos, move("A2", "C11")), MovePath::Turned);
  EXPECT_EQ(classifyMove(pos, move("A2", "E4")), MovePath::Turned);  // E3 blocks row 2 and column E: round by row 6
}

// Random games: every legal move is checked against what a move tells the
// opponent. A piece that moves is not a landmine or the flag (and not in a
// headquarters); a piece that turns a corner is an engineer.
TEST(Movement, MovingPieceIsNeverALandmineOrTheFlagAndATurningPieceIsAnEngineer) {
  for (const auto& ruleset : kPresets) {
    const Rules& rules = Rules::of(ruleset);
    Rng rng(31);
    int turned = 0, checked = 0;
    for (int g = 0; g < 12; ++g) {
      Position pos = Position::fromLayouts(rules, randomLayout(ruleset, rng), randomLayout(ruleset, rng));
      for (int ply = 0; ply < 300 && !boardOutcome(pos).isOver(); ++ply) {
        MoveList moves;
        generateMoves(pos, moves);
        for (const Move m : moves) {
          const PieceType mover = pos.typeAt(m.from);
          EXPECT_FALSE(isImmobile(mover)) << moveName(m);
          EXPECT_FALSE(contains(rules.topology().headquarters, m.from)) << moveName(m);
          if (classifyMove(pos, m) == MovePath::Turned) {
            ++turned;
            EXPECT_EQ(mover, PieceType::Engineer) << moveName(m) << " by a " << typeName(mover);
          }
          ++checked;
        }
        pos.play(moves[static_cast<int>(rng.below(moves.size()))]);
      }
    }
    EXPECT_GT(turned, 0) << ruleset.preset;  // the check above was exercised
    EXPECT_GT(checked, 1000) << ruleset.preset;
  }
}

}  // namespace
}  // namespace junqi
