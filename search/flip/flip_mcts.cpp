#include "search/flip/flip_mcts.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "core/flip/flip_playout.h"
#include "core/gamma_variate.h"
#include "core/stopwatch.h"
#include "search/flip/flip_evaluation.h"
#include "search/flip/flip_heuristic.h"
#include "search/search_budget.h"

namespace junqi {

namespace {

// The game's value for seat 0: its result or, while it goes on, the static value.
double valueForSeatZero(const FlipPosition& pos, const Outcome& outcome, double cover) {
  if (outcome.isOver()) return !outcome.winner ? 0.0 : *outcome.winner == Seat::Red ? 1.0 : -1.0;
  const double forMover = flipStaticValue(pos, cover);
  return pos.toMove() == Seat::Red ? forMover : -forMover;
}

double forMover(double valueForZero, Seat mover) { return mover == Seat::Red ? valueForZero : -valueForZero; }

// The mover has an action, and every one leaves its flag to be taken.
bool everyActionLeavesTheFlag(const FlipPosition& pos) {
  FlipPosition passed = pos;  // is the flag in reach at all? (cheap, and mostly not)
  passed.setToMove(opposite(pos.toMove()));
  if (!flagCaptureInOne(passed)) return false;
  MoveList actions;
  generateFlipActions(pos, actions);
  if (actions.size() == 0) return false;  // the rules' own end, which the search finds
  for (const Move m : actions)
    if (!leavesFlagToCapture(pos, m)) return false;
  return true;
}

}  // namespace

std::string FlipMctsAgent::spec() const {
  // drawclock appears only when used, so the specs of earlier records read as before.
  const std::string clock = params_.drawClock > 0 ? fmt::format("drawclock={},", params_.drawClock) : "";
  const std::string decisive = params_.decisiveFlips ? "decisive=1," : "";  // likewise
  const std::string takeFlag = params_.flagWins ? "takeflag=1," : "";        // likewise
  const std::string lostFlag = params_.flagLosses ? "lostflag=1," : "";      // likewise
  const std::string cover = params_.cover > 0 ? fmt::format("cover={},", params_.cover) : "";  // likewise
  const std::string common = fmt::format("c={},depth={},ptemp={},pc={},{}{}{}{}{}seed={}", params_.exploration,
                                         params_.rolloutDepth, params_.priorTemperature, params_.priorWeight, clock,
                                         decisive, takeFlag, lostFlag, cover, params_.seed);
  if (params_.worlds > 0) return fmt::format("pimc:sims={},worlds={},{}", params_.simulations, params_.worlds, common);
  return fmt::format("mcts:{},{}", budgetSpecItem(params_.seconds, params_.cpuSeconds, params_.simulations), common);
}

void FlipMctsAgent::newGame(const FlipRuleset&, Seat, std::uint64_t gameSeed) {
  rng_.reseed(flipGameSeed(params_.seed, gameSeed));
}

void FlipMctsAgent::expand(int node, const FlipPosition& pos, bool atRoot) {
  MoveList actions;
  generateFlipActions(pos, actions);
  std::vector<Move> kept(actions.begin(), actions.end());
  if (atRoot) {  // anti-decisive: never leave our flag to be taken while another action exists
    std::vector<Move> safe;
    for (const Move m : kept)
      if (!leavesFlagToCapture(pos, m)) safe.push_back(m);
    if (!safe.empty()) kept = safe;
  }
  nodes_[node].firstEdge = static_cast<int>(edges_.size());
  nodes_[node].edgeCount = static_cast<int>(kept.size());
  for (const Move m : kept) edges_.emplace_back().action = m;
}

// The heuristic's view of each root action, as PUCT priors.
void FlipMctsAgent::setRootPriors(const FlipPosition& pos) {
  const Node& root = nodes_[0];
  std::vector<Move> actions;
  for (int e = root.firstEdge; e < root.firstEdge + root.edgeCount; ++e) actions.push_back(edges_[e].action);
  const std::vector<double> p = FlipHeuristicAgent::priors(pos, actions, params_.priorTemperature);
  for (int i = 0; i < root.edgeCount; ++i) edges_[root.firstEdge + i].prior = static_cast<float>(p[i]);
}

int FlipMctsAgent::selectWithPriors(const Node& node) const {
  int best = node.firstEdge;
  double bestScore = -1e18;
  const double sqrtVisits = std::sqrt(static_cast<double>(node.visits) + 1);
  for (int e = node.firstEdge; e < node.firstEdge + node.edgeCount; ++e) {
    const Edge& edge = edges_[e];
    const double score = value(edge) + params_.priorWeight * edge.prior * sqrtVisits / (1 + edge.visits);
    if (score > bestScore) bestScore = score, best = e;
  }
  return best;
}

int FlipMctsAgent::select(const Node& node) const {
  int best = node.firstEdge;
  double bestScore = -1e18;
  const double logVisits = std::log(static_cast<double>(node.visits) + 1);
  for (int e = node.firstEdge; e < node.firstEdge + node.edgeCount; ++e) {
    const Edge& edge = edges_[e];
    if (edge.visits == 0) return e;  // every action once first, in generation order
    const double score = value(edge) + params_.exploration * std::sqrt(logVisits / edge.visits);
    if (score > bestScore) bestScore = score, best = e;
  }
  return best;
}

double FlipMctsAgent::value(const Edge& edge) {
  const double sampled = edge.visits ? edge.valueSum / edge.visits : 0.0;
  return edge.decisive.any() ? edge.decisive.value(sampled) : sampled;
}

void FlipMctsAgent::prepareFlip(int e, const FlipPosition& pos, FlipDeal& world) {
  Edge& edge = edges_[e];
  if (!edge.decisiveKnown) edge.decisive = decisiveFlip(pos, edge.action.from), edge.decisiveKnown = true;
  dealOtherOutcome(pos, edge.action.from, edge.decisive, world, rng_);
}

int FlipMctsAgent::childAfter(int e, const FlipDeal& world, FlipPosition& pos) {
  const Move action = edges_[e].action;
  if (!isFlip(action)) {
    pos.move(action);
    if (edges_[e].child < 0) {
      edges_[e].child = static_cast<int>(nodes_.size());
      nodes_.push_back({});
    }
    return edges_[e].child;
  }
  const Identity revealed = *world.under[action.from];
  pos.flip(action.from, revealed);
  for (int o = edges_[e].firstOutcome; o >= 0; o = outcomes_[o].next)
    if (outcomes_[o].revealed == revealed) return outcomes_[o].node;
  const int node = static_cast<int>(nodes_.size());
  nodes_.push_back({});
  outcomes_.push_back({revealed, node, edges_[e].firstOutcome});
  edges_[e].firstOutcome = static_cast<int>(outcomes_.size()) - 1;
  return node;
}

double FlipMctsAgent::rollout(FlipPosition pos, const FlipDeal& world) {
  const PlayoutResult r = randomFlipPlayout(pos, world, rng_, params_.rolloutDepth);
  return valueForSeatZero(pos, r.outcome.reason == Termination::Adjudicated ? Outcome{} : r.outcome, params_.cover);
}

double FlipMctsAgent::setNetPriors(int node, const FlipPosition& pos) {
  Node& n = nodes_[node];
  MoveList actions;
  for (int e = n.firstEdge; e < n.firstEdge + n.edgeCount; ++e) actions.push(edges_[e].action);
  EvalResult r;
  params_.evaluator->evaluate(pos, actions, r);
  const int count = std::min(n.edgeCount, static_cast<int>(r.priors.size()));
  if (params_.netPriorTemperature != 1.0) {  // sharper (T < 1) or flatter priors; T = 1 leaves them exact
    double sum = 0;
    for (int i = 0; i < count; ++i)
      sum += r.priors[i] = static_cast<float>(std::pow(r.priors[i], 1.0 / params_.netPriorTemperature));
    for (int i = 0; i < count && sum > 0; ++i) r.priors[i] = static_cast<float>(r.priors[i] / sum);
  }
  for (int i = 0; i < count; ++i) edges_[n.firstEdge + i].prior = r.priors[i];
  n.priors = true;
  return r.value;
}

double FlipMctsAgent::leafValue(int node, const FlipPosition& pos, const FlipDeal& world, int depth) {
  const bool netLeaf = !hybrid() || depth == 0 || (depth <= params_.netDepth && params_.netVisits == 0);
  if (!params_.evaluator || !netLeaf) return rollout(pos, world);
  const double net = setNetPriors(node, pos);
  if (node == 0 && params_.rootNoiseAlpha > 0 && !params_.gumbel) addRootNoise();
  const double mix = params_.staticMix;
  const double value = mix > 0 ? (1 - mix) * net + mix * flipStaticValue(pos, params_.cover) : net;
  if (node == 0) rootValue_ = value;
  return forMover(value, pos.toMove());  // the mover's value as seat 0's (the same sign flip)
}

bool FlipMctsAgent::moverTakesFlag(int node, const FlipPosition& pos) {
  signed char& known = nodes_[node].moverTakesFlag;
  if (known < 0) known = flagCaptureInOne(pos).has_value();
  return known == 1;
}

bool FlipMctsAgent::moverLosesFlag(int node, const FlipPosition& pos) {
  signed char& known = nodes_[node].moverLosesFlag;
  if (known < 0) known = !moverTakesFlag(node, pos) && everyActionLeavesTheFlag(pos);
  return known == 1;
}

double FlipMctsAgent::drawClockShare(const FlipPosition& pos) const {
  const int limit = pos.rules().quietMoveLimit;
  if (params_.drawClock <= 0 || limit <= 0) return 1;
  return std::clamp(static_cast<double>(limit - pos.quietPlies()) / params_.drawClock, 0.0, 1.0);
}

void FlipMctsAgent::addRootNoise() {
  const Node& root = nodes_[0];
  const std::vector<double> noise = dirichletShares(rng_, params_.rootNoiseAlpha, static_cast<std::size_t>(root.edgeCount));
  if (noise.empty()) return;
  const double f = params_.rootNoiseFraction;
  for (int i = 0; i < root.edgeCount; ++i) {
    float& prior = edges_[root.firstEdge + i].prior;
    prior = static_cast<float>((1 - f) * prior + f * noise[static_cast<std::size_t>(i)]);
  }
}

// One iteration: a world, the tree down to a new node, a playout, the values back up.
double FlipMctsAgent::iterate(const FlipPosition& root, FlipDeal world) {
  FlipPosition pos = root;
  std::vector<std::pair<int, Seat>> path;  // (edge, who chose it)
  int node = 0;
  double value = 0;
  for (;;) {
    // Won or lost below the root (the root's mover must still choose):
    // neither expanded nor valued by the evaluator.
    if (params_.flagWins && node != 0 && moverTakesFlag(node, pos)) {
      value = pos.toMove() == Seat::Red ? 1.0 : -1.0;
      break;
    }
    if (params_.flagLosses && node != 0 && moverLosesFlag(node, pos)) {
      value = pos.toMove() == Seat::Red ? -1.0 : 1.0;
      break;
    }
    // A node's edges are its legal actions (at the root, the safe ones, never
    // none while any exists): their count decides the end without a second count.
    const bool fresh = nodes_[node].edgeCount < 0;
    if (fresh) {
      expand(node, pos, node == 0);
      if (node == 0 && params_.priorTemperature > 0 && !params_.evaluator) setRootPriors(pos);
    }
    const Outcome o = flipBoardOutcome(pos, nodes_[node].edgeCount);
    const int depth = static_cast<int>(path.size());
    if (o.isOver() || fresh) {
      value = o.isOver() ? valueForSeatZero(pos, o, params_.cover)
                         : leafValue(node, pos, world, depth) * drawClockShare(pos);
      break;
    }
    if (hybrid() && !nodes_[node].priors && wantsNetPriors(depth, nodes_[node].visits)) setNetPriors(node, pos);
    const int e = node == 0 && forcedRootEdge_ >= 0 ? forcedRootEdge_
                  : usesPriors(node)                 ? selectWithPriors(nodes_[node])
                                                     : select(nodes_[node]);
    ++nodes_[node].visits;
    path.push_back({e, pos.toMove()});
    if (params_.decisiveFlips && params_.worlds == 0 && isFlip(edges_[e].action)) prepareFlip(e, pos, world);
    node = childAfter(e, world, pos);
  }
  // Leaf first: a flip with decisive outcomes keeps the value of the outcome
  // met and passes up its expectation with the decisive ones.
  for (auto step = path.rbegin(); step != path.rend(); ++step) {
    const auto [e, mover] = *step;
    Edge& edge = edges_[e];
    ++edge.visits;
    edge.valueSum += forMover(value, mover);
    if (edge.decisive.any()) value = forMover(edge.decisive.value(forMover(value, mover)), mover);
  }
  return value;
}

void FlipMctsAgent::report(int rootNode) {
  const Node& root = nodes_[rootNode];
  std::vector<int> order;
  for (int e = root.firstEdge; e < root.firstEdge + root.edgeCount; ++e) order.push_back(e);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return edges_[a].visits > edges_[b].visits; });
  report_.simulations = iterations_;
  const Edge& best = edges_[order.front()];
  report_.value = value(best);
  report_.principalLine = {best.action};
  for (std::size_t k = 0; k < order.size() && k < 5 && edges_[order[k]].visits > 0; ++k) {
    const Edge& e = edges_[order[k]];
    report_.rootShares.push_back({e.action, e.visits / double(std::max(1, iterations_))});
    report_.rootValues.push_back(value(e));  // for the mover, as report_.value
  }
}

Move FlipMctsAgent::chooseAction(const FlipPosition& pos) {
  report_ = {};
  nodes_.assign(1, Node{});
  edges_.clear();
  outcomes_.clear();
  improved_.clear();
  if (const auto win = flagCaptureInOne(pos)) return *win;  // decisive: no search needed
  iterations_ = 0;
  if (params_.gumbel) {
    const int e = searchGumbel(pos);
    report(0);
    report_.principalLine = {edges_[e].action};
    report_.value = edges_[e].visits ? value(edges_[e]) : rootValue_;
    return edges_[e].action;
  }
  if (params_.worlds > 0) {
    searchPimc(pos);
  } else if (params_.timed()) {
    const Stopwatch clock;  // the clock is read every 8 iterations
    const double cpuStart = threadCpuSeconds();
    const auto spent = [&] { return params_.cpuSeconds > 0 ? threadCpuSeconds() - cpuStart : clock.wallSeconds(); };
    const double budget = params_.cpuSeconds > 0 ? params_.cpuSeconds : params_.seconds;
    do {
      for (int k = 0; k < 8; ++k, ++iterations_) iterate(pos, randomFlipDeal(pos, rng_));
    } while (spent() < budget);
  } else {
    for (; iterations_ < params_.simulations; ++iterations_) iterate(pos, randomFlipDeal(pos, rng_));
  }
  report(0);
  return report_.principalLine.front();
}

std::vector<std::pair<Move, int>> FlipMctsAgent::rootVisits() const {
  std::vector<std::pair<Move, int>> out;
  if (nodes_.empty()) return out;
  const Node& root = nodes_.front();
  for (int e = root.firstEdge; e < root.firstEdge + root.edgeCount; ++e) out.push_back({edges_[e].action, edges_[e].visits});
  return out;
}

// Gumbel AlphaZero's root: one simulation expands and values the root, then
// sequential halving names the root edge of each of the others.
int FlipMctsAgent::searchGumbel(const FlipPosition& pos) {
  if (!params_.evaluator || params_.timed() || params_.worlds > 0)
    throw std::invalid_argument("flip search: the Gumbel root needs an evaluator and a simulation count, not PIMC");
  iterate(pos, randomFlipDeal(pos, rng_));
  iterations_ = 1;
  const int first = nodes_[0].firstEdge;  // (nodes_ grows: no reference into it)
  const auto moves = static_cast<std::size_t>(nodes_[0].edgeCount);
  std::vector<double> priors(moves), values(moves);
  std::vector<long long> visits(moves);
  const RootEstimates estimates{priors, visits, values, rootValue_};
  const auto refresh = [&] {
    for (std::size_t i = 0; i < moves; ++i) {
      const Edge& edge = edges_[static_cast<std::size_t>(first) + i];
      priors[i] = edge.prior, visits[i] = edge.visits;
      values[i] = value(edge);
    }
  };
  refresh();
  const long long budget = std::max(0, params_.simulations - 1);
  const SequentialHalving halving(static_cast<int>(moves), budget, params_.gumbelRoot, rng_);
  for (long long k = 0; k < budget; ++k, ++iterations_) {
    forcedRootEdge_ = first + halving.next(k, estimates);
    iterate(pos, randomFlipDeal(pos, rng_));
    refresh();
  }
  forcedRootEdge_ = -1;
  const std::vector<double> policy = junqi::improvedPolicy(estimates, params_.gumbelRoot);
  for (std::size_t i = 0; i < moves; ++i) improved_.push_back({edges_[static_cast<std::size_t>(first) + i].action, policy[i]});
  return first + halving.chosen(estimates);
}

// One tree per world; the root's edges (the same actions in every world) sum
// the visits and values of all the trees. The last tree's root is kept for them.
void FlipMctsAgent::searchPimc(const FlipPosition& pos) {
  std::vector<Edge> total;
  for (int w = 0; w < params_.worlds; ++w) {
    const FlipDeal world = randomFlipDeal(pos, rng_);
    nodes_.assign(1, Node{});
    edges_.clear();
    outcomes_.clear();
    const int iterations = params_.simulations / params_.worlds + (w < params_.simulations % params_.worlds);
    for (int i = 0; i < iterations; ++i) iterate(pos, world);
    iterations_ += iterations;
    if (w == 0) {
      total.assign(edges_.begin(), edges_.begin() + nodes_[0].edgeCount);
      continue;
    }
    for (int e = 0; e < nodes_[0].edgeCount; ++e) {
      total[e].visits += edges_[e].visits;
      total[e].valueSum += edges_[e].valueSum;
    }
  }
  std::copy(total.begin(), total.end(), edges_.begin());
}

}  // namespace junqi
