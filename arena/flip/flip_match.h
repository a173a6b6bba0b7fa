// Matches of Flip Junqi agents: the game's adapter to the one match
// (arena/paired_match.h: each deal, the game's only chance event, is played
// twice with the seats swapped; records, ratings, SPRT, reports, resumption,
// games in progress in live/). `junqi match --rules flip-kawu` runs one.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "arena/paired_match.h"
#include "core/flip/flip_game.h"
#include "search/flip/flip_agent.h"

namespace junqi {

// Flip Junqi as the match sees it: records game-NNNNN.jqf, the first player
// of a game takes seat 1. It has no layouts (no start book) and no clock.
struct FlipMatchGame {
  using Options = PairedMatchOptions<FlipMatchGame>;
  using Rules = FlipRuleset;
  using Outcome = junqi::Outcome;
  using Start = FlipDeal;
  static constexpr std::string_view kVariant = "flip";
  static constexpr std::string_view kTitle = "Flip Junqi";
  static constexpr std::string_view kExtension = "jqf";
  static constexpr int kMaxPlies = 2000;
  static constexpr ScheduleOrder kOrder = ScheduleOrder::PairingByPairing;

  static std::string rulesText(const Options& o) { return o.rules.toString(); }
  static void checkOptions(const Options& o);
  static void checkPlayer(const MatchPlayer& player);
  static void startBot(const Options& o, const MatchPlayer& bot, const std::string& log);
  static FlipDeal pairStart(const Options& o, int pair);
  static FlipDeal gameStart(const Options& o, int game);
  static PlayedRecord<Outcome> playRecord(const Options& o, const PairedGame& g, const FlipDeal& deal,
                                          const std::string& livePath);
  static RecordedGame<Outcome> readRecord(const std::string& text);
  static double firstScore(const Outcome& o) { return o.scoreFor(Seat::Red); }
  static bool paired(const Options&) { return true; }
  static nlohmann::json matchConfig(const Options& o, bool freshStarts, const MatchPath& path) {
    return pairedMatchConfig(std::string(kVariant), o.rules.toString(), o, freshStarts, path);
  }
  static std::string extraReport(const Options&, const std::vector<PairedMatchResult<FlipMatchGame>>&) { return ""; }
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
// agent's illegal action is a bug (std::logic_error). `onAction` (if given)
// sees the game after each action (a match's live/ record).
FlipGame playFlipGame(FlipAgent& first, FlipAgent& second, const FlipRuleset& rules, const FlipDeal& deal,
                      std::uint64_t gameSeed, int maxPlies, std::string* forfeitReason = nullptr,
                      const std::function<void(const FlipGame&)>& onAction = {});

}  // namespace junqi
