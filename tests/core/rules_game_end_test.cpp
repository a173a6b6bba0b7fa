// The rule texts' sentences about how the game is won: taking the flag,
// immobilising the opponent, resignation, and what does not end the game.
// Each test is listed against the sentences it checks in docs/rules.md.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <string_view>

#include "core/classic/game.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "tests/core/rule_fixtures.h"

namespace junqi {
namespace {

using namespace fixtures;

Outcome win(Termination reason, Seat winner) { return Outcome{reason, winner}; }

TEST(GameEnd, CapturingTheFlagWinsAtOnce) {
  for (const auto& ruleset : kPresets) {
    Game red(make(ruleset, "F:B1 f:B12 C:B11 C:E3 c:E10"));
    red.apply(Action::makeMove(Seat::Red, move("B11", "B12")));
    EXPECT_EQ(red.outcome(), win(Termination::FlagCaptured, Seat::Red)) << ruleset.preset;
    // Nothing more is played: not even Blue's reply.
    const auto why = red.whyIllegal(Action::makeMove(Seat::Blue, move("E10", "E9")));
    EXPECT_TRUE(why.has_value());
    EXPECT_THROW(red.apply(Action::resign(Seat::Red)), IllegalAction);

    Game blue(make(ruleset, "F:B1 f:B12 c:B2 C:E3 c:E10", Seat::Blue));
    blue.apply(Action::makeMove(Seat::Blue, move("B2", "B1")));
    EXPECT_EQ(blue.outcome(), win(Termination::FlagCaptured, Seat::Blue)) << ruleset.preset;
  }
}

TEST(GameEnd, FlagCaptureWinsEvenWhenTheFightRemovesTheLastMobilePiece) {
  // Red's bomb is its last mobile piece; Blue has only its flag, two landmines
  // and a general frozen in the headquarters D12. The bomb and the flag are
  // both removed: Red has nothing left to move and Blue cannot move either,
  // but the flag capture ends the game, for Red.
  for (const auto& ruleset : kPresets) {
    Game game(make(ruleset, "F:B1 f:B12 B:B11 l:A12 l:C12 g:D12"));
    ASSERT_FALSE(game.isOver());
    game.apply(Action::makeMove(Seat::Red, move("B11", "B12")));
    EXPECT_EQ(game.position().movable(Seat::Red), 0u);
    EXPECT_FALSE(hasLegalMove(game.position()));
    EXPECT_EQ(game.outcome(), win(Termination::FlagCaptured, Seat::Red)) << ruleset.preset;
  }
}

TEST(GameEnd, FlagCaptureIsReportedBeforeImmobilisation) {
  // Blue's last mobile piece, the lieutenant on C10, is boxed in by its own
  // landmine (C11) and Red pieces in the camps C9, B10 and D10. When Red takes
  // the flag Blue also has no move; the game ends by the flag capture.
  for (const auto& ruleset : kPresets) {
    Game game(make(ruleset, "F:B1 f:B12 l:C11 p:C10 R:C9 R:B10 J:D10 C:A12"));
    game.apply(Action::makeMove(Seat::Red, move("A12", "B12")));
    EXPECT_FALSE(hasLegalMove(game.position()));
    EXPECT_EQ(game.outcome(), win(Termination::FlagCaptured, Seat::Red)) << ruleset.preset;
  }
}

TEST(GameEnd, SideLeftWithOnlyFlagAndLandminesLoses) {
  for (const auto& ruleset : kPresets) {
    Game game(make(ruleset, "F:B1 f:B12 l:A12 l:C12 l:B11 c:E8 G:E2"));
    game.apply(Action::makeMove(Seat::Red, move("E2", "E8")));  // takes Blue's last mobile piece
    EXPECT_EQ(game.outcome(), win(Termination::Immobilised, Seat::Red)) << ruleset.preset;
  }
}

TEST(GameEnd, PiecesFrozenInAHeadquartersDoNotSaveASideFromImmobilisation) {
  for (const auto& ruleset : kPresets) {
    Game game(make(ruleset, "F:B1 f:B12 l:A12 i:D12 c:E8 G:E2"));
    game.apply(Action::makeMove(Seat::Red, move("E2", "E8")));
    EXPECT_EQ(popcount(game.position().occupied(Seat::Blue)), 3);  // flag, landmine, brigadier
    EXPECT_EQ(game.outcome(), win(Termination::Immobilised, Seat::Red)) << ruleset.preset;
  }
}

TEST(GameEnd, PiecesThatCannotReachAnyPointCountAsImmobilised) {
  for (const auto& ruleset : kPresets) {
    const char* pieces = "F:B1 f:B12 l:C11 p:C10 R:B10 R:D10 C:C8";
    // Blue's lieutenant has one way out, the camp C9...
    EXPECT_EQ(legalTargets(make(ruleset, pieces, Seat::Blue), at("C10")), bit(at("C9")));
    // ...and Red closes it.
    Game game(make(ruleset, pieces));
    game.apply(Action::makeMove(Seat::Red, move("C8", "C9")));
    EXPECT_EQ(popcount(game.position().movable(Seat::Blue)), 1);
    EXPECT_EQ(game.outcome(), win(Termination::Immobilised, Seat::Red)) << ruleset.preset;
  }
}

TEST(GameEnd, ImmobilisationIsJudgedAtTheStartOfTheStuckSidesTurn) {
  for (const auto& ruleset : kPresets) {
    // Blue to move and nothing to move: Red has already won.
    EXPECT_EQ(Game(make(ruleset, "F:B1 f:B12 l:A12 C:E3", Seat::Blue)).outcome(),
              win(Termination::Immobilised, Seat::Red));
    // Red to move: the game goes on until Blue's turn begins.
    Game game(make(ruleset, "F:B1 f:B12 l:A12 C:E3"));
    EXPECT_FALSE(game.isOver());
    game.apply(Action::makeMove(Seat::Red, move("E3", "E4")));
    EXPECT_EQ(game.outcome(), win(Termination::Immobilised, Seat::Red)) << ruleset.preset;
  }
}

TEST(GameEnd, CapturesDoNotDecideTheGameDirectly) {
  for (const auto& ruleset : kPresets) {
    // Red's marshal takes Blue's general; Blue still has a piece that moves.
    Game game(make(ruleset, "F:B1 f:B12 M:A5 g:A8 c:E10"));
    const ActionRecord& rec = game.apply(Action::makeMove(Seat::Red, move("A5", "A8")));
    EXPECT_EQ(rec.result.combat, Combat::DefenderRemoved);
    EXPECT_FALSE(game.isOver()) << ruleset.preset;
  }
}

TEST(GameEnd, ResignationLosesTheGame) {
  for (const auto& ruleset : kPresets) {
    EXPECT_TRUE(ruleset.resignation) << ruleset.preset;
    // Out of turn...
    Game blue(make(ruleset, "F:B1 f:B12 C:E3 c:E10"));
    blue.apply(Action::resign(Seat::Blue));
    EXPECT_EQ(blue.outcome(), win(Termination::Resignation, Seat::Red)) << ruleset.preset;
    // ...or on one's turn.
    Game red(make(ruleset, "F:B1 f:B12 C:E3 c:E10"));
    red.apply(Action::resign(Seat::Red));
    EXPECT_EQ(red.outcome(), win(Termination::Resignation, Seat::Blue)) << ruleset.preset;
  }
}

// The points each seat takes from an ending, as matches and league tallies score it.
TEST(GameEnd, AWinScoresOneForTheWinnerAndNothingForTheLoserADrawAHalfEach) {
  const Outcome redWins = win(Termination::FlagCaptured, Seat::Red);
  EXPECT_EQ(redWins.scoreFor(Seat::Red), 1.0);
  EXPECT_EQ(redWins.scoreFor(Seat::Blue), 0.0);
  const Outcome draw{Termination::QuietMoves, std::nullopt};
  EXPECT_EQ(draw.scoreFor(Seat::Red), 0.5);
  EXPECT_EQ(draw.scoreFor(Seat::Blue), 0.5);
}

}  // namespace
}  // namespace junqi
