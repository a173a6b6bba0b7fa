#include "search/four/four_ismcts.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "core/four/cross_board.h"
#include "core/four/four_movegen.h"
#include "core/four/four_perft.h"
#include "core/gamma_variate.h"
#include "core/stopwatch.h"
#include "search/four/four_flag_safety.h"
#include "search/four/four_heuristic.h"
#include "search/material.h"

namespace junqi {

namespace {

struct FourIsEdge {
  int army;
  Move move;
  int child = -1;
  long long visits = 0, available = 0;
  double sum = 0;  // from `army`'s team's side
};

struct FourIsNode {
  std::vector<int> edges;
};

// One search's tree and the scratch of its iterations.
class FourTree {
 public:
  FourTree(const FourSearchParams& params, Visibility visibility, std::vector<std::pair<Move, double>> rootPriors)
      : params_(params), visibility_(visibility), rootPriors_(std::move(rootPriors)) {
    nodes_.emplace_back();
  }

  // One iteration in `world`; through the root move `forcedRoot` when given (the Gumbel root's choice).
  void iterate(FourPosition world, Rng& rng, const Move* forcedRoot = nullptr);
  const std::vector<FourIsEdge>& edges() const { return edges_; }
  const FourIsNode& root() const { return nodes_.front(); }

 private:
  int edgeFor(int node, int army, Move m);
  int select(int node, const MoveList& moves, int army, Rng& rng, const Move* forced);
  double leafValue(FourPosition& world, Rng& rng, int plies) const;
  double rolloutValue(FourPosition& world, Rng& rng, int plies) const;
  double priorOf(Move m) const;

  const FourSearchParams& params_;
  Visibility visibility_;
  std::vector<std::pair<Move, double>> rootPriors_;  // per root move (empty: none)
  std::vector<FourIsNode> nodes_;
  std::vector<FourIsEdge> edges_;
  std::vector<int> path_, legal_;
};

int FourTree::edgeFor(int node, int army, Move m) {
  for (const int e : nodes_[static_cast<std::size_t>(node)].edges)
    if (edges_[static_cast<std::size_t>(e)].army == army && edges_[static_cast<std::size_t>(e)].move == m) return e;
  edges_.push_back({army, m});
  const int e = static_cast<int>(edges_.size() - 1);
  nodes_[static_cast<std::size_t>(node)].edges.push_back(e);
  return e;
}

// The forced move if any; else an untried legal move if there is one (at
// random), else UCB1 over the legal ones with availability counts (PUCT with
// the priors at the root).
int FourTree::select(int node, const MoveList& moves, int army, Rng& rng, const Move* forced) {
  legal_.clear();
  int untried = 0;
  for (const Move m : moves) {
    const int e = edgeFor(node, army, m);
    ++edges_[static_cast<std::size_t>(e)].available;
    legal_.push_back(e);
    untried += edges_[static_cast<std::size_t>(e)].visits == 0;
  }
  if (forced) return edgeFor(node, army, *forced);
  const bool priors = node == 0 && !rootPriors_.empty();
  if (untried && !priors) {
    int pick = static_cast<int>(rng.below(static_cast<std::uint64_t>(untried)));
    for (const int e : legal_)
      if (edges_[static_cast<std::size_t>(e)].visits == 0 && pick-- == 0) return e;
  }
  int best = legal_.front();
  double top = -1e300;
  long long parentVisits = 0;
  for (const int e : legal_) parentVisits += edges_[static_cast<std::size_t>(e)].visits;
  for (std::size_t i = 0; i < legal_.size(); ++i) {
    const FourIsEdge& edge = edges_[static_cast<std::size_t>(legal_[i])];
    double score;
    if (priors) {
      const double mean = edge.visits ? edge.sum / static_cast<double>(edge.visits) : 0;
      score = mean + params_.priorExploration * priorOf(edge.move) * std::sqrt(static_cast<double>(parentVisits) + 1) /
                         (1.0 + static_cast<double>(edge.visits));
    } else {
      score = edge.sum / static_cast<double>(edge.visits) +
              params_.exploration * std::sqrt(std::log(static_cast<double>(edge.available)) / static_cast<double>(edge.visits));
    }
    if (score > top) top = score, best = legal_[i];
  }
  return best;
}

double FourTree::priorOf(Move m) const {
  for (const auto& [move, p] : rootPriors_)
    if (move == m) return p;
  return 0;
}

int greedyFourPlayout(FourPosition& world, Rng& rng, int maxPlies) {
  MoveList moves;
  int plies = 0;
  for (; plies < maxPlies && !fourOutcome(world).isOver(); ++plies) {
    generateFourMoves(world, moves);
    world.play(greedyRolloutMove(world, moves, rng, [&world](PieceType a, PieceType d) { return world.combat(a, d); }));
  }
  return plies;
}

// From team 0's side: a result in full (discounted per ply), else the
// evaluator's value, or random (or greedy) moves for rolloutDepth plies and
// the team material difference, or (hybrid) leafMix of the first and the
// rest of the second.
double FourTree::leafValue(FourPosition& world, Rng& rng, int plies) const {
  const bool evaluate = params_.evaluator && params_.leafMix > 0 && !fourOutcome(world).isOver();
  double net = 0;
  if (evaluate) {
    const double v = params_.evaluator->evaluate(world, visibility_, nullptr, nullptr);
    net = teamOfArmy(world.toMove()) == 0 ? v : -v;
    if (params_.leafMix >= 1) return net;
  }
  const double rollout = rolloutValue(world, rng, plies);
  return evaluate ? params_.leafMix * net + (1 - params_.leafMix) * rollout : rollout;
}

// From team 0's side: random (or greedy) moves for rolloutDepth plies, then
// a result met on the way (discounted per ply) or the team material difference.
double FourTree::rolloutValue(FourPosition& world, Rng& rng, int plies) const {
  if (!fourOutcome(world).isOver())
    plies += params_.rollout == RolloutPolicy::Greedy ? greedyFourPlayout(world, rng, params_.rolloutDepth)
                                                      : randomFourPlayout(world, rng, params_.rolloutDepth);
  const FourOutcome outcome = fourOutcome(world);
  if (outcome.isOver()) {
    if (!outcome.winningTeam) return 0;
    return (*outcome.winningTeam == 0 ? 1.0 : -1.0) * std::pow(params_.discount, plies);
  }
  double diff = 0;
  for (Square p{}; p < kCrossPoints; ++p)
    if (!world.isEmpty(p)) diff += (teamOfArmy(world.armyAt(p)) == 0 ? 1 : -1) * pieceValue(world.typeAt(p));
  return std::tanh(diff / params_.materialScale);
}

void FourTree::iterate(FourPosition world, Rng& rng, const Move* forcedRoot) {
  path_.clear();
  int node = 0, plies = 0;
  MoveList moves;
  while (!fourOutcome(world).isOver()) {
    const int army = world.toMove();
    generateFourMoves(world, moves);
    const int e = select(node, moves, army, rng, node == 0 ? forcedRoot : nullptr);
    const bool expand = edges_[static_cast<std::size_t>(e)].visits == 0;
    world.play(edges_[static_cast<std::size_t>(e)].move);
    path_.push_back(e);
    ++plies;
    if (edges_[static_cast<std::size_t>(e)].child < 0) {
      nodes_.emplace_back();
      edges_[static_cast<std::size_t>(e)].child = static_cast<int>(nodes_.size() - 1);
    }
    node = edges_[static_cast<std::size_t>(e)].child;
    if (expand) break;
  }
  const double value = leafValue(world, rng, plies);
  for (const int e : path_) {
    FourIsEdge& edge = edges_[static_cast<std::size_t>(e)];
    ++edge.visits;
    edge.sum += teamOfArmy(edge.army) == 0 ? value : -value;
  }
}

std::vector<std::pair<Move, double>> heuristicPriors(const FourObservation& obs, const FourRuleset& rules,
                                                     const MoveList& moves, double temperature) {
  FourHeuristicAgent heuristic(0, 1);
  heuristic.newGame(rules, obs.army(), 1);
  const std::vector<double> p = heuristic.policy(obs, moves, temperature);
  std::vector<std::pair<Move, double>> priors;
  for (int i = 0; i < moves.size(); ++i) priors.emplace_back(moves[i], p[static_cast<std::size_t>(i)]);
  return priors;
}

// The evaluator's priors over the root's moves, from the seat's own board
// (or the heuristic's, or their average: FourRootPriors), mixed with
// Dirichlet noise in self-play (not with the Gumbel root, which has its
// own); its value of the root into `rootValue`.
std::vector<std::pair<Move, double>> evaluatorPriors(const FourObservation& obs, const FourRuleset& rules,
                                                     const FourSearchParams& params, const MoveList& moves, Rng& rng,
                                                     double& rootValue) {
  std::vector<double> p;
  if (params.rootPriors == FourRootPriors::Heuristic && !params.gumbel) {
    // Only the heuristic's: no evaluation (the Gumbel root needs its value).
    for (const auto& [m, h] : heuristicPriors(obs, rules, moves, params.priorTemperature)) p.push_back(h);
  } else {
    rootValue = params.evaluator->evaluate(obs.board(), obs.visibility(), &moves, &p);
    if (params.rootPriors != FourRootPriors::Evaluator) {
      const auto heuristic = heuristicPriors(obs, rules, moves, params.priorTemperature);
      const double share = params.rootPriors == FourRootPriors::Mix ? 0.5 : 1.0;
      for (std::size_t i = 0; i < p.size(); ++i) p[i] = (1 - share) * p[i] + share * heuristic[i].second;
    }
  }
  if (params.rootNoiseAlpha > 0 && !params.gumbel) {
    const std::vector<double> noise = dirichletShares(rng, params.rootNoiseAlpha, p.size());
    for (std::size_t i = 0; i < noise.size(); ++i)
      p[i] = (1 - params.rootNoiseFraction) * p[i] + params.rootNoiseFraction * noise[i];
  }
  std::vector<std::pair<Move, double>> priors;
  for (int i = 0; i < moves.size(); ++i) priors.emplace_back(moves[i], p[static_cast<std::size_t>(i)]);
  return priors;
}

// A move onto a piece that is the flag in every world the seat cannot rule
// out (by its army's exact count, not only the seat's notes), if any.
std::optional<Move> certainFlagCapture(const FourTacticsView& view, const MoveList& moves) {
  for (const Move m : moves)
    if (takesFlagForCertain(view, m)) return m;
  return std::nullopt;
}

// The root flag guard: where the chosen move leaves our flag to the next
// army in some world and another move surely does not, the most visited such
// move instead (a few hundred simulations leave most replies unvisited, the
// capture of our flag among them).
std::size_t guardedChoice(const FourTacticsView& view, const std::vector<FourRootMove>& root, std::size_t best) {
  if (flagSafetyAfter(view, root[best].move) != FourSafety::Unsafe) return best;
  std::optional<std::size_t> safe;
  for (std::size_t i = 0; i < root.size(); ++i)
    if ((!safe || root[i].visits > root[*safe].visits) && flagSafetyAfter(view, root[i].move) == FourSafety::Safe)
      safe = i;
  return safe.value_or(best);
}

// The root's visits and values (from the searching team's side) into `result`.
void readRoot(const FourTree& tree, int army, FourSearchResult& result) {
  for (FourRootMove& r : result.root)
    for (const int e : tree.root().edges) {
      const FourIsEdge& edge = tree.edges()[static_cast<std::size_t>(e)];
      if (edge.army != army || !(edge.move == r.move) || edge.visits == 0) continue;
      r.visits = edge.visits;
      r.value = edge.sum / static_cast<double>(edge.visits);  // edge.army is the searching army
    }
}

std::size_t mostVisited(const std::vector<FourRootMove>& root) {
  std::size_t best = 0;
  for (std::size_t i = 0; i < root.size(); ++i)
    if (root[i].visits > root[best].visits) best = i;
  return best;
}

// Gumbel AlphaZero's root: sequential halving over the Gumbel-top-k
// candidates names each iteration's root move; fills the improved policy
// and returns the survivor's index in result.root.
std::size_t gumbelSearch(FourTree& tree, const FourObservation& obs, const FourBeliefs& beliefs,
                         const FourSearchParams& params, const std::vector<std::pair<Move, double>>& rootPriors,
                         double rootValue, Rng& rng, FourSearchResult& result) {
  if (params.seconds > 0 || params.cpuSeconds > 0 || !params.evaluator)
    throw std::invalid_argument("four-player search: the Gumbel root needs an evaluator and a simulation count");
  const std::size_t n = result.root.size();
  std::vector<double> priors(n), values(n);
  std::vector<long long> visits(n);
  for (std::size_t i = 0; i < n; ++i) priors[i] = rootPriors[i].second;
  const RootEstimates estimates{priors, visits, values, rootValue};
  const SequentialHalving halving(static_cast<int>(n), params.iterations, params.gumbelRoot, rng);
  for (long long k = 0; k < params.iterations; ++k) {
    const auto i = static_cast<std::size_t>(halving.next(k, estimates));
    tree.iterate(beliefs.sampleWorld(rng), rng, &result.root[i].move);
    readRoot(tree, obs.army(), result);
    visits[i] = result.root[i].visits, values[i] = result.root[i].value;
    result.iterations = k + 1;
  }
  result.improved = improvedPolicy(estimates, params.gumbelRoot);
  return static_cast<std::size_t>(halving.chosen(estimates));
}

// Whether the search ends before iteration `i`: the iterations, the wall
// clock or (read every 8 iterations: the clock costs a system call) the
// thread's CPU time since `cpuStart`.
bool budgetSpent(const FourSearchParams& params, long long i, const Stopwatch& clock, double cpuStart) {
  if (params.cpuSeconds > 0) return i > 0 && i % 8 == 0 && threadCpuSeconds() - cpuStart >= params.cpuSeconds;
  if (params.seconds > 0) return i > 0 && clock.wallSeconds() >= params.seconds;
  return i >= params.iterations;
}

}  // namespace

std::string_view fourRootPriorsName(FourRootPriors p) {
  return p == FourRootPriors::Evaluator ? "net" : p == FourRootPriors::Heuristic ? "heuristic" : "mix";
}

std::optional<FourRootPriors> parseFourRootPriors(std::string_view name) {
  for (const FourRootPriors p : {FourRootPriors::Evaluator, FourRootPriors::Heuristic, FourRootPriors::Mix})
    if (fourRootPriorsName(p) == name) return p;
  return std::nullopt;
}

FourSearchResult fourSearch(const FourObservation& obs, const FourRuleset& rules, const FourSearchParams& params,
                            std::uint64_t seed) {
  const Stopwatch clock;
  const double cpuStart = threadCpuSeconds();  // the decision's whole cost counts, the root's priors included
  MoveList moves;
  obs.legalMoves(moves);
  if (moves.size() == 0) throw std::logic_error("fourSearch: the seat is not to move or has no legal move");
  const FourBeliefs beliefs = FourBeliefs::of(obs, rules);
  const FourTacticsView view(obs, rules, beliefs);  // the seat's observation only, for the root's flag rules
  FourSearchResult result;
  for (const Move m : moves) result.root.push_back({m});
  if (const auto flag = certainFlagCapture(view, moves)) {
    result.best = *flag;
    result.value = 1;
    return result;
  }
  Rng rng(seed);
  std::vector<std::pair<Move, double>> priors;
  double rootValue = 0;
  if (params.evaluator)
    priors = evaluatorPriors(obs, rules, params, moves, rng, rootValue);
  else if (params.heuristicPriors)
    priors = heuristicPriors(obs, rules, moves, params.priorTemperature);
  FourTree tree(params, rules.visibility, priors);
  std::size_t best = 0;
  if (params.gumbel) {
    best = gumbelSearch(tree, obs, beliefs, params, priors, rootValue, rng, result);
  } else {
    for (long long i = 0; !budgetSpent(params, i, clock, cpuStart); ++i) {
      tree.iterate(beliefs.sampleWorld(rng), rng);
      result.iterations = i + 1;
    }
    readRoot(tree, obs.army(), result);
    best = mostVisited(result.root);
  }
  best = guardedChoice(view, result.root, best);
  result.best = result.root[best].move;
  result.value = result.root[best].value;
  result.chainWorlds = beliefs.chainWorlds();
  result.seconds = clock.wallSeconds();
  return result;
}

AgentReport fourSearchReport(const FourSearchResult& r) {
  AgentReport report;
  report.simulations = r.iterations;
  report.seconds = r.seconds;
  report.value = r.value;
  report.principalLine = {r.best};
  long long visits = 0;
  for (const FourRootMove& m : r.root) visits += m.visits;
  std::vector<const FourRootMove*> visited;
  for (const FourRootMove& m : r.root)
    if (m.visits > 0) visited.push_back(&m);
  std::stable_sort(visited.begin(), visited.end(), [](const auto* a, const auto* b) { return a->visits > b->visits; });
  for (const FourRootMove* m : visited) {
    report.rootShares.push_back({m->move, static_cast<double>(m->visits) / static_cast<double>(visits)});
    report.rootValues.push_back(m->value);
  }
  return report;
}

}  // namespace junqi
