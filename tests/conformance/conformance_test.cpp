// The conformance suite (OpenSpiel's random-simulation test is the model):
// every variant and preset plays random games through the referee under the
// checks of conformance_checks.h, and its perft agrees with an independent slow
// generator. The last tests show that each check catches a fault put in on
// purpose, so that a green suite means something.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>

#include "core/classic/movegen.h"
#include "core/classic/record.h"
#include "tests/conformance/classic_driver.h"
#include "tests/conformance/conformance_checks.h"
#include "tests/conformance/four_driver.h"
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
    EXPECT_TRUE(v.variant->hasPreset(v.preset)) << v.name;
    covered.insert(v.variant->name() + "/" + v.preset);
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
  if (v.drawOffers) {
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
    const DriverPtr game = v.randomStart(rng);
    EXPECT_EQ(checkPerft(*game, v.perftDepth), "") << v.name << " start " << seed;
    // And a position of the middle game, where pieces have met.
    Tally tally;
    for (int ply = 0; ply < 60 && !game->isOver(); ++ply) {
      const std::string why = game->step(game->moves(), rng, tally);
      ASSERT_EQ(why, "") << v.name;
    }
    if (!game->isOver()) {
      EXPECT_EQ(checkPerft(*game, v.perftDepth - 1), "") << v.name << " middle game " << seed;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, Conformance,
                         ::testing::Range(0, static_cast<int>(variantsUnderTest().size())), testName);

// ------------------------------------------------ the checks catch faults

// The entry of a variant's first preset.
const VariantUnderTest& entryOf(const Variant& variant) {
  for (const VariantUnderTest& v : variantsUnderTest())
    if (v.variant == &variant) return v;
  throw std::logic_error(variant.name() + " has no entry");
}

// A random classic game, some way in.
Game gameInProgress(std::uint64_t seed, int plies) {
  Rng rng(seed);
  Game game = randomClassicGame(Ruleset::byName(Variant::classic().presets().front()), rng);
  MoveList moves;
  for (int ply = 0; ply < plies && !game.isOver(); ++ply) {
    generateMoves(game.position(), moves);
    game.apply(Action::makeMove(game.position().sideToMove(), moves[static_cast<int>(rng.below(moves.size()))]));
  }
  return game;
}

// A driver whose slow generator misses a move, or whose slow perft is wrong.
class WrongSlowGenerator : public GameDriver {
 public:
  WrongSlowGenerator(DriverPtr honest, bool wrongPerft) : honest_(std::move(honest)), wrongPerft_(wrongPerft) {}
  std::vector<Move> moves() const override { return honest_->moves(); }
  std::vector<Move> slowMoves() const override {
    std::vector<Move> moves = honest_->slowMoves();
    if (!wrongPerft_ && !moves.empty()) moves.pop_back();
    return moves;
  }
  std::string step(const std::vector<Move>& m, Rng& rng, Tally& t) override { return honest_->step(m, rng, t); }
  std::string inconsistency() const override { return honest_->inconsistency(); }
  bool isOver() const override { return honest_->isOver(); }
  Outcome outcome() const override { return honest_->outcome(); }
  void adjudicateDraw() override { honest_->adjudicateDraw(); }
  int ply() const override { return honest_->ply(); }
  std::uint64_t perft(int depth) const override { return honest_->perft(depth); }
  std::uint64_t slowPerft(int depth) const override {
    return honest_->slowPerft(depth) + (wrongPerft_ ? 1 : 0);
  }
  std::string recordProblem() const override { return honest_->recordProblem(); }
  std::string leakageProblem(Rng& rng, Tally& t) const override { return honest_->leakageProblem(rng, t); }
  std::string positionText() const override { return honest_->positionText(); }
  std::string actionName(Move m) const override { return honest_->actionName(m); }

 private:
  DriverPtr honest_;
  bool wrongPerft_;
};

void expectAWrongSlowGeneratorCaught(const Variant& variant) {
  VariantUnderTest v = entryOf(variant);
  const auto honest = v.randomStart;
  Tally tally;
  EXPECT_EQ(checkRandomGame(v, 1, tally), "") << v.name;  // the same game passes with the honest generator
  v.randomStart = [honest](Rng& rng) -> DriverPtr { return std::make_unique<WrongSlowGenerator>(honest(rng), false); };
  EXPECT_NE(checkRandomGame(v, 1, tally).find("the slow generator does not"), std::string::npos) << v.name;
  Rng rng(2);
  EXPECT_NE(checkPerft(WrongSlowGenerator(honest(rng), true), 2), "") << v.name;
}

TEST(ConformanceChecks, CatchASlowGeneratorThatDisagrees) { expectAWrongSlowGeneratorCaught(Variant::classic()); }

TEST(ConformanceChecks, CatchAFourPlayerOrFlipSlowGeneratorThatDisagrees) {
  expectAWrongSlowGeneratorCaught(Variant::four());
  expectAWrongSlowGeneratorCaught(Variant::flip());
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
  // Four seats: a team's win is +1 for both its seats (south and north, east and west).
  const Variant& four = Variant::four();
  EXPECT_EQ(checkReturns(four, {Termination::FlagCaptured, seatFromIndex(1)}), "");
  EXPECT_EQ(four.returns({Termination::FlagCaptured, seatFromIndex(1)}), (std::vector<double>{-1, 1, -1, 1}));
  EXPECT_EQ(four.returns({Termination::Immobilised, seatFromIndex(2)}), (std::vector<double>{1, -1, 1, -1}));
  EXPECT_EQ(four.returns({Termination::QuietMoves, std::nullopt}), (std::vector<double>{0, 0, 0, 0}));
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

TEST(ConformanceChecks, CatchAFourPlayerViewThatDependsOnWhatTheSeatCannotSee) {
  Rng rng(7);
  const FourGame game = randomFourGame(FourRuleset::worldAtPlay(), rng);
  const FourPosition& pos = game.position();
  // South sees only its own army: east's identities permuted are the same to it,
  const FourPosition eastPermuted = permutedFourWorld(pos, game.rules(), 0, Visibility::Own, rng);
  EXPECT_EQ(checkFourSeatCannotTellApart(pos, eastPermuted, game.history(), 0, Visibility::Own), "");
  // but not under `all`, nor are its own identities permuted (east's world for south).
  const FourPosition southPermuted = permutedFourWorld(pos, game.rules(), 1, Visibility::Own, rng);
  EXPECT_NE(checkFourSeatCannotTellApart(pos, eastPermuted, game.history(), 0, Visibility::All), "");
  EXPECT_NE(checkFourSeatCannotTellApart(pos, southPermuted, game.history(), 0, Visibility::Own), "");
}

}  // namespace
}  // namespace junqi::conformance
