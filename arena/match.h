// The match harness: head-to-head, round-robin and gauntlet matches between
// agents (built-in by spec string, or external bots by command line through
// JBP), played N at a time, with fair pairing (each pair of layouts, the
// opening, is played twice with seats swapped; with external bots each game
// has layouts of its own, seats still swapped by pairs), records of every game, a
// PGN-like game list that Ordo and BayesElo read, a live progress line, Elo by
// maximum likelihood with intervals, pentanomial statistics, an SPRT that stops
// a head-to-head match as soon as it decides, and resumption: a match run
// again in the same directory plays only the games not yet recorded.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/layout.h"
#include "core/outcome.h"
#include "core/record.h"
#include "core/ruleset.h"
#include "arena/match_driver.h"
#include "arena/ratings.h"

namespace junqi {

struct MatchPlayer {
  std::string name;     // as shown in tables and PGN (unique; letters, digits, '-', '_', '.', not starting with '.')
  std::string agent;    // an agent spec (search/registry.h), or
  std::string command;  // an external bot's command line (JBP)
};

enum class MatchSchedule { RoundRobin, Gauntlet };  // gauntlet: the first player against each other one

struct MatchOptions {
  Ruleset ruleset;
  std::vector<MatchPlayer> players;
  MatchSchedule schedule = MatchSchedule::RoundRobin;
  int pairs = 10;         // layout pairs per pairing: two games each, seats swapped
  int concurrency = 1;    // games at once
  std::uint64_t seed = 1;
  int maxPlies = 2000;    // then a draw is adjudicated
  double moveSeconds = 0;  // time per move; 0: none
  bool rulesetClock = false;  // late moves follow the ruleset's clock rules instead of forfeiting
  double hangSeconds = 60;    // an external bot silent this long (no move time) has hung
  std::string layoutBook;     // a file of "red-layout blue-layout" lines; else generated per pair
  bool agentLayouts = false;  // the agents choose their own layouts (no opening pairs)
  // Write each game in progress to DIR/live/ for onlookers (junqi serve --match).
  // Off by default: a live record holds both layouts while the game goes on,
  // and an external bot running on this machine could read it.
  bool live = false;
  std::string outDir;         // required: records, games.pgn, ratings.*, report.svg
  // A directory that holds the match and files its players use, and may be
  // moved: match.json writes paths under it as "$ROOT", so that the match
  // still resumes from its new place (training runs pass their run directory).
  std::string movableRoot;
  std::optional<SprtConfig> sprt;  // head-to-head only
  // A rank of an MPI match that only plays the games rank 0 sends it
  // (distributed/mpi_match.h): its directory is neither claimed nor written.
  bool remoteRank = false;
};

// One game of the schedule.
struct ScheduledGame {
  int index = 0;
  int red = 0, blue = 0;  // player indices
  int pair = 0;           // layout pair (the two games of a pair share it, unless external bots play)
  std::optional<Layout> redLayout, blueLayout;
  std::uint64_t seed = 0;
};

struct MatchGameResult {
  ScheduledGame game;
  Outcome outcome;
  std::string detail;
  int plies = 0;
  bool resumed = false;  // read back from an earlier run's record
  std::string version;   // of the program that played it (core/version.h); empty: unknown (an older record)
};

struct MatchSummary {
  std::vector<MatchGameResult> results;  // finished games in schedule order
  EloFit ratings;
  std::optional<SprtStatus> sprt;
  bool stoppedEarly = false;  // the SPRT decided before the schedule was done
  std::string table;          // the printed rating table
};

class Match : public StoppableMatch {
 public:
  // Throws std::invalid_argument for a bad configuration (no players, duplicate
  // names or names that are not plain identifiers, an agent spec that does not parse, an unreadable layout book, an
  // SPRT outside head-to-head, a run directory holding another match).
  explicit Match(MatchOptions options);

  const std::vector<ScheduledGame>& schedule() const { return schedule_; }
  // How many games of the schedule have a finished record in the directory.
  int recordedGames() const;
  // Plays every scheduled game not yet recorded; `progress` gets a line after
  // each game. Writes records as games finish and the reports at the end;
  // with `live`, while a game is played its record so far is in DIR/live/ (for
  // onlookers: junqi serve --match), written at most every half second.
  // First starts each external bot once: one that does not get through the
  // handshake stops the match with a std::runtime_error naming it, saying why
  // and quoting the start of its standard error (nothing is played).
  MatchSummary run(const std::function<void(const std::string&)>& progress = {});
  // requestStop() (StoppableMatch): stop after the games in progress (e.g. on
  // Ctrl-C); run() then writes the reports of the games finished.

  // Games played elsewhere (the ranks of an MPI match): run() then plays on
  // `places` threads, each handing its games to `player(place, game,
  // oneSeedForBoth)`, which returns the game's record as playRecord() makes
  // it and the CPU seconds it took there; run() writes and rates it as a game
  // played here, and its progress counts the CPU seconds.
  struct RemoteGame {
    std::string record;
    double cpuSeconds = 0;
  };
  using RemotePlayer = std::function<RemoteGame(int place, const ScheduledGame& game, bool oneSeedForBoth)>;
  void playElsewhere(RemotePlayer player, int places);
  // Plays a scheduled game (with the seeds of its directory: `oneSeedForBoth`
  // for one begun before seat seeds) and returns its record's text; writes
  // nothing but an external bot's stderr log.
  std::string playRecord(const ScheduledGame& g, bool oneSeedForBoth) const;

 private:
  // Writes match.json, or checks that the one there is this match's; true when
  // it was written before game seeds were keyed (its games keep their old seeds).
  bool claimRunDirectory() const;
  std::pair<Layout, Layout> pairLayouts(const std::vector<std::pair<Layout, Layout>>& book, int p) const;
  Layout gameLayout(int index, Seat seat) const;
  std::string recordPath(int index) const;
  std::string livePath(int index) const;  // DIR/live/: the game while it is played
  std::string stderrLog(const MatchPlayer& bot) const;  // DIR/NAME.stderr.log
  void checkBotsStart() const;
  std::optional<MatchGameResult> loadRecorded(const ScheduledGame& g) const;
  MatchGameResult play(const ScheduledGame& g, int place) const;  // `place`: the thread
  std::pair<std::string, MatchGameResult> playHere(const ScheduledGame& g, bool oneSeedForBoth) const;
  MatchGameResult resultOf(const ScheduledGame& g, const GameRecord& record) const;
  std::vector<RatedGame> rated(const std::vector<MatchGameResult>& results) const;
  MatchReportSettings reportSettings() const;
  // Whether the SPRT (if any) has decided on these results; its status goes into `summary`.
  bool sprtDecided(const std::vector<MatchGameResult>& results, MatchSummary& summary) const;
  std::string progressLine(const std::vector<MatchGameResult>& results, double seconds, double cpuSeconds,
                           int remaining) const;
  void writeReports(MatchSummary& summary) const;

  MatchOptions options_;
  std::vector<ScheduledGame> schedule_;
  bool botsPlay_ = false;      // external bots play: the seed is kept from their sight (docs/match.md)
  bool freshLayouts_ = false;  // every game has layouts of its own instead of replaying its pair's
  bool legacySeeds_ = false;  // a directory begun before keyed seeds: its games keep their old seeds
  RemotePlayer remote_;
  int places_ = 0;
  mutable std::atomic<double> remoteCpuSeconds_{0};  // of the games played elsewhere by this run
};

}  // namespace junqi
