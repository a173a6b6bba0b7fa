// The schedule and run directory of a match, whatever the game
// (arena/paired_match.h): the pairings and their starts, the players checked,
// match.json claiming the directory (a rerun with other settings is refused),
// and games handed to other processes (an MPI match).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "arena/match_settings.h"
#include "arena/ratings.h"

namespace junqi {

// One game of a match between two players over paired starts: each start
// (`pair`) is played twice, the players swapping seats.
struct PairedGame {
  int index = 0;
  int first = 0, second = 0;  // player indices: `first` takes the first seat (or team)
  int pair = 0;               // the start both games of a pair share
  std::uint64_t seed = 0;     // every agent's game seed (arena/match_seeds.h)
  // A game of a classic directory begun before seat seeds: both seats get `seed` itself.
  bool oneSeedForBoth = false;
};

// The order of the games: all pairs of one pairing, then the next pairing's;
// or pair by pair across all pairings (pair 0 of every pairing, then pair 1,
// ...), so that a match stopped early has played every pairing about equally.
enum class ScheduleOrder { PairingByPairing, PairByPair };

// Every pairing of the schedule, `pairs` starts each, both seatings of each
// (without seeds).
std::vector<PairedGame> pairedSchedule(int players, MatchSchedule schedule, int pairs, ScheduleOrder order);
// The game as rated, `score` from the first player's view, its pair told
// apart from every other pairing's; with `paired` false, a game alone.
RatedGame ratedPairedGame(const PairedGame& g, double score, int pairs, bool paired = true);

// A player's name goes into file names (NAME.stderr.log), records and PGN
// tags: up to 64 letters, digits, '-', '_' and '.', not starting with '.'.
bool isPlainPlayerName(const std::string& name);

// Refuses, with std::invalid_argument, a match without two players, a run
// directory or a start per pairing, with a name that is not plain, or with
// two players of one name; then `check` each player (it throws for one the
// match cannot use).
void checkMatchPlayers(const MatchSettings& settings, const std::function<void(const MatchPlayer&)>& check);

// An external bot's standard error goes to DIR/NAME.stderr.log.
std::string botStderrLog(const std::string& outDir, const std::string& name);
// What a bot wrote to its log from byte `from` on, quoted on one line for an
// error message ("its standard error begins: ...", or that it wrote nothing).
std::string quoteBotStderr(const std::string& log, std::uintmax_t from);

// What match.json says of a path (a weights file in an agent spec, a bot's
// command, the book): as given, or with the movable root written "$ROOT".
using MatchPath = std::function<std::string(const std::string&)>;
MatchPath movablePath(const std::string& movableRoot);

// The settings a match of Flip Junqi or four-player writes to its match.json
// (a classic match writes its own, as it always has: arena/classic/classic_match.h).
nlohmann::json pairedMatchConfig(const std::string& variant, const std::string& ruleset, const MatchSettings& s,
                                 bool freshStarts, const MatchPath& path);

// Creates DIR/games and writes DIR/match.json, or checks that an existing
// one holds this match: `config` (paths as movablePath writes them) or
// `asGiven` (paths as given, written before roots were movable); else
// std::invalid_argument. A directory begun with the seed in the clear is
// refused when bots now play (an older version's, whose bots could read it).
// Returns true for a directory begun before game seeds were keyed (`config`
// has "game_seeds", the old one not): its games keep their old seeds.
bool claimMatchDirectory(const std::string& outDir, const nlohmann::json& config, const nlohmann::json& asGiven);

// A game's record as a rank played it, with the CPU seconds it took there.
struct RemoteGame {
  std::string record;
  double cpuSeconds = 0;
};
// Games played elsewhere: `play(place, game)` returns the game's record as
// the match's playRecord() makes it, and the match writes and rates it as a
// game played here; `places` games at once, each on a place of its own.
struct RemoteGames {
  std::function<RemoteGame(int place, const PairedGame&)> play;
  int places = 0;
  bool countsCpu = true;  // whether `play` reports the CPU seconds of a game
};

// Paired games played elsewhere (the ranks of an MPI match of Flip Junqi or
// four-player, distributed/mpi_match.h): `play(game)` returns the game's
// record; `places` games at once.
struct RemotePairedGames {
  std::function<std::string(const PairedGame&)> play;
  int places = 0;
};

}  // namespace junqi
