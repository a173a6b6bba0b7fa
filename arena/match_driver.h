// The part of a match that is the same for every game (classic, Flip Junqi,
// four-player): the games played on several threads until done or stopped
// (Ctrl-C, an SPRT that decided, a failure), the progress line, the SPRT, and
// the reports: games.pgn, ratings.txt/json/csv and report.svg. A game's match
// (arena/match.h, arena/paired_match.h) schedules, plays and reads back its
// own games and hands them to these.
#pragma once

#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "arena/ratings.h"

namespace junqi {

// A match that Ctrl-C can stop: after the games in progress, with every
// finished game kept and the reports written (the same command resumes).
class StoppableMatch {
 public:
  void requestStop() { stop_ = true; }

 protected:
  std::atomic<bool> stop_{false};
};

// What every report of a match needs to know of it.
struct MatchReportSettings {
  std::string outDir;
  std::string ruleset;             // as the PGN's Ruleset tag names it
  std::vector<std::string> names;  // the players
  std::optional<SprtConfig> sprt;  // head-to-head only
  bool pairedSprt = true;          // the SPRT counts pairs (pentanomial), else games (trinomial)
};

// One game of games.pgn: the tags rating tools (Ordo, BayesElo) read.
struct PgnGame {
  int index = 0;
  int first = 0, second = 0;  // players: first is White
  std::string result;         // "1-0", "0-1", "1/2-1/2"
  std::string termination;
  int pair = 0;
  int plies = 0;
  std::string version;  // of the program that played it; empty: unknown
};

// The PGN result token of a score from the first player's view.
std::string pgnResult(double firstScore);

// The SPRT's status on these games (none without an SPRT).
std::optional<SprtStatus> matchSprtStatus(const MatchReportSettings& s, const std::vector<RatedGame>& games);

// "games 12/40 | a vs b +5 =1 -6 | Elo ... | LLR ... | 3.2 games/min (...) | ETA 0:08:45".
// `cpuNote` says where the CPU time went ("4.1 a CPU-minute"); empty: not shown.
struct MatchProgress {
  std::size_t total = 0;
  int playedNow = 0;  // games played by this run
  int remaining = 0;
  double seconds = 0;
  std::string cpuNote;
};
std::string matchProgressLine(const MatchReportSettings& s, const std::vector<RatedGame>& games,
                              const MatchProgress& p);

// Writes games.pgn, ratings.txt/json/csv and report.svg into the match's
// directory; `ratings` gets the fit and the returned text is the printed table.
std::string writeMatchReports(const MatchReportSettings& s, const std::vector<RatedGame>& games,
                              const std::vector<PgnGame>& pgn, EloFit& ratings);

// Plays the games `todo` (indices into `done`) on `places` threads, each
// game by `play(index, place)`, until all are done or `stop` is set (games in
// progress finish). After each game `afterGame` gets the finished results in
// schedule order and how many are left (it may set `stop`). The first
// exception stops new games and is rethrown once the running ones end. Returns
// the finished results in schedule order.
template <class Result>
std::vector<Result> driveMatchGames(std::vector<std::optional<Result>> done, const std::vector<int>& todo, int places,
                                    std::atomic<bool>& stop, const std::function<Result(int index, int place)>& play,
                                    const std::function<void(const std::vector<Result>&, int remaining)>& afterGame) {
  const auto finished = [&done] {
    std::vector<Result> out;
    for (const auto& r : done)
      if (r) out.push_back(*r);
    return out;
  };
  std::mutex mutex;
  std::exception_ptr failure;
  std::size_t next = 0;
  int remaining = static_cast<int>(todo.size());
  const auto worker = [&](int place) {
    for (;;) {
      int index;
      {
        std::lock_guard lock(mutex);
        if (stop || next >= todo.size()) return;
        index = todo[next++];
      }
      std::optional<Result> r;
      try {
        r = play(index, place);
      } catch (...) {
        // E.g. a record that cannot be written (a full disk): the games in
        // progress finish, no new one starts, and the first error is rethrown.
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        stop = true;
        continue;
      }
      std::lock_guard lock(mutex);
      done[static_cast<std::size_t>(index)] = std::move(r);
      --remaining;
      if (afterGame) afterGame(finished(), remaining);
    }
  };
  const int threads = std::max(1, std::min<int>(places, static_cast<int>(todo.size())));
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, t);
  for (auto& th : pool) th.join();
  if (failure) std::rethrow_exception(failure);
  return finished();
}

}  // namespace junqi
