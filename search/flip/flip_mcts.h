// Monte Carlo tree search for Flip Junqi, with chance nodes.
//
// Both players see the same board, so the tree is over public states, and
// the only thing unknown is what each face-down piece is. Every iteration
// deals the pools onto the face-down points at random (a world drawn exactly
// from what both know) and follows it: a flip's outcome is the world's, so
// outcomes are *sampled*, each in proportion to its count in the pools, and a
// flip edge keeps one child per outcome met. Sampling, not expanding: a flip
// from the start has 24 outcomes on each of 50 points, and expanding them
// would spend the budget on the breadth of chance instead of the choices.
// Below the tree, a random playout of the same world for up to `depth`
// actions (none by default), scored by its result or, if it has not ended,
// by material counting the best capture of the side to move.
//
// A flag taken in one is played at once, and root actions that leave our flag
// to be taken are dropped whenever another exists.
// Spec: mcts[:sims=400,c=0.1,depth=0,ptemp=0,pc=1,drawclock=0,decisive=0,takeflag=0,lostflag=0,seed=1]
// (ptemp > 0: root priors from the heuristic's scores, PUCT at the root;
// measured in experiments/flip-first; drawclock, decisive, takeflag, lostflag: below).
//
// With `worlds` > 0 the same search is PIMC (perfect-information Monte
// Carlo): `worlds` deals drawn at the root, a tree searched in each as if it
// were the truth (sims / worlds iterations), the root's visits summed over
// the trees. It is the classic baseline, and it shows strategy fusion: in
// each world the search knows what a flip will reveal, which no player can.
// Spec: pimc[:sims=400,worlds=20,c=0.1,depth=0,ptemp=0,pc=1,seed=1].
//
// With a leaf evaluator (a network: nets/flip/flip_nn_agent.h) every new node is
// valued by it instead of a playout, and its edges get the evaluator's priors
// and are chosen by PUCT (constant `priorWeight`) at every node; chance is
// still sampled from the worlds. With `gumbel` the root is Gumbel AlphaZero's
// instead (search/gumbel_root.h, as the classic ISMCTS has it): the first
// simulation evaluates the root, sequential halving spends the others on
// Gumbel-top-k candidates, the survivor is played, and improvedPolicy() gives
// the completed-Q policy over the root's actions (self-play's target).
//
// Hybrid (`netDepth` >= 0, with an evaluator): the evaluator is consulted only
// near the root, where it pays; every other node is plain mcts (UCT with
// `exploration`, playout or static leaves), so the simulation rate stays near
// mcts's. The root gets the evaluator's priors when expanded; a node at depth
// 1..netDepth gets them when expanded (netVisits = 0: its value is then the
// evaluator's, mixed by staticMix, as above) or lazily once it has been
// passed through netVisits times (priors only). A node with priors is chosen
// by PUCT; the priors are sharpened by `netPriorTemperature` (p^(1/T)).
// Measured in experiments/flip-hybrid.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "core/flip/flip_game.h"
#include "core/random.h"
#include "search/evaluator.h"
#include "search/flip/flip_agent.h"
#include "search/flip/flip_decisive_flip.h"
#include "search/gumbel_root.h"

namespace junqi {

// Values a position for its side to move and gives priors over its actions,
// from the public FlipPosition alone (search/ cannot see nets/: an interface).
class FlipLeafEvaluator {
 public:
  virtual ~FlipLeafEvaluator() = default;
  // out.priors: one per action of `actions`, summing to 1; out.value: in
  // [-1, 1] for pos.toMove().
  virtual void evaluate(const FlipPosition& pos, const MoveList& actions, EvalResult& out) = 0;
};

struct FlipMctsParams {
  int simulations = 400;
  // > 0: search each action for this many seconds (wall clock) instead of
  // `simulations`; sampled-chance search only. Games are then not
  // reproducible: how far a search gets depends on the machine's load.
  double seconds = 0;
  // > 0: the same with the CPU time of the searching thread instead of the
  // wall clock: two agents given equal CPU seconds get equal work whatever
  // else the machine runs (a timed match on a loaded machine gives each far
  // less than its seconds). Not reproducible either.
  double cpuSeconds = 0;
  // The budget, when the search is timed: CPU seconds or wall seconds.
  bool timed() const { return seconds > 0 || cpuSeconds > 0; }
  double exploration = 0.1;
  int rolloutDepth = 0;
  int worlds = 0;  // 0: sampled chance nodes; otherwise PIMC over this many deals
  // Root priors from the heuristic's scores (a softmax at this temperature,
  // PUCT with constant `priorWeight` at the root); 0: none, plain UCT.
  double priorTemperature = 0;
  double priorWeight = 1.0;
  std::uint64_t seed = 1;
  std::shared_ptr<FlipLeafEvaluator> evaluator;  // none: playouts and UCT (priors only as above)
  // With an evaluator: the share of the static value (search/flip/flip_evaluation.h)
  // in a new node's value, the rest the evaluator's.
  double staticMix = 0;
  // Self-play exploration: the root's priors mixed with Dirichlet(alpha) noise.
  double rootNoiseAlpha = 0;  // 0: none
  double rootNoiseFraction = 0.25;
  // Gumbel AlphaZero's root instead of PUCT there (needs an evaluator and a
  // simulation count; root Dirichlet noise is then not used).
  bool gumbel = false;
  GumbelParams gumbelRoot;
  // Hybrid (see the top): -1, the evaluator at every new node; otherwise the
  // deepest depth (0: the root) whose nodes get its priors.
  int netDepth = -1;
  int netVisits = 0;                 // hybrid: passes through a node before it gets priors (0: at expansion)
  double netPriorTemperature = 1.0;  // hybrid: the evaluator's priors as p^(1/T), renormalised
  // > 0: within this many quiet turns of the quiet-turn draw, a leaf's value
  // (static, playout or network) shrinks linearly toward the draw's 0, to
  // nothing at the limit. A lead that is never pressed is a draw: the plain
  // values ignore the clock, so a side ahead keeps shuffling until the rule
  // ends the game (experiments/flip-draw-clock).
  int drawClock = 0;
  // A flip's outcomes that end the game (our flag revealed where the
  // opponent takes it next, theirs where we take it whatever they reply;
  // search/flip/flip_decisive_flip.h) weighed by their exact chances, the
  // other outcomes sampled, instead of all sampled. Not with PIMC, whose
  // trees know what every flip reveals.
  bool decisiveFlips = false;
  // A node whose mover can take the enemy flag is valued as the win it is and
  // not searched further. Without it a network search of a few hundred
  // simulations values such a node by its value head, which cannot see a
  // railway's reach, and learns of the threat only by expanding the capture.
  bool flagWins = false;
  // A node whose mover cannot take the enemy flag and whose every action
  // leaves its own flag to be taken is valued as the loss it is, likewise
  // (the search would need a simulation for each action to see it).
  bool flagLosses = false;
  // > 0: the static value weighs the face-down points each side reaches in
  // one move (search/flip/flip_evaluation.h flipStaticValue's `cover`).
  double cover = 0;
};

// The drawclock parameter of the agents that run this search, as `junqi agents` lists it.
inline constexpr const char* kFlipDrawClockHelp =
    "within this many quiet turns of the quiet-turn draw, leaf values shrink linearly toward the draw (0: off)";
// The cover parameter of the same agents.
inline constexpr const char* kFlipCoverHelp =
    "static values weigh the face-down points each side reaches in one move, where a flag turned up falls: this many material units for reaching all of them (0: off)";
// The takeflag parameter of the same agents.
inline constexpr const char* kFlipTakeFlagHelp =
    "1: a position whose mover can take the enemy flag is valued as a win, not searched";
// The lostflag parameter of the same agents.
inline constexpr const char* kFlipLostFlagHelp =
    "1: a position whose every action leaves the mover's flag to be taken (and that cannot take the enemy's first) "
    "is valued as a loss, not searched";
// The decisive parameter of the same agents.
inline constexpr const char* kFlipDecisiveHelp =
    "1: a flip's outcomes that end the game (a flag revealed where it is taken) weighed by their exact chances, "
    "the others sampled";

class FlipMctsAgent : public FlipAgent {
 public:
  explicit FlipMctsAgent(FlipMctsParams params = {}) : params_(params), rng_(params.seed) {}
  std::string name() const override { return params_.worlds > 0 ? "pimc" : "mcts"; }
  std::string spec() const override;
  void newGame(const FlipRuleset& rules, Seat seat, std::uint64_t gameSeed) override;
  Move chooseAction(const FlipPosition& pos) override;
  // The last search's root actions with their visits (empty when a flag
  // capture in one was played without a search). Training targets read them.
  std::vector<std::pair<Move, int>> rootVisits() const;
  // With the Gumbel root: the last search's improved policy over the root
  // actions (summing to 1); empty otherwise, or when no search was made.
  const std::vector<std::pair<Move, double>>& improvedPolicy() const { return improved_; }

 private:
  struct Edge {
    Move action;
    int visits = 0;
    double valueSum = 0;  // for the seat that chose it
    int child = -1;       // a move's node
    int firstOutcome = -1;  // a flip's outcomes (outcomes_)
    float prior = 0;        // with priors only (root priors or an evaluator)
    // decisiveFlips: a flip's decisive outcomes; valueSum and visits then
    // count its other outcomes only (see value()).
    bool decisiveKnown = false;
    DecisiveFlip decisive;
  };
  struct Node {
    int firstEdge = 0, edgeCount = -1;  // -1: not expanded
    int visits = 0;
    bool priors = false;  // hybrid: its edges hold the evaluator's priors
    signed char moverTakesFlag = -1;  // flagWins: not yet known (-1), no (0), yes (1)
    signed char moverLosesFlag = -1;  // flagLosses: likewise
  };
  struct OutcomeChild {
    Identity revealed;
    int node, next;
  };

  // One iteration in `world` (a fresh deal per iteration, or one world's
  // throughout); decisiveFlips may redeal a flip's point on the way down.
  double iterate(const FlipPosition& root, FlipDeal world);
  void searchPimc(const FlipPosition& root);
  // Gumbel's root: returns the root edge to play, and fills improved_.
  int searchGumbel(const FlipPosition& root);
  void expand(int node, const FlipPosition& pos, bool atRoot);
  int select(const Node& node) const;
  // An edge's mean value for the seat that chose it (0 unvisited), its decisive outcomes included.
  static double value(const Edge& edge);
  // decisiveFlips: the flip edge's decisive outcomes (found once), and `world`
  // redealt so that this pass meets another outcome.
  void prepareFlip(int edge, const FlipPosition& pos, FlipDeal& world);
  int selectWithPriors(const Node& node) const;
  void setRootPriors(const FlipPosition& pos);
  void addRootNoise();
  // Plays the edge's action on `pos` (a flip reveals what `world` holds) and returns the node it leads to.
  int childAfter(int edge, const FlipDeal& world, FlipPosition& pos);
  double rollout(FlipPosition pos, const FlipDeal& world);
  // A new node's value for seat 0: the evaluator's (its priors go to the
  // node's edges) or a playout's.
  // `depth`: the node's distance from the root (hybrid: deeper nodes get a playout).
  double leafValue(int node, const FlipPosition& pos, const FlipDeal& world, int depth);
  bool hybrid() const { return params_.evaluator && params_.netDepth >= 0; }
  // flagWins: whether the node's mover can take the enemy flag (found once a node).
  bool moverTakesFlag(int node, const FlipPosition& pos);
  // flagLosses: whether every action of the node's mover leaves its flag to
  // be taken, the mover unable to take the enemy's first (found once a node).
  bool moverLosesFlag(int node, const FlipPosition& pos);
  // The share of a leaf's value left at `pos` by the draw clock (1 without it).
  double drawClockShare(const FlipPosition& pos) const;
  bool usesPriors(int node) const {
    return hybrid() ? nodes_[node].priors : params_.evaluator || (node == 0 && params_.priorTemperature > 0);
  }
  // Hybrid: the evaluator's priors for the node's edges; returns its value for the mover.
  double setNetPriors(int node, const FlipPosition& pos);
  // Hybrid: a node reached at `depth` with `visits` passes gets priors now.
  bool wantsNetPriors(int depth, int visits) const {
    return depth == 0 || (depth <= params_.netDepth && visits == params_.netVisits);
  }
  void report(int rootNode);

  FlipMctsParams params_;
  Rng rng_;
  int iterations_ = 0;  // of the last search
  int forcedRootEdge_ = -1;  // Gumbel: the root edge the next iteration takes (-1: selection decides)
  double rootValue_ = 0;     // the evaluator's value of the root, for its mover
  std::vector<std::pair<Move, double>> improved_;
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<OutcomeChild> outcomes_;
};

}  // namespace junqi
