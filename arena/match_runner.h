// What every match of paired games shares, whatever the game: its run
// directory (match.json claims it; a rerun with other settings is refused),
// the progress line, games played on several threads, and the final table.
// FlipMatch and FourMatch are built from these.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "arena/match.h"
#include "arena/ratings.h"

namespace junqi {

// One game of a match between two players over paired starts: each start
// (`pair`) is played twice, the players swapping seats.
struct PairedGame {
  int index = 0;
  int first = 0, second = 0;  // player indices: `first` takes the first seat (or team)
  int pair = 0;               // the start both games of a pair share
};
// Every pairing of the schedule, `pairs` starts each, both seatings of each.
std::vector<PairedGame> pairedSchedule(int players, MatchSchedule schedule, int pairs);
// The game as rated, `score` from the first player's view, its pair told
// apart from every other pairing's.
RatedGame ratedPairedGame(const PairedGame& g, double score, int pairs);

// Refuses, with std::invalid_argument, a match without two players or a run
// directory, or with two players of one name; then `check` each player (it
// throws for one the match cannot use).
void checkMatchPlayers(const std::vector<MatchPlayer>& players, const std::string& outDir,
                       const std::function<void(const MatchPlayer&)>& check);

// The settings a paired match writes to its match.json.
nlohmann::json pairedMatchConfig(const std::string& variant, const std::string& ruleset,
                                 const std::vector<MatchPlayer>& players, MatchSchedule schedule, int pairs,
                                 std::uint64_t seed, int maxPlies);

// Creates DIR/games and writes DIR/match.json, or checks that an existing one
// holds the same settings (std::invalid_argument otherwise).
void claimMatchDirectory(const std::string& outDir, const nlohmann::json& config);

// "games 12/40 | a vs b +5 =1 -6 | 3.2 games/min | ETA 0:08:45": the head to
// head for two players; rate and ETA from the games played by this run.
std::string matchProgressLine(const std::vector<std::string>& names, const std::vector<RatedGame>& games,
                              std::size_t total, int playedNow, double seconds, int remaining);

// Paired games played elsewhere (the ranks of an MPI match,
// distributed/mpi_match.h): `play(game)` returns the game's record as the
// match's playRecord() makes it, and the match writes and rates it as a game
// played here; `places` games at once.
struct RemotePairedGames {
  std::function<std::string(const PairedGame&)> play;
  int places = 0;
};

// Runs task(0..count-1) on up to `concurrency` threads; the first exception
// stops the rest from starting and is rethrown once the running ones end.
void runMatchTasks(std::size_t count, int concurrency, const std::function<void(std::size_t)>& task);

// The rating and pairing tables of the games, also written to DIR/ratings.txt.
std::string writeMatchRatings(const std::string& outDir, const std::vector<std::string>& names,
                              const std::vector<RatedGame>& games, EloFit& fit);

// Every game of `schedule`: those `load` finds recorded, the others played by
// `play` on up to `concurrency` threads, `progress` told after each game with
// the games finished so far and how many were played by this run. Results in
// schedule order; the first exception stops the rest and is rethrown.
template <class Result>
std::vector<Result> playPairedGames(const std::vector<PairedGame>& schedule, int concurrency,
                                    const std::function<std::optional<Result>(const PairedGame&)>& load,
                                    const std::function<Result(const PairedGame&)>& play,
                                    const std::function<void(const std::vector<Result>&, int playedNow, int remaining)>& progress) {
  std::vector<std::optional<Result>> done(schedule.size());
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < schedule.size(); ++i)
    if (!(done[i] = load(schedule[i]))) todo.push_back(i);
  const auto finished = [&] {
    std::vector<Result> out;
    for (const auto& r : done)
      if (r) out.push_back(*r);
    return out;
  };
  std::mutex mutex;
  int playedNow = 0;
  runMatchTasks(todo.size(), concurrency, [&](std::size_t k) {
    Result r = play(schedule[todo[k]]);
    std::lock_guard lock(mutex);
    done[todo[k]] = std::move(r);
    ++playedNow;
    if (progress) progress(finished(), playedNow, static_cast<int>(todo.size()) - playedNow);
  });
  return finished();
}

// A whole paired match after its directory is claimed: the games
// (playPairedGames), a progress line after each, and the ratings written to
// DIR/ratings.txt. `rate` turns results into rated games.
template <class Result>
std::vector<Result> runPairedMatch(const std::string& outDir, const std::vector<std::string>& names,
                                   const std::vector<PairedGame>& schedule, int concurrency,
                                   const std::function<std::optional<Result>(const PairedGame&)>& load,
                                   const std::function<Result(const PairedGame&)>& play,
                                   const std::function<std::vector<RatedGame>(const std::vector<Result>&)>& rate,
                                   const std::function<void(const std::string&)>& progress, EloFit& fit,
                                   std::string& table) {
  const auto started = std::chrono::steady_clock::now();
  std::vector<Result> results = playPairedGames<Result>(
      schedule, concurrency, load, play, [&](const std::vector<Result>& finished, int playedNow, int remaining) {
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        if (progress) progress(matchProgressLine(names, rate(finished), schedule.size(), playedNow, seconds, remaining));
      });
  table = writeMatchRatings(outDir, names, rate(results), fit);
  return results;
}

}  // namespace junqi
