// The conformance suite (OpenSpiel's random-simulation test is the model):
// every variant and preset plays random games through the referee under the
// checks of conformance_checks.h, and its perft agrees with an independent slow
// generator. The last tests show that each check catches a fault put in on
// purpose, so that a green suite means something.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>

#include "core/movegen.h"
#include "core/record.h"
#include "tests/conformance/conformance_checks.h"
#include "tests/support/permuted_world.h"

namespace junqi::conformance {
namespace {

class Conformance : public ::testing::TestWithParam<int> {
 protected:
  const VariantUnderTest& variant() const { return variantsUnderTest()[GetParam()]; }
};

std::string testName(const ::testing::TestParamInfo<int>& info) {
  std::string name = variantsUnderTest()[info.param].name;
  for (char& c : name)
    if (c == '/' || c == '-') c = '_';
  return name;
}

TEST(ConformanceTable, EveryVariantAndPresetIsUnderTest) {
  std::set<std::string> covered;
  for (const VariantUnderTest& v : variantsUnderTest()) {
    EXPECT_TRUE(v.variant->hasPreset(v.ruleset.preset)) << v.name;
    covered.insert(v.variant->name() + "/" + v.ruleset.preset);
  }
  for (const std::string& name : Variant::names())
    for (const std::string& preset : Variant::byName(name).presets())
      EXPECT_TRUE(covered.count(name + "/" + preset)) << name << "/" << preset << " has no entry in variantsUnderTest()";
}

TEST_P(Conformance, RandomGamesKeepEveryProperty) {
  const VariantUnderTest& v = variant();
  Tally tally;
  int failures = 0;
  for (int g = 0; g < v.games && failures < 3; ++g) {
    const std::string why = checkRandomGame(v, static_cast<std::uint64_t>(g), tally);
    if (!why.empty()) ADD_FAILURE() << v.name << " game " << g << ": " << why, ++failures;
  }
  EXPECT_EQ(tally.games, v.games);
  // The games went through what the checks look at.
  EXPECT_GT(tally.fights, v.games * 5);
  EXPECT_GT(tally.decided, 0);
  if (v.ruleset.agreedDraws) {
    EXPECT_GT(tally.drawOffers, 0);
  }
  // Every fourth game is checked for leaks once per seat, unless it ended first.
  EXPECT_GE(tally.leakageChecks, v.games / 4 * v.variant->seatCount() / 2);
  std::printf("%s: %d games, %d plies, %d fights, %d decided, %d drawn (%d by the cap), %d draw offers, "
              "%d leakage checks\n", v.name.c_str(), tally.games, tally.plies, tally.fights, tally.decided,
              tally.drawn, tally.capped, tally.drawOffers, tally.leakageChecks);
}

TEST_P(Conformance, PerftAgreesWithTheSlowGenerator) {
  const VariantUnderTest& v = variant();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    Rng rng(seed);
    Game game = v.randomStart(rng);
    EXPECT_EQ(checkPerft(v, game.position(), 3), "") << v.name << " start " << seed;
    // And a position of the middle game, where pieces have met.
    MoveList moves;
    for (int ply = 0; ply < 60 && !game.isOver(); ++ply) {
      generateMoves(game.position(), moves);
      game.apply(Action::makeMove(game.position().sideToMove(), moves[static_cast<int>(rng.below(moves.size()))]));
    }
    if (!game.isOver()) {
      EXPECT_EQ(checkPerft(v, game.position(), 2), "") << v.name << " middle game " << seed;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, Conformance,
                         ::testing::Range(0, static_cast<int>(variantsUnderTest().size())), testName);

// ------------------------------------------------ the checks catch faults

// A random game of the first variant, some way in.
Game gameInProgress(std::uint64_t seed, int plies) {
  const VariantUnderTest& v = variantsUnderTest().front();
  Rng rng(seed);
  Game game = v.randomStart(rng);
  MoveList moves;
  for (int ply = 0; ply < plies && !game.isOver(); ++ply) {
    generateMoves(game.position(), moves);
    game.apply(Action::makeMove(game.position().sideToMove(), moves[static_cast<int>(rng.below(moves.size()))]));
  }
  return game;
}

TEST(ConformanceChecks, CatchASlowGeneratorThatDisagrees) {
  VariantUnderTest v = variantsUnderTest().front();
  const auto honest = v.slowMoves;
  v.slowMoves = [honest](const Position& pos) {
    std::vector<Move> moves = honest(pos);
    moves.pop_back();
    return moves;
  };
  Tally tally;
  EXPECT_NE(checkRandomGame(v, 1, tally).find("the slow generator does not"), std::string::npos);
  v.slowPerft = [](const Position&, int) { return std::uint64_t{42}; };
  EXPECT_NE(checkPerft(v, gameInProgress(2, 0).position(), 2), "");
}

TEST(ConformanceChecks, CatchAGameThatNeedsTheCapUnderADrawRule) {
  VariantUnderTest v = variantsUnderTest().front();
  ASSERT_TRUE(v.endsByItsRules);
  v.maxPlies = 30;
  Tally tally;
  EXPECT_NE(checkRandomGame(v, 3, tally).find("did not end by its rules"), std::string::npos);
}

TEST(ConformanceChecks, CatchWrongReturns) {
  const Variant& classic = Variant::classic();
  EXPECT_EQ(checkReturns(classic, {Termination::FlagCaptured, Seat::Blue}), "");
  EXPECT_EQ(classic.returns({Termination::FlagCaptured, Seat::Blue}), (std::vector<double>{-1, 1}));
  EXPECT_EQ(classic.returns({Termination::QuietMoves, std::nullopt}), (std::vector<double>{0, 0}));
  EXPECT_EQ(classic.returns({}), (std::vector<double>{0, 0}));  // not over
}

TEST(ConformanceChecks, CatchARecordThatDoesNotReplay) {
  const Game game = gameInProgress(4, 40);
  EXPECT_EQ(checkRecordRoundTrip(game), "");
  // The last action dropped: the replay ends elsewhere.
  const auto dropLast = [](std::string text) {
    text.pop_back();
    text.erase(text.rfind('\n') + 1);
    return text;
  };
  EXPECT_NE(checkRecordRoundTrip(game, dropLast), "");
  const auto otherVariant = [](std::string text) {
    return text.replace(text.find("variant classic"), 15, "variant chess");
  };
  EXPECT_NE(checkRecordRoundTrip(game, otherVariant).find("unknown variant 'chess'"), std::string::npos);
}

TEST(ConformanceChecks, CatchAViewThatDependsOnWhatTheSeatCannotSee) {
  const Game game = gameInProgress(5, 30);
  Rng rng(6);
  EXPECT_EQ(checkLeakage(game, Seat::Red, rng), "");
  // A world that changes Red's own identities (what it can see) is told apart.
  const auto world = test_support::permutedWorld(game, Seat::Blue, rng);
  ASSERT_TRUE(world);
  EXPECT_NE(checkSeatCannotTellApart(game, *world, Seat::Red), "");
}

}  // namespace
}  // namespace junqi::conformance
