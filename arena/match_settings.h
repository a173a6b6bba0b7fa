// What every match is told, whatever the game (arena/paired_match.h): its
// players, schedule, seed, limits, clock, opening book, onlookers' files and
// run directory. A game's options add its rules (MatchOptions for the classic
// game, PairedMatchOptions<G> for the others).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arena/ratings.h"

namespace junqi {

struct MatchPlayer {
  std::string name;     // as shown in tables and PGN (unique; letters, digits, '-', '_', '.', not starting with '.')
  std::string agent;    // an agent spec of the game (search/registry.h, search/flip/flip_agent.h, ...), or
  std::string command;  // an external bot's command line (JBP)
};

enum class MatchSchedule { RoundRobin, Gauntlet };  // gauntlet: the first player against each other one

struct MatchSettings {
  std::vector<MatchPlayer> players;
  MatchSchedule schedule = MatchSchedule::RoundRobin;
  int pairs = 10;         // starts (layout pairs, deals) per pairing: two games each, seats swapped
  int concurrency = 1;    // games at once
  std::uint64_t seed = 1;
  int maxPlies = 2000;    // then a draw is adjudicated
  double moveSeconds = 0;  // time per move; 0: none
  bool rulesetClock = false;  // late moves follow the ruleset's clock rules instead of forfeiting
  double hangSeconds = 60;    // an external bot silent this long (no move time) has hung
  // A file of starts, one a line (classic: "red-layout blue-layout"); else generated per pair.
  std::string layoutBook;
  // Write each game in progress to DIR/live/ for onlookers (junqi serve --match).
  // Off by default: a live record holds the hidden start while the game goes
  // on, and an external bot running on this machine could read it.
  bool live = false;
  std::string outDir;  // required: records, games.pgn, ratings.*, report.svg
  // A directory that holds the match and files its players use, and may be
  // moved: match.json writes paths under it as "$ROOT", so that the match
  // still resumes from its new place (training runs pass their run directory).
  std::string movableRoot;
  std::optional<SprtConfig> sprt;  // head-to-head only
  // A rank of an MPI match that only plays the games rank 0 sends it
  // (distributed/mpi_match.h): its directory is neither claimed nor written.
  bool remoteRank = false;
};

}  // namespace junqi
