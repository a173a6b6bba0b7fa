// The rule texts' sentences about what each player knows: where every piece
// is and whose it is, never an enemy identity, only the result of a fight, the
// flag shown when a marshal is lost, and what a move shows. A seat's knowledge
// is its Observation (core/classic/observation.h). Each test is listed against the
// sentences it checks in docs/rules.md.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <string_view>

#include "core/classic/game.h"
#include "core/classic/notation.h"
#include "core/classic/observation.h"
#include "tests/core/rule_fixtures.h"

namespace junqi {
namespace {

using namespace fixtures;

// Red plays the example layout against two Blue layouts that differ in three
// identities on the points where the fights and the quiet move happen:
//   Blue's E7 is a brigadier (A) or a general (B): Red's captain dies on it either way;
//   Blue's E8 is a general (A) or a brigadier (B): it steps into the camp D8;
//   Blue's A7 is a captain (A) or a lieutenant (B): Red's brigadier takes it either way.
constexpr std::string_view kBlueA = kExampleLayout;          // IPDEC/G.J.R/...
constexpr std::string_view kBlueB = "GCDEP/I.J.R/DM.BC/R.B.I/CLEJP/LFLPE";

Game playTheSameMoves(const Ruleset& ruleset, std::string_view blue) {
  Game game(ruleset, parseLayout(kExampleLayout), parseLayout(blue));
  game.apply(Action::makeMove(Seat::Red, move("E6", "E7")));
  game.apply(Action::makeMove(Seat::Blue, move("E8", "D8")));
  game.apply(Action::makeMove(Seat::Red, move("A6", "A7")));
  return game;
}

TEST(Information, EachSeatSeesWhereEveryPieceIsAndWhoOwnsIt) {
  for (const auto& ruleset : kPresets) {
    const Game game = playTheSameMoves(ruleset, kBlueA);
    for (const Seat seat : {Seat::Red, Seat::Blue}) {
      const Observation o = Observation::of(game, seat);
      for (const Seat s : {Seat::Red, Seat::Blue}) EXPECT_EQ(o.occupied(s), game.position().occupied(s));
      for (Square square{}; square < kSquares; ++square)
        EXPECT_EQ(o.pieceAt(square), game.position().pieceAt(square)) << squareName(square);
    }
  }
}

TEST(Information, FightShowsOnlyWhichPiecesWereRemovedNeverTheEnemyIdentity) {
  for (const auto& ruleset : kPresets) {
    const Game a = playTheSameMoves(ruleset, kBlueA);
    const Game b = playTheSameMoves(ruleset, kBlueB);
    ASSERT_EQ(a.history()[0].result.combat, Combat::AttackerRemoved);
    ASSERT_EQ(a.history()[2].result.combat, Combat::DefenderRemoved);
    // The games differ (Blue knows its own pieces)...
    EXPECT_NE(Observation::of(a, Seat::Blue).toText(), Observation::of(b, Seat::Blue).toText());
    // ...but Red's view is the same: the identities of Blue's pieces, the one
    // that survived a fight and the one that was removed, were never shown.
    EXPECT_EQ(Observation::of(a, Seat::Red).toText(), Observation::of(b, Seat::Red).toText()) << ruleset.preset;
    for (std::size_t i = 0; i < a.history().size(); ++i) EXPECT_EQ(publicEvent(a, i), publicEvent(b, i));
    // Red cannot even ask for an enemy identity.
    const Observation red = Observation::of(a, Seat::Red);
    EXPECT_THROW(red.ownType(a.position().pieceAt(at("E7"))), std::logic_error);
    EXPECT_EQ(red.ownType(a.position().pieceAt(at("B1"))), PieceType::Flag);
  }
}

TEST(Information, MarshalLossShowsTheFlagToTheOpponentUnderWorldatplayAndRefereed) {
  for (const auto& ruleset : kPresets) {
    Game game(make(ruleset, "F:B1 f:B12 l:C11 M:C10 C:E3 c:E10"));
    const int redFlag = game.position().pieceAt(at("B1"));
    game.apply(Action::makeMove(Seat::Red, move("C10", "C11")));  // the marshal dies on a landmine
    const auto shown = Observation::of(game, Seat::Blue).shownFlag(Seat::Red);
    if (ruleset.marshalLossRevealsFlag) {
      ASSERT_TRUE(shown.has_value()) << ruleset.preset;
      EXPECT_EQ(*shown, redFlag);
      EXPECT_EQ(publicEvent(game, 0).flagShown[index(Seat::Red)], redFlag);
    } else {
      EXPECT_FALSE(shown.has_value()) << ruleset.preset;
    }
    EXPECT_FALSE(Observation::of(game, Seat::Red).shownFlag(Seat::Blue).has_value());
  }
}

TEST(Information, ACornerTurnShowsAnEngineerAndAStraightSlideShowsNothing) {
  Game game(make(Ruleset{}, "F:B1 f:B12 E:A2 R:E3 c:E10 c:C10"));
  game.apply(Action::makeMove(Seat::Red, move("A2", "C11")));  // up column A, along row 11
  game.apply(Action::makeMove(Seat::Blue, move("E10", "E9")));
  game.apply(Action::makeMove(Seat::Red, move("E3", "E6")));   // a straight slide
  EXPECT_EQ(publicEvent(game, 0).path, MovePath::Turned);
  EXPECT_EQ(publicEvent(game, 2).path, MovePath::Straight);
}

}  // namespace
}  // namespace junqi
