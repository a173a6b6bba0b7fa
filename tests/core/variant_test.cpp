// Variant: the three games by name and by preset, their seats, teams, boards
// and team-scored returns.
#include <gtest/gtest.h>

#include <functional>

#include "core/classic/classic_board.h"
#include "core/flip/flip_record.h"
#include "core/flip/flip_ruleset.h"
#include "core/four/cross_board.h"
#include "core/four/four_notation.h"
#include "core/four/four_ruleset.h"
#include "core/variant.h"
#include "tests/support/error_of.h"

namespace junqi {
namespace {

TEST(Variant, NamesEveryGame) {
  EXPECT_EQ(Variant::names(), (std::vector<std::string>{"classic", "flip", "four"}));
  for (const std::string& name : Variant::names()) EXPECT_EQ(Variant::byName(name).name(), name);
  EXPECT_EQ(errorOf([] { Variant::byName("chess"); }), "unknown variant 'chess' (known: classic, flip, four)");
}

TEST(Variant, EveryPresetOfEveryGameNamesItsVariant) {
  for (const std::string& p : Ruleset::presetNames()) EXPECT_EQ(&Variant::ofPreset(p), &Variant::classic()) << p;
  for (const std::string& p : FlipRuleset::presetNames()) EXPECT_EQ(&Variant::ofPreset(p), &Variant::flip()) << p;
  for (const std::string& p : FourRuleset::presetNames()) EXPECT_EQ(&Variant::ofPreset(p), &Variant::four()) << p;
  EXPECT_EQ(Variant::flip().presets(), FlipRuleset::presetNames());
  EXPECT_EQ(Variant::four().presets(), FourRuleset::presetNames());
  EXPECT_EQ(errorOf([] { Variant::ofPreset("four-kawu"); }),
            "unknown preset 'four-kawu' (known: classic: hiddenfront, worldatplay, refereed; "
            "flip: flip-worldatplay, flip-kawu; four: four-worldatplay)");
  EXPECT_EQ(&Variant::of(Ruleset::worldAtPlay()), &Variant::classic());
}

TEST(Variant, FlipSeatsAreTheRecordsSeats) {
  const Variant& flip = Variant::flip();
  EXPECT_EQ(flip.deployment(), Deployment::FaceDownDeal);
  ASSERT_EQ(flip.seatCount(), 2);
  EXPECT_TRUE(flip.isTwoSeatZeroSum());
  for (const Seat s : {Seat::Red, Seat::Blue}) {
    EXPECT_EQ(flip.parseSeat(seatNumber(s)), s);  // "1" and "2", as flip records write them
    EXPECT_EQ(flip.team(s), index(s));
  }
}

TEST(Variant, FourSeatsAreTheArmiesInTwoTeams) {
  const Variant& four = Variant::four();
  EXPECT_EQ(four.deployment(), Deployment::Layout);
  ASSERT_EQ(four.seatCount(), kArmies);
  EXPECT_EQ(four.teamCount(), 2);
  EXPECT_FALSE(four.isTwoSeatZeroSum());
  for (int army = 0; army < kArmies; ++army) {
    EXPECT_EQ(four.seat(seatFromIndex(army)).name, armyName(army));
    EXPECT_EQ(four.parseSeat(armyName(army)), seatFromIndex(army));
    EXPECT_EQ(four.team(seatFromIndex(army)), army % 2);
  }
  EXPECT_EQ(errorOf([] { Variant::four().parseSeat("red"); }),
            "four has no seat 'red' (seats: south, east, north, west)");
}

TEST(Variant, ReturnsAreScoredByTeam) {
  const Variant& four = Variant::four();
  // North's team (south and north) wins: +1 to both, -1 to east and west.
  EXPECT_EQ(four.returns({Termination::FlagCaptured, seatFromIndex(2)}), (std::vector<double>{1, -1, 1, -1}));
  EXPECT_EQ(four.returns({Termination::Immobilised, seatFromIndex(3)}), (std::vector<double>{-1, 1, -1, 1}));
  EXPECT_EQ(four.returns({Termination::QuietMoves, std::nullopt}), (std::vector<double>(4, 0.0)));
  EXPECT_EQ(four.returns({}), (std::vector<double>(4, 0.0)));
  EXPECT_EQ(Variant::flip().returns({Termination::Resignation, Seat::Red}), (std::vector<double>{1, -1}));
}

TEST(Variant, EachGameHasItsBoard) {
  EXPECT_EQ(&Variant::four().board(), &crossBoard());
  EXPECT_EQ(&Variant::flip().board(), &classicBoard(true));  // every front-line crossing a railway
  Ruleset roadCentre = Ruleset::hiddenFront();
  roadCentre.centreCrossingRailway = false;
  EXPECT_EQ(&Variant::classic().board(roadCentre), &classicBoard(false));
  EXPECT_EQ(&Variant::classic().board(), &classicBoard(Variant::classic().defaultRuleset().centreCrossingRailway));
  EXPECT_NE(errorOf([] { Variant::four().board(Ruleset::worldAtPlay()); }), "");
}

// Only the classic game's rules are a Ruleset: the others' default is refused
// by name, not read as an unknown classic preset.
TEST(Variant, OnlyTheClassicGameHasADefaultClassicRuleset) {
  EXPECT_EQ(Variant::classic().defaultRuleset().preset, Variant::classic().presets().front());
  for (const Variant* v : {&Variant::flip(), &Variant::four()})
    EXPECT_EQ(errorOf([v] { v->defaultRuleset(); }), "variant '" + v->name() +
                                                         "': its rules are not a classic Ruleset (its default preset is '" +
                                                         v->presets().front() + "')");
}

}  // namespace
}  // namespace junqi
