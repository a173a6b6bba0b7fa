// The schedule and run directory of a match of paired games, whatever the
// game (arena/paired_match.h): the pairings and their starts, the players
// checked, match.json claiming the directory (a rerun with other settings is
// refused), and games handed to other processes (an MPI match).
#pragma once

#include <cstdint>
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

// A player's name goes into file names (NAME.stderr.log), records and PGN
// tags: up to 64 letters, digits, '-', '_' and '.', not starting with '.'.
bool isPlainPlayerName(const std::string& name);

// Refuses, with std::invalid_argument, a match without two players or a run
// directory, with a name that is not plain, or with two players of one name; then `check` each player (it
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

// Paired games played elsewhere (the ranks of an MPI match,
// distributed/mpi_match.h): `play(game)` returns the game's record as the
// match's playRecord() makes it, and the match writes and rates it as a game
// played here; `places` games at once.
struct RemotePairedGames {
  std::function<std::string(const PairedGame&)> play;
  int places = 0;
};

}  // namespace junqi
