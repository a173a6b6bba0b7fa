// The rule texts' sentences about draws (quiet moves, agreed draws, no
// repetition rule) and about the clock (what a timeout does). Each test is
// listed against the sentences it checks in docs/rules.md. The clock's seconds
// are enforced by whoever runs the match; the rules engine receives a timeout
// as an action, so nothing here waits for time to pass.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "core/classic/game.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "tests/core/rule_fixtures.h"

namespace junqi {
namespace {

using namespace fixtures;

// Two captains that walk to and fro: Red's between C3 and C2, Blue's between
// C10 and C11. Nothing ever fights.
constexpr const char* kShuffle = "F:B1 f:B12 C:C3 c:C10";

// One quiet move by the side to move.
const ActionRecord& shuffle(Game& game) {
  const Position& pos = game.position();
  const Seat side = pos.sideToMove();
  const auto [home, away] = side == Seat::Red ? std::pair{"C3", "C2"} : std::pair{"C10", "C11"};
  const Move m = pos.isEmpty(at(home)) ? move(away, home) : move(home, away);
  return game.apply(Action::makeMove(side, m));
}

Outcome draw(Termination reason) { return Outcome{reason, std::nullopt}; }
Outcome winBy(Termination reason, Seat winner) { return Outcome{reason, winner}; }

// ---- Draws -----------------------------------------------------------------

TEST(Draws, HundredQuietMovesOfBothSidesTogetherDraw) {
  Game game(make(Ruleset::hiddenFront(), kShuffle));
  for (int n = 0; n < 99; ++n) shuffle(game);
  EXPECT_FALSE(game.isOver());
  EXPECT_EQ(game.position().quietPlies(), 99);
  shuffle(game);  // the 100th move: Red's 50th and Blue's 50th
  EXPECT_EQ(game.position().ply(), 100);
  EXPECT_EQ(game.outcome(), draw(Termination::QuietMoves));
}

TEST(Draws, AFightRestartsTheQuietMoveCount) {
  const char* pieces = "F:B1 f:B12 R:A5 c:A8 C:C3 c:C10";
  Game fight(make(Ruleset::hiddenFront(), pieces, Seat::Red, 99, 99));
  fight.apply(Action::makeMove(Seat::Red, move("A5", "A8")));
  EXPECT_EQ(fight.position().quietPlies(), 0);
  EXPECT_FALSE(fight.isOver());
  // The same move count without the fight draws.
  Game quiet(make(Ruleset::hiddenFront(), pieces, Seat::Red, 99, 99));
  quiet.apply(Action::makeMove(Seat::Red, move("C3", "C2")));
  EXPECT_EQ(quiet.outcome(), draw(Termination::QuietMoves));
}

TEST(Draws, ATurnLostToTheClockCountsAsAMove) {
  Game early(make(Ruleset::hiddenFront(), kShuffle, Seat::Red, 5, 5));
  early.apply(Action::timeout(Seat::Red));
  EXPECT_EQ(early.position().quietPlies(), 6);
  Game last(make(Ruleset::hiddenFront(), kShuffle, Seat::Red, 99, 99));
  last.apply(Action::timeout(Seat::Red));
  EXPECT_EQ(last.outcome(), draw(Termination::QuietMoves));
}

TEST(Draws, ImmobilisationOnTheHundredthQuietMoveBeatsTheDraw) {
  // Blue's lieutenant on C10 can only go to the camp C9; Red's 100th quiet
  // move fills it, so Blue has no move when the count reaches 100.
  const char* pieces = "F:B1 f:B12 l:C11 p:C10 R:B10 R:D10 C:C8";
  Game game(make(Ruleset::hiddenFront(), pieces, Seat::Red, 99, 150));
  game.apply(Action::makeMove(Seat::Red, move("C8", "C9")));
  EXPECT_EQ(game.position().quietPlies(), 100);
  EXPECT_EQ(game.outcome(), winBy(Termination::Immobilised, Seat::Red));
  // Any other 100th move leaves Blue a move: a draw.
  Game other(make(Ruleset::hiddenFront(), pieces, Seat::Red, 99, 150));
  other.apply(Action::makeMove(Seat::Red, move("C8", "C7")));
  EXPECT_EQ(other.outcome(), draw(Termination::QuietMoves));
}

TEST(Draws, RepeatingPositionsIsNotADraw) {
  Game game(make(Ruleset::hiddenFront(), kShuffle));
  const Position start = game.position();
  int repeats = 0;
  for (int n = 0; n < 80; ++n) {
    shuffle(game);
    bool same = game.position().sideToMove() == start.sideToMove();
    for (int s = 0; s < kSquares && same; ++s)
      same = game.position().isEmpty(Square(s)) == start.isEmpty(Square(s));
    repeats += same;
  }
  EXPECT_EQ(repeats, 20);  // the start came back every four moves
  EXPECT_FALSE(game.isOver());
}

TEST(Draws, NoQuietMoveDrawUnderWorldatplayAndRefereed) {
  for (const auto& ruleset : {Ruleset::worldAtPlay(), Ruleset::refereed()}) {
    EXPECT_EQ(ruleset.quietMoveLimit, 0) << ruleset.preset;
    Game game(make(ruleset, kShuffle));
    for (int n = 0; n < 300; ++n) shuffle(game);
    EXPECT_EQ(game.position().quietPlies(), 300);
    EXPECT_FALSE(game.isOver()) << ruleset.preset;
  }
}

TEST(Draws, EitherPlayerMayOfferADrawOnTheirTurnOrNot) {
  // Red offers on its own turn; Blue accepts.
  Game onTurn(make(Ruleset::hiddenFront(), kShuffle));
  onTurn.apply(Action::offerDraw(Seat::Red));
  EXPECT_EQ(onTurn.pendingDrawOffer(), Seat::Red);
  EXPECT_TRUE(onTurn.whyIllegal(Action::acceptDraw(Seat::Red)).has_value());  // not one's own offer
  onTurn.apply(Action::acceptDraw(Seat::Blue));
  EXPECT_EQ(onTurn.outcome(), draw(Termination::AgreedDraw));
  // Blue offers while Red is to move; Red accepts.
  Game offTurn(make(Ruleset::hiddenFront(), kShuffle));
  offTurn.apply(Action::offerDraw(Seat::Blue));
  offTurn.apply(Action::acceptDraw(Seat::Red));
  EXPECT_EQ(offTurn.outcome(), draw(Termination::AgreedDraw));
}

TEST(Draws, DeclinedOfferLapses) {
  Game game(make(Ruleset::hiddenFront(), kShuffle));
  game.apply(Action::offerDraw(Seat::Red));
  game.apply(Action::declineDraw(Seat::Blue));
  EXPECT_FALSE(game.pendingDrawOffer().has_value());
  EXPECT_TRUE(game.whyIllegal(Action::acceptDraw(Seat::Blue)).has_value());
  EXPECT_FALSE(game.isOver());
  shuffle(game);  // play goes on
  EXPECT_FALSE(game.isOver());
}

TEST(Draws, OfferLapsesWhenTheOpponentFinishesTheirTurnWithoutAnswering) {
  {  // Red offers on its turn and moves; the offer stands until Blue's turn ends.
    Game game(make(Ruleset::hiddenFront(), kShuffle));
    game.apply(Action::offerDraw(Seat::Red));
    EXPECT_FALSE(shuffle(game).offerLapsed);
    EXPECT_EQ(game.pendingDrawOffer(), Seat::Red);
    EXPECT_TRUE(shuffle(game).offerLapsed);  // Blue moved without answering
    EXPECT_FALSE(game.pendingDrawOffer().has_value());
    EXPECT_TRUE(game.whyIllegal(Action::acceptDraw(Seat::Blue)).has_value());
  }
  {  // Blue offers during Red's turn; Red moves without answering.
    Game game(make(Ruleset::hiddenFront(), kShuffle));
    game.apply(Action::offerDraw(Seat::Blue));
    EXPECT_TRUE(shuffle(game).offerLapsed);
    EXPECT_FALSE(game.pendingDrawOffer().has_value());
    EXPECT_TRUE(game.whyIllegal(Action::acceptDraw(Seat::Red)).has_value());
  }
}

TEST(Draws, SamePlayerWaitsTenMovesBeforeOfferingAgain) {
  Game game(make(Ruleset::hiddenFront(), kShuffle));
  EXPECT_EQ(game.rules().ruleset().drawOfferCooldown, 10);
  game.apply(Action::offerDraw(Seat::Red));
  game.apply(Action::declineDraw(Seat::Blue));
  // The other player need not wait.
  EXPECT_FALSE(game.whyIllegal(Action::offerDraw(Seat::Blue)).has_value());
  for (int moves = 0; moves < 10; ++moves) {
    const auto why = game.whyIllegal(Action::offerDraw(Seat::Red));
    EXPECT_TRUE(why.has_value()) << "Red offered again after " << moves << " moves";
    shuffle(game);
  }
  EXPECT_EQ(game.position().ply(), 10);
  EXPECT_FALSE(game.whyIllegal(Action::offerDraw(Seat::Red)).has_value());
  game.apply(Action::offerDraw(Seat::Red));
  EXPECT_EQ(game.pendingDrawOffer(), Seat::Red);
}

TEST(Draws, NoAgreedDrawsUnderWorldatplayAndRefereed) {
  for (const auto& ruleset : {Ruleset::worldAtPlay(), Ruleset::refereed()}) {
    EXPECT_FALSE(ruleset.agreedDraws) << ruleset.preset;
    Game game(make(ruleset, kShuffle));
    for (const Seat side : {Seat::Red, Seat::Blue}) {
      EXPECT_TRUE(game.whyIllegal(Action::offerDraw(side)).has_value()) << ruleset.preset;
      EXPECT_THROW(game.apply(Action::offerDraw(side)), IllegalAction);
    }
  }
}

// ---- Clock -----------------------------------------------------------------

TEST(Clock, HiddenfrontTimesThirtySecondsAMoveNinetyForTheLayoutAndSixtyToReconnect) {
  const Ruleset r = Ruleset::hiddenFront();
  EXPECT_EQ(r.moveSeconds, 30);
  EXPECT_EQ(r.layoutSeconds, 90);
  EXPECT_EQ(r.reconnectSeconds, 60);
  EXPECT_TRUE(r.timeoutPassesTurn);
  EXPECT_EQ(r.timeoutsToForfeit, 3);
}

TEST(Clock, TimeoutPassesTheTurnToTheOpponent) {
  Game game(make(Ruleset::hiddenFront(), kShuffle));
  const Position before = game.position();
  game.apply(Action::timeout(Seat::Red));
  EXPECT_FALSE(game.isOver());
  EXPECT_EQ(game.position().sideToMove(), Seat::Blue);
  EXPECT_EQ(game.timeouts(Seat::Red), 1);
  for (Square s{}; s < kSquares; ++s) EXPECT_EQ(game.position().pieceAt(s), before.pieceAt(s)) << squareName(s);
  shuffle(game);  // Blue plays on
  EXPECT_EQ(game.position().sideToMove(), Seat::Red);
}

TEST(Clock, ThirdTimeoutForfeits) {
  Game game(make(Ruleset::hiddenFront(), kShuffle));
  game.apply(Action::timeout(Seat::Red));   // Red 1
  shuffle(game);
  game.apply(Action::timeout(Seat::Red));   // Red 2
  game.apply(Action::timeout(Seat::Blue));  // Blue 1: counted for Blue only
  shuffle(game);
  game.apply(Action::timeout(Seat::Blue));  // Blue 2
  EXPECT_FALSE(game.isOver());
  EXPECT_EQ(game.timeouts(Seat::Red), 2);
  EXPECT_EQ(game.timeouts(Seat::Blue), 2);
  game.apply(Action::timeout(Seat::Red));   // Red 3
  EXPECT_EQ(game.outcome(), winBy(Termination::TimeoutForfeit, Seat::Blue));
}

TEST(Clock, TimeoutLeavingOpponentWithoutMovesWinsForTheTimedOutPlayer) {
  // Blue has only its flag and a landmine: when Red's turn passes to Blue, Blue cannot move.
  Game game(make(Ruleset::hiddenFront(), "F:B1 f:B12 l:A12 C:E3"));
  ASSERT_FALSE(game.isOver());
  game.apply(Action::timeout(Seat::Red));
  EXPECT_EQ(game.outcome(), winBy(Termination::Immobilised, Seat::Red));
}

TEST(Clock, ThirdTimeoutForfeitsEvenWhenTheOpponentWouldHaveNoMove) {
  // Blue's captain walks into the headquarters D12 and freezes, so after Red's
  // third timeout Blue could not move; the forfeit decides first.
  Game game(make(Ruleset::hiddenFront(), "F:B1 f:B12 l:A12 c:C11 C:E3"));
  game.apply(Action::timeout(Seat::Red));
  game.apply(Action::makeMove(Seat::Blue, move("C11", "C12")));
  game.apply(Action::timeout(Seat::Red));
  game.apply(Action::makeMove(Seat::Blue, move("C12", "D12")));
  ASSERT_FALSE(game.isOver());
  game.apply(Action::timeout(Seat::Red));
  EXPECT_EQ(game.outcome(), winBy(Termination::TimeoutForfeit, Seat::Blue));
}

TEST(Clock, OnlyTheSideToMoveCanTimeOut) {
  Game game(make(Ruleset::hiddenFront(), kShuffle));
  EXPECT_TRUE(game.whyIllegal(Action::timeout(Seat::Blue)).has_value());
  EXPECT_THROW(game.apply(Action::timeout(Seat::Blue)), IllegalAction);
}

TEST(Clock, NoClockUnderWorldatplayAndRefereedSoATimeoutLosesAtOnce) {
  for (const auto& ruleset : {Ruleset::worldAtPlay(), Ruleset::refereed()}) {
    EXPECT_EQ(ruleset.moveSeconds, 0) << ruleset.preset;
    EXPECT_EQ(ruleset.layoutSeconds, 0) << ruleset.preset;
    EXPECT_FALSE(ruleset.timeoutPassesTurn) << ruleset.preset;
    Game game(make(ruleset, kShuffle));
    game.apply(Action::timeout(Seat::Red));
    EXPECT_EQ(game.outcome(), winBy(Termination::TimeoutForfeit, Seat::Blue)) << ruleset.preset;
  }
}

}  // namespace
}  // namespace junqi
