// Flip Junqi's tactics suite (tests/data/flip-tactics-suite.jqs) and flag-blunder
// checker (search/flip/flip_tactics.h): the file is sound, every answer holds
// by a brute-force check written here apart from the labeller, a wrong answer
// fails that check, the flip search agent solves at least 95%, and the checker
// finds a planted blunder and passes a clean game.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/files.h"
#include "core/flip/flip_game.h"
#include "core/flip/flip_movegen.h"
#include "core/flip/flip_record.h"
#include "core/random.h"
#include "search/flip/flip_tactics.h"

#ifndef JUNQI_FLIP_TACTICS_SUITE
#define JUNQI_FLIP_TACTICS_SUITE "tests/data/flip-tactics-suite.jqs"
#endif

namespace junqi {
namespace {

const std::vector<FlipTacticsPosition>& flipSuite() {
  static const std::vector<FlipTacticsPosition> s = parseFlipTacticsSuite(readFile(JUNQI_FLIP_TACTICS_SUITE));
  return s;
}

std::vector<Move> actionsOf(const FlipPosition& pos) {
  MoveList list;
  generateFlipActions(pos, list);
  return {list.begin(), list.end()};
}

// Every position the action can lead to: one per identity a flip may reveal.
std::vector<FlipPosition> outcomesOf(const FlipPosition& pos, Move action) {
  std::vector<FlipPosition> out;
  if (!isFlip(action)) {
    out.push_back(pos);
    out.back().move(action);
    return out;
  }
  for (const Colour colour : {Colour::Red, Colour::Blue})
    for (int t = 0; t < kPieceTypes; ++t)
      if (pos.pool(colour)[t] > 0) {
        out.push_back(pos);
        out.back().flip(action.from, {colour, typeFromIndex(t)});
      }
  return out;
}

bool takesFlag(const FlipPosition& pos, Move action) {
  if (isFlip(action)) return false;
  FlipPosition after = pos;
  return after.move(action).flagCaptured;
}

// Brute force: can the action end with the enemy taking the mover's flag next turn?
bool canLoseFlagAfter(const FlipPosition& pos, Move action) {
  if (takesFlag(pos, action)) return false;
  for (const FlipPosition& after : outcomesOf(pos, action))
    for (const Move reply : actionsOf(after))
      if (takesFlag(after, reply)) return true;
  return false;
}

// The independent check of one answer: flag-capture answers take the flag and
// no other action does; flag-defence answers are exactly the actions after
// which no reply can take the flag.
bool answerHolds(const FlipTacticsPosition& p) {
  const auto accepted = [&](Move m) { return std::find(p.accept.begin(), p.accept.end(), m) != p.accept.end(); };
  for (const Move m : actionsOf(p.position)) {
    const bool right = p.category == "flag-capture" ? takesFlag(p.position, m) : !canLoseFlagAfter(p.position, m);
    if (right != accepted(m)) return false;
  }
  return true;
}

TEST(FlipTacticsSuite, HasFortyPositionsInEveryCategoryAndUniqueIds) {
  std::map<std::string, int> count;
  std::set<std::string> ids;
  for (const FlipTacticsPosition& p : flipSuite()) {
    ++count[p.category];
    EXPECT_TRUE(ids.insert(p.id).second) << "duplicate id " << p.id;
  }
  for (const std::string& c : flipTacticsCategories()) EXPECT_GE(count[c], 40) << c;
}

TEST(FlipTacticsSuite, EveryAnswerHoldsByBruteForceAndLeavesAChoice) {
  for (const FlipTacticsPosition& p : flipSuite()) {
    EXPECT_TRUE(answerHolds(p)) << p.id;
    EXPECT_LT(p.accept.size(), actionsOf(p.position).size()) << p.id;
  }
}

TEST(FlipTacticsSuite, AWrongAnswerFailsTheCheck) {
  int tried = 0;
  for (FlipTacticsPosition p : flipSuite()) {
    for (const Move m : actionsOf(p.position))
      if (std::find(p.accept.begin(), p.accept.end(), m) == p.accept.end()) {
        p.accept = {m};
        EXPECT_FALSE(answerHolds(p)) << p.id;
        ++tried;
        break;
      }
  }
  EXPECT_EQ(tried, static_cast<int>(flipSuite().size()));
}

TEST(FlipTacticsSuite, TheLabellerAgreesWithTheFile) {
  for (const FlipTacticsPosition& p : flipSuite()) {
    const auto label = labelFlipTactics(p.position);
    ASSERT_TRUE(label) << p.id;
    EXPECT_EQ(label->category, p.category) << p.id;
    EXPECT_EQ(label->accept, p.accept) << p.id;
  }
}

TEST(FlipTacticsSuite, FormatAndParseRoundTrip) {
  const std::string text = formatFlipTacticsSuite(flipSuite());
  EXPECT_EQ(formatFlipTacticsSuite(parseFlipTacticsSuite(text)), text);
}

TEST(FlipTacticsSuite, ABadEntryIsRefusedNamingItsLine) {
  std::string text = formatFlipTacticsSuite({flipSuite().front()});
  text.replace(text.find("accept ") + 7, 0, "Z9 ");
  try {
    parseFlipTacticsSuite(text);
    FAIL() << "accepted Z9";
  } catch (const RecordError& e) {
    EXPECT_NE(std::string(e.what()).find("line 3"), std::string::npos) << e.what();
  }
}

TEST(FlipTacticsSuite, TheSearchAgentSolvesAtLeastNinetyFivePercent) {
  const FlipTacticsResult r = runFlipTacticsSuite(flipSuite(), "mcts");
  ASSERT_EQ(r.total(), static_cast<int>(flipSuite().size()));
  EXPECT_GE(r.solved(), 0.95 * r.total()) << r.failures.size() << " missed, first: " << r.failures.front();
}

// A game played by an oracle that takes every labelled chance, stopping after
// `plantAt` labelled decisions with one wrong action instead (never, when negative).
FlipRecord flipOracleGame(int plantAt) {
  Rng rng(7);
  const FlipRuleset rules = FlipRuleset::parse("flip-kawu");
  FlipGame game(rules, randomFlipDeal(rng));
  int labelled = 0;
  while (!game.isOver() && game.position().ply() < 400) {
    const FlipPosition& pos = game.position();
    const std::vector<Move> actions = actionsOf(pos);
    Move m = actions[rng.below(actions.size())];
    if (const auto label = labelFlipTactics(pos)) {
      m = label->accept.front();
      if (labelled++ == plantAt) {
        m = *std::find_if(actions.begin(), actions.end(), [&](Move a) {
          return std::find(label->accept.begin(), label->accept.end(), a) == label->accept.end();
        });
        game.apply(Action::makeMove(pos.toMove(), m));
        break;
      }
    }
    game.apply(Action::makeMove(pos.toMove(), m));
  }
  return flipRecordOf(game);
}

TEST(FlipFlagBlunders, ACleanGameHasChancesAndNoBlunder) {
  const auto bySeat = checkFlipFlagBlunders(flipOracleGame(-1));
  FlagBlunders both = bySeat[0];
  both += bySeat[1];
  EXPECT_GT(both.captureChances + both.defenceChances, 0);
  EXPECT_EQ(both.capturesMissed + both.defencesMissed, 0);
}

TEST(FlipFlagBlunders, APlantedBlunderIsFound) {
  const auto bySeat = checkFlipFlagBlunders(flipOracleGame(0));
  FlagBlunders both = bySeat[0];
  both += bySeat[1];
  EXPECT_EQ(both.capturesMissed + both.defencesMissed, 1);
  EXPECT_EQ(both.examples.size(), 1u);
}

}  // namespace
}  // namespace junqi
