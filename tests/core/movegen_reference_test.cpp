// The bitboard move generator and combat table against the slow reference
// written from the rule texts (tests/support/reference_rules.h): hand-checked
// positions first (they prove the reference), then every position of thousands
// of random games under every preset.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "core/classic/position.h"
#include "core/classic/rules.h"
#include "core/classic/topology.h"
#include "core/combat.h"
#include "core/outcome.h"
#include "core/random.h"
#include "tests/support/reference_rules.h"
#include "tests/support/square_names.h"

namespace junqi {
namespace {

namespace ref = junqi::reference;

std::set<int> squares(std::initializer_list<const char*> names) {
  std::set<int> out;
  for (const char* n : names) out.insert(at(n));
  return out;
}

std::set<int> fastTargets(const Position& pos, int from) {
  std::set<int> out;
  for (Bitboard b = legalTargets(pos, Square(from)); b;) out.insert(popLsb(b));
  return out;
}

std::string pointNames(const std::set<int>& points) {
  std::string out;
  for (const int p : points) out += squareName(Square(p)) + " ";
  return out;
}

std::string moveNames(const std::vector<Move>& moves) {
  std::string out;
  for (const Move m : moves) out += moveName(m) + " ";
  return out;
}

// The rulesets the random games run under: the three presets, and variants
// that change the move generator (hq-freezes) or the combat table.
std::vector<Ruleset> testedRulesets() {
  return {Ruleset::hiddenFront(), Ruleset::worldAtPlay(), Ruleset::refereed(),
          Ruleset::parse("hiddenfront:hq-freezes=no,centre-crossing=road"),
          Ruleset::parse("worldatplay:hq-freezes=no,landmine-survives=no")};
}

// ------------------------------------------------------------ the reference board

TEST(ReferenceBoard, EdgeCountsFollowTheTexts) {
  // Orthogonal: 2 halves x (6 rows x 4 + 5 columns x 5) = 98; crossings A, C, E: 3;
  // camp diagonals: 2 halves x (5 camps x 4 - 4 camp-to-camp pairs counted twice) = 32.
  EXPECT_EQ(ref::roadEdges().size(), 98u + 3u + 32u);
  // Rows 2, 6, 7, 11: 4 x 4; columns A and E from row 2 to 11: 2 x 9; C6-C7.
  EXPECT_EQ(ref::railwayEdges(false).size(), 34u);
  EXPECT_EQ(ref::railwayEdges(true).size(), 35u);
  int railwayPoints = 0;
  for (Square s{}; s < kSquares; ++s) railwayPoints += ref::isRailwayPoint(s, true);
  EXPECT_EQ(railwayPoints, 4 * 5 + 2 * 6);
}

TEST(ReferenceBoard, EveryRailwayEdgeIsAlsoOneStep) {
  const auto& road = ref::roadEdges();
  for (const auto& e : ref::railwayEdges(true))
    EXPECT_NE(std::find(road.begin(), road.end(), e), road.end()) << squareName(Square(e.first)) << "-" << squareName(Square(e.second));
}

TEST(ReferenceBoard, MountainsAreNotCrossedAndTheCentreCrossingDependsOnTheRuleset) {
  const auto& road = ref::roadEdges();
  const auto has = [](const auto& edges, const char* a, const char* b) {
    return std::find(edges.begin(), edges.end(), std::pair<int, int>{at(a), at(b)}) != edges.end();
  };
  EXPECT_FALSE(has(road, "B6", "B7"));
  EXPECT_FALSE(has(road, "D6", "D7"));
  EXPECT_TRUE(has(road, "A6", "A7"));
  EXPECT_TRUE(has(road, "C6", "C7"));
  EXPECT_TRUE(has(road, "E6", "E7"));
  EXPECT_TRUE(has(ref::railwayEdges(true), "C6", "C7"));
  EXPECT_FALSE(has(ref::railwayEdges(false), "C6", "C7"));
  EXPECT_TRUE(has(ref::railwayEdges(false), "A6", "A7"));
  EXPECT_TRUE(has(ref::railwayEdges(false), "E6", "E7"));
  EXPECT_FALSE(has(road, "B5", "A6") && has(road, "A6", "B7"));  // no diagonal across the front
  EXPECT_FALSE(has(road, "B2", "C3"));                            // no diagonal without a camp
  EXPECT_TRUE(has(road, "B3", "C4"));                             // camp to camp
}

// The engine's precomputed topology against the reference's edge lists.
TEST(ReferenceBoard, EngineTopologyHasExactlyTheReferenceEdges) {
  for (const bool centre : {true, false}) {
    const Topology& t = Topology::classic(centre);
    for (Square s{}; s < kSquares; ++s) {
      Bitboard step = 0, rail = 0;
      for (const int n : ref::roadNeighbours(s)) step |= bit(n);
      for (const int n : ref::railwayNeighbours(s, centre)) rail |= bit(n);
      EXPECT_EQ(t.stepNeighbours[s], step) << squareName(s) << " centre railway " << centre;
      EXPECT_EQ(t.railNeighbours[s], rail) << squareName(s) << " centre railway " << centre;
      EXPECT_EQ(contains(t.railway, s), ref::isRailwayPoint(s, centre)) << squareName(s);
      EXPECT_EQ(contains(t.camps, s), ref::isCamp(s)) << squareName(s);
      EXPECT_EQ(contains(t.headquarters, s), ref::isHeadquarters(s)) << squareName(s);
    }
  }
}

// ------------------------------------------------------------ combat

TEST(ReferenceCombat, FollowsTheTextsOnTheirExamples) {
  using enum PieceType;
  EXPECT_EQ(ref::combat(Marshal, General, false), Combat::DefenderRemoved);
  EXPECT_EQ(ref::combat(Engineer, Lieutenant, false), Combat::AttackerRemoved);
  EXPECT_EQ(ref::combat(Colonel, Colonel, false), Combat::BothRemoved);
  EXPECT_EQ(ref::combat(Bomb, Landmine, true), Combat::BothRemoved);  // "including a bomb against a mine"
  EXPECT_EQ(ref::combat(Bomb, Flag, true), Combat::BothRemoved);      // rule 1 comes before rule 2
  EXPECT_EQ(ref::combat(Engineer, Flag, true), Combat::DefenderRemoved);
  EXPECT_EQ(ref::combat(Engineer, Landmine, false), Combat::DefenderRemoved);
  EXPECT_EQ(ref::combat(Marshal, Landmine, false), Combat::BothRemoved);    // 000: removed together
  EXPECT_EQ(ref::combat(Marshal, Landmine, true), Combat::AttackerRemoved);  // 001, 003: the mine stays
  EXPECT_EQ(ref::combat(Marshal, Bomb, false), Combat::BothRemoved);
}

TEST(ReferenceCombat, EngineTableAgreesOnAll144PairsUnderBothLandmineRules) {
  for (const bool survives : {false, true})
    for (int a = 0; a < kPieceTypes; ++a)
      for (int d = 0; d < kPieceTypes; ++d) {
        const PieceType att = typeFromIndex(a), def = typeFromIndex(d);
        EXPECT_EQ(resolveCombat(att, def, survives), ref::combat(att, def, survives))
            << typeName(att) << " attacks " << typeName(def) << " landmine survives " << survives;
      }
  for (const Ruleset& r : testedRulesets()) {
    const Rules& rules = Rules::of(r);
    for (int a = 0; a < kPieceTypes; ++a)
      for (int d = 0; d < kPieceTypes; ++d) {
        const PieceType att = typeFromIndex(a), def = typeFromIndex(d);
        EXPECT_EQ(rules.combat(att, def), ref::combat(att, def, r.landmineSurvivesAttack))
            << r.toString() << ": " << typeName(att) << " attacks " << typeName(def);
      }
  }
}

TEST(ReferenceCombat, PresetsReadTheLandmineRuleFromTheirTexts) {
  EXPECT_FALSE(Ruleset::hiddenFront().landmineSurvivesAttack);  // 000: "removed together with the landmine"
  EXPECT_TRUE(Ruleset::worldAtPlay().landmineSurvivesAttack);   // 001: "the mine stays in place"
  EXPECT_TRUE(Ruleset::refereed().landmineSurvivesAttack);      // 003: "The landmine stays."
}

// ------------------------------------------------------------ hand-checked positions

struct HandCase {
  const char* name;
  Ruleset ruleset;
  std::vector<std::pair<Seat, std::pair<PieceType, const char*>>> pieces;
  const char* from;
  std::set<int> expected;
};

Position build(const HandCase& c) {
  Position pos(Rules::of(c.ruleset));
  for (const auto& [side, piece] : c.pieces) pos.addPiece(side, piece.first, at(piece.second));
  return pos;
}

TEST(ReferenceMoves, HandCheckedPositionsAgreeWithTheTextsAndTheEngine) {
  using enum PieceType;
  const Seat R = Seat::Red, B = Seat::Blue;
  const Ruleset hf = Ruleset::hiddenFront(), rf = Ruleset::refereed();
  const Ruleset noFreeze = Ruleset::parse("hiddenfront:hq-freezes=no");
  // Every railway point (32) but the engineer's own, for an unobstructed engineer.
  std::set<int> allRail;
  for (Square s{}; s < kSquares; ++s)
    if (ref::isRailwayPoint(s, true)) allRail.insert(s);
  std::set<int> engineerB2 = allRail;
  engineerB2.erase(at("B2"));
  engineerB2.insert({at("B1"), at("B3")});
  std::set<int> engineerC6 = allRail;  // row 6 blocked at B6 and D6 by its own side
  for (const char* n : {"C6", "B6", "D6"}) engineerC6.erase(at(n));
  for (const char* n : {"C5", "B5", "D5"}) engineerC6.insert(at(n));

  const std::vector<HandCase> cases = {
      {"lieutenant slides along row 2, steps to B1 and the camp", hf, {{R, {Lieutenant, "B2"}}}, "B2",
       squares({"A2", "C2", "D2", "E2", "B1", "B3"})},
      {"an engineer off the railway takes one step", hf, {{R, {Engineer, "A1"}}}, "A1", squares({"A2", "B1"})},
      {"an unobstructed engineer reaches every railway point", hf, {{R, {Engineer, "B2"}}}, "B2", engineerB2},
      {"the same on the refereed board (columns A and E still cross)", rf, {{R, {Engineer, "B2"}}}, "B2",
       engineerB2},
      {"engineer on C6 crosses the centre railway and goes round", hf,
       {{R, {Engineer, "C6"}}, {R, {Captain, "B6"}}, {R, {Captain, "D6"}}}, "C6", engineerC6},
      {"refereed: the centre crossing is one road step", rf,
       {{R, {Engineer, "C6"}}, {R, {Captain, "B6"}}, {R, {Captain, "D6"}}}, "C6",
       squares({"C5", "C7", "B5", "D5"})},
      {"a slide stops before a friend and on an enemy", hf,
       {{R, {Colonel, "A2"}}, {B, {Major, "A5"}}, {R, {Major, "C2"}}}, "A2",
       squares({"A3", "A4", "A5", "B2", "A1", "B3"})},
      {"no move into an occupied camp, of either side", hf,
       {{R, {Captain, "A4"}}, {B, {Major, "B3"}}, {R, {Major, "B5"}}}, "A4",
       squares({"A2", "A3", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "B4"})},
      {"a piece in a headquarters is frozen", hf, {{R, {General, "B1"}}}, "B1", {}},
      {"...unless the ruleset lets it leave", noFreeze, {{R, {General, "B1"}}}, "B1",
       squares({"A1", "C1", "B2"})},
      {"mountains: B6 never reaches B7", hf, {{R, {Major, "B6"}}, {B, {Major, "B7"}}}, "B6",
       squares({"A6", "C6", "D6", "E6", "B5"})},
      {"landmines never move", hf, {{R, {Landmine, "A2"}}}, "A2", {}},
      {"the flag never moves", noFreeze, {{R, {Flag, "B1"}}}, "B1", {}},
      {"the side not to move has no targets", hf, {{B, {Marshal, "A7"}}}, "A7", {}},
      {"an engineer's path ends on the first enemy; friends block", hf,
       {{R, {Engineer, "A2"}}, {B, {Captain, "B2"}}, {R, {Captain, "A3"}}}, "A2", squares({"B2", "A1", "B3"})},
  };
  for (const HandCase& c : cases) {
    const Position pos = build(c);
    const auto refTargets = ref::targets(ref::RefBoard::of(pos), at(c.from));
    EXPECT_EQ(refTargets, c.expected) << c.name << "\n reference: " << pointNames(refTargets)
                                      << "\n expected:  " << pointNames(c.expected);
    EXPECT_EQ(fastTargets(pos, at(c.from)), c.expected) << c.name << "\n engine:   "
                                                        << pointNames(fastTargets(pos, at(c.from)));
  }
}

// ------------------------------------------------------------ random games

// What went wrong at one position, for the failure message.
std::string describe(const Position& pos, const std::vector<Move>& onlyFast, const std::vector<Move>& onlyRef) {
  return fmt::format("ruleset {}\nposition {}\nonly the engine: {}\nonly the reference: {}\n{}",
                     pos.rules().ruleset().toString(), formatPosition(pos), moveNames(onlyFast),
                     moveNames(onlyRef), boardDiagram(pos));
}

// Layouts for game `g`: both random, both styled, or one of each.
Position startOf(const Ruleset& ruleset, Rng& rng, int g) {
  constexpr LayoutStyle kStyles[] = {LayoutStyle::Random, LayoutStyle::Aggressive, LayoutStyle::Defensive,
                                     LayoutStyle::Balanced};
  const Layout red = styledLayout(kStyles[g % 4], ruleset, rng);
  const Layout blue = styledLayout(kStyles[(g / 4) % 4], ruleset, rng);
  return Position::fromLayouts(Rules::of(ruleset), red, blue);
}

struct Tally {
  long positions = 0, moves = 0, pairs = 0, engineerTurns = 0, fights = 0, flagCaptures = 0;
  int failures = 0;
};

// Compares everything the engine says about `pos` with the reference. Returns
// false (after reporting) on the first disagreement.
bool compareAt(const Position& pos, bool checkAllPairs, Tally& tally) {
  const ref::RefBoard board = ref::RefBoard::of(pos);
  const ref::MoveSet expected = ref::legalMoves(board);
  MoveList list;
  generateMoves(pos, list);
  const ref::MoveSet fast(list.begin(), list.end());

  bool ok = true;
  EXPECT_EQ(fast.size(), static_cast<std::size_t>(list.size())) << "generateMoves listed a move twice\n"
                                                                  << formatPosition(pos);
  if (fast != expected) {
    std::vector<Move> onlyFast, onlyRef;
    std::set_difference(fast.begin(), fast.end(), expected.begin(), expected.end(), std::back_inserter(onlyFast),
                        ref::MoveLess{});
    std::set_difference(expected.begin(), expected.end(), fast.begin(), fast.end(), std::back_inserter(onlyRef),
                        ref::MoveLess{});
    ADD_FAILURE() << "move sets differ\n" << describe(pos, onlyFast, onlyRef);
    ok = false;
  }
  EXPECT_EQ(countMoves(pos), list.size()) << formatPosition(pos);
  EXPECT_EQ(hasLegalMove(pos), !expected.empty()) << formatPosition(pos);
  for (Square from{}; from < kSquares; ++from) {
    std::set<int> refTo;
    for (auto it = expected.lower_bound(Move{Square(from), Square(0)});
         it != expected.end() && it->from == from; ++it)
      refTo.insert(it->to);
    if (fastTargets(pos, from) != refTo) {
      ADD_FAILURE() << "legalTargets(" << squareName(from) << ") = " << pointNames(fastTargets(pos, from))
                    << ", reference " << pointNames(refTo) << "\n"
                    << formatPosition(pos);
      ok = false;
    }
  }
  for (const Move m : expected) {
    const ref::Path path = ref::classify(board, m);
    const MovePath engine = classifyMove(pos, m);
    const MovePath want = path == ref::Path::Step       ? MovePath::Step
                          : path == ref::Path::Straight ? MovePath::Straight
                                                        : MovePath::Turned;
    if (engine != want) {
      ADD_FAILURE() << "classifyMove(" << moveName(m) << ") differs from the reference\n" << formatPosition(pos);
      ok = false;
    }
    if (path == ref::Path::Turned) {
      ++tally.engineerTurns;
      EXPECT_EQ(pos.typeAt(m.from), PieceType::Engineer) << moveName(m) << " turns\n" << formatPosition(pos);
    }
  }
  if (checkAllPairs) {
    for (Square from{}; from < kSquares; ++from)
      for (Square to{}; to < kSquares; ++to) {
        const Move m{Square(from), Square(to)};
        const bool want = expected.count(m) > 0;
        if (isLegalMove(pos, m) != want) {
          ADD_FAILURE() << "isLegalMove(" << moveName(m) << ") = " << !want << ", reference " << want << "\n"
                        << formatPosition(pos);
          ok = false;
        }
        ++tally.pairs;
      }
  }
  ++tally.positions;
  tally.moves += static_cast<long>(expected.size());
  return ok;
}

// Plays `games` random games under `ruleset` and compares at every position.
Tally compareRandomGames(const Ruleset& ruleset, int games, std::uint64_t seed, int maxPlies) {
  Tally tally;
  Rng rng(seed);
  for (int g = 0; g < games && tally.failures < 3; ++g) {
    Position pos = startOf(ruleset, rng, g);
    for (int ply = 0;; ++ply) {
      if (!compareAt(pos, ply % 23 == 0, tally)) {
        ++tally.failures;
        break;
      }
      if (boardOutcome(pos).isOver() || ply >= maxPlies) break;
      MoveList moves;
      generateMoves(pos, moves);
      const Move m = moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))];
      if (!pos.isEmpty(m.to)) ++tally.fights;
      if (pos.play(m).flagCaptured) ++tally.flagCaptures;
    }
  }
  return tally;
}

class MovegenAgainstReference : public ::testing::TestWithParam<int> {};

TEST_P(MovegenAgainstReference, EveryPositionOfRandomGamesAgrees) {
  const Ruleset ruleset = testedRulesets()[GetParam()];
  // 400 games of up to 300 plies for each ruleset (the three presets and two variants).
  const Tally t = compareRandomGames(ruleset, 400, 0x5EED0000u + static_cast<std::uint64_t>(GetParam()), 300);
  EXPECT_EQ(t.failures, 0);
  // The games did reach what the comparison is about.
  EXPECT_GT(t.positions, 20000) << ruleset.toString();
  EXPECT_GT(t.pairs, 20000L * 3600 / 23 / 2);
  EXPECT_GT(t.engineerTurns, 1000);
  EXPECT_GT(t.fights, 1000);
  EXPECT_GT(t.flagCaptures, 0);
  RecordProperty("positions", static_cast<int>(t.positions));
  RecordProperty("moves", static_cast<int>(t.moves));
  RecordProperty("pairs", static_cast<int>(t.pairs));
  RecordProperty("engineer_turns", static_cast<int>(t.engineerTurns));
  RecordProperty("fights", static_cast<int>(t.fights));
  RecordProperty("flag_captures", static_cast<int>(t.flagCaptures));
}

std::string rulesetTestName(const ::testing::TestParamInfo<int>& info) {
  static const std::vector<std::string> names = {"hiddenfront", "worldatplay", "refereed",
                                                 "hiddenfront_no_freeze_road_centre",
                                                 "worldatplay_no_freeze_mine_dies"};
  return names.at(info.param);
}

INSTANTIATE_TEST_SUITE_P(Rulesets, MovegenAgainstReference, ::testing::Range(0, 5), rulesetTestName);

// Sparse boards (late endgames) stress long slides and engineer paths more
// than full ones: random subsets of a game's pieces on their points.
TEST(MovegenAgainstReference, ThinnedBoardsAgree) {
  Tally tally;
  Rng rng(0xB0A4D);
  for (const Ruleset& ruleset : testedRulesets()) {
    for (int g = 0; g < 300 && tally.failures == 0; ++g) {
      const Position full = startOf(ruleset, rng, g);
      Position pos(full.rules());
      const int keepPercent = 10 + static_cast<int>(rng.below(50));
      for (Square s{}; s < kSquares; ++s) {
        if (full.isEmpty(s) || static_cast<int>(rng.below(100)) >= keepPercent) continue;
        // Move some pieces onto other empty points, railways and camps included.
        int to = s;
        if (rng.below(2)) {
          const int candidate = static_cast<int>(rng.below(kSquares));
          if (pos.isEmpty(Square(candidate)) && full.isEmpty(Square(candidate))) to = candidate;
        }
        if (pos.isEmpty(Square(to))) pos.addPiece(full.sideAt(s), full.typeAt(s), Square(to));
      }
      pos.setSideToMove(g % 2 ? Seat::Blue : Seat::Red);
      if (!compareAt(pos, true, tally)) ++tally.failures;
    }
  }
  EXPECT_EQ(tally.failures, 0);
  EXPECT_EQ(tally.positions, 1500);
  EXPECT_GT(tally.engineerTurns, 100);
}

}  // namespace
}  // namespace junqi
