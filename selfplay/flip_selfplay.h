// Self-play of Flip Junqi with the flip network agent (nets/flip_nn_agent.h):
// every decision becomes a training sample (the mover's encoded input,
// nets/flip_encoding.h; the search's root visits over every legal action as
// the policy target, a flip being the move from its point to itself; later
// the game's result for the mover). The deal of game n, and everything in it,
// depends on the seed and n alone, so a shard does not depend on timing.
#pragma once

#include <atomic>
#include <memory>

#include "core/flip_ruleset.h"
#include "nets/net_evaluator.h"
#include "selfplay/shard.h"

namespace junqi {

struct FlipSelfPlayOptions {
  FlipRuleset rules;
  int games = 8;
  int threads = 2;            // games at once (each on its own thread, one network)
  int sims = 32;              // per action
  double cpuct = 1.5;
  int temperaturePlies = 30;  // actions drawn in proportion to root visits, then the most visited
  int maxPlies = 400;         // then a draw is adjudicated
  std::uint64_t seed = 1;
};

struct FlipSelfPlayStats {
  int games = 0, firstWins = 0, secondWins = 0, draws = 0;  // first: seat 0, which moves first
  long long positions = 0;
  double seconds = 0;
};

// Plays the games; `stop` ends it after the games in progress (their shard
// holds the games finished).
Shard playFlipSelfPlay(std::shared_ptr<nets::Backend> network, const FlipSelfPlayOptions& options,
                       FlipSelfPlayStats& stats, const std::atomic<bool>* stop = nullptr);

}  // namespace junqi
