// Teacher games for Flip Junqi: the flip `heuristic` player plays itself to
// give a new flip network its first data, as the classic run's teacher games
// do with `tactical` (selfplay/classic/teacher_games.h, which says why a few
// positions a game).
//
// Targets: the policy is a softmax of the heuristic's action scores over the
// actions the searches would consider (those that leave our flag to be taken
// get 0 while another exists; a flag taken in one gets everything); the value
// is the game's result for the mover. The first actions are drawn from the
// priors (the deal already varies the games), the rest are the teacher's.
#pragma once

#include <atomic>
#include <cstdint>

#include "core/flip/flip_ruleset.h"
#include "selfplay/flip/flip_selfplay.h"
#include "selfplay/shard.h"

namespace junqi {

struct FlipTeacherOptions {
  FlipRuleset rules;
  int games = 1000;
  int firstGame = 0;              // games firstGame .. games-1 only (as FlipSelfPlayOptions)
  int positionsPerGame = 8;       // kept per game, drawn over its actions
  double priorTemperature = 0.5;  // of the softmax over the teacher's scores
  int openingPlies = 10;          // actions drawn from the priors before the teacher chooses
  int maxPlies = 400;             // a game this long is adjudicated a draw
  int threads = 1;
  std::uint64_t seed = 1;
};

// Plays the games (game n depends on the seed and n alone) and returns their
// samples in game order; `stop` ends early with the games finished.
Shard playFlipTeacherGames(const FlipTeacherOptions& options, FlipSelfPlayStats& stats,
                           const std::atomic<bool>* stop = nullptr, const FlipProgress& progress = {});

}  // namespace junqi
