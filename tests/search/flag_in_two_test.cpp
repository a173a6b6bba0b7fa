// Flag in two (search/classic/flag_in_two.h): an engineer's turning railway path to
// the point in front of a known flag wins in two unless an enemy piece can
// strike the engineer there; the flag guard then allows only that move.
#include <gtest/gtest.h>

#include "core/classic/notation.h"
#include "search/classic/flag_in_two.h"
#include "search/classic/root_choice.h"

namespace junqi {
namespace {

// Blue's flag is known: B12 is its only occupied headquarters. Red's engineer
// on A2 can run up column A and turn into B11, in front of the flag. Blue's
// general on C10 cannot reach B11 in one move; after C10-C11 it can.
const char* kPosition = "lfl2/5/2g2/5/5/5/5/5/5/5/E3P/1F3 r 0 40";

Game gameAfter(const std::vector<std::string>& moves) {
  Game game(parsePosition(kPosition, Rules::of(Ruleset::hiddenFront())));
  for (const std::string& text : moves) game.apply(Action::makeMove(game.position().sideToMove(), *parseMove(text)));
  return game;
}

std::map<std::string, double> inTwoByMove(const InfoState& state) {
  MoveList moves;
  state.legalMoves(moves);
  const std::vector<double> odds = flagInTwo(state, moves);
  std::map<std::string, double> out;
  for (int i = 0; i < moves.size(); ++i) out[moveName(moves[i])] = odds[static_cast<std::size_t>(i)];
  return out;
}

TEST(FlagInTwo, AnUnstoppableEngineerPathWinsInTwo) {
  const InfoState state = InfoState::of(gameAfter({}), Seat::Red);
  const auto odds = inTwoByMove(state);
  ASSERT_TRUE(odds.contains("A2-B11"));
  EXPECT_DOUBLE_EQ(odds.at("A2-B11"), 1.0);
  for (const auto& [move, p] : odds) {
    if (move != "A2-B11") {
      EXPECT_DOUBLE_EQ(p, 0.0) << move;
    }
  }
  MoveList moves;
  state.legalMoves(moves);
  const std::vector<bool> allowed = flagSafeMoves(state, moves);
  for (int i = 0; i < moves.size(); ++i)
    EXPECT_EQ(allowed[static_cast<std::size_t>(i)], moveName(moves[i]) == "A2-B11") << moveName(moves[i]);
}

TEST(FlagInTwo, AnEngineerTheEnemyCanStrikeDoesNotWin) {
  const InfoState state = InfoState::of(gameAfter({"E2-E3", "C10-C11"}), Seat::Red);
  const auto odds = inTwoByMove(state);
  ASSERT_TRUE(odds.contains("A2-B11"));
  EXPECT_DOUBLE_EQ(odds.at("A2-B11"), 0.0);
  MoveList moves;
  state.legalMoves(moves);
  for (const bool allowed : flagSafeMoves(state, moves)) EXPECT_TRUE(allowed);
}

// The one-world check: the enemy's every reply is tried.
TEST(FlagInTwo, TheOneWorldCheckTriesEveryReply) {
  const Game free = gameAfter({});
  EXPECT_TRUE(flagForcedInTwo(free.position(), *parseMove("A2-B11"), Seat::Red));
  EXPECT_FALSE(flagForcedInTwo(free.position(), *parseMove("A2-A11"), Seat::Red));
  const Game struck = gameAfter({"E2-E3", "C10-C11"});
  EXPECT_FALSE(flagForcedInTwo(struck.position(), *parseMove("A2-B11"), Seat::Red));
  EXPECT_TRUE(canTakeFlag(parsePosition("lfl2/1E3/5/5/5/5/5/5/5/5/5/1F3 r 0 40", Rules::of(Ruleset::hiddenFront()))));
}

}  // namespace
}  // namespace junqi
