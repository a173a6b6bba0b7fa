// Self-play of four-player Junqi with the four-player network agent
// (nets/four/four_nn_agent.h), and teacher games for a first generation: every
// decision becomes a training sample (the mover's encoded input,
// nets/four/four_encoding.h, from its own seat's board; the policy target; later
// the game's result for the mover's team). The layouts of game n, and
// everything in it, depend on the seed and n alone.
//
// Teacher games (teacher > 0): the four-player heuristic plays every army,
// and `teacherPositions` decisions a game become samples whose policy target
// is the heuristic's scores as a softmax (as ISMCTS uses them for root
// priors). Self-play: the network agent plays every army, the policy target
// is the search's root visits (or the Gumbel root's improved policy); its
// leaves may be valued by rollouts instead of the network (rolloutShare).
#pragma once

#include <atomic>
#include <memory>

#include "core/four/four_observation.h"
#include "core/four/four_ruleset.h"
#include "nets/net_evaluator.h"
#include "selfplay/flip/flip_selfplay.h"
#include "selfplay/shard.h"

namespace junqi {

struct FourSelfPlayOptions {
  FourRuleset rules;
  int games = 8;
  int firstGame = 0;          // games firstGame .. games-1 only (as FlipSelfPlayOptions)
  int threads = 2;            // games at once (each on its own thread, one network)
  int sims = 32;              // per move
  double exploration = 0.7;   // UCB below the root
  double cpuct = 1.5;         // PUCT at the root
  double rootNoise = 0.3;     // Dirichlet alpha at the root; 0: none
  int temperaturePlies = 40;  // moves drawn in proportion to root visits, then the most visited
  int maxPlies = 600;         // then a draw is adjudicated
  std::uint64_t seed = 1;
  // Playout cap randomization, as FlipSelfPlayOptions (self-play only).
  int fastSims = 0;
  double fullSearchShare = 1.0;
  // Gumbel AlphaZero's root in self-play, as FlipSelfPlayOptions: policy
  // targets from its improved policy, early moves drawn from it.
  bool gumbel = false;
  int gumbelActions = 16;
  // Share of the team's result in the value target; the rest is the search's
  // value of the position (self-play only; 1: the result alone).
  double outcomeShare = 1.0;
  // Leaf values in self-play: this share from ismcts's greedy rollout of
  // `rolloutDepth` plies, the rest from the network (0: the network alone;
  // 1: the network gives the root's priors only, the hybrid agent of
  // experiments/four-hybrid, so that its policy learns from a search as
  // strong as ismcts).
  double rolloutShare = 0;
  int rolloutDepth = 40;
  // Teacher games instead (no network): the heuristic plays, this many sampled decisions a game.
  bool teacher = false;
  int teacherPositions = 16;
};

// The identity head's targets of a sample (PositionSample::hidden): every
// piece on the board whose identity `obs`'s seat does not see, by its point
// turned for the seat, with its identity in `truth` (the position obs was
// taken from). A target only: never part of the input.
std::vector<std::pair<std::uint8_t, std::int8_t>> fourHiddenIdentities(const FourPosition& truth,
                                                                       const FourObservation& obs);

// The games' figures, as a flip run counts them: "first" is the south-north
// team, "second" east-west.
using FourSelfPlayStats = FlipSelfPlayStats;

// Plays the games (`network` unused for teacher games); `stop` ends it after
// the games in progress; `progress` is called after every game.
Shard playFourSelfPlay(std::shared_ptr<nets::Backend> network, const FourSelfPlayOptions& options,
                       FourSelfPlayStats& stats, const std::atomic<bool>* stop = nullptr,
                       const FlipProgress& progress = {});

}  // namespace junqi
