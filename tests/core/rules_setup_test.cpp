// The rule texts' sentences about the pieces and the deployment before the
// game. Each test is listed against the sentences it checks in docs/rules.md.
//
// Layouts are written as their owner sees them, front row (row 6) first:
// the example layout kExampleLayout is
//   row 6  I P D E C
//   row 5  G . J . R
//   row 4  D M . B C
//   row 3  R . B . I
//   row 2  C L E J P
//   row 1  L F L P E      (B1 and D1 are the headquarters)
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "core/classic/auto_layout.h"
#include "core/classic/game.h"
#include "core/classic/layout.h"
#include "core/classic/notation.h"
#include "core/random.h"
#include "core/classic/ruleset.h"
#include "core/classic/topology.h"
#include "tests/core/rule_fixtures.h"

namespace junqi {
namespace {

using namespace fixtures;

bool legal(std::string_view layout, const Ruleset& ruleset) {
  return !validateLayout(parseLayout(layout), ruleset).has_value();
}

std::string violation(std::string_view layout, const Ruleset& ruleset) {
  const auto v = validateLayout(parseLayout(layout), ruleset);
  return v ? v->message : std::string("(accepted)");
}

// The relative points that are not camps: the 25 points a layout fills.
Bitboard deployablePoints() {
  const Topology& t = Topology::classic(true);
  return t.home[index(Seat::Red)] & ~t.camps;
}

Bitboard occupiedPoints(const Layout& layout) {
  Bitboard b = 0;
  for (int i = 0; i < kHalfSquares; ++i)
    if (layout.at[i]) b |= bit(i);
  return b;
}

TEST(Setup, ExampleLayoutIsLegalUnderEveryPreset) {
  for (const auto& ruleset : kPresets) EXPECT_TRUE(legal(kExampleLayout, ruleset)) << violation(kExampleLayout, ruleset);
}

TEST(Setup, EachSideHasTwentyFivePiecesInTheClassicCounts) {
  const PieceCounts expected = {/*engineer*/ 3, /*lieutenant*/ 3, /*captain*/ 3, /*major*/ 2,
                                /*colonel*/ 2,  /*brigadier*/ 2,  /*major-general*/ 2, /*general*/ 1,
                                /*marshal*/ 1,  /*bomb*/ 2,       /*landmine*/ 3, /*flag*/ 1};
  EXPECT_EQ(kClassicCounts, expected);
  EXPECT_EQ(totalPieces(kClassicCounts), 25);
  for (const auto& ruleset : kPresets) EXPECT_EQ(ruleset.counts, expected) << ruleset.preset;
}

TEST(Setup, NineOfficerRanksFromEngineerOneToMarshalNineAndThreePiecesWithoutRank) {
  const PieceType byRank[] = {PieceType::Engineer, PieceType::Lieutenant,   PieceType::Captain,
                              PieceType::Major,    PieceType::Colonel,      PieceType::Brigadier,
                              PieceType::MajorGeneral, PieceType::General, PieceType::Marshal};
  for (int r = 1; r <= 9; ++r) {
    EXPECT_TRUE(isOfficer(byRank[r - 1]));
    EXPECT_EQ(rank(byRank[r - 1]), r) << typeName(byRank[r - 1]);
  }
  for (const auto special : {PieceType::Bomb, PieceType::Landmine, PieceType::Flag}) {
    EXPECT_FALSE(isOfficer(special)) << typeName(special);
    EXPECT_EQ(rank(special), 0) << typeName(special);
  }
}

TEST(Setup, LayoutWithWrongPieceCountsRejected) {
  // E1's engineer replaced by a second marshal.
  for (const auto& ruleset : kPresets) EXPECT_FALSE(legal("IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPM", ruleset));
  // One piece missing.
  for (const auto& ruleset : kPresets) EXPECT_FALSE(legal("IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLP.", ruleset));
}

TEST(Setup, TwentyFivePiecesFillEveryPointOutsideTheCamps) {
  EXPECT_EQ(popcount(deployablePoints()), 25);
  EXPECT_EQ(occupiedPoints(parseLayout(kExampleLayout)), deployablePoints());
  for (const auto& ruleset : kPresets) {
    Rng rng(7);
    for (int n = 0; n < 20; ++n) EXPECT_EQ(occupiedPoints(randomLayout(ruleset, rng)), deployablePoints());
  }
}

TEST(Setup, CampsMustStartEmpty) {
  // The general moved from A5 into the camp B5.
  for (const auto& ruleset : kPresets) {
    EXPECT_FALSE(legal("IPDEC/.GJ.R/DM.BC/R.B.I/CLEJP/LFLPE", ruleset));
    EXPECT_NE(violation("IPDEC/.GJ.R/DM.BC/R.B.I/CLEJP/LFLPE", ruleset).find("B5"), std::string::npos);
  }
  for (int i = 0; i < kHalfSquares; ++i) {
    if (!contains(Topology::classic(true).camps, i)) continue;
    for (const auto& ruleset : kPresets)
      for (int t = 0; t < kPieceTypes; ++t) EXPECT_FALSE(mayStartOn(typeFromIndex(t), i, ruleset));
  }
}

TEST(Setup, FlagMustStartInAHeadquarters) {
  for (const auto& ruleset : kPresets) {
    EXPECT_FALSE(legal("IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/FLLPE", ruleset)) << ruleset.preset;  // flag on A1
    EXPECT_FALSE(legal("IPDEC/G.J.R/DM.BC/R.B.I/CFEJP/LLLPE", ruleset)) << ruleset.preset;  // flag on B2
    EXPECT_TRUE(legal("IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPE", ruleset)) << ruleset.preset;   // flag on B1
    EXPECT_TRUE(legal("IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LPLFE", ruleset)) << ruleset.preset;   // flag on D1
    for (int i = 0; i < kHalfSquares; ++i)
      EXPECT_EQ(mayStartOn(PieceType::Flag, i, ruleset), i == at("B1") || i == at("D1")) << squareName(Square(i));
  }
}

TEST(Setup, LandmineOutsideTheBackTwoRowsRejected) {
  for (const auto& ruleset : kPresets) {
    // A1's landmine swapped with A3's colonel: a landmine on row 3.
    EXPECT_FALSE(legal("IPDEC/G.J.R/DM.BC/L.B.I/CLEJP/RFLPE", ruleset)) << ruleset.preset;
    EXPECT_NE(violation("IPDEC/G.J.R/DM.BC/L.B.I/CLEJP/RFLPE", ruleset).find("A3"), std::string::npos);
    for (int i = 0; i < kHalfSquares; ++i)
      if (rowOf(Square(i)) >= 2) {
        EXPECT_FALSE(mayStartOn(PieceType::Landmine, i, ruleset)) << squareName(Square(i));
      }
    // Rows 1 and 2 are allowed (the example has landmines on A1, C1 and B2).
    for (const char* p : {"A1", "C1", "E1", "A2", "B2", "C2", "D2", "E2"})
      EXPECT_TRUE(mayStartOn(PieceType::Landmine, at(p), ruleset)) << p;
  }
}

TEST(Setup, LandmineInHeadquartersRejectedUnderHiddenFront) {
  // C1's landmine swapped with D1's lieutenant: a landmine in the headquarters D1.
  const std::string_view layout = "IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFPLE";
  EXPECT_FALSE(legal(layout, Ruleset::hiddenFront()));
  EXPECT_NE(violation(layout, Ruleset::hiddenFront()).find("D1"), std::string::npos);
  EXPECT_FALSE(mayStartOn(PieceType::Landmine, at("D1"), Ruleset::hiddenFront()));
  EXPECT_FALSE(mayStartOn(PieceType::Landmine, at("B1"), Ruleset::hiddenFront()));
}

TEST(Setup, LandmineInHeadquartersAllowedUnderWorldatplayAndRefereed) {
  const std::string_view layout = "IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFPLE";
  for (const auto& ruleset : {Ruleset::worldAtPlay(), Ruleset::refereed()}) {
    EXPECT_TRUE(legal(layout, ruleset)) << ruleset.preset << ": " << violation(layout, ruleset);
    EXPECT_TRUE(mayStartOn(PieceType::Landmine, at("D1"), ruleset)) << ruleset.preset;
  }
}

TEST(Setup, BombMayNotStartInTheFrontRow) {
  for (const auto& ruleset : kPresets) {
    // A6's brigadier swapped with D4's bomb: a bomb on the front row.
    EXPECT_FALSE(legal("BPDEC/G.J.R/DM.IC/R.B.I/CLEJP/LFLPE", ruleset)) << ruleset.preset;
    EXPECT_NE(violation("BPDEC/G.J.R/DM.IC/R.B.I/CLEJP/LFLPE", ruleset).find("A6"), std::string::npos);
    // One row further back is fine: A5's general swapped with D4's bomb.
    EXPECT_TRUE(legal("IPDEC/B.J.R/DM.GC/R.B.I/CLEJP/LFLPE", ruleset)) << ruleset.preset;
    for (int i = 0; i < kHalfSquares; ++i) {
      const bool allowed = rowOf(Square(i)) != 5 && !contains(Topology::classic(true).camps, i);
      EXPECT_EQ(mayStartOn(PieceType::Bomb, i, ruleset), allowed) << squareName(Square(i));
    }
  }
}

TEST(Setup, OfficersMayStartAnywhereOutsideCampsIncludingTheOtherHeadquarters) {
  const Bitboard camps = Topology::classic(true).camps;
  for (const auto& ruleset : kPresets) {
    for (int t = 0; t < kPieceTypes; ++t) {
      if (!isOfficer(typeFromIndex(t))) continue;
      for (int i = 0; i < kHalfSquares; ++i)
        EXPECT_EQ(mayStartOn(typeFromIndex(t), i, ruleset), !contains(camps, i))
            << typeName(typeFromIndex(t)) << " on " << squareName(Square(i));
    }
    // The marshal (B4) swapped with the lieutenant in the other headquarters (D1).
    EXPECT_TRUE(legal("IPDEC/G.J.R/DP.BC/R.B.I/CLEJP/LFLME", ruleset)) << ruleset.preset;
  }
}

TEST(Setup, GameRejectsAnIllegalLayoutWithAnExplanation) {
  const Layout good = parseLayout(kExampleLayout);
  const Layout flagOffHeadquarters = parseLayout("IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/FLLPE");
  for (const auto& ruleset : kPresets) {
    try {
      Game game(ruleset, good, flagOffHeadquarters);
      ADD_FAILURE() << ruleset.preset << ": the illegal blue layout was accepted";
    } catch (const IllegalAction& e) {
      const std::string why = e.what();
      EXPECT_NE(why.find("blue"), std::string::npos) << why;
      EXPECT_NE(why.find("A1"), std::string::npos) << why;  // the point, in the layout's own coordinates
    }
    EXPECT_NO_THROW(Game(ruleset, good, good));
  }
}

TEST(Setup, EachSideDeploysOnItsOwnHalfWithBlueTurnedRound) {
  const Layout layout = parseLayout(kExampleLayout);
  for (const auto& ruleset : kPresets) {
    const Game game(ruleset, layout, layout);
    const Position& pos = game.position();
    const Topology& t = pos.rules().topology();
    EXPECT_EQ(popcount(pos.occupied(Seat::Red)), 25);
    EXPECT_EQ(popcount(pos.occupied(Seat::Blue)), 25);
    EXPECT_EQ(pos.occupied(Seat::Red), t.home[index(Seat::Red)] & ~t.camps);
    EXPECT_EQ(pos.occupied(Seat::Blue), t.home[index(Seat::Blue)] & ~t.camps);
    // What Red has on its B1, Blue has on its own left-hand headquarters, D12.
    EXPECT_EQ(pos.typeAt(at("B1")), PieceType::Flag);
    EXPECT_EQ(pos.typeAt(at("D12")), PieceType::Flag);
    EXPECT_EQ(pos.sideAt(at("D12")), Seat::Blue);
    EXPECT_EQ(pos.typeAt(at("A6")), PieceType::Brigadier);
    EXPECT_EQ(pos.typeAt(at("E7")), PieceType::Brigadier);
    EXPECT_EQ(pos.sideAt(at("E7")), Seat::Blue);
  }
}

TEST(Setup, RandomLayoutIsLegalUnderEveryPreset) {
  for (const auto& ruleset : kPresets) {
    Rng rng(2024);
    for (int n = 0; n < 200; ++n) {
      const Layout layout = randomLayout(ruleset, rng);
      const auto v = validateLayout(layout, ruleset);
      EXPECT_FALSE(v.has_value()) << ruleset.preset << " " << formatLayout(layout) << ": " << v->message;
    }
  }
}

TEST(Setup, RandomLayoutsVaryFromOneShuffleToTheNext) {
  Rng rng(99);
  const Layout first = randomLayout(Ruleset{}, rng);
  int different = 0;
  for (int n = 0; n < 10; ++n) different += randomLayout(Ruleset{}, rng) != first;
  EXPECT_GE(different, 9);
}

TEST(Setup, AggressiveDefensiveAndBalancedAutoLayoutsAreLegal) {
  for (const auto style : {LayoutStyle::Aggressive, LayoutStyle::Defensive, LayoutStyle::Balanced}) {
    EXPECT_EQ(parseLayoutStyle(layoutStyleName(style)), style);
    for (const auto& ruleset : kPresets) {
      Rng rng(11);
      for (int n = 0; n < 50; ++n) {
        const Layout layout = styledLayout(style, ruleset, rng);
        const auto v = validateLayout(layout, ruleset);
        EXPECT_FALSE(v.has_value()) << layoutStyleName(style) << " " << ruleset.preset << " "
                                    << formatLayout(layout) << ": " << v->message;
      }
    }
  }
}

// ---- The presets: one per classic text (docs/rules.md, "Ruleset fields") ----

TEST(Presets, ThreePresetsOneForEachClassicTextAndHiddenfrontIsTheDefault) {
  EXPECT_EQ(Ruleset::presetNames(), (std::vector<std::string>{"hiddenfront", "worldatplay", "refereed"}));
  EXPECT_EQ(Ruleset{}, Ruleset::hiddenFront());
  for (const auto& name : Ruleset::presetNames()) EXPECT_EQ(Ruleset::byName(name).preset, name);
}

TEST(Presets, HiddenfrontFieldsFollowText000) {
  const Ruleset r = Ruleset::hiddenFront();
  EXPECT_TRUE(r.centreCrossingRailway);  // silent: railway, as texts 001 and 004
  EXPECT_EQ(r.counts, kClassicCounts);
  EXPECT_EQ(r.landmineRows, 2);
  EXPECT_FALSE(r.landmineInHeadquarters);
  EXPECT_FALSE(r.bombInFrontRow);
  EXPECT_TRUE(r.headquartersFreeze);
  EXPECT_FALSE(r.landmineSurvivesAttack);
  EXPECT_FALSE(r.marshalLossRevealsFlag);
  EXPECT_EQ(r.quietMoveLimit, 100);
  EXPECT_TRUE(r.agreedDraws);
  EXPECT_EQ(r.drawOfferCooldown, 10);
  EXPECT_TRUE(r.resignation);
  EXPECT_EQ(r.moveSeconds, 30);
  EXPECT_EQ(r.layoutSeconds, 90);
  EXPECT_TRUE(r.timeoutPassesTurn);
  EXPECT_EQ(r.timeoutsToForfeit, 3);
  EXPECT_EQ(r.reconnectSeconds, 60);
}

TEST(Presets, WorldatplayAndRefereedFieldsFollowTexts001And003) {
  for (const auto& r : {Ruleset::worldAtPlay(), Ruleset::refereed()}) {
    EXPECT_EQ(r.centreCrossingRailway, r.preset == "worldatplay") << r.preset;
    EXPECT_EQ(r.counts, kClassicCounts);
    EXPECT_EQ(r.landmineRows, 2);
    EXPECT_TRUE(r.landmineInHeadquarters);  // silent: only the back rows are required
    EXPECT_FALSE(r.bombInFrontRow);
    EXPECT_TRUE(r.headquartersFreeze);
    EXPECT_TRUE(r.landmineSurvivesAttack);
    EXPECT_TRUE(r.marshalLossRevealsFlag);
    EXPECT_EQ(r.quietMoveLimit, 0);
    EXPECT_FALSE(r.agreedDraws);
    EXPECT_TRUE(r.resignation);
    EXPECT_EQ(r.moveSeconds, 0);
    EXPECT_EQ(r.layoutSeconds, 0);
    EXPECT_FALSE(r.timeoutPassesTurn);
    EXPECT_EQ(r.timeoutsToForfeit, 0);
    EXPECT_EQ(r.reconnectSeconds, 0);
  }
}

}  // namespace
}  // namespace junqi
