// A match over an MPI job: `mpirun -n N junqi match --out DIR --mpi ...`.
// Rank 0 runs the match as `junqi match` does (its directory, resume, SPRT,
// progress, tables) and hands each game to a free worker rank (one game at a
// time per rank, from one thread per rank); the worker plays it and sends the
// record back, which rank 0 writes and rates. Workers read nothing from DIR
// (a layout book must be where each rank can read it; an external bot's
// stderr log stays on its worker's machine). Every rank builds the schedule
// from the same options, so a game is sent as its index and seed.
#pragma once

#include <functional>
#include <string>

#include "arena/match.h"
#include "distributed/mpi_world.h"

namespace junqi {

// Rank 0: runs the match on the worker ranks, then tells them it is over.
MatchSummary runMpiMatch(const MpiWorld& world, Match& match, const std::function<void(const std::string&)>& progress);
// Rank 0, when it cannot run the match (e.g. a bad setting): the workers leave.
void endMpiMatch(const MpiWorld& world);
// The other ranks (a match made with MatchOptions::remoteRank): play the games
// rank 0 sends until it says the match is over.
void playMpiMatchGames(const MpiWorld& world, const Match& match);

}  // namespace junqi
