// JBP for Flip Junqi (docs/protocol.md, "Flip Junqi"): the bot end through
// string streams, and the arbiter end (FlipExternalAgent) against junqi-bot.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "arena/flip/flip_match.h"
#include "core/flip/flip_notation.h"
#include "jbp/flip/flip_bot_agent.h"
#include "jbp/protocol_bot.h"
#include "search/registry.h"
#include "tests/support/bot_program.h"

namespace junqi {
namespace {

constexpr std::string_view kStart =
    R"(flip ?????/?????/?1?1?/??1??/?1?1?/?????/?????/?1?1?/??1??/?1?1?/?????/????? 1 - -- - 0 0)";

// The lines a bot with a flip agent (or none) writes for `input`, info lines left out.
std::vector<std::string> serveFlip(FlipAgent* flip, const std::string& input) {
  const auto classic = makeAgent("random");
  std::istringstream in(input);
  std::ostringstream out;
  jbp::serveBot(*classic, flip, in, out);
  std::vector<std::string> lines;
  std::istringstream text(out.str());
  for (std::string line; std::getline(text, line);)
    if (!line.starts_with("info ")) lines.push_back(line);
  return lines;
}

TEST(FlipProtocol, ABotWithAFlipAgentListsTheVariantAndPlaysThePositionItIsSent) {
  const auto flip = makeFlipAgent("heuristic");
  const auto lines = serveFlip(flip.get(), "jbp 1\nnewgame variant flip ruleset flip-kawu seat 1 seed 5\nposition " +
                                               std::string(kStart) + "\ngo\nquit\n");
  ASSERT_GE(lines.size(), 5u);
  EXPECT_EQ(lines[3], "variants classic flip");
  EXPECT_EQ(lines[6], "ready");
  ASSERT_TRUE(lines.back().starts_with("move "));
  const auto square = parseSquare(lines.back().substr(5));
  ASSERT_TRUE(square) << lines.back() << ": a flip, the only action at the start";
  EXPECT_TRUE(FlipPosition(FlipRuleset::kawu()).isFaceDown(*square));
}

TEST(FlipProtocol, MistakesAreErrorsNamingWhatWasWrong) {
  const auto flip = makeFlipAgent("random");
  EXPECT_EQ(serveFlip(nullptr, "newgame variant flip ruleset flip-kawu seat 1\n").back(),
            "error newgame: this bot does not play Flip Junqi");
  EXPECT_EQ(serveFlip(flip.get(), "newgame variant flip ruleset flip-kawu seat 1\ngo\n").back(),
            "error go: go before position");
  EXPECT_EQ(serveFlip(flip.get(), "newgame variant classic ruleset hiddenfront seat red\nposition x\n").back(),
            "error position: position is for Flip Junqi games");
  EXPECT_EQ(serveFlip(flip.get(), "newgame variant flip ruleset flip-kawu seat 1\nposition flip x\n").back(),
            "error position: flip position: expected 'flip <board> <to move> <colours> <last flips> <lost> "
            "<quiet> <ply>' (8 fields)");
  EXPECT_EQ(serveFlip(flip.get(), "newgame variant flip ruleset hiddenfront seat 1\n").back(),
            "error newgame: unknown flip ruleset preset 'hiddenfront' (known: flip-worldatplay, flip-kawu)");
}

TEST(FlipProtocol, JunqiBotPlaysWholeFlipGamesForTheArbiter) {
  const std::string bot = matchtest::botProgram();
  if (bot.empty()) GTEST_SKIP() << "no junqi-bot program in this build";
  FlipExternalAgent first("bot", bot + " --flip-agent mcts:sims=30", 30);
  const auto second = makeFlipAgent("heuristic");
  std::string forfeit;
  const FlipGame game = playFlipGame(first, *second, FlipRuleset::worldAtPlay(), flipMatchDeal(3, 0), 9, 3000, &forfeit);
  EXPECT_TRUE(game.isOver());
  EXPECT_NE(game.outcome().reason, Termination::Forfeit) << forfeit;
  EXPECT_GT(game.position().ply(), 20) << terminationName(game.outcome().reason);
}

TEST(FlipProtocol, ABotThatSendsAnIllegalActionForfeitsAndIsNamed) {
  // Answers every go with a move, before any colour is decided.
  const std::string script =
      "sh -c 'while read -r c rest; do case $c in jbp) echo variants flip; echo jbpok;; newgame) echo ready;; "
      "go) echo move A1-A2;; esac; done'";
  FlipExternalAgent bad("bad", script, 10);
  const auto other = makeFlipAgent("random");
  std::string forfeit;
  const FlipGame game = playFlipGame(bad, *other, FlipRuleset::kawu(), flipMatchDeal(3, 0), 9, 100, &forfeit);
  EXPECT_EQ(game.outcome(), (Outcome{Termination::Forfeit, Seat::Blue}));
  EXPECT_EQ(forfeit,
            "seat 1 (bad) sent an illegal action A1-A2: until the colours are decided both players may only flip");
}

TEST(FlipProtocol, ABotThatDoesNotPlayFlipIsRefusedAtTheStart) {
  try {
    FlipExternalAgent classicOnly("old", "sh -c 'read l; echo variants classic; echo jbpok; sleep 5'", 10);
    FAIL() << "a bot without the flip variant was accepted";
  } catch (const BotFailure& e) {
    EXPECT_STREQ(e.what(), "does not play Flip Junqi (its variants: classic)");
  }
}

}  // namespace
}  // namespace junqi
