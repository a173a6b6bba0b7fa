// The tactics suite (tests/data/tactics-suite.jqs): the file is sound, its
// answers are what its labeller finds, and every search agent at its default
// budget solves at least 95% of its tactics, the categories where the rules
// and the seat's beliefs decide (docs/tactics.md has the figures, the two
// trade categories included; a sanitized build searches every fifth position
// only).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/files.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "search/classic/ismcts.h"
#include "search/classic/one_ply.h"
#include "search/classic/root_choice.h"
#include "search/classic/tactics_suite.h"
#include "tests/support/tactics_bar.h"

namespace junqi {
namespace {

const std::vector<TacticsPosition>& classicSuite() {
  static const std::vector<TacticsPosition> s = parseTacticsSuite(readFile(JUNQI_TACTICS_SUITE));
  return s;
}

TEST(TacticsSuite, HasTwoHundredPositionsAndTwentyInEveryCategory) {
  ASSERT_GE(classicSuite().size(), 200u);
  std::map<std::string, int> count;
  std::set<std::string> ids;
  for (const TacticsPosition& p : classicSuite()) {
    ++count[p.category];
    EXPECT_TRUE(ids.insert(p.id).second) << "duplicate id " << p.id;
  }
  for (const std::string& c : tacticsCategories()) EXPECT_GE(count[c], 20) << c;
}

// Every entry replays to an unfinished game whose side to move has the
// acceptable moves among its legal ones, and not all of them.
TEST(TacticsSuite, EveryEntryReplaysAndItsAnswersAreLegal) {
  for (const TacticsPosition& p : classicSuite()) {
    const Game game = replay(p.record);
    ASSERT_FALSE(game.isOver()) << p.id;
    MoveList legal;
    generateMoves(game.position(), legal);
    ASSERT_FALSE(p.accept.empty()) << p.id;
    EXPECT_LT(p.accept.size(), static_cast<std::size_t>(legal.size())) << p.id;
    for (const Move m : p.accept) EXPECT_TRUE(isLegalMove(game.position(), m)) << p.id << " " << moveName(m);
  }
}

// The trade categories say what the proverb says: ahead, only fights are
// acceptable; behind, some fight on offer is not.
TEST(TacticsSuite, TradeAnswersFollowTheProverb) {
  for (const TacticsPosition& p : classicSuite()) {
    if (p.category != "trade-ahead" && p.category != "trade-behind") continue;
    const Game game = replay(p.record);
    const Position& pos = game.position();
    const auto isFight = [&](Move m) { return !pos.isEmpty(m.to); };
    if (p.category == "trade-ahead") {
      for (const Move m : p.accept) EXPECT_TRUE(isFight(m)) << p.id << " " << moveName(m);
      continue;
    }
    MoveList legal;
    generateMoves(pos, legal);
    bool refusedFight = false;
    for (const Move m : legal)
      refusedFight |= isFight(m) && std::find(p.accept.begin(), p.accept.end(), m) == p.accept.end();
    EXPECT_TRUE(refusedFight) << p.id;
  }
}

TEST(TacticsSuite, FormatAndParseRoundTrip) {
  const std::string text = formatTacticsSuite(classicSuite());
  const auto again = parseTacticsSuite(text);
  ASSERT_EQ(again.size(), classicSuite().size());
  EXPECT_EQ(formatTacticsSuite(again), text);
}

TEST(TacticsSuite, BrokenEntriesAreRefusedWithTheirNumber) {
  const std::string first = formatTacticsSuite({classicSuite().front()});
  std::string noAccept = first;
  noAccept.replace(noAccept.find("tag accept"), 10, "tag acceptX");
  EXPECT_THROW(parseTacticsSuite(noAccept), RecordError);
  std::string badMove = first;
  const auto at = badMove.find("tag accept ") + 11;
  badMove.insert(at, "Z9-Z9,");
  try {
    parseTacticsSuite(badMove);
    FAIL() << "a bad move was accepted";
  } catch (const RecordError& e) {
    EXPECT_NE(std::string(e.what()).find("tactics entry 1"), std::string::npos) << e.what();
  }
}

// The labeller finds the same category again for a sample of entries, with
// other sampled worlds (a certain capture's answers exactly).
TEST(TacticsSuite, LabelsAreReproducible) {
  Rng rng(99);
  for (std::size_t i = 0; i < classicSuite().size(); i += 9) {
    const TacticsPosition& p = classicSuite()[i];
    const Game game = replay(p.record);
    const auto label = labelTacticsPosition(InfoState::of(game, game.position().sideToMove()), 1000, rng);
    ASSERT_TRUE(label.has_value()) << p.id;
    EXPECT_EQ(label->category, p.category) << p.id;
    if (p.category == "flag-capture") {
      EXPECT_EQ(label->accept, p.accept) << p.id;
    }
  }
}

TEST(TacticsSuite, MiningFindsLabelledPositions) {
  TacticsMining mining;
  mining.perCategory = 1;
  mining.maxGames = 6;
  mining.samples = 200;
  const auto mined = mineTacticsSuite(mining);
  ASSERT_FALSE(mined.empty());
  for (const TacticsPosition& p : mined) EXPECT_FALSE(replay(p.record).isOver()) << p.id;
}

// The root choice's material rules (search/classic/root_choice.h) on the suite's
// positions, with root statistics made up: the search's pick has 500 visits
// and value 0.5, the move the rules prefer 100 visits and 0.4. A margin of 0.2
// plays the rules' move, one of 0.05 or none the pick.
struct MadeUpRoot {
  const TacticsPosition& position;
  Game game = replay(position.record);
  InfoState state = InfoState::of(game, game.position().sideToMove());
  std::vector<RootMoveStats> root;

  explicit MadeUpRoot(const TacticsPosition& p) : position(p) {
    MoveList moves;
    state.legalMoves(moves);
    for (const Move m : moves) root.push_back({m, 10, 0.0});
  }
  // The first move with `property` gets `stats`; its name ("" if none).
  template <class Property>
  std::string give(Property property, long long visits, double value) {
    for (RootMoveStats& r : root)
      if (r.visits == 10 && property(r.move)) return r.visits = visits, r.value = value, moveName(r.move);
    return "";
  }
  std::string choose(double margin) const {
    return moveName(root[chooseRootMove(state, root, {.flagGuard = false, .avoidReversal = false,
                                                      .materialMargin = margin})].move);
  }
};

bool isQuiet(const InfoState& state, Move m) { return state.observation().pieceAt(m.to) == kNoPiece; }

// Clearly ahead: a sure trade rather than a quiet move. Behind: a quiet move rather than a sure trade.
TEST(RootChoice, AheadTradeBehindDoNot) {
  int ahead = 0, behind = 0;
  for (const TacticsPosition& p : classicSuite()) {
    if (p.category != "trade-ahead" && p.category != "trade-behind") continue;
    MadeUpRoot r(p);
    const bool isAhead = p.category == "trade-ahead";
    const auto quiet = [&](Move m) { return isQuiet(r.state, m); };
    const auto trade = [&](Move m) { return isSureTrade(r.state, m); };
    const std::string pick = isAhead ? r.give(quiet, 500, 0.5) : r.give(trade, 500, 0.5);
    const std::string preferred = isAhead ? r.give(trade, 100, 0.4) : r.give(quiet, 100, 0.4);
    ASSERT_FALSE(pick.empty() || preferred.empty()) << p.id;
    const double lead = expectedMaterialLead(r.state);
    const bool clear = isAhead ? lead >= kClearLead : lead <= -kClearLead;
    EXPECT_EQ(r.choose(0.2), clear ? preferred : pick) << p.id;
    EXPECT_EQ(r.choose(0.05), pick) << p.id;
    EXPECT_EQ(r.choose(0), pick) << p.id;
    if (clear) ++(isAhead ? ahead : behind);
  }
  EXPECT_GE(ahead, 20);
  EXPECT_GE(behind, 20);
}

// A big officer into a probable landmine or bomb: a quiet move instead.
TEST(RootChoice, NoLosingFight) {
  int checked = 0;
  for (const TacticsPosition& p : classicSuite()) {
    if (p.category != "landmine-bomb") continue;
    MadeUpRoot r(p);
    const auto accepted = [&](Move m) { return std::find(p.accept.begin(), p.accept.end(), m) != p.accept.end(); };
    const auto losing = [&](Move m) { return !accepted(m) && expectedFightMaterial(r.state, m) <= -1.0; };
    const std::string pick = r.give(losing, 500, 0.5);
    const std::string preferred = r.give([&](Move m) { return accepted(m) && isQuiet(r.state, m); }, 100, 0.4);
    ASSERT_FALSE(pick.empty() || preferred.empty()) << p.id;
    EXPECT_EQ(r.choose(0.2), preferred) << p.id;
    EXPECT_EQ(r.choose(0.05), pick) << p.id;
    ++checked;
  }
  EXPECT_GE(checked, 20);
}

// The positions the searches are measured on: all of them, or every fifth in
// a sanitized build (where a search is several times slower).
std::vector<TacticsPosition> searchedPositions() {
#ifdef JUNQI_SANITIZED_BUILD
  std::vector<TacticsPosition> some;
  for (std::size_t i = 0; i < classicSuite().size(); i += 5) some.push_back(classicSuite()[i]);
  return some;
#else
  return classicSuite();
#endif
}

// The bar holds for the tactics (isProverbCategory) alone, and for a search
// (its root choice follows the proverb where it nearly agrees) in a full build
// for the whole suite too (the few positions of a sanitized build are too few
// for the proverb's share).
void expectSolves(const std::string& spec, double atLeast, bool wholeSuite) {
#ifdef JUNQI_SANITIZED_BUILD
  wholeSuite = false;
#endif
  expectTacticsBar(runTacticsSuite(searchedPositions(), spec), spec, atLeast, wholeSuite);
}

TEST(TacticsSuite, TacticalSolvesNinetyFivePercent) { expectSolves("tactical", 0.95, false); }
TEST(TacticsSuite, IsmctsSolvesNinetyFivePercent) { expectSolves("ismcts", 0.95, true); }
TEST(TacticsSuite, MultipleObserverIsmctsSolvesNinetyFivePercent) { expectSolves("ismcts:mo=1", 0.95, true); }
TEST(TacticsSuite, PimcSolvesNinetyFivePercent) { expectSolves("pimc", 0.95, true); }

// The suite can tell: without the flag guard, a small search misses many.
TEST(TacticsSuite, ASearchWithoutTheFlagGuardFails) {
  const TacticsResult r =
      runTacticsSuite(searchedPositions(), "ismcts:sims=100,guard=0,material=0,rollout=random,prior=none");
  EXPECT_LT(r.solved(), 0.9 * r.total());
}

}  // namespace
}  // namespace junqi
