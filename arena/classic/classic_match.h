// Matches of classic Junqi agents: the game's adapter to the one match
// (arena/paired_match.h): each layout pair is played twice with the seats
// swapped, its layouts drawn from the match seed or read from a layout book,
// or left to the agents (--agent-layouts); games on a clock; records
// game-NNNNN.jqr. arena/match.h gives it the classic terms its callers use
// (Match, ScheduledGame with red and blue).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "arena/paired_match.h"
#include "core/classic/layout.h"
#include "core/classic/ruleset.h"
#include "core/outcome.h"

namespace junqi {

struct MatchOptions : MatchSettings {
  Ruleset ruleset;
  bool agentLayouts = false;  // the agents choose their own layouts (no opening pairs)
};

// Classic Junqi as the match sees it: the first player of a game is Red.
struct ClassicMatchGame {
  using Options = MatchOptions;
  using Rules = Ruleset;
  using Outcome = junqi::Outcome;
  using Start = std::array<std::optional<Layout>, 2>;  // Red's and Blue's layout; none: the agent chooses
  static constexpr std::string_view kVariant = "classic";
  static constexpr std::string_view kTitle = "classic Junqi";
  static constexpr std::string_view kExtension = "jqr";
  static constexpr int kMaxPlies = 2000;
  static constexpr ScheduleOrder kOrder = ScheduleOrder::PairByPair;

  static std::string rulesText(const Options& o) { return o.ruleset.toString(); }
  static void checkOptions(const Options& o);
  static void checkPlayer(const MatchPlayer& player);
  static void startBot(const Options& o, const MatchPlayer& bot, const std::string& log);
  static Start pairStart(const Options& o, int pair);
  static Start gameStart(const Options& o, int game);
  // "RED-LAYOUT BLUE-LAYOUT", each checked against the ruleset.
  static Start parseStart(const Options& o, const std::string& line);
  static PlayedRecord<Outcome> playRecord(const Options& o, const PairedGame& g, const Start& start,
                                          const std::string& livePath);
  static RecordedGame<Outcome> readRecord(const std::string& text);
  static double firstScore(const Outcome& o) { return o.scoreFor(Seat::Red); }
  static bool paired(const Options& o) { return !o.agentLayouts; }
  static nlohmann::json matchConfig(const Options& o, bool freshStarts, const MatchPath& path);
  static std::string extraReport(const Options&, const std::vector<PairedMatchResult<ClassicMatchGame>>&) {
    return "";
  }
};

}  // namespace junqi
