// JBP for four-player Junqi (docs/protocol.md, "Four-player Junqi"): the bot
// end through string streams, and the arbiter end (FourExternalAgent) against
// junqi-bot and against bots that break the rules.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "arena/four/four_match.h"
#include "core/four/four_movegen.h"
#include "jbp/four/four_bot_agent.h"
#include "jbp/protocol_bot.h"
#include "search/registry.h"
#include "tests/support/bot_program.h"

namespace junqi {
namespace {

// The lines a bot with a four-player agent (or none) writes for `input`, info lines left out.
std::vector<std::string> serveFour(FourAgent* four, const std::string& input) {
  const auto classic = makeAgent("random");
  std::istringstream in(input);
  std::ostringstream out;
  jbp::serveBot(*classic, nullptr, in, out, four);
  std::vector<std::string> lines;
  std::istringstream text(out.str());
  for (std::string line; std::getline(text, line);)
    if (!line.starts_with("info ")) lines.push_back(line);
  return lines;
}

// A game a few moves in, and what east is sent before its turn.
struct Turn {
  FourGame game;
  std::string input;
};

Turn eastToMove() {
  const FourRuleset rules = FourRuleset::worldAtPlay();
  FourGame game(rules, fourMatchLayouts(rules, 7, 0));
  const auto south = makeFourAgent("random");
  south->newGame(rules, 0, 1);
  game.play(south->chooseMove(FourObservation::of(game, 0)));
  const FourObservation obs = FourObservation::of(game, 1);
  std::string input = "jbp 1\nnewgame variant four ruleset four-worldatplay seat east movetime 0 seed 3\n";
  for (const FourPublicMove& m : obs.history()) input += "event " + formatFourPublicMove(m) + "\n";
  input += "board " + obs.boardText() + "\ngo\nquit\n";
  return {game, input};
}

TEST(FourProtocol, ABotWithAFourPlayerAgentListsTheVariantAndPlaysItsSeat) {
  const auto four = makeFourAgent("heuristic");
  const Turn turn = eastToMove();
  const auto lines = serveFour(four.get(), turn.input);
  ASSERT_GE(lines.size(), 7u);
  EXPECT_EQ(lines[3], "variants classic four");
  EXPECT_EQ(lines[6], "ready");
  ASSERT_TRUE(lines.back().starts_with("move ")) << lines.back();
  const auto m = parseFourMove(lines.back().substr(5));
  ASSERT_TRUE(m);
  EXPECT_TRUE(isLegalFourMove(turn.game.position(), *m)) << lines.back();
}

TEST(FourProtocol, MistakesAreErrorsNamingWhatWasWrong) {
  const auto four = makeFourAgent("random");
  const std::string start = "newgame variant four ruleset four-worldatplay seat east\n";
  EXPECT_EQ(serveFour(nullptr, start).back(), "error newgame: this bot does not play four-player Junqi");
  EXPECT_EQ(serveFour(four.get(), start + "go\n").back(), "error go: go before board");
  EXPECT_EQ(serveFour(four.get(), "newgame variant four ruleset four-worldatplay seat up\n").back(),
            "error newgame: seat 'up' is not south, east, north or west");
  EXPECT_EQ(serveFour(four.get(), start + "event east G5-G6 win\n").back(),
            "error event: four-player move 'east G5-G6 win': 'win' is not a battle result");
  EXPECT_EQ(serveFour(four.get(), start + "board four x\n").back(),
            "error board: four-player position: expected 'four <south>/<east>/<north>/<west> <to move> <quiet> "
            "<ply> <shown>', got 'four x'");
}

TEST(FourProtocol, JunqiBotPlaysWholeGamesForTheArbiter) {
  const std::string bot = matchtest::botProgram();
  if (bot.empty()) GTEST_SKIP() << "no junqi-bot program in this build";
  const FourRuleset rules = FourRuleset::worldAtPlay();
  std::array<std::unique_ptr<FourAgent>, kArmies> agents;
  std::array<FourAgent*, kArmies> seats{};
  for (int army = 0; army < kArmies; ++army) {
    if (army % 2 == 0)
      agents[static_cast<std::size_t>(army)] = std::make_unique<FourExternalAgent>("bot", bot + " --four-agent heuristic", 30);
    else
      agents[static_cast<std::size_t>(army)] = makeFourAgent("random");
    seats[static_cast<std::size_t>(army)] = agents[static_cast<std::size_t>(army)].get();
  }
  std::string forfeit;
  const FourGame game = playFourGame(seats, rules, fourMatchLayouts(rules, 3, 0), 9, 3000, &forfeit);
  EXPECT_TRUE(game.isOver());
  EXPECT_NE(game.outcome().reason, Termination::Forfeit) << forfeit;
  EXPECT_GT(game.position().ply(), 20) << terminationName(game.outcome().reason);
}

TEST(FourProtocol, ABotThatSendsAnIllegalMoveForfeitsForItsTeamAndIsNamed) {
  const std::string script =
      "sh -c 'while read -r c rest; do case $c in jbp) echo variants four; echo jbpok;; newgame) echo ready;; "
      "go) echo move G9-I9;; esac; done'";
  const FourRuleset rules = FourRuleset::worldAtPlay();
  std::array<std::unique_ptr<FourAgent>, kArmies> agents;
  std::array<FourAgent*, kArmies> seats{};
  for (int army = 0; army < kArmies; ++army) {
    if (army == 1)
      agents[1] = std::make_unique<FourExternalAgent>("bad", script, 10);
    else
      agents[static_cast<std::size_t>(army)] = makeFourAgent("random");
    seats[static_cast<std::size_t>(army)] = agents[static_cast<std::size_t>(army)].get();
  }
  std::string forfeit;
  const FourGame game = playFourGame(seats, rules, fourMatchLayouts(rules, 3, 0), 9, 3000, &forfeit);
  EXPECT_EQ(game.outcome().reason, Termination::Forfeit);
  EXPECT_EQ(game.outcome().winningTeam, 0);
  EXPECT_EQ(forfeit, "east (bad) sent an illegal move G9-I9");
}

TEST(FourProtocol, ABotThatDoesNotPlayFourPlayerJunqiIsRefusedAtTheStart) {
  try {
    FourExternalAgent classicOnly("old", "sh -c 'read l; echo variants classic flip; echo jbpok; sleep 5'", 10);
    FAIL() << "a bot without the four variant was accepted";
  } catch (const BotFailure& e) {
    EXPECT_STREQ(e.what(), "does not play four-player Junqi (its variants: classic flip)");
  }
}

}  // namespace
}  // namespace junqi
