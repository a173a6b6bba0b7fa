// ISMCTS for four-player Junqi (`ismcts` among the four-player agents).
//
// Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012) with team
// returns: one tree over the moves everyone sees, a fresh world drawn from
// the searching seat's beliefs every iteration (core/four/four_beliefs.h), each
// edge keyed by the army that made it and its move and scored from that
// army's team's side (+1 a team win, -1 a loss, 0 a draw), so allies
// cooperate and enemies oppose in the tree. Availability counts as in the
// two-army search: which army moves and which moves are legal can differ
// between worlds (an army whose last movable piece falls leaves).
//
// Why the single-observer form: it is one tree and cheap per iteration,
// and in the two-army game the multiple-observer form was no stronger at
// equal simulations (experiments/strength-tactical, docs/tactics.md); with
// three other seats, a tree per seat would split an already small budget
// (four-player iterations cost about four times the two-army ones) three
// ways. Its known cost: the other armies' decisions in the tree are made as
// if they knew the drawn world.
//
// Leaves: random (or greedy) moves for `rolloutDepth` plies, then the team material
// difference (search/material.h) through tanh; a result met on the way
// counts in full, discounted per ply. Root priors (PUCT) from the
// four-player heuristic's scores (search/four/four_heuristic.h) unless
// `heuristicPriors` is off. A root flag guard (search/four/four_flag_safety.h,
// from the seat's observation only): a flag certain by its army's count is
// taken at once, and a chosen move that leaves our flag to the next army in
// some world gives way to the most visited move that surely does not.
//
// With a leaf evaluator (a network: nets/four/four_nn_agent.h), the root's priors
// are the evaluator's and a new leaf is valued by it (for the army to move
// there, as that army's seat would see the drawn world) instead of a rollout.
// Hybrid (experiments/four-hybrid): `leafMix` below 1 values a new leaf by
// that share of the evaluator's value plus the rest of a rollout's (the
// rollout settings above; 0: the rollout alone, no evaluation), and
// `rootPriors` takes the root's priors from the heuristic, or the average of
// the evaluator's and the heuristic's, instead of the evaluator's.
// With `gumbel` (and an evaluator) the root is Gumbel AlphaZero's
// (search/gumbel_root.h, as the classic and flip searches have it): each
// iteration goes through the root move sequential halving names, the
// survivor is played, and the result carries the improved policy, self-play's
// policy target at a few dozen simulations.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "core/four/four_beliefs.h"
#include "core/four/four_observation.h"
#include "search/agent.h"
#include "search/gumbel_root.h"
#include "search/rollout.h"

namespace junqi {

// Values a position for the team of the army to move, from what that army's
// seat sees of it under `visibility` (search/ cannot see nets/: an interface).
class FourLeafEvaluator {
 public:
  virtual ~FourLeafEvaluator() = default;
  // In [-1, 1] for pos.toMove()'s team; with `moves`, also priors over them
  // (summing to 1) into `priors`.
  virtual double evaluate(const FourPosition& pos, Visibility visibility, const MoveList* moves,
                          std::vector<double>* priors) = 0;
};

// Where the root's priors come from when there is an evaluator.
enum class FourRootPriors { Evaluator, Heuristic, Mix };

struct FourSearchParams {
  long long iterations = 400;
  double seconds = 0;  // > 0: search this long instead
  // > 0: search this much CPU time of the searching thread instead (equal
  // work for two agents on a loaded machine; read every 8 iterations).
  double cpuSeconds = 0;
  double exploration = 0.7;
  int rolloutDepth = 40;
  // Random moves, or greedy ones (a winning fight or a flag if there is one,
  // else a move that is not a losing fight), as in the two-army rollouts.
  RolloutPolicy rollout = RolloutPolicy::Random;
  double discount = 0.998;  // per ply to a result
  double materialScale = 15.0;
  bool heuristicPriors = true;
  double priorTemperature = 1.0;  // softmax over the heuristic's scores, in material units
  double priorExploration = 1.5;
  // Leaves and root priors by this evaluator instead (none: rollouts and the heuristic's priors).
  std::shared_ptr<FourLeafEvaluator> evaluator;
  // With the evaluator: a leaf's value is leafMix x the evaluator's + (1 -
  // leafMix) x the rollout's (1: no rollout; 0: no evaluation at leaves),
  double leafMix = 1;
  // and the root's priors are the evaluator's, the heuristic's (at
  // priorTemperature) or their average.
  FourRootPriors rootPriors = FourRootPriors::Evaluator;
  // Self-play exploration: the root's priors mixed with Dirichlet(alpha) noise.
  double rootNoiseAlpha = 0;  // 0: none
  double rootNoiseFraction = 0.25;
  // Gumbel AlphaZero's root instead of PUCT there (needs the evaluator and
  // `iterations`, no time budget); its own noise replaces the Dirichlet noise.
  bool gumbel = false;
  GumbelParams gumbelRoot;
};

struct FourRootMove {
  Move move;
  long long visits = 0;
  double value = 0;  // mean, from the searching army's team's side
};

struct FourSearchResult {
  Move best{};
  double value = 0;
  std::vector<FourRootMove> root;  // every legal move, in generation order
  std::vector<double> improved;    // with the Gumbel root: its improved policy over `root` (else empty)
  long long iterations = 0;
  long long chainWorlds = 0;  // worlds drawn by the beliefs' Markov chain (correlated)
  double seconds = 0;
};

// "net", "heuristic" or "mix" (the agents' priors= values), and back.
std::string_view fourRootPriorsName(FourRootPriors p);
std::optional<FourRootPriors> parseFourRootPriors(std::string_view name);

// Searches the decision of the observation's seat (it must be to move).
FourSearchResult fourSearch(const FourObservation& obs, const FourRuleset& rules, const FourSearchParams& params,
                            std::uint64_t seed);

// The agents' report of a search (the ISMCTS agent's and the network's): the
// root's visit shares, most visited first (equal shares in the root's
// order), with their mean values, the value and the move.
AgentReport fourSearchReport(const FourSearchResult& r);

}  // namespace junqi
