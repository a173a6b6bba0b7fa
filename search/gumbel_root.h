// The root of Gumbel AlphaZero (Danihelka, Guez, Schrittwieser and Silver,
// "Policy improvement by planning with Gumbel", ICLR 2022), as DeepMind's
// mctx library implements it.
//
// With few simulations, PUCT's visit counts are a poor policy target: most
// moves get no visit, and noise decides the rest. Gumbel AlphaZero instead
//   - samples m moves without replacement by the Gumbel-top-k trick
//     (the m largest g(a) + logit(a), g drawn from Gumbel(0, 1));
//   - spends the simulations on them by sequential halving: every candidate
//     gets the same visits, then the worse half by g + logit + sigma(q) is
//     dropped, until the budget is spent;
//   - plays the survivor (the candidate with the most visits and the best
//     score), a sample from the improved policy even at 16 simulations;
//   - trains the policy towards softmax(logit + sigma(completed q)), where a
//     move never visited gets the value v_mix (the network's value mixed
//     with the visited moves' values), so every move's target moves.
// sigma(q) = (cVisit + max visits) * cScale * q, with q rescaled to [0, 1]
// over the root's moves. Interior nodes keep PUCT (search/classic/ismcts.h).
#pragma once

#include <span>
#include <vector>

#include "core/random.h"

namespace junqi {

struct GumbelParams {
  int actions = 16;       // m: candidates sampled at the root
  double cVisit = 50;     // sigma's constants (mctx's defaults)
  double cScale = 0.1;
  bool noise = true;      // Gumbel noise on the candidates (self-play); off: the policy's top m
};

// The root's statistics in one place: per move its prior, visits and mean
// value (from the searching seat's side), and the network's value of the root.
struct RootEstimates {
  std::span<const double> priors;
  std::span<const long long> visits;
  std::span<const double> values;
  double rootValue = 0;
};

// q of visited moves, v_mix of the others (mctx's qtransform_completed_by_mix_value, before rescaling).
std::vector<double> completedQ(const RootEstimates& root);
// sigma(completed q): rescaled to [0, 1] over the moves, times (cVisit + max visits) * cScale.
std::vector<double> sigmaOfCompletedQ(const RootEstimates& root, const GumbelParams& params);
// The policy target: softmax(log prior + sigma(completed q)), summing to 1.
std::vector<double> improvedPolicy(const RootEstimates& root, const GumbelParams& params);

// Which root move each simulation goes through, and the move to play.
class SequentialHalving {
 public:
  // Draws the Gumbel noise (when params.noise) for `moves` root moves.
  SequentialHalving(int moves, long long simulations, const GumbelParams& params, Rng& rng);
  // The root move the next simulation must take (simulation number `done`, from 0).
  int next(long long done, const RootEstimates& root) const;
  // The move to play: of the most visited candidates, the best by g + logit + sigma(q).
  int chosen(const RootEstimates& root) const;
  const std::vector<double>& gumbel() const { return gumbel_; }

  // How many visits the candidate that simulation k goes to has before it
  // (mctx's get_sequence_of_considered_visits): m zeros, then rounds in
  // which each remaining candidate gets its visits, halving the candidates.
  static std::vector<int> consideredVisits(int candidates, long long simulations);

 private:
  int best(int visits, const RootEstimates& root) const;  // the best move with exactly `visits` (-1: none)

  std::vector<double> gumbel_;
  std::vector<int> sequence_;
  GumbelParams params_;
};

}  // namespace junqi
