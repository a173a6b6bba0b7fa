// Layouts: deployment rules, their messages, and the turn between Red's and Blue's seats.
#include <string>

#include <gtest/gtest.h>

#include "core/classic/game.h"
#include "core/classic/notation.h"
#include "tests/support/square_names.h"

namespace junqi {
namespace {

// kExampleLayout:
//   row 6  I P D E C      (front)
//   row 5  G ( ) J ( ) R
//   row 4  D M ( ) B C
//   row 3  R ( ) B ( ) I
//   row 2  C L E J P
//   row 1  L [F] L [P] E  (back)
Layout example() { return parseLayout(kExampleLayout); }

Layout swapped(Layout l, const char* a, const char* b) {
  std::swap(l.at[at(a)], l.at[at(b)]);
  return l;
}

Layout moved(Layout l, const char* from, const char* to) {
  l.at[at(to)] = l.at[at(from)];
  l.at[at(from)].reset();
  return l;
}

std::string violation(const Layout& l, const Ruleset& r = Ruleset::hiddenFront()) {
  const auto v = validateLayout(l, r);
  if (!v) {
    ADD_FAILURE() << formatLayout(l) << " was accepted under " << r.toString();
    return "";
  }
  return v->message;
}

#define EXPECT_HAS(haystack, needle)                                                   \
  do {                                                                                 \
    const std::string h_ = (haystack);                                                 \
    EXPECT_NE(h_.find(needle), std::string::npos) << "'" << needle << "' not in: " << h_; \
  } while (0)

TEST(Layout, ExampleLayoutIsLegalUnderEveryPreset) {
  for (const auto& name : Ruleset::presetNames())
    EXPECT_EQ(validateLayout(example(), Ruleset::byName(name)), std::nullopt) << name;
  // The notation header's example too.
  for (const auto& name : Ruleset::presetNames())
    EXPECT_EQ(validateLayout(parseLayout("JRCPE/C.I.P/RE.DJ/G.M.I/LBCBE/LFLPD"), Ruleset::byName(name)),
              std::nullopt)
        << name;
}

TEST(Layout, PieceOnACampIsNamed) {
  // The major on C5 moved into the camp B5.
  EXPECT_HAS(violation(moved(example(), "C5", "B5")), "major on B5: camps must be empty at the start");
  EXPECT_HAS(violation(moved(example(), "D2", "C4")), "major on C4: camps must be empty");
  EXPECT_HAS(violation(moved(example(), "B2", "D3")), "landmine on D3: camps must be empty");
  // Camps must be empty under every preset.
  for (const auto& name : Ruleset::presetNames())
    EXPECT_HAS(violation(moved(example(), "A3", "B3"), Ruleset::byName(name)), "colonel on B3: camps");
}

TEST(Layout, FlagOutsideAHeadquartersIsNamed) {
  EXPECT_HAS(violation(swapped(example(), "B1", "A2")),
             "flag on A2: the flag must start in a headquarters (B1 or D1)");
  EXPECT_HAS(violation(swapped(example(), "B1", "C6")), "flag on C6: the flag must start in a headquarters");
  // Either headquarters will do.
  EXPECT_EQ(validateLayout(swapped(example(), "B1", "D1"), Ruleset::hiddenFront()), std::nullopt);
}

TEST(Layout, LandmineOutsideTheBackRowsIsNamed) {
  // The landmine on A1 and the colonel on A3 swapped.
  EXPECT_HAS(violation(swapped(example(), "A1", "A3")), "landmine on A3: landmines must start in the back 2 rows");
  EXPECT_HAS(violation(swapped(example(), "B2", "A6")), "landmine on A6: landmines must start in the back 2 rows");
  // Row 2 is a back row.
  EXPECT_EQ(validateLayout(swapped(example(), "A1", "E2"), Ruleset::hiddenFront()), std::nullopt);
  // A ruleset with three landmine rows allows row 3, and says so when row 4 is used.
  const Ruleset three = Ruleset::parse("hiddenfront:landmine-rows=3");
  EXPECT_EQ(validateLayout(swapped(example(), "A1", "A3"), three), std::nullopt);
  EXPECT_HAS(violation(swapped(example(), "A1", "A4"), three), "landmine on A4: landmines must start in the back 3 rows");
}

TEST(Layout, LandmineInAHeadquartersOnlyWhereTheRulesetAllowsIt) {
  // The landmine on C1 and the lieutenant in the headquarters D1 swapped.
  const Layout l = swapped(example(), "C1", "D1");
  EXPECT_HAS(violation(l, Ruleset::hiddenFront()),
             "landmine on D1: this ruleset does not allow a landmine in a headquarters");
  EXPECT_EQ(validateLayout(l, Ruleset::worldAtPlay()), std::nullopt);
  EXPECT_EQ(validateLayout(l, Ruleset::refereed()), std::nullopt);
  EXPECT_EQ(validateLayout(l, Ruleset::parse("hiddenfront:landmine-in-hq=yes")), std::nullopt);
  EXPECT_HAS(violation(l, Ruleset::parse("worldatplay:landmine-in-hq=no")), "landmine on D1");
}

TEST(Layout, BombInTheFrontRowIsNamed) {
  // The bomb on D4 and the engineer on D6 swapped.
  const Layout l = swapped(example(), "D4", "D6");
  for (const auto& name : Ruleset::presetNames())
    EXPECT_HAS(violation(l, Ruleset::byName(name)), "bomb on D6: a bomb may not start in the front row");
  EXPECT_EQ(validateLayout(l, Ruleset::parse("hiddenfront:bomb-in-front-row=yes")), std::nullopt);
  // Row 5 is not the front row.
  EXPECT_EQ(validateLayout(swapped(example(), "D4", "E5"), Ruleset::hiddenFront()), std::nullopt);
}

TEST(Layout, WrongCountsAreNamed) {
  Layout missing = example();
  missing.at[at("E1")].reset();  // an engineer gone
  EXPECT_HAS(violation(missing), "the layout has 2 engineer(s); a side has exactly 3");

  Layout extra = example();
  extra.at[at("D1")] = PieceType::Marshal;  // a second marshal instead of a lieutenant
  const std::string m = violation(extra);
  EXPECT_TRUE(m.find("2 lieutenant(s); a side has exactly 3") != std::string::npos ||
              m.find("2 marshal(s); a side has exactly 1") != std::string::npos)
      << m;

  EXPECT_HAS(violation(Layout{}), "the layout has 0 engineer(s); a side has exactly 3");

  // Counts follow the ruleset.
  const Ruleset fourEngineers = Ruleset::parse("hiddenfront:count-engineer=4,count-lieutenant=2");
  Layout l = example();
  l.at[at("D1")] = PieceType::Engineer;
  EXPECT_EQ(validateLayout(l, fourEngineers), std::nullopt);
  EXPECT_HAS(violation(example(), fourEngineers), "the layout has 3 engineer(s); a side has exactly 4");
}

TEST(Layout, MayStartOnFollowsTheRules) {
  const Ruleset h = Ruleset::hiddenFront(), w = Ruleset::worldAtPlay();
  for (int i = 0; i < kHalfSquares; ++i) {
    const bool camp = contains(Topology::classic(true).camps, i);
    const bool hq = i == at("B1") || i == at("D1");
    const int row = rowOf(Square(i)) + 1;
    EXPECT_EQ(mayStartOn(PieceType::Flag, i, h), hq) << squareName(Square(i));
    EXPECT_EQ(mayStartOn(PieceType::Landmine, i, h), row <= 2 && !hq) << squareName(Square(i));
    EXPECT_EQ(mayStartOn(PieceType::Landmine, i, w), row <= 2) << squareName(Square(i));
    EXPECT_EQ(mayStartOn(PieceType::Bomb, i, h), !camp && row != 6) << squareName(Square(i));
    EXPECT_EQ(mayStartOn(PieceType::Marshal, i, h), !camp) << squareName(Square(i));
    EXPECT_EQ(mayStartOn(PieceType::Engineer, i, w), !camp) << squareName(Square(i));
  }
  // Only relative points (Red's half) are starting points.
  EXPECT_FALSE(mayStartOn(PieceType::Marshal, at("A7"), h));
}

TEST(Layout, GameRefusesAnInvalidLayoutNamingTheSide) {
  const Layout good = example();
  const Layout bad = swapped(example(), "B1", "A2");
  try {
    Game g(Ruleset::hiddenFront(), bad, good);
    ADD_FAILURE() << "accepted";
  } catch (const IllegalAction& e) {
    EXPECT_EQ(std::string(e.what()), "red layout: flag on A2: the flag must start in a headquarters (B1 or D1)");
  }
  try {
    Game g(Ruleset::hiddenFront(), good, swapped(example(), "D4", "D6"));
    ADD_FAILURE() << "accepted";
  } catch (const IllegalAction& e) {
    EXPECT_HAS(e.what(), "blue layout: bomb on D6");
  }
  // Ruleset-dependent: a landmine in a headquarters.
  const Layout hqMine = swapped(example(), "C1", "D1");
  EXPECT_THROW(Game(Ruleset::hiddenFront(), good, hqMine), IllegalAction);
  EXPECT_NO_THROW(Game(Ruleset::worldAtPlay(), good, hqMine));
}

TEST(Layout, GameKeepsTheLayouts) {
  const Layout red = example(), blue = swapped(example(), "B1", "D1");
  const Game g(Ruleset::hiddenFront(), red, blue);
  ASSERT_TRUE(g.layout(Seat::Red).has_value());
  ASSERT_TRUE(g.layout(Seat::Blue).has_value());
  EXPECT_EQ(*g.layout(Seat::Red), red);
  EXPECT_EQ(*g.layout(Seat::Blue), blue);
  const Game fromPosition(g.position());
  EXPECT_FALSE(fromPosition.layout(Seat::Red).has_value());
}

TEST(Layout, AbsoluteAndRelativePoints) {
  EXPECT_EQ(Layout::absolute(Seat::Red, at("A1")), at("A1"));
  EXPECT_EQ(Layout::absolute(Seat::Blue, at("A1")), at("E12"));
  EXPECT_EQ(Layout::absolute(Seat::Blue, at("B1")), at("D12"));
  EXPECT_EQ(Layout::absolute(Seat::Blue, at("E6")), at("A7"));
  EXPECT_EQ(Layout::absolute(Seat::Blue, at("C4")), at("C9"));
  EXPECT_EQ(Layout::relative(Seat::Blue, at("E12")), at("A1"));
  EXPECT_EQ(Layout::relative(Seat::Blue, at("A7")), at("E6"));
  const Topology& t = Topology::classic(true);
  for (int i = 0; i < kHalfSquares; ++i) {
    for (const Seat s : {Seat::Red, Seat::Blue}) {
      const Square a = Layout::absolute(s, i);
      EXPECT_EQ(Layout::relative(s, a), i);
      EXPECT_TRUE(contains(t.home[index(s)], a)) << squareName(a);
      // Camps and headquarters are turned onto camps and headquarters.
      EXPECT_EQ(contains(t.camps, a), contains(t.camps, i));
      EXPECT_EQ(contains(t.headquarters, a), contains(t.headquarters, i));
    }
  }
}

TEST(Layout, BlueDeploysItsLayoutTurnedRound) {
  const Layout l = example();
  const Position p = Position::fromLayouts(Rules::standard(), l, l);
  for (int i = 0; i < kHalfSquares; ++i) {
    const Square red = Layout::absolute(Seat::Red, i), blue = Layout::absolute(Seat::Blue, i);
    if (!l.at[i]) {
      EXPECT_TRUE(p.isEmpty(red));
      EXPECT_TRUE(p.isEmpty(blue));
      continue;
    }
    EXPECT_EQ(p.sideAt(red), Seat::Red);
    EXPECT_EQ(p.typeAt(red), *l.at[i]);
    EXPECT_EQ(p.sideAt(blue), Seat::Blue);
    EXPECT_EQ(p.typeAt(blue), *l.at[i]);
  }
  // Concretely: Blue's flag is on D12 and its front row is row 7, read right to left.
  EXPECT_EQ(p.typeAt(at("D12")), PieceType::Flag);
  EXPECT_EQ(p.typeAt(at("E7")), PieceType::Brigadier);  // Blue's A6
  EXPECT_EQ(p.typeAt(at("A7")), PieceType::Captain);    // Blue's E6
}

}  // namespace
}  // namespace junqi
