// A match over an MPI job: `mpirun -n N junqi match --out DIR --mpi ...`.
// Rank 0 runs the match as `junqi match` does (its directory, resume, SPRT,
// progress, tables) and hands each game to a free worker rank (one game at a
// time per rank, from one thread per rank: MPI_THREAD_MULTIPLE); the worker
// plays it and sends the record back, which rank 0 writes and rates. Workers
// read nothing from DIR (a layout book must be where each rank can read it;
// an external bot's stderr log stays on its worker's machine). Every rank
// builds the schedule from the same options, so a game is sent as its index
// and seed. A training run's rating matches go the same way
// (distributed/mpi_training.h).
#pragma once

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <functional>
#include <optional>
#include <string>

#include "arena/match.h"
#include "arena/match_runner.h"
#include "distributed/mpi_world.h"

namespace junqi {

// A game for a worker rank to play: of match `match` (a training run's
// generation; 0 for `junqi match`), its index in the schedule, its seed.
struct MatchGameOrder {
  int match = 0;
  int index = 0;
  std::uint64_t seed = 0;
  bool oneSeedForBoth = false;
};
constexpr int kMatchGameTag = 11;    // rank 0 -> worker: an order (empty: the match is over)
constexpr int kMatchRecordTag = 12;  // worker -> rank 0: the game's record and its CPU seconds (encodeRecord)
std::string encodeOrder(const MatchGameOrder& order);
std::string encodeRecord(const Match::RemoteGame& game);
Match::RemoteGame decodeRecord(const std::string& bytes);  // throws std::runtime_error
std::optional<MatchGameOrder> decodeOrder(const std::string& bytes);  // nullopt: the match is over
// Throws std::runtime_error unless `index` is a game of a schedule of `games`
// (rank 0 and this rank would then not hold the same match).
void checkOrderIndex(int index, std::size_t games);
// The order's game of `match` (the worker's copy of it), played: its record.
std::string playOrder(const Match& match, const MatchGameOrder& order);
// `play()`'s record, with the CPU seconds this process spent while it played.
Match::RemoteGame timedGame(const std::function<std::string()>& play);

// Rank 0: `match` plays its games on ranks firstRank..N-1 (Match::playElsewhere).
void playOnRanks(const MpiWorld& world, Match& match, int matchId, int firstRank = 1);
// Rank 0: runs the match on the worker ranks, then tells them it is over.
MatchSummary runMpiMatch(const MpiWorld& world, Match& match, const std::function<void(const std::string&)>& progress);
// Rank 0, when it cannot run the match (e.g. a bad setting): the workers leave.
void endMpiMatch(const MpiWorld& world);
// The other ranks (a match made with MatchOptions::remoteRank): play the games
// rank 0 sends until it says the match is over.
void playMpiMatchGames(const MpiWorld& world, const Match& match);

// A match of paired games (Flip Junqi, four-player: arena/match_runner.h), its
// games seeded by their index alone. Rank 0: its games go to the free ranks
// firstRank..N-1, one at a time each (FlipMatch::playElsewhere(pairedGamesOnRanks(world))),
// and endMpiMatch ends it. The others: play the games rank 0 sends,
// `playRecord(index)` making each game's record, until it says the match is over.
// With `stop`: once it is set, the games not yet handed out throw MatchStopped.
struct MatchStopped : std::runtime_error {
  MatchStopped() : std::runtime_error("the match was stopped") {}
};
RemotePairedGames pairedGamesOnRanks(const MpiWorld& world, int matchId = 0, int firstRank = 1,
                                     const std::atomic<bool>* stop = nullptr);
void playMpiPairedGames(const MpiWorld& world, std::size_t games, const std::function<std::string(int index)>& playRecord);

}  // namespace junqi
