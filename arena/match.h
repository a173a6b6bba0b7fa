// The classic match in the terms its callers have always used (the tools,
// training's rating matches, distributed/ MPI matches): head-to-head,
// round-robin and gauntlet matches between agents (built-in by spec string,
// or external bots by command line through JBP), played N at a time, with fair
// pairing (each pair of layouts, the opening, is played twice with seats
// swapped; with external bots each game has layouts of its own, seats still
// swapped by pairs), records of every game, a PGN-like game list that Ordo and
// BayesElo read, a live progress line, Elo by maximum likelihood with
// intervals, pentanomial statistics, an SPRT that stops a head-to-head match
// as soon as it decides, and resumption: a match run again in the same
// directory plays only the games not yet recorded.
//
// It is the one match of every game (arena/paired_match.h) over the classic
// adapter (arena/classic/classic_match.h); this header names its games' seats Red and
// Blue and hands games played elsewhere their seeds.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "arena/classic/classic_match.h"
#include "arena/match_driver.h"
#include "arena/paired_match.h"
#include "arena/ratings.h"
#include "core/classic/layout.h"
#include "core/outcome.h"

namespace junqi {

// One game of the schedule.
struct ScheduledGame {
  int index = 0;
  int red = 0, blue = 0;  // player indices
  int pair = 0;           // layout pair (the two games of a pair share it, unless external bots play)
  std::optional<Layout> redLayout, blueLayout;  // none: the agent chooses (--agent-layouts)
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

class Match : public PairedMatch<ClassicMatchGame> {
 public:
  // Throws std::invalid_argument for a bad configuration (no players, duplicate
  // names or names that are not plain identifiers, an agent spec that does not parse, an unreadable layout book, an
  // SPRT outside head-to-head, a run directory holding another match).
  explicit Match(MatchOptions options);

  const std::vector<ScheduledGame>& schedule() const { return schedule_; }
  // Plays every scheduled game not yet recorded; `progress` gets a line after
  // each game. Writes records as games finish and the reports at the end;
  // with `live`, while a game is played its record so far is in DIR/live/ (for
  // onlookers: junqi serve --match), written at most every half second.
  // First starts each external bot once: one that does not get through the
  // handshake stops the match with a std::runtime_error naming it, saying why
  // and quoting the start of its standard error (nothing is played).
  // requestStop() (StoppableMatch): stop after the games in progress (e.g. on
  // Ctrl-C); run() then writes the reports of the games finished.
  MatchSummary run(const std::function<void(const std::string&)>& progress = {});

  // Games played elsewhere (the ranks of an MPI match): run() then plays on
  // `places` threads, each handing its games to `player(place, game,
  // oneSeedForBoth)`, which returns the game's record as playRecord() makes
  // it and the CPU seconds it took there; run() writes and rates it as a game
  // played here, and its progress counts the CPU seconds.
  using RemoteGame = junqi::RemoteGame;
  using RemotePlayer = std::function<RemoteGame(int place, const ScheduledGame& game, bool oneSeedForBoth)>;
  void playElsewhere(RemotePlayer player, int places);
  // Plays a scheduled game (with the seeds of its directory: `oneSeedForBoth`
  // for one begun before seat seeds) and returns its record's text; writes
  // nothing but an external bot's stderr log.
  std::string playRecord(const ScheduledGame& g, bool oneSeedForBoth) const;

 private:
  std::vector<ScheduledGame> schedule_;
};

}  // namespace junqi
