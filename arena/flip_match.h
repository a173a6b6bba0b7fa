// Matches of Flip Junqi agents: the same fairness as classic matches (each
// deal, the game's only chance event, is played twice with the seats
// swapped), N games at a time, a record of every game (core/flip_record.h),
// Elo with intervals and the pairing table, and resumption (a match run again
// in the same directory plays only the games not yet recorded). `junqi match
// --rules flip-kawu` runs one.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "arena/match.h"
#include "arena/match_runner.h"
#include "core/flip_game.h"
#include "search/flip_agent.h"

namespace junqi {

struct FlipMatchOptions {
  FlipRuleset rules;
  std::vector<MatchPlayer> players;  // flip agent specs (search/flip_agent.h) or bot commands (JBP)
  MatchSchedule schedule = MatchSchedule::RoundRobin;
  int pairs = 10;  // deals per pairing: two games each, seats swapped
  int concurrency = 1;
  std::uint64_t seed = 1;
  int maxPlies = 2000;       // then a draw is adjudicated
  double hangSeconds = 60;  // an external bot silent this long has hung: it forfeits
  std::string outDir;       // required: games/, match.json, ratings.txt, NAME.stderr.log
};

using FlipScheduledGame = PairedGame;  // `first` takes seat 1

struct FlipMatchResult {
  FlipScheduledGame game;
  Outcome outcome;
  int plies = 0;
  bool resumed = false;
};

struct FlipMatchSummary {
  std::vector<FlipMatchResult> results;  // in schedule order
  EloFit ratings;
  std::string table;
};

// The deal of pair `pair`, the same for every pairing of the match.
FlipDeal flipMatchDeal(std::uint64_t matchSeed, int pair);
// One game between two agents from the start of `deal`; a draw is adjudicated
// at maxPlies. An external bot that fails (BotFailure) or sends an illegal
// action forfeits, and `forfeitReason` (if given) says why; a built-in
// agent's illegal action is a bug (std::logic_error).
FlipGame playFlipGame(FlipAgent& first, FlipAgent& second, const FlipRuleset& rules, const FlipDeal& deal,
                      std::uint64_t gameSeed, int maxPlies, std::string* forfeitReason = nullptr);

class FlipMatch {
 public:
  // Throws std::invalid_argument for a bad configuration (no players, a bad
  // name or spec, a directory that holds another match).
  explicit FlipMatch(FlipMatchOptions options);
  const std::vector<FlipScheduledGame>& schedule() const { return schedule_; }
  // How many games of the schedule have a record in the directory.
  int recordedGames() const;
  FlipMatchSummary run(const std::function<void(const std::string&)>& progress = {});
  // Games played elsewhere (an MPI match): run() hands each game not yet recorded to `remote`.
  void playElsewhere(RemotePairedGames remote) { remote_ = std::move(remote); }
  // Plays game g and returns its record's text; writes nothing but an external bot's stderr log.
  std::string playRecord(const FlipScheduledGame& g) const;

 private:
  std::string recordPath(int index) const;
  void claimRunDirectory() const;
  std::optional<FlipMatchResult> loadRecorded(const FlipScheduledGame& g) const;
  std::unique_ptr<FlipAgent> makePlayer(int player) const;
  void checkBotsStart() const;
  FlipMatchResult play(const FlipScheduledGame& g) const;
  FlipMatchResult resultOf(const FlipScheduledGame& g, const std::string& record, bool resumed) const;
  std::vector<RatedGame> rated(const std::vector<FlipMatchResult>& results) const;
  std::vector<std::string> playerNames() const;

  FlipMatchOptions options_;
  std::vector<FlipScheduledGame> schedule_;
  RemotePairedGames remote_;
};

}  // namespace junqi
