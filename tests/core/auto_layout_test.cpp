// Layout generators: legality, determinism, randomLayout's uniformity, and what
// the styles promise (core/classic/auto_layout.h). Every statistical test uses fixed
// seeds, so it gives the same answer on every run; the bounds are several
// standard deviations wide yet far tighter than what a broken generator gives.
#include <array>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/classic/auto_layout.h"
#include "core/classic/notation.h"
#include "core/classic/topology.h"
#include "tests/support/square_names.h"

namespace junqi {
namespace {

constexpr std::array<LayoutStyle, 4> kStyles = {LayoutStyle::Random, LayoutStyle::Aggressive, LayoutStyle::Defensive,
                                                LayoutStyle::Balanced};
constexpr std::array<LayoutStyle, 3> kNamedStyles = {LayoutStyle::Aggressive, LayoutStyle::Defensive,
                                                     LayoutStyle::Balanced};

int rowOfPoint(int i) { return rowOf(Square(i)) + 1; }  // 1 = back row, 6 = front row

bool isCamp(int i) { return contains(Topology::classic(true).camps, i); }

// Pearson's chi-square statistic of observed counts against probabilities.
double chiSquare(const std::vector<int>& observed, const std::vector<double>& p) {
  double n = 0;
  for (const int o : observed) n += o;
  double x = 0;
  for (std::size_t k = 0; k < observed.size(); ++k) {
    const double e = n * p[k];
    x += (observed[k] - e) * (observed[k] - e) / e;
  }
  return x;
}

// A generous critical value: a chi-square with `df` degrees of freedom exceeds
// it with probability well below one in a million.
double criticalValue(int df) { return df + 6.0 * std::sqrt(2.0 * df) + 12.0; }

TEST(AutoLayout, StyleNamesRoundTrip) {
  EXPECT_EQ(layoutStyleName(LayoutStyle::Random), "random");
  EXPECT_EQ(layoutStyleName(LayoutStyle::Aggressive), "aggressive");
  EXPECT_EQ(layoutStyleName(LayoutStyle::Defensive), "defensive");
  EXPECT_EQ(layoutStyleName(LayoutStyle::Balanced), "balanced");
  for (const LayoutStyle s : kStyles) EXPECT_EQ(parseLayoutStyle(layoutStyleName(s)), s);
  for (const char* bad : {"", "chaotic", "aggressive ", "balance"}) EXPECT_EQ(parseLayoutStyle(bad), std::nullopt) << bad;
}

TEST(AutoLayout, EveryStyleGivesLegalLayoutsUnderEveryPreset) {
  for (const auto& name : Ruleset::presetNames()) {
    const Ruleset r = Ruleset::byName(name);
    for (const LayoutStyle style : kStyles)
      for (std::uint64_t seed = 0; seed < 400; ++seed) {
        Rng rng(seed);
        const Layout l = styledLayout(style, r, rng);
        const auto v = validateLayout(l, r);
        ASSERT_EQ(v, std::nullopt) << name << " " << layoutStyleName(style) << " seed " << seed << ": "
                                   << v->message << " in " << formatLayout(l);
      }
  }
}

TEST(AutoLayout, RandomLayoutIsLegalUnderEveryPreset) {
  for (const auto& name : Ruleset::presetNames()) {
    const Ruleset r = Ruleset::byName(name);
    Rng rng(99);  // one stream: later layouts start from an advanced state
    for (int k = 0; k < 1000; ++k) {
      const Layout l = randomLayout(r, rng);
      const auto v = validateLayout(l, r);
      ASSERT_EQ(v, std::nullopt) << name << " layout " << k << ": " << v->message << " in " << formatLayout(l);
    }
  }
}

TEST(AutoLayout, LayoutsStayLegalUnderOverrides) {
  for (const char* text : {"hiddenfront:landmine-rows=3", "hiddenfront:landmine-rows=1",
                           "worldatplay:bomb-in-front-row=yes", "refereed:count-engineer=4,count-lieutenant=2",
                           "hiddenfront:count-bomb=0,count-captain=5", "hiddenfront:count-flag=2,count-landmine=2",
                           "hiddenfront:landmine-in-hq=yes", "worldatplay:landmine-in-hq=no"}) {
    const Ruleset r = Ruleset::parse(text);
    for (const LayoutStyle style : kStyles)
      for (std::uint64_t seed = 0; seed < 100; ++seed) {
        Rng rng(seed);
        const Layout l = styledLayout(style, r, rng);
        const auto v = validateLayout(l, r);
        ASSERT_EQ(v, std::nullopt) << text << " " << layoutStyleName(style) << " seed " << seed << ": " << v->message;
      }
  }
}

// Counts a built-in agent must be able to deploy (a match would forfeit it
// otherwise): no flag, no landmines, no low officers for the other headquarters,
// and bombs that need every point behind the front row.
std::vector<Ruleset> unusualCounts() {
  std::vector<Ruleset> rulesets;
  for (const char* text : {"hiddenfront:count-flag=0", "hiddenfront:count-flag=0,count-landmine=0",
                           "worldatplay:count-landmine=0", "refereed:count-flag=2,count-engineer=2",
                           "hiddenfront:count-lieutenant=0,count-captain=0,count-major=0",
                           "hiddenfront:count-marshal=0,count-general=3,count-engineer=0"})
    rulesets.push_back(Ruleset::parse(text));
  // One flag, eight landmines and eleven bombs fill all 20 points behind the front row.
  Ruleset full;
  full.counts = {};
  full.counts[typeIndex(PieceType::Flag)] = 1;
  full.counts[typeIndex(PieceType::Landmine)] = 8;
  full.counts[typeIndex(PieceType::Bomb)] = 11;
  full.counts[typeIndex(PieceType::Lieutenant)] = 2;
  full.counts[typeIndex(PieceType::Marshal)] = 1;
  full.counts[typeIndex(PieceType::Engineer)] = 2;
  rulesets.push_back(full);
  return rulesets;
}

TEST(AutoLayout, EveryGeneratorHonoursThePieceCounts) {
  for (const Ruleset& r : unusualCounts())
    for (const LayoutStyle style : kStyles)
      for (std::uint64_t seed = 0; seed < 50; ++seed) {
        Rng rng(seed);
        const Layout l = styledLayout(style, r, rng);
        const auto v = validateLayout(l, r);
        ASSERT_EQ(v, std::nullopt) << r.toString() << " " << layoutStyleName(style) << " seed " << seed << ": "
                                   << v->message;
      }
}

TEST(AutoLayout, ARulesetThatCannotBeDeployedIsRefusedByName) {
  // Three flags, but two headquarters.
  const Ruleset r = Ruleset::parse("hiddenfront:count-flag=3,count-engineer=1");
  for (const LayoutStyle style : kStyles) {
    Rng rng(1);
    try {
      styledLayout(style, r, rng);
      ADD_FAILURE() << layoutStyleName(style) << " placed three flags";
    } catch (const std::invalid_argument& e) {
      const std::string why = e.what();
      EXPECT_NE(why.find(std::string(layoutStyleName(style)) + " layout"), std::string::npos) << why;
      EXPECT_NE(why.find(r.toString()), std::string::npos) << why;
      EXPECT_NE(why.find("flag"), std::string::npos) << why;
    }
  }
}

TEST(AutoLayout, CountsThatCannotBePlacedThrow) {
  // Nine landmines, but only eight points where a landmine may start.
  const Ruleset r = Ruleset::parse("hiddenfront:count-landmine=9,count-engineer=0,count-lieutenant=0");
  for (const LayoutStyle style : kStyles) {
    Rng rng(1);
    try {
      styledLayout(style, r, rng);
      ADD_FAILURE() << layoutStyleName(style) << " placed nine landmines";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("landmine"), std::string::npos) << e.what();
    }
  }
}

TEST(AutoLayout, SameSeedSameLayout) {
  for (const auto& name : Ruleset::presetNames())
    for (const LayoutStyle style : kStyles)
      for (std::uint64_t seed : {0ULL, 1ULL, 42ULL, 0xDEADBEEFULL}) {
        Rng a(seed), b(seed);
        const Layout first = styledLayout(style, Ruleset::byName(name), a);
        EXPECT_EQ(styledLayout(style, Ruleset::byName(name), b), first) << name << " " << seed;
        // ...and both generators are left in the same state.
        EXPECT_EQ(a.next(), b.next());
      }
}

// A seed gives the random layouts it gave before the generator worked on bit
// masks (2026-12-01), so recorded seeds replay the same games.
TEST(AutoLayout, ASeedGivesTheRandomLayoutsOfEarlierVersions) {
  Rng rng(2026);
  EXPECT_EQ(formatLayout(randomLayout(Ruleset::hiddenFront(), rng)), "EEEDP/J.R.C/MC.BB/I.C.D/PGPLL/IJRFL");
  EXPECT_EQ(formatLayout(randomLayout(Ruleset::hiddenFront(), rng)), "CJIRG/C.R.P/JB.ME/E.D.D/BELPL/CFPIL");
  Rng again(2026);
  EXPECT_EQ(formatLayout(randomLayout(Ruleset::refereed(), again)), "EEEDP/J.R.C/MC.BB/I.C.D/PGPLL/IJLFR");
}

TEST(AutoLayout, RandomStyleIsRandomLayout) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Rng a(seed), b(seed);
    EXPECT_EQ(styledLayout(LayoutStyle::Random, Ruleset::worldAtPlay(), a), randomLayout(Ruleset::worldAtPlay(), b));
  }
}

TEST(AutoLayout, DifferentSeedsGiveDifferentLayouts) {
  for (const auto& name : Ruleset::presetNames())
    for (const LayoutStyle style : kStyles) {
      std::set<std::string> seen;
      for (std::uint64_t seed = 0; seed < 300; ++seed) {
        Rng rng(seed);
        seen.insert(formatLayout(styledLayout(style, Ruleset::byName(name), rng)));
      }
      // Each style has far more than 10^6 layouts: repeats among 300 would mean a weak generator.
      EXPECT_GE(seen.size(), 295u) << name << " " << layoutStyleName(style);
    }
}

// ---- randomLayout is uniform ----

constexpr int kSamples = 12000;

// Counts, over kSamples random layouts, of `type` on each relative point.
std::array<int, kHalfSquares> countsOf(PieceType type, const Ruleset& r, std::uint64_t seed) {
  std::array<int, kHalfSquares> n{};
  Rng rng(seed);
  for (int k = 0; k < kSamples; ++k) {
    const Layout l = randomLayout(r, rng);
    for (int i = 0; i < kHalfSquares; ++i) n[i] += l.at[i] == type;
  }
  return n;
}

TEST(AutoLayout, RandomFlagTakesEachHeadquartersHalfTheTime) {
  for (const auto& name : Ruleset::presetNames()) {
    const auto n = countsOf(PieceType::Flag, Ruleset::byName(name), 2024);
    EXPECT_EQ(n[at("B1")] + n[at("D1")], kSamples) << name;
    EXPECT_LT(chiSquare({n[at("B1")], n[at("D1")]}, {0.5, 0.5}), criticalValue(1))
        << name << ": B1 " << n[at("B1")] << ", D1 " << n[at("D1")];
  }
}

// The probability of a landmine on relative point i in a uniformly random layout.
double landmineProbability(int i, const Ruleset& r) {
  const bool hq = i == at("B1") || i == at("D1");
  if (rowOfPoint(i) > r.landmineRows) return 0;
  if (!r.landmineInHeadquarters) return hq ? 0 : 3.0 / 8;  // three among eight points
  // Nine points besides the flag's: the free headquarters is one of them half the time.
  return hq ? 0.5 * 3.0 / 9 : 3.0 / 9;
}

TEST(AutoLayout, RandomLandminesAreSpreadEvenlyOverTheirPoints) {
  for (const auto& name : Ruleset::presetNames()) {
    const Ruleset r = Ruleset::byName(name);
    const auto n = countsOf(PieceType::Landmine, r, 7);
    for (int i = 0; i < kHalfSquares; ++i) {
      const double p = landmineProbability(i, r);
      if (p == 0) {
        EXPECT_EQ(n[i], 0) << name << " " << squareName(Square(i));
        continue;
      }
      // Each count is binomial: allow five standard deviations.
      const double sd = std::sqrt(kSamples * p * (1 - p));
      EXPECT_NEAR(n[i], kSamples * p, 5 * sd) << name << " " << squareName(Square(i));
    }
  }
}

// The probability of a bomb on relative point i (hiddenfront): two bombs among
// the sixteen points left out of the front row after the flag and landmines.
double bombProbability(int i) {
  if (isCamp(i) || rowOfPoint(i) == 6) return 0;
  const double eachFree = 2.0 / 16;
  if (i == at("B1") || i == at("D1")) return 0.5 * eachFree;  // the headquarters without the flag
  if (rowOfPoint(i) <= 2) return 5.0 / 8 * eachFree;           // no landmine there
  return eachFree;
}

TEST(AutoLayout, RandomBombsAreSpreadEvenlyOutsideTheFrontRow) {
  const auto n = countsOf(PieceType::Bomb, Ruleset::hiddenFront(), 11);
  for (int i = 0; i < kHalfSquares; ++i) {
    const double p = bombProbability(i);
    if (p == 0) {
      EXPECT_EQ(n[i], 0) << squareName(Square(i));
      continue;
    }
    const double sd = std::sqrt(kSamples * p * (1 - p));
    EXPECT_NEAR(n[i], kSamples * p, 5 * sd) << squareName(Square(i));
  }
  // With the front row open to bombs, they reach it.
  const auto open = countsOf(PieceType::Bomb, Ruleset::parse("hiddenfront:bomb-in-front-row=yes"), 11);
  int front = 0;
  for (int i = at("A6"); i <= at("E6"); ++i) front += open[i];
  EXPECT_GT(front, kSamples / 5);  // about 2 * 5/21 per layout
}

TEST(AutoLayout, RandomMarshalFollowsTheExactDistribution) {
  // The marshal takes one of the 19 points the flag, landmines and bombs left,
  // uniformly: a multinomial over the 25 non-camp points.
  std::vector<int> observed;
  std::vector<double> p;
  const auto n = countsOf(PieceType::Marshal, Ruleset::hiddenFront(), 5);
  double total = 0;
  for (int i = 0; i < kHalfSquares; ++i) {
    if (isCamp(i)) {
      EXPECT_EQ(n[i], 0);
      continue;
    }
    double free = 1;                                          // front row: always free
    if (i == at("B1") || i == at("D1")) free = 0.5 * 14 / 16;  // not the flag's, no bomb
    else if (rowOfPoint(i) <= 2) free = 5.0 / 8 * 14 / 16;     // no landmine, no bomb
    else if (rowOfPoint(i) <= 5) free = 14.0 / 16;             // no bomb
    observed.push_back(n[i]);
    p.push_back(free / 19);
    total += free / 19;
  }
  ASSERT_NEAR(total, 1.0, 1e-12);
  EXPECT_LT(chiSquare(observed, p), criticalValue(static_cast<int>(p.size()) - 1));
}

TEST(AutoLayout, ChiSquareTestRejectsABiasedGenerator) {
  // The check above is not vacuous: the marshal of a styled layout fails it.
  std::vector<int> observed(kHalfSquares, 0);
  Rng rng(5);
  for (int k = 0; k < kSamples; ++k) {
    const Layout l = styledLayout(LayoutStyle::Aggressive, Ruleset::hiddenFront(), rng);
    for (int i = 0; i < kHalfSquares; ++i) observed[i] += l.at[i] == PieceType::Marshal;
  }
  std::vector<int> o;
  std::vector<double> p;
  for (int i = 0; i < kHalfSquares; ++i) {
    if (isCamp(i)) continue;
    double free = 1;
    if (i == at("B1") || i == at("D1")) free = 0.5 * 14 / 16;
    else if (rowOfPoint(i) <= 2) free = 5.0 / 8 * 14 / 16;
    else if (rowOfPoint(i) <= 5) free = 14.0 / 16;
    o.push_back(observed[i]);
    p.push_back(free / 19);
  }
  EXPECT_GT(chiSquare(o, p), criticalValue(static_cast<int>(p.size()) - 1));
}

// ---- what the styles promise ----

struct Fortress {
  int flag = -1, otherHq = -1, guards = 0;  // landmines beside or in front of the flag
};

Fortress fortressOf(const Layout& l) {
  Fortress f;
  f.flag = l.at[at("B1")] == PieceType::Flag ? at("B1") : at("D1");
  f.otherHq = f.flag == at("B1") ? at("D1") : at("B1");
  for (const int g : {f.flag - 1, f.flag + 1, f.flag + kColumns}) f.guards += l.at[g] == PieceType::Landmine;
  return f;
}

TEST(AutoLayout, StyledFlagIsGuardedByAtLeastTwoLandmines) {
  for (const auto& name : Ruleset::presetNames())
    for (const LayoutStyle style : kNamedStyles)
      for (std::uint64_t seed = 0; seed < 500; ++seed) {
        Rng rng(seed);
        const Layout l = styledLayout(style, Ruleset::byName(name), rng);
        const Fortress f = fortressOf(l);
        ASSERT_EQ(l.at[f.flag], PieceType::Flag) << formatLayout(l);
        ASSERT_GE(f.guards, 2) << name << " " << layoutStyleName(style) << " " << formatLayout(l);
        // Defensive layouts always close the front too.
        if (style == LayoutStyle::Defensive) {
          ASSERT_EQ(f.guards, 3) << formatLayout(l);
        }
      }
}

TEST(AutoLayout, StyledFlagSideVaries) {
  for (const LayoutStyle style : kNamedStyles) {
    int onB1 = 0;
    for (std::uint64_t seed = 0; seed < 1000; ++seed) {
      Rng rng(seed);
      onB1 += styledLayout(style, Ruleset::hiddenFront(), rng).at[at("B1")] == PieceType::Flag;
    }
    EXPECT_GT(onB1, 400) << layoutStyleName(style);
    EXPECT_LT(onB1, 600) << layoutStyleName(style);
  }
}

TEST(AutoLayout, StyledOtherHeadquartersHoldsALowOfficerOrALandmine) {
  for (const auto& name : Ruleset::presetNames())
    for (const LayoutStyle style : kNamedStyles)
      for (std::uint64_t seed = 0; seed < 500; ++seed) {
        Rng rng(seed);
        const Layout l = styledLayout(style, Ruleset::byName(name), rng);
        const auto piece = l.at[fortressOf(l).otherHq];
        ASSERT_TRUE(piece.has_value()) << formatLayout(l);
        const bool low = *piece == PieceType::Lieutenant || *piece == PieceType::Captain || *piece == PieceType::Major;
        const bool mine = *piece == PieceType::Landmine && Ruleset::byName(name).landmineInHeadquarters;
        ASSERT_TRUE(low || mine) << name << " " << layoutStyleName(style) << ": " << typeName(*piece) << " in "
                                 << formatLayout(l);
      }
}

TEST(AutoLayout, StyledBombsNeverStandInTheFrontRow) {
  // Even where the ruleset would allow it.
  for (const char* text : {"hiddenfront", "worldatplay", "refereed", "hiddenfront:bomb-in-front-row=yes"})
    for (const LayoutStyle style : kNamedStyles)
      for (std::uint64_t seed = 0; seed < 500; ++seed) {
        Rng rng(seed);
        const Layout l = styledLayout(style, Ruleset::parse(text), rng);
        for (int i = at("A6"); i <= at("E6"); ++i)
          ASSERT_NE(l.at[i], PieceType::Bomb) << text << " " << layoutStyleName(style) << " " << formatLayout(l);
      }
}

TEST(AutoLayout, StyledEngineersStayBack) {
  constexpr int kN = 2000;
  for (const LayoutStyle style : kNamedStyles) {
    int mostlyBack = 0, backEngineers = 0;
    for (std::uint64_t seed = 0; seed < kN; ++seed) {
      Rng rng(seed);
      const Layout l = styledLayout(style, Ruleset::hiddenFront(), rng);
      int back = 0;
      for (int i = 0; i < kHalfSquares; ++i) {
        if (l.at[i] != PieceType::Engineer) continue;
        ASSERT_FALSE(i == at("B1") || i == at("D1")) << "engineer in a headquarters: " << formatLayout(l);
        back += rowOfPoint(i) <= 3;
      }
      backEngineers += back;
      mostlyBack += back >= 2;
    }
    // Random layouts have about 41% of engineers in the back three rows, and
    // two of three there in about 36% of layouts; the styles far more.
    EXPECT_GT(backEngineers, 0.7 * 3 * kN) << layoutStyleName(style);
    EXPECT_GT(mostlyBack, 0.85 * kN) << layoutStyleName(style);
  }
}

// How often the marshal or the general stands in the front two rows.
double bigOfficerForward(LayoutStyle style, const Ruleset& r) {
  constexpr int kN = 2000;
  int forward = 0;
  for (std::uint64_t seed = 0; seed < kN; ++seed) {
    Rng rng(seed);
    const Layout l = styledLayout(style, r, rng);
    bool f = false;
    for (int i = at("A5"); i < kHalfSquares; ++i)
      f |= l.at[i] == PieceType::Marshal || l.at[i] == PieceType::General;
    forward += f;
  }
  return static_cast<double>(forward) / kN;
}

TEST(AutoLayout, AggressiveLayoutsPutBigOfficersForwardDefensiveOnesBack) {
  for (const auto& name : Ruleset::presetNames()) {
    const Ruleset r = Ruleset::byName(name);
    const double aggressive = bigOfficerForward(LayoutStyle::Aggressive, r);
    const double balanced = bigOfficerForward(LayoutStyle::Balanced, r);
    const double defensive = bigOfficerForward(LayoutStyle::Defensive, r);
    const double random = bigOfficerForward(LayoutStyle::Random, r);
    EXPECT_GT(aggressive, 0.9) << name;
    EXPECT_LT(defensive, 0.35) << name;
    EXPECT_GT(aggressive, balanced + 0.1) << name;
    EXPECT_GT(balanced, defensive + 0.3) << name;
    EXPECT_GT(aggressive, random + 0.2) << name;
    EXPECT_LT(defensive, random - 0.3) << name;
  }
}

TEST(AutoLayout, DefensiveLayoutsScreenWithLowOfficers) {
  constexpr int kN = 2000;
  std::array<double, 4> low{}, big{};
  for (const LayoutStyle style : kStyles)
    for (std::uint64_t seed = 0; seed < kN; ++seed) {
      Rng rng(seed);
      const Layout l = styledLayout(style, Ruleset::hiddenFront(), rng);
      for (int i = at("A6"); i <= at("E6"); ++i) {
        const PieceType t = *l.at[i];
        low[static_cast<int>(style)] += (t == PieceType::Lieutenant || t == PieceType::Captain) / double(kN);
        big[static_cast<int>(style)] += (rank(t) >= 5) / double(kN);
      }
    }
  const auto idx = [](LayoutStyle s) { return static_cast<int>(s); };
  // Front-row pieces per layout: defensive has the most lieutenants and captains...
  EXPECT_GT(low[idx(LayoutStyle::Defensive)], low[idx(LayoutStyle::Aggressive)] + 0.5);
  EXPECT_GT(low[idx(LayoutStyle::Defensive)], low[idx(LayoutStyle::Random)] + 0.3);
  // ...and aggressive the most officers from colonel up.
  EXPECT_GT(big[idx(LayoutStyle::Aggressive)], big[idx(LayoutStyle::Defensive)] + 1.0);
  EXPECT_GT(big[idx(LayoutStyle::Aggressive)], big[idx(LayoutStyle::Random)] + 1.0);
}

}  // namespace
}  // namespace junqi
