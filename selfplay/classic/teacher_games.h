// Teacher games: a fast reference player plays itself to give a new network
// its first data, supervised learning before self-play (AlphaGo's first
// stage). The teacher is `tactical` (search/classic/tactical_agent.h), a one-ply
// player on the exact beliefs that plays thousands of games a minute, so a
// network starts from its judgement instead of from noise.
//
// Targets: the policy is the tactical player's move scores as a softmax (the
// priors the searches use when they have no network); the value is the
// game's result. Only a few positions of each game are kept, drawn uniformly
// over its plies: a value head trained on every position of few games learns
// the games by heart (every position of a game shares one result), one trained
// on a few positions of many games learns the positions.
//
// Variety: the first plies are drawn from the priors, the rest are the
// teacher's own choices; layouts are automatic, in a random style.
#pragma once

#include <atomic>
#include <functional>

#include "core/classic/ruleset.h"
#include "selfplay/selfplay_worker.h"
#include "selfplay/shard.h"

namespace junqi {

struct TeacherOptions {
  Ruleset ruleset;
  int games = 1000;
  int firstGame = 0;            // plays games firstGame .. games-1 (as SelfPlayOptions)
  int positionsPerGame = 8;     // kept per game, drawn over its plies
  double priorTemperature = 0.5;  // of the softmax over the teacher's scores (the searches' ptemp)
  int openingPlies = 20;        // plies drawn from the priors before the teacher chooses
  int maxPlies = 1000;          // a game this long is adjudicated a draw
  int threads = 1;
  std::uint64_t seed = 1;
};

// Plays the games and returns their samples (every layout weighted by its
// side's result). `progress` is called after every game; `stop` ends early
// with the finished games, always games firstGame .. n-1.
Shard playTeacherGames(const TeacherOptions& options, SelfPlayStats& stats,
                       const std::function<void(const SelfPlayStats&)>& progress = {},
                       const std::atomic<bool>* stop = nullptr);

}  // namespace junqi
