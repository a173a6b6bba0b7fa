// Monte Carlo tree search over information sets, and its determinized cousin.
//
//   ISMCTS (Cowling, Powley and Whitehouse 2012): one tree over public
//   histories, a fresh determinization drawn exactly from the InfoState every
//   iteration, UCB1 with availability counts (a move is only a candidate in the
//   iterations where it is legal).
//
//   Multiple-observer ISMCTS: as above, but the opponent's decisions get
//   statistics of their own, learned in worlds seen from the opponent's side:
//   a few opponent views are built per search (the opponent's identities drawn
//   from our InfoState, and the opponent's InfoState about *our* pieces built
//   from the public history and those identities); in a fraction of the
//   iterations our own pieces are redrawn from such a view and only the
//   opponent's statistics learn, in the others our pieces are true and only
//   ours learn. So the opponent in our search knows its own pieces and what we
//   have shown, but not our identities: the search values concealment and
//   probing.
//
//   PIMC (determinized UCT): K determinizations drawn once, a perfect-
//   information UCT tree on each, root visit counts summed (or best moves
//   voted). It suffers strategy fusion; it is here as the classic baseline.
//
// Leaves are valued by a rollout (random or greedy moves, truncated after a
// number of plies and finished by a static evaluation) from the searching
// seat's side, or by a network (search/evaluator.h) with PUCT selection. Searches run on a fixed number of iterations (deterministic for
// a seed and thread count) or on a time budget, on several threads, root-
// parallel: each thread grows its own tree with its own random stream and
// share of the budget, and root visit counts are summed.
#pragma once

#include <cstdint>
#include <vector>

#include "core/classic/info_state.h"
#include "search/evaluator.h"
#include "search/gumbel_root.h"
#include "search/rollout.h"
#include "search/classic/root_choice.h"
#include "search/tree.h"

namespace junqi {

struct SearchParams {
  long long iterations = 1000;  // over all threads (and all worlds for PIMC)
  double seconds = 0;           // > 0: search for this long instead
  double exploration = 0.7;     // UCB constant
  int rolloutDepth = 50;        // plies before the static evaluation
  RolloutPolicy rollout = RolloutPolicy::Random;
  // Each ply to a result multiplies its value by this, so that a sooner win
  // (and a later loss) is worth more and a saturated value keeps its urgency.
  double discount = 0.995;
  int threads = 1;
  // PIMC: how many determinizations (0: ISMCTS, a fresh one per iteration).
  int worlds = 0;
  bool vote = false;  // PIMC: each world votes for its best move instead of summing visits
  // Multiple-observer ISMCTS.
  bool multipleObserver = false;
  int opponentViews = 8;
  double opponentFraction = 0.5;  // share of iterations spent learning the opponent's decisions
  // Network guidance (PUCT): priors for the searching seat's moves from the
  // policy, leaf values from the value head instead of rollouts (or mixed with
  // them: rolloutMix is the rollout's share). The opponent's moves get uniform
  // priors: the network sees only the searching seat's information.
  Evaluator* evaluator = nullptr;
  double rolloutMix = 0.0;
  // Self-play exploration: root priors mixed with Dirichlet(alpha) noise.
  double rootNoiseAlpha = 0.0;  // 0: none
  double rootNoiseFraction = 0.25;
  // Without a network: priors for the root's moves from the tactical player's
  // scores (softmax at priorTemperature, in material units), used by PUCT at
  // the root with priorExploration; the rest of the tree stays UCB.
  bool tacticalPriors = false;  // the agents' default is on (prior=tactical)
  double priorTemperature = 0.5;
  double priorExploration = 1.5;
  // Gumbel AlphaZero's root (search/gumbel_root.h) instead of PUCT there:
  // sequential halving picks each simulation's root move, the survivor is
  // played (unless the flag guard forbids it) and the result carries the
  // improved policy. Needs a network and a simulation count, one thread,
  // single-observer ISMCTS; root Dirichlet noise is replaced by Gumbel noise.
  bool gumbel = false;
  GumbelParams gumbelRoot;
  // How the move to play is picked from the root statistics (flag guard, reversals).
  RootChoiceParams choice;
};

struct RootMoveStats {
  Move move;
  long long visits = 0;
  double value = 0;  // mean, from the searching seat's side
};

struct SearchResult {
  Move best{};
  double value = 0;
  std::vector<RootMoveStats> root;  // every root move, in generation order
  std::vector<double> improvedPolicy;  // Gumbel root: the policy target, one share per root move; else empty
  std::vector<Move> principalLine;
  long long iterations = 0;
  int maxDepth = 0;
  double seconds = 0;
  std::size_t nodes = 0, edges = 0, treeBytes = 0;
};

// Searches the seat's decision (the seat must be to move, with a legal move).
SearchResult search(const InfoState& state, const SearchParams& params, std::uint64_t seed);

}  // namespace junqi
