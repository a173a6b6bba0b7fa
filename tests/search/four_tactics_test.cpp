// Four-player Junqi's tactics suite (tests/data/four-tactics-suite.txt) and
// flag-blunder checker (search/four/four_tactics.h): the file is sound, every
// answer holds by the referee in the true world and in worlds drawn from the
// seat's beliefs (a check written here apart from the labeller: every move,
// every reply), a wrong answer fails that check, the search agent solves at
// least 95%, and the checker finds a planted blunder and passes a clean game.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/files.h"
#include "core/four/four_movegen.h"
#include "core/random.h"
#include "search/four/four_agent.h"
#include "search/four/four_tactics.h"

#ifndef JUNQI_FOUR_TACTICS_SUITE
#define JUNQI_FOUR_TACTICS_SUITE "tests/data/four-tactics-suite.txt"
#endif

namespace junqi {
namespace {

const std::vector<FourTacticsPosition>& suite() {
  static const std::vector<FourTacticsPosition> s = parseFourTacticsSuite(readFile(JUNQI_FOUR_TACTICS_SUITE));
  return s;
}

std::vector<Move> movesOf(const FourPosition& pos) {
  MoveList list;
  generateFourMoves(pos, list);
  return {list.begin(), list.end()};
}

// The worlds an answer is tried in: the true one and some the seat cannot rule out.
std::vector<FourPosition> worldsOf(const FourGame& game, int samples) {
  std::vector<FourPosition> worlds = {game.position()};
  const FourObservation obs = FourObservation::of(game, game.position().toMove());
  const FourBeliefs beliefs = FourBeliefs::of(obs, game.rules());
  Rng rng(11);
  for (int i = 0; i < samples; ++i) worlds.push_back(beliefs.sampleWorld(rng));
  return worlds;
}

bool takesFlag(FourPosition world, Move m) { return world.play(m).flagTakenFrom >= 0; }

// Brute force: after the move, can the army that moves next take `army`'s flag?
bool flagFallsNext(FourPosition world, Move m, int army) {
  world.play(m);
  if (fourOutcome(world).isOver()) return false;
  for (const Move reply : movesOf(world)) {
    FourPosition after = world;
    if (after.play(reply).flagTakenFrom == army) return true;
  }
  return false;
}

// Does the move do what its category asks in this world?
bool holdsIn(const FourPosition& world, const std::string& category, Move m, int army) {
  return category == "flag-capture" ? takesFlag(world, m) : !flagFallsNext(world, m, army);
}

TEST(FourTacticsSuite, HasFortyPositionsInEveryCategoryAndUniqueIds) {
  std::map<std::string, int> count;
  std::set<std::string> ids;
  for (const FourTacticsPosition& p : suite()) {
    ++count[p.category];
    EXPECT_TRUE(ids.insert(p.id).second) << "duplicate id " << p.id;
  }
  for (const std::string& c : fourTacticsCategories()) EXPECT_GE(count[c], 40) << c;
}

TEST(FourTacticsSuite, EveryAnswerHoldsByTheRefereeInEveryWorldTried) {
  for (const FourTacticsPosition& p : suite()) {
    const FourGame game = replayFourTactics(p);
    const int army = game.position().toMove();
    for (const FourPosition& world : worldsOf(game, 24))
      for (const Move m : p.accept) EXPECT_TRUE(holdsIn(world, p.category, m, army)) << p.id << " " << fourMoveName(m);
    EXPECT_LT(p.accept.size(), movesOf(game.position()).size()) << p.id << ": no choice";
  }
}

TEST(FourTacticsSuite, ACapturedFlagTakesItsArmyOffTheBoard) {
  for (const FourTacticsPosition& p : suite()) {
    if (p.category != "flag-capture") continue;
    FourGame game = replayFourTactics(p);
    const int taken = game.play(p.accept.front()).flagTakenFrom;
    ASSERT_GE(taken, 0) << p.id;
    EXPECT_NE(teamOfArmy(taken), teamOfArmy(game.history().back().army)) << p.id;
    EXPECT_FALSE(game.position().armyIn(taken)) << p.id;
  }
}

TEST(FourTacticsSuite, AWrongAnswerFailsTheCheckInSomeWorld) {
  for (const FourTacticsPosition& p : suite()) {
    const FourGame game = replayFourTactics(p);
    const int army = game.position().toMove();
    const std::vector<FourPosition> worlds = worldsOf(game, 24);
    bool caught = false;
    for (const Move m : movesOf(game.position())) {
      if (caught || std::find(p.accept.begin(), p.accept.end(), m) != p.accept.end()) continue;
      caught = std::any_of(worlds.begin(), worlds.end(),
                           [&](const FourPosition& w) { return !holdsIn(w, p.category, m, army); });
    }
    EXPECT_TRUE(caught) << p.id << ": no wrong move fails in any world tried";
  }
}

TEST(FourTacticsSuite, TheLabellerAgreesWithTheFile) {
  for (const FourTacticsPosition& p : suite()) {
    const auto label = labelFourTactics(replayFourTactics(p));
    ASSERT_TRUE(label) << p.id;
    EXPECT_EQ(label->category, p.category) << p.id;
    EXPECT_EQ(label->accept, p.accept) << p.id;
  }
}

TEST(FourTacticsSuite, FormatAndParseRoundTrip) {
  const std::string text = formatFourTacticsSuite(suite());
  EXPECT_EQ(formatFourTacticsSuite(parseFourTacticsSuite(text)), text);
}

// The suite's first two entries with `from` replaced by `to` in the second.
std::string secondEntryWith(const std::string& from, const std::string& to) {
  std::string text = formatFourTacticsSuite({suite()[0], suite()[1]});
  const std::size_t second = text.find("# junqi four-player record", 1);
  text.replace(text.find(from, second), from.size(), to);
  return text;
}

void expectRefused(const std::string& text, const std::string& says) {
  try {
    parseFourTacticsSuite(text);
    FAIL() << "accepted; expected: " << says;
  } catch (const RecordError& e) {
    EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
  }
}

// The line of the file where the second entry's `head` stands.
int lineOfSecond(const std::string& text, const std::string& head) {
  const std::size_t at = text.find(head, text.find("# junqi four-player record", 1));
  return static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
}

TEST(FourTacticsSuite, ABadEntryIsRefusedNamingItsLine) {
  std::string text = secondEntryWith("tag accept ", "tag accept Z9 ");
  expectRefused(text, fmt::format("tactics entry 2: line {}: {}: 'Z9' is not a move", lineOfSecond(text, "tag accept"),
                                  suite()[1].id));
  text = secondEntryWith("tag category ", "tag category flag-");
  expectRefused(text, fmt::format("line {}: {}: unknown category", lineOfSecond(text, "tag category"), suite()[1].id));
  text = secondEntryWith("move ", "move A1-A2\nmove ");
  expectRefused(text, fmt::format("tactics entry 2: line {}:", lineOfSecond(text, "move A1-A2")));
  expectRefused("variant four\n", "line 1: a four-player tactics suite begins with");
}

int solvedIn(const FourTacticsResult& r, const std::string& category) {
  for (const auto& [c, st] : r.byCategory)
    if (c == category) return st.first;
  return 0;
}

TEST(FourTacticsSuite, TheSearchAgentTakesAtLeastNinetyFivePercentOfTheFlags) {
  const FourTacticsResult r = runFourTacticsSuite(suite(), "ismcts");
  ASSERT_EQ(r.total(), static_cast<int>(suite().size()));
  const auto captures = std::count_if(suite().begin(), suite().end(),
                                      [](const FourTacticsPosition& p) { return p.category == "flag-capture"; });
  EXPECT_GE(solvedIn(r, "flag-capture"), 0.95 * static_cast<double>(captures));
}

// Issue 37 asks 95% of the whole suite of the search agents. The search's
// root flag guard (search/four/four_flag_safety.h) takes certain flags and
// turns down a move that leaves the flag to the next army when another does not.
TEST(FourTacticsSuite, TheSearchAgentSolvesAtLeastNinetyFivePercent) {
  const FourTacticsResult r = runFourTacticsSuite(suite(), "ismcts");
  ASSERT_EQ(r.total(), static_cast<int>(suite().size()));
  EXPECT_GE(r.solved(), 0.95 * r.total()) << r.failures.size() << " missed, first: "
                                          << (r.failures.empty() ? "" : r.failures.front());
}

// The guard alone decides these positions: a search of one simulation and
// no priors, whose choice is all but random, still solves every one (the
// flags known by the count alone, as in flag-capture-027, included).
TEST(FourTacticsSuite, TheRootGuardSolvesEveryPositionWithOneSimulation) {
  const FourTacticsResult r = runFourTacticsSuite(suite(), "ismcts:sims=1,prior=none");
  EXPECT_EQ(r.solved(), r.total()) << (r.failures.empty() ? "" : r.failures.front());
}

TEST(FourTacticsSuite, RandomMovesSolveFewOfIt) {  // the suite can tell
  const FourTacticsResult r = runFourTacticsSuite(suite(), "random");
  EXPECT_LT(r.solved(), 0.5 * r.total());
}

// A game of heuristic moves (every army seen, so labels come often) by an
// oracle that plays every labelled answer, stopping after `plantAt` labelled
// decisions with one wrong move instead (never, when negative).
FourRecord oracleGame(int plantAt) {
  Rng rng(7);
  const FourRuleset rules = FourRuleset::parse("four-worldatplay:visibility=all");
  std::array<Layout, kArmies> layouts;
  for (Layout& l : layouts) l = randomLayout(rules.army, rng);
  std::array<std::unique_ptr<FourAgent>, kArmies> agents;
  for (int army = 0; army < kArmies; ++army) {
    agents[static_cast<std::size_t>(army)] = makeFourAgent("heuristic");
    agents[static_cast<std::size_t>(army)]->newGame(rules, army, 5);
  }
  FourGame game(rules, layouts);
  int labelled = 0;
  while (!game.isOver() && game.position().ply() < 600) {
    const std::vector<Move> moves = movesOf(game.position());
    const int army = game.position().toMove();
    Move m = agents[static_cast<std::size_t>(army)]->chooseMove(FourObservation::of(game, army));
    if (const auto label = labelFourTactics(game)) {
      m = label->accept.front();
      if (labelled++ == plantAt) {
        game.play(*std::find_if(moves.begin(), moves.end(), [&](Move a) {
          return std::find(label->accept.begin(), label->accept.end(), a) == label->accept.end();
        }));
        break;
      }
    }
    game.play(m);
  }
  return fourRecordOf(game);
}

FlagBlunders summed(const std::array<FlagBlunders, kArmies>& byArmy) {
  FlagBlunders all;
  for (const FlagBlunders& b : byArmy) all += b;
  return all;
}

TEST(FourFlagBlunders, ACleanGameHasChancesAndNoBlunder) {
  const FlagBlunders all = summed(checkFourFlagBlunders(oracleGame(-1)));
  EXPECT_GT(all.captureChances + all.defenceChances, 0);
  EXPECT_EQ(all.capturesMissed + all.defencesMissed, 0);
}

TEST(FourFlagBlunders, APlantedBlunderIsFound) {
  const FlagBlunders all = summed(checkFourFlagBlunders(oracleGame(0)));
  EXPECT_EQ(all.capturesMissed + all.defencesMissed, 1);
  ASSERT_EQ(all.examples.size(), 1u);
}

}  // namespace
}  // namespace junqi
