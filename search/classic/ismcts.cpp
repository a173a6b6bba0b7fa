#include "search/classic/ismcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <thread>

#include "core/gamma_variate.h"
#include "core/classic/movegen.h"
#include "search/classic/tactical_agent.h"

namespace junqi {

namespace {

using Clock = std::chrono::steady_clock;
using PossibleById = std::array<IdentitySet, kMaxPieces>;

// The moves the side to move may have in any world the search can meet: pieces
// that could be mobile may move, pieces that could be engineers may turn.
MoverView supersetView(const Position& world, const PossibleById& possible) {
  const Seat side = world.sideToMove();
  MoverView v;
  v.own = world.occupied(side);
  v.occupied = world.occupied();
  for (Bitboard b = v.own; b;) {
    const Square s = popLsb(b);
    const IdentitySet set = possible[world.pieceAt(s)];
    if (set & ~kImmobileIdentities & kAnyIdentity) v.movable |= bit(s);
    if (set & identityBit(PieceType::Engineer)) v.engineers |= bit(s);
  }
  v.movable &= ~world.rules().frozenSquares();
  return v;
}

// What both players see of a move's result, as a child key: the fight result,
// whether the flag fell, and (where the ruleset shows the flag) whether a
// marshal was lost. Plays the move in `world`.
std::uint8_t publicResult(Position& world, Move m) {
  const bool shows = world.rules().ruleset().marshalLossRevealsFlag;
  const PieceType mover = world.typeAt(m.from);
  const bool fight = !world.isEmpty(m.to);
  const PieceType target = fight ? world.typeAt(m.to) : PieceType::Flag;
  const MoveResult r = world.play(m);
  const bool marshalLost = shows && fight &&
                           ((mover == PieceType::Marshal && attackerRemoved(r.combat)) ||
                            (target == PieceType::Marshal && defenderRemoved(r.combat)));
  return static_cast<std::uint8_t>(static_cast<int>(r.combat) | (r.flagCaptured ? 4 : 0) | (marshalLost ? 8 : 0));
}

// One tree and everything one thread needs to grow it.
class TreeSearch {
 public:
  TreeSearch(const SearchParams& params, Seat seat, const PossibleById& possible, std::uint64_t seed)
      : params_(params), seat_(seat), possible_(possible), rng_(seed), tree_(TreePool::shared().acquire()) {}
  ~TreeSearch() { TreePool::shared().release(std::move(tree_)); }
  TreeSearch(const TreeSearch&) = delete;
  TreeSearch& operator=(const TreeSearch&) = delete;

  // `root` gives the network the searching seat's view (and the moves before the search).
  void start(const Position& rootWorld, const EvalQuery* root, const std::vector<std::pair<Move, double>>& priors) {
    tree_.clear();
    root_ = root;
    path_.clear();
    moves_.clear();
    newNode(rootWorld, 0);
    rootPriors_ = !priors.empty() && !params_.evaluator;
    if (rootPriors_) {
      const Node& r = tree_.nodes[0];
      for (std::uint32_t e = r.firstEdge; e < r.firstEdge + r.edgeCount; ++e)
        for (const auto& [m, p] : priors)
          if (m == tree_.edges[e].move) tree_.edges[e].prior = static_cast<std::uint16_t>(std::lround(p * 65535.0));
    }
    if (params_.evaluator) {
      Position world = rootWorld;
      rootValue_ = evaluateLeaf(world, 0);  // for the root's priors
      if (params_.rootNoiseAlpha > 0 && !params_.gumbel) addRootNoise();
    }
  }

  // One iteration in `world` (a determinization). `view` 0: our pieces are
  // true and the decisions of our seat learn; 1: the world is seen from the
  // opponent's side and the opponent's decisions learn. Plain ISMCTS and PIMC
  // always use view 0 and every decision learns.
  void iterate(Position world, int view) {
    ++iterations_;
    path_.clear();
    moves_.clear();
    std::uint32_t at = 0;
    double value = 0;  // from the searching seat's side
    for (int depth = 0;; ++depth) {
      if (depth > maxDepth_) maxDepth_ = depth;
      if (const auto taker = world.flagCapturedBy()) {
        value = (*taker == seat_ ? 1.0 : -1.0) * std::pow(params_.discount, depth);
        break;
      }
      generateMoves(world, legal_);
      if (legal_.empty()) {
        value = (world.sideToMove() == seat_ ? -1.0 : 1.0) * std::pow(params_.discount, depth);
        break;
      }
      const int quietLimit = world.rules().ruleset().quietMoveLimit;
      if (quietLimit > 0 && world.quietPlies() >= quietLimit) {
        value = 0.0;
        break;
      }
      const Seat mover = world.sideToMove();
      const int owner = params_.multipleObserver && mover != seat_ ? 1 : 0;
      const bool learning = !params_.multipleObserver || owner == view;
      const std::uint32_t e = at == 0 && forcedRoot_ != kNoNode ? forcedRoot_ : select(at, owner, learning);
      if (e == kNoNode) {  // cannot happen while edge lists are supersets; value it as a leaf
        value = leafRollout(world) * std::pow(params_.discount, depth);
        break;
      }
      const std::uint8_t result = publicResult(world, tree_.edges[e].move);
      moves_.push_back({tree_.edges[e].move, static_cast<Combat>(result & 3)});
      if (learning) path_.push_back({e, mover == seat_});
      std::uint32_t child = tree_.edges[e].child;
      while (child != kNoNode && tree_.nodes[child].result != result) child = tree_.nodes[child].sibling;
      if (child == kNoNode) {
        child = newNode(world, result);
        tree_.nodes[child].sibling = tree_.edges[e].child;
        tree_.edges[e].child = child;
        if (depth + 1 > maxDepth_) maxDepth_ = depth + 1;
        value = (params_.evaluator ? evaluateLeaf(world, child) : leafRollout(world)) *
                std::pow(params_.discount, depth + 1);
        break;
      }
      at = child;
    }
    for (const auto& [e, ours] : path_) {
      EdgeStats& s = tree_.edges[e].stats[params_.multipleObserver && !ours ? 1 : 0];
      ++s.visits;
      s.valueSum += static_cast<float>(ours ? value : -value);
    }
  }

  // The root edge the next iteration takes (Gumbel's sequential halving); kNoNode: selection decides.
  void forceRoot(std::uint32_t edge) { forcedRoot_ = edge; }
  // The network's priors for the root's edges and its value of the root (set by start()).
  const std::vector<double>& rootPolicy() const { return rootPolicy_; }
  double rootValue() const { return rootValue_; }

  const Tree& tree() const { return tree_; }
  Tree takeTree() { return std::move(tree_); }
  Rng& rng() { return rng_; }
  long long iterations() const { return iterations_; }
  int maxDepth() const { return maxDepth_; }

 private:
  std::uint32_t newNode(const Position& world, std::uint8_t result) {
    Node n;
    n.firstEdge = static_cast<std::uint32_t>(tree_.edges.size());
    n.result = result;
    n.sideToMove = static_cast<std::uint8_t>(world.sideToMove());
    if (!world.flagCapturedBy()) {
      generateMoves(world.rules().topology(), supersetView(world, possible_), legal_);
      tree_.edges.resize(tree_.edges.size() + static_cast<std::size_t>(legal_.size()));
      Edge* edge = tree_.edges.data() + n.firstEdge;
      for (const Move m : legal_) edge++->move = m;
      n.edgeCount = static_cast<std::uint16_t>(legal_.size());
    }
    tree_.nodes.push_back(n);
    return static_cast<std::uint32_t>(tree_.nodes.size() - 1);
  }

  double leafRollout(Position& world) {
    return rollout(world, seat_, params_.rollout, params_.rolloutDepth, rng_, params_.discount);
  }

  // The network's value of a new leaf from the searching seat's side; sets the
  // priors of the node's edges when the seat is to move there.
  double evaluateLeaf(Position& world, std::uint32_t node) {
    if (const auto terminal = terminalValue(world, seat_)) return *terminal;
    EvalQuery q;
    q.state = root_->state;
    for (Square s{}; s < kSquares; ++s) q.pieceAt[s] = world.pieceAt(s);
    q.sideToMove = world.sideToMove();
    q.quietPlies = world.quietPlies();
    q.ply = world.ply();
    for (auto it = moves_.rbegin(); it != moves_.rend() && q.recentCount < 4; ++it, ++q.recentCount)
      q.recent[q.recentCount] = it->first, q.recentResult[q.recentCount] = it->second;
    for (int i = 0; i < root_->recentCount && q.recentCount < 4; ++i, ++q.recentCount)
      q.recent[q.recentCount] = root_->recent[i], q.recentResult[q.recentCount] = root_->recentResult[i];
    const Node& n = tree_.nodes[node];
    MoveList edgeMoves;
    const bool ours = world.sideToMove() == seat_;
    if (ours)
      for (std::uint32_t e = n.firstEdge; e < n.firstEdge + n.edgeCount; ++e) edgeMoves.push(tree_.edges[e].move);
    q.legal = ours ? &edgeMoves : nullptr;
    EvalResult& r = leafResult_;  // reused: its priors keep their memory
    params_.evaluator->evaluate(std::span<const EvalQuery>(&q, 1), std::span<EvalResult>(&r, 1));
    if (ours)
      for (std::uint32_t i = 0; i < n.edgeCount && i < r.priors.size(); ++i)
        tree_.edges[n.firstEdge + i].prior = static_cast<std::uint16_t>(std::lround(r.priors[i] * 65535.0f));
    if (node == 0) rootPolicy_.assign(r.priors.begin(), r.priors.end());
    double value = r.value;
    if (params_.rolloutMix > 0)
      value = (1 - params_.rolloutMix) * value +
              params_.rolloutMix * leafRollout(world);
    return value;
  }

  // Picks the edge to follow at node `at` among the moves legal in this world
  // (legal_, in the same order as the node's edges).
  std::uint32_t select(std::uint32_t at, int owner, bool learning) {
    if (params_.evaluator) return selectPuct(at, params_.exploration);
    if (at == 0 && rootPriors_) return selectPuct(at, params_.priorExploration);
    const Node& n = tree_.nodes[at];
    std::uint32_t best = kNoNode, untried = kNoNode, anyAvailable = kNoNode;
    int untriedSeen = 0, availableSeen = 0;
    double bestScore = -1e300;
    // Siblings are mostly available in the same iterations: one log serves them.
    std::uint32_t loggedAvailable = 0;
    double logAvailable = 0;
    int j = 0;
    const int legalCount = legal_.size();
    for (std::uint32_t e = n.firstEdge; e < n.firstEdge + n.edgeCount && j < legalCount; ++e) {
      Edge& edge = tree_.edges[e];
      if (!(edge.move == legal_[j])) continue;  // not legal in this world
      ++j;
      EdgeStats& s = edge.stats[owner];
      if (learning) ++s.available;
      if (rng_.below(static_cast<std::uint64_t>(++availableSeen)) == 0) anyAvailable = e;
      if (s.visits == 0) {
        if (rng_.below(static_cast<std::uint64_t>(++untriedSeen)) == 0) untried = e;
        continue;
      }
      if (learning && untriedSeen > 0) continue;  // an untried move will be chosen: no score needed
      const double mean = s.valueSum / s.visits;
      double score = mean;
      if (learning) {
        if (s.available != loggedAvailable) loggedAvailable = s.available, logAvailable = std::log(static_cast<double>(s.available));
        score += params_.exploration * std::sqrt(logAvailable / s.visits);
      }
      if (score > bestScore) bestScore = score, best = e;
    }
    if (learning && untried != kNoNode) return untried;
    if (best != kNoNode) return best;
    return anyAvailable;  // a decision nobody has learned yet: any legal move
  }

  // Mixes Dirichlet noise into the root's priors (self-play exploration).
  void addRootNoise() {
    const Node& root = tree_.nodes[0];
    const std::vector<double> noise = dirichletShares(rng_, params_.rootNoiseAlpha, root.edgeCount);
    if (noise.empty()) return;
    for (std::uint32_t i = 0; i < root.edgeCount; ++i) {
      std::uint16_t& prior = tree_.edges[root.firstEdge + i].prior;
      const double p = (1 - params_.rootNoiseFraction) * prior / 65535.0 + params_.rootNoiseFraction * noise[i];
      prior = static_cast<std::uint16_t>(std::lround(std::clamp(p, 0.0, 1.0) * 65535.0));
    }
  }

  // PUCT with availability: Q + c P sqrt(available) / (1 + visits); priors from
  // the network at the seat's nodes, uniform at the opponent's.
  std::uint32_t selectPuct(std::uint32_t at, double exploration) {
    const Node& n = tree_.nodes[at];
    const bool ours = static_cast<Seat>(n.sideToMove) == seat_;
    const double uniform = 1.0 / std::max(1, legal_.size());
    std::uint32_t best = kNoNode;
    double bestScore = -1e300;
    int j = 0;
    const int legalCount = legal_.size();
    for (std::uint32_t e = n.firstEdge; e < n.firstEdge + n.edgeCount && j < legalCount; ++e) {
      Edge& edge = tree_.edges[e];
      if (!(edge.move == legal_[j])) continue;
      ++j;
      EdgeStats& s = edge.stats[0];
      ++s.available;
      const double prior = ours ? edge.prior / 65535.0 : uniform;
      const double mean = s.visits ? s.valueSum / s.visits : 0.0;
      const double score = mean + exploration * prior * std::sqrt(static_cast<double>(s.available)) / (1 + s.visits);
      if (score > bestScore) bestScore = score, best = e;
    }
    return best;
  }

  const SearchParams& params_;
  const EvalQuery* root_ = nullptr;
  bool rootPriors_ = false;  // the root's edges hold tactical priors
  std::uint32_t forcedRoot_ = kNoNode;
  std::vector<double> rootPolicy_;
  double rootValue_ = 0;
  std::vector<std::pair<Move, Combat>> moves_;  // moves of this iteration so far
  Seat seat_;
  const PossibleById& possible_;
  Rng rng_;
  Tree tree_;
  MoveList legal_;
  EvalResult leafResult_;
  std::vector<std::pair<std::uint32_t, bool>> path_;  // learning edges, and whether they were ours
  long long iterations_ = 0;
  int maxDepth_ = 0;
};

// Gumbel AlphaZero's root: sequential halving chooses the root move of each
// of the `simulations` iterations. Returns the move to play and, in
// `policy`, the improved policy by root edge.
Move gumbelIterations(TreeSearch& tree, const InfoState& state, const SearchParams& params, long long simulations,
                      std::vector<std::pair<Move, double>>& policy) {
  const std::uint32_t first = tree.tree().nodes[0].firstEdge;
  const int moves = tree.tree().nodes[0].edgeCount;
  std::vector<double> priors = tree.rootPolicy();
  priors.resize(static_cast<std::size_t>(moves), 0.0);
  std::vector<long long> visits(priors.size());
  std::vector<double> values(priors.size());
  const RootEstimates estimates{priors, visits, values, tree.rootValue()};
  const auto refresh = [&] {
    for (int i = 0; i < moves; ++i) {
      const EdgeStats& s = tree.tree().edges[first + static_cast<std::uint32_t>(i)].stats[0];
      visits[static_cast<std::size_t>(i)] = s.visits;
      values[static_cast<std::size_t>(i)] = s.visits ? s.valueSum / s.visits : 0.0;
    }
  };
  const SequentialHalving halving(moves, simulations, params.gumbelRoot, tree.rng());
  for (long long k = 0; k < simulations; ++k) {
    refresh();
    tree.forceRoot(first + static_cast<std::uint32_t>(halving.next(k, estimates)));
    tree.iterate(state.sample(tree.rng()), 0);
  }
  tree.forceRoot(kNoNode);
  refresh();
  const std::vector<double> improved = improvedPolicy(estimates, params.gumbelRoot);
  policy.clear();
  for (int i = 0; i < moves; ++i)
    policy.emplace_back(tree.tree().edges[first + static_cast<std::uint32_t>(i)].move, improved[static_cast<std::size_t>(i)]);
  return tree.tree().edges[first + static_cast<std::uint32_t>(halving.chosen(estimates))].move;
}

void checkGumbel(const SearchParams& p) {
  if (!p.evaluator || p.seconds > 0 || p.threads > 1 || p.worlds > 0 || p.multipleObserver)
    throw std::invalid_argument(
        "search: the Gumbel root needs a network, a simulation count (not seconds), one thread and single-observer "
        "ISMCTS");
}

// Root statistics of one tree, by move (view 0: the searching seat's).
void addRoot(const Tree& tree, std::vector<RootMoveStats>& root, bool vote) {
  const Node& r = tree.nodes[0];
  std::uint32_t bestEdge = kNoNode;
  for (std::uint32_t e = r.firstEdge; e < r.firstEdge + r.edgeCount; ++e) {
    const Edge& edge = tree.edges[e];
    for (RootMoveStats& s : root) {
      if (!(s.move == edge.move)) continue;
      if (!vote) {
        s.value = (s.value * s.visits + edge.stats[0].valueSum) / std::max<long long>(1, s.visits + edge.stats[0].visits);
        s.visits += edge.stats[0].visits;
      }
      if (bestEdge == kNoNode || edge.stats[0].visits > tree.edges[bestEdge].stats[0].visits) bestEdge = e;
    }
  }
  if (vote && bestEdge != kNoNode && tree.edges[bestEdge].stats[0].visits > 0)
    for (RootMoveStats& s : root)
      if (s.move == tree.edges[bestEdge].move) ++s.visits;
}

// The line from the root that starts with `first` (the chosen move) and then
// follows the most visited move and the most visited result at each step.
std::vector<Move> principalLine(const Tree& tree, bool multipleObserver, Seat seat, Move first) {
  std::vector<Move> line;
  std::uint32_t at = tree.nodes.empty() ? kNoNode : 0;
  while (at != kNoNode && line.size() < 12) {
    const Node& n = tree.nodes[at];
    const int owner = multipleObserver && static_cast<Seat>(n.sideToMove) != seat ? 1 : 0;
    std::uint32_t best = kNoNode;
    for (std::uint32_t e = n.firstEdge; e < n.firstEdge + n.edgeCount; ++e) {
      if (at == 0) {
        if (tree.edges[e].move == first) best = e;
        continue;
      }
      if (tree.edges[e].stats[owner].visits > 0 &&
          (best == kNoNode || tree.edges[e].stats[owner].visits > tree.edges[best].stats[owner].visits))
        best = e;
    }
    if (best == kNoNode) break;
    line.push_back(tree.edges[best].move);
    std::uint32_t next = kNoNode;
    std::uint32_t nextVisits = 0;
    for (std::uint32_t c = tree.edges[best].child; c != kNoNode; c = tree.nodes[c].sibling) {
      std::uint32_t v = 0;
      const Node& cn = tree.nodes[c];
      for (std::uint32_t e = cn.firstEdge; e < cn.firstEdge + cn.edgeCount; ++e)
        v += tree.edges[e].stats[0].visits + tree.edges[e].stats[1].visits;
      if (next == kNoNode || v > nextVisits) next = c, nextVisits = v;
    }
    at = next;
  }
  return line;
}

// The Gumbel root's move (the flag guard may still overrule it, as it does
// PUCT's), with the improved policy written into the result by root move.
const RootMoveStats* gumbelBest(const InfoState& state, const SearchParams& params, Move choice,
                                const std::vector<std::pair<Move, double>>& policy, SearchResult& result) {
  result.improvedPolicy.assign(result.root.size(), 0.0);
  std::size_t chosen = 0;
  for (std::size_t i = 0; i < result.root.size(); ++i) {
    for (const auto& [m, share] : policy)
      if (m == result.root[i].move) result.improvedPolicy[i] = share;
    if (result.root[i].move == choice) chosen = i;
  }
  if (params.choice.flagGuard) {
    MoveList moves;
    for (const RootMoveStats& r : result.root) moves.push(r.move);
    if (!flagSafeMoves(state, moves)[chosen]) chosen = chooseRootMove(state, result.root, params.choice);
  }
  return &result.root[chosen];
}

}  // namespace

SearchResult search(const InfoState& state, const SearchParams& params, std::uint64_t seed) {
  const auto started = Clock::now();
  const Seat seat = state.seat();
  MoveList rootMoves;
  state.legalMoves(rootMoves);
  if (rootMoves.empty()) throw std::logic_error("search: the seat has no move to choose");
  SearchResult result;
  for (const Move m : rootMoves) result.root.push_back({m, 0, 0.0});
  if (rootMoves.size() == 1) {
    result.best = rootMoves[0];
    result.root[0].visits = 1;
    return result;
  }

  // What each piece could be, for the edge lists: our own pieces exactly, the
  // enemy's by our notes. Multiple-observer search also meets worlds where
  // our pieces are drawn from the opponent's notes.
  PossibleById possible{};
  const Observation& obs = state.observation();
  for (int k = 0; k < obs.pieceCount(seat); ++k) possible[pieceOf(seat, k)] = identityBit(obs.ownType(pieceOf(seat, k)));
  for (int k = 0; k < state.knowledge().pieceCount(); ++k) possible[pieceOf(state.enemy(), k)] = state.knowledge().possible(k);

  Rng setup(Rng::mix(seed, 0x5eed));
  std::vector<InfoState> opponentViews;
  if (params.multipleObserver && params.worlds == 0) {
    for (int v = 0; v < std::max(1, params.opponentViews); ++v) {
      std::array<PieceType, kMaxPiecesPerSide> theirs{};
      state.sampleEnemyTypes(setup, theirs, true);
      opponentViews.emplace_back(Observation::withOwnTypes(obs, state.enemy(), theirs));
      const Knowledge& k = opponentViews.back().knowledge();
      for (int i = 0; i < k.pieceCount(); ++i) possible[pieceOf(seat, i)] |= k.possible(i);
    }
  }
  std::vector<Position> worlds;
  for (int w = 0; w < params.worlds; ++w) worlds.push_back(state.sample(setup));

  const EvalQuery rootInfo = rootQuery(state, nullptr);
  const auto priors = params.tacticalPriors ? TacticalAgent::priors(state, params.priorTemperature)
                                            : std::vector<std::pair<Move, double>>{};
  const int threads = std::max(1, params.threads);
  const bool timed = params.seconds > 0;
  const auto deadline = started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(params.seconds));
  std::vector<std::vector<RootMoveStats>> roots(threads, result.root);
  std::vector<long long> iterations(threads, 0);
  std::vector<int> depths(threads, 0);
  std::vector<std::size_t> nodes(threads, 0), edges(threads, 0), bytes(threads, 0);
  Tree kept;  // one tree (thread 0's, or its first world's) for the principal line
  if (params.gumbel) checkGumbel(params);
  Move gumbelChoice{};
  std::vector<std::pair<Move, double>> gumbelPolicy;  // by root edge

  const auto work = [&](int t) {
    const long long share = params.iterations / threads + (t < params.iterations % threads ? 1 : 0);
    if (!worlds.empty()) {
      // PIMC: this thread's worlds, one perfect-information tree each.
      PossibleById exact{};
      const std::size_t mine = (worlds.size() - static_cast<std::size_t>(t) + threads - 1) / static_cast<std::size_t>(threads);
      std::size_t k = 0;
      for (std::size_t w = static_cast<std::size_t>(t); w < worlds.size(); w += static_cast<std::size_t>(threads), ++k) {
        for (PieceId p{}; p < kMaxPieces; ++p) exact[p] = worlds[w].isAlive(p) ? identityBit(worlds[w].typeOf(p)) : 0;
        TreeSearch tree(params, seat, exact, Rng::mix(seed, 1000 + w));
        tree.start(worlds[w], &rootInfo, priors);
        // Every world gets its share: of the iterations, or of this thread's time.
        const long long perWorld = params.iterations / static_cast<long long>(worlds.size()) +
                                   (static_cast<long long>(w) < params.iterations % static_cast<long long>(worlds.size()));
        const auto worldDeadline =
            started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                          params.seconds * static_cast<double>(k + 1) / static_cast<double>(std::max<std::size_t>(1, mine))));
        for (long long i = 0; timed ? (i == 0 || i % 16 != 0 || Clock::now() < worldDeadline) : i < perWorld; ++i)
          tree.iterate(worlds[w], 0);
        addRoot(tree.tree(), roots[t], params.vote);
        iterations[t] += tree.iterations();
        depths[t] = std::max(depths[t], tree.maxDepth());
        nodes[t] += tree.tree().nodes.size(), edges[t] += tree.tree().edges.size();
        bytes[t] = std::max(bytes[t], tree.tree().bytes());
        if (t == 0 && k == 0) kept = tree.takeTree();
      }
      return;
    }
    TreeSearch tree(params, seat, possible, Rng::mix(seed, static_cast<std::uint64_t>(t)));
    tree.start(state.sample(tree.rng()), &rootInfo, priors);
    if (params.gumbel) gumbelChoice = gumbelIterations(tree, state, params, share, gumbelPolicy);
    for (long long i = 0; !params.gumbel && (timed ? (i % 16 != 0 || Clock::now() < deadline) : i < share); ++i) {
      const bool theirs =
          !opponentViews.empty() && tree.rng().uniform() < params.opponentFraction;
      if (theirs)
        tree.iterate(opponentViews[static_cast<std::size_t>(i) % opponentViews.size()].sample(tree.rng()), 1);
      else
        tree.iterate(state.sample(tree.rng()), 0);
    }
    addRoot(tree.tree(), roots[t], false);
    iterations[t] = tree.iterations();
    depths[t] = tree.maxDepth();
    nodes[t] = tree.tree().nodes.size(), edges[t] = tree.tree().edges.size(), bytes[t] = tree.tree().bytes();
    if (t == 0) kept = tree.takeTree();
  };
  if (threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work, t);
    for (auto& th : pool) th.join();
  }

  for (int t = 0; t < threads; ++t) {
    for (std::size_t i = 0; i < result.root.size(); ++i) {
      RootMoveStats& into = result.root[i];
      const RootMoveStats& from = roots[t][i];
      const long long total = into.visits + from.visits;
      if (total > 0) into.value = (into.value * into.visits + from.value * from.visits) / total;
      into.visits = total;
    }
    result.iterations += iterations[t];
    result.maxDepth = std::max(result.maxDepth, depths[t]);
    result.nodes += nodes[t], result.edges += edges[t], result.treeBytes += bytes[t];
  }
  const RootMoveStats* best = params.gumbel ? gumbelBest(state, params, gumbelChoice, gumbelPolicy, result)
                                            : &result.root[chooseRootMove(state, result.root, params.choice)];
  result.best = best->move;
  result.value = best->value;
  result.principalLine = principalLine(kept, params.multipleObserver && worlds.empty(), seat, result.best);
  TreePool::shared().release(std::move(kept));
  result.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  return result;
}

}  // namespace junqi
