// Matches of four-player agents, team against team: the game's adapter to the
// paired match (arena/paired_match.h). In each game one player's agent plays
// both armies of one team (south and north, or east and west) and the other
// player's agent the other team. Each deal of four layouts is played twice,
// the teams swapping seats (the layouts stay with their seats), so both
// players meet the same armies from both sides. A player may be a mixed team
// ("ismcts+heuristic"); then the agents are also rated by the team model
// (arena/four/team_ratings.h, DIR/team-ratings.txt). `junqi match --rules
// four-worldatplay` runs one.
#pragma once

#include <array>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "arena/paired_match.h"
#include "core/four/four_game.h"
#include "search/four/four_agent.h"

namespace junqi {

// Four-player Junqi as the paired match sees it: records game-NNNNN.jq4, the
// first player of a game takes south and north. A player is a four-player
// agent spec (search/four/four_agent.h), "A+B" (teamSpecs), or a bot command (JBP,
// docs/protocol.md: one process an army and game).
struct FourMatchGame {
  using Options = PairedMatchOptions<FourMatchGame>;
  using Rules = FourRuleset;
  using Outcome = FourOutcome;
  using Start = std::array<Layout, kArmies>;
  static constexpr std::string_view kVariant = "four";
  static constexpr std::string_view kTitle = "four-player";
  static constexpr std::string_view kExtension = "jq4";
  static constexpr int kMaxPlies = 3000;
  static constexpr ScheduleOrder kOrder = ScheduleOrder::PairingByPairing;

  static std::string rulesText(const Options& o) { return o.rules.toString(); }
  static void checkOptions(const Options& o);
  static void checkPlayer(const MatchPlayer& player);
  static void startBot(const Options& o, const MatchPlayer& bot, const std::string& log);
  static Start pairStart(const Options& o, int pair);
  static Start gameStart(const Options& o, int game);
  // A line of a layout book: the four layouts, south, east, north, west (each as its army sees it).
  static Start parseStart(const Options& o, const std::string& line);
  static PlayedRecord<Outcome> playRecord(const Options& o, const PairedGame& g, const Start& layouts,
                                          const std::string& livePath);
  static RecordedGame<Outcome> readRecord(const std::string& text);
  static double firstScore(const Outcome& o) { return !o.winningTeam ? 0.5 : *o.winningTeam == 0 ? 1.0 : 0.0; }
  static bool paired(const Options&) { return true; }
  static nlohmann::json matchConfig(const Options& o, bool freshStarts, const MatchPath& path) {
    return pairedMatchConfig(std::string(kVariant), o.rules.toString(), o, freshStarts, path);
  }
  // With a mixed team: the agents rated by the team model, also written to DIR/team-ratings.txt.
  static std::string extraReport(const Options& o, const std::vector<PairedMatchResult<FourMatchGame>>& results);
};

using FourMatchOptions = PairedMatchOptions<FourMatchGame>;
using FourMatch = PairedMatch<FourMatchGame>;
using FourScheduledGame = PairedGame;
using FourMatchResult = PairedMatchResult<FourMatchGame>;
using FourMatchSummary = PairedMatchSummary<FourMatchGame>;

// A player's agent spec for its team's two armies: "SPEC" plays both, and
// "FIRST+SECOND" a mixed team (FIRST south or east, SECOND north or west).
std::array<std::string, 2> teamSpecs(const std::string& agent);

// The four layouts of pair `pair` (random legal ones), the same for every pairing.
std::array<Layout, kArmies> fourMatchLayouts(const FourRuleset& rules, std::uint64_t matchSeed, int pair);
// One game: seats[a] plays army a. A draw is adjudicated at maxPlies; a
// built-in agent's illegal move is a bug (std::logic_error); an external
// bot that fails or moves illegally forfeits the game for its team, and
// `forfeitReason` says why. `onAction` (if given) sees the game after each
// move (a match's live/ record).
FourGame playFourGame(const std::array<FourAgent*, kArmies>& seats, const FourRuleset& rules,
                      const std::array<Layout, kArmies>& layouts, std::uint64_t gameSeed, int maxPlies,
                      std::string* forfeitReason = nullptr, const std::function<void(const FourGame&)>& onAction = {});

}  // namespace junqi
