// Matches of four-player agents, team against team: in each game one
// player's agent plays both armies of one team (south and north, or east and
// west) and the other player's agent the other team. Each deal of four
// layouts is played twice, the teams swapping seats (the layouts stay with
// their seats), so both players meet the same armies from both sides. A
// record of every game (core/four_record.h), Elo of the players from the team
// results with intervals and the pairing table, and resumption as for every
// match. A player may be a mixed team ("ismcts+heuristic"); then the agents
// are also rated by the team model (arena/team_ratings.h). `junqi match
// --rules four-worldatplay` runs one.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "arena/match.h"
#include "arena/match_runner.h"
#include "core/four_game.h"
#include "search/four_agent.h"

namespace junqi {

struct FourMatchOptions {
  FourRuleset rules;
  // Four-player agent specs (search/four_agent.h), "A+B" (teamSpecs), or bot
  // commands (JBP, docs/protocol.md: one process an army and game).
  std::vector<MatchPlayer> players;
  MatchSchedule schedule = MatchSchedule::RoundRobin;
  int pairs = 10;  // deals per pairing: two games each, the teams swapping seats
  int concurrency = 1;
  std::uint64_t seed = 1;
  int maxPlies = 3000;  // then a draw is adjudicated
  double hangSeconds = 60;  // an external bot silent this long has hung: its team forfeits
  std::string outDir;   // required: games/, match.json, ratings.txt
};

using FourScheduledGame = PairedGame;  // `first` takes south and north

struct FourMatchResult {
  FourScheduledGame game;
  FourOutcome outcome;
  int plies = 0;
  bool resumed = false;
};

struct FourMatchSummary {
  std::vector<FourMatchResult> results;  // in schedule order
  EloFit ratings;
  std::string table;
};

// A player's agent spec for its team's two armies: "SPEC" plays both, and
// "FIRST+SECOND" a mixed team (FIRST south or east, SECOND north or west).
std::array<std::string, 2> teamSpecs(const std::string& agent);

// The four layouts of pair `pair` (random legal ones), the same for every pairing.
std::array<Layout, kArmies> fourMatchLayouts(const FourRuleset& rules, std::uint64_t matchSeed, int pair);
// One game: seats[a] plays army a. A draw is adjudicated at maxPlies; a
// built-in agent's illegal move is a bug (std::logic_error); an external
// bot that fails or moves illegally forfeits the game for its team, and
// `forfeitReason` says why.
FourGame playFourGame(const std::array<FourAgent*, kArmies>& seats, const FourRuleset& rules,
                      const std::array<Layout, kArmies>& layouts, std::uint64_t gameSeed, int maxPlies,
                      std::string* forfeitReason = nullptr);

class FourMatch {
 public:
  // Throws std::invalid_argument for a bad configuration (fewer than two
  // players, a bad name or spec, a directory that holds another match).
  explicit FourMatch(FourMatchOptions options);
  const std::vector<FourScheduledGame>& schedule() const { return schedule_; }
  FourMatchSummary run(const std::function<void(const std::string&)>& progress = {});
  // Games played elsewhere (an MPI match): run() hands each game not yet recorded to `remote`.
  void playElsewhere(RemotePairedGames remote) { remote_ = std::move(remote); }
  // Plays game g and returns its record's text; writes nothing but an external bot's stderr log.
  std::string playRecord(const FourScheduledGame& g) const;

 private:
  std::string recordPath(int index) const;
  std::optional<FourMatchResult> loadRecorded(const FourScheduledGame& g) const;
  FourMatchResult play(const FourScheduledGame& g) const;
  FourMatchResult resultOf(const FourScheduledGame& g, const std::string& record, bool resumed) const;
  std::unique_ptr<FourAgent> makeArmy(int player, int army) const;
  void checkBotsStart() const;
  std::vector<RatedGame> rated(const std::vector<FourMatchResult>& results) const;
  std::vector<std::string> playerNames() const;
  std::string teamTable(const std::vector<FourMatchResult>& results) const;

  FourMatchOptions options_;
  std::vector<FourScheduledGame> schedule_;
  RemotePairedGames remote_;
};

}  // namespace junqi
