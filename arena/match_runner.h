// What every match of paired games shares, whatever the game: its run
// directory (match.json claims it; a rerun with other settings is refused),
// the progress line, games played on several threads, and the final table.
// FlipMatch and FourMatch are built from these.
#pragma once

#include <functional>
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

// Creates DIR/games and writes DIR/match.json, or checks that an existing one
// holds the same settings (std::invalid_argument otherwise).
void claimMatchDirectory(const std::string& outDir, const nlohmann::json& config);

// "games 12/40 | a vs b +5 =1 -6 | 3.2 games/min | ETA 0:08:45": the head to
// head for two players; rate and ETA from the games played by this run.
std::string matchProgressLine(const std::vector<std::string>& names, const std::vector<RatedGame>& games,
                              std::size_t total, int playedNow, double seconds, int remaining);

// Runs task(0..count-1) on up to `concurrency` threads; the first exception
// stops the rest from starting and is rethrown once the running ones end.
void runMatchTasks(std::size_t count, int concurrency, const std::function<void(std::size_t)>& task);

// The rating and pairing tables of the games, also written to DIR/ratings.txt.
std::string writeMatchRatings(const std::string& outDir, const std::vector<std::string>& names,
                              const std::vector<RatedGame>& games, EloFit& fit);

}  // namespace junqi
