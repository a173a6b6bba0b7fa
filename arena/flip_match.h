// Matches of Flip Junqi agents: the game's adapter to the paired match
// (arena/paired_match.h: each deal, the game's only chance event, is played
// twice with the seats swapped; records, ratings, SPRT, reports, resumption).
// `junqi match --rules flip-kawu` runs one.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "arena/paired_match.h"
#include "core/flip_game.h"
#include "search/flip_agent.h"

namespace junqi {

// Flip Junqi as the paired match sees it: records game-NNNNN.jqf, the first
// player of a game takes seat 1.
struct FlipMatchGame {
  using Rules = FlipRuleset;
  using Outcome = junqi::Outcome;
  using Start = FlipDeal;
  static constexpr std::string_view kVariant = "flip";
  static constexpr std::string_view kTitle = "Flip Junqi";
  static constexpr std::string_view kExtension = "jqf";
  static constexpr int kMaxPlies = 2000;

  static void checkPlayer(const MatchPlayer& player);
  static void checkBotStarts(const MatchPlayer& bot, double hangSeconds, const std::string& log);
  static FlipDeal pairStart(const FlipRuleset& rules, std::uint64_t matchSeed, int pair);
  static FlipDeal gameStart(const FlipRuleset& rules, std::uint64_t matchSeed, int game);
  static std::string playRecord(const PairedMatchOptions<FlipMatchGame>& o, const PairedGame& g, const FlipDeal& deal,
                                std::uint64_t gameSeed);
  static std::pair<Outcome, int> readRecord(const std::string& text);
  static double firstScore(const Outcome& o) { return !o.winner ? 0.5 : *o.winner == Seat::Red ? 1.0 : 0.0; }
  static std::string termination(const Outcome& o) { return std::string(terminationName(o.reason)); }
  static std::string extraReport(const PairedMatchOptions<FlipMatchGame>&,
                                 const std::vector<PairedMatchResult<FlipMatchGame>>&) {
    return "";
  }
};

using FlipMatchOptions = PairedMatchOptions<FlipMatchGame>;
using FlipMatch = PairedMatch<FlipMatchGame>;
using FlipScheduledGame = PairedGame;
using FlipMatchResult = PairedMatchResult<FlipMatchGame>;
using FlipMatchSummary = PairedMatchSummary<FlipMatchGame>;

// The deal of pair `pair`, the same for every pairing of the match.
FlipDeal flipMatchDeal(std::uint64_t matchSeed, int pair);
// One game between two agents from the start of `deal`; a draw is adjudicated
// at maxPlies. An external bot that fails (BotFailure) or sends an illegal
// action forfeits, and `forfeitReason` (if given) says why; a built-in
// agent's illegal action is a bug (std::logic_error).
FlipGame playFlipGame(FlipAgent& first, FlipAgent& second, const FlipRuleset& rules, const FlipDeal& deal,
                      std::uint64_t gameSeed, int maxPlies, std::string* forfeitReason = nullptr);

}  // namespace junqi
