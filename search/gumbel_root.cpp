#include "search/gumbel_root.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace junqi {

namespace {

constexpr double kMinPrior = 1e-30;  // a zero prior's logit stays finite

double logit(double prior) { return std::log(std::max(prior, kMinPrior)); }

}  // namespace

std::vector<double> completedQ(const RootEstimates& r) {
  const std::size_t n = r.priors.size();
  long long visitSum = 0;
  double priorSum = 0, weightedQ = 0;
  for (std::size_t a = 0; a < n; ++a) {
    if (r.visits[a] <= 0) continue;
    visitSum += r.visits[a];
    priorSum += std::max(r.priors[a], kMinPrior);
    weightedQ += std::max(r.priors[a], kMinPrior) * r.values[a];
  }
  // v_mix: the network's value, and the visited moves' values by their priors, weighted by the visits.
  const double visitedQ = priorSum > 0 ? weightedQ / priorSum : 0;
  const double mix = (r.rootValue + static_cast<double>(visitSum) * visitedQ) / (static_cast<double>(visitSum) + 1);
  std::vector<double> q(n);
  for (std::size_t a = 0; a < n; ++a) q[a] = r.visits[a] > 0 ? r.values[a] : mix;
  return q;
}

std::vector<double> sigmaOfCompletedQ(const RootEstimates& r, const GumbelParams& p) {
  std::vector<double> q = completedQ(r);
  if (q.empty()) return q;
  const auto [low, high] = std::minmax_element(q.begin(), q.end());
  const double lo = *low, span = std::max(*high - lo, 1e-8);
  long long maxVisits = 0;
  for (const long long v : r.visits) maxVisits = std::max(maxVisits, v);
  const double scale = (p.cVisit + static_cast<double>(maxVisits)) * p.cScale;
  for (double& x : q) x = scale * (x - lo) / span;
  return q;
}

std::vector<double> improvedPolicy(const RootEstimates& r, const GumbelParams& p) {
  std::vector<double> policy = sigmaOfCompletedQ(r, p);
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t a = 0; a < policy.size(); ++a) top = std::max(top, policy[a] += logit(r.priors[a]));
  double sum = 0;
  for (double& x : policy) sum += (x = std::exp(x - top));
  for (double& x : policy) x /= sum;
  return policy;
}

std::vector<int> SequentialHalving::consideredVisits(int candidates, long long simulations) {
  std::vector<int> sequence;
  if (simulations <= 0) return sequence;
  sequence.reserve(static_cast<std::size_t>(simulations));
  if (candidates <= 1) {
    for (long long k = 0; k < simulations; ++k) sequence.push_back(static_cast<int>(k));
    return sequence;
  }
  const int rounds = static_cast<int>(std::ceil(std::log2(candidates)));
  std::vector<int> visits(static_cast<std::size_t>(candidates), 0);
  int considered = candidates;
  while (static_cast<long long>(sequence.size()) < simulations) {
    const long long extra = std::max<long long>(1, simulations / (static_cast<long long>(rounds) * considered));
    for (long long k = 0; k < extra; ++k)
      for (int i = 0; i < considered; ++i) sequence.push_back(visits[static_cast<std::size_t>(i)]++);
    considered = std::max(2, considered / 2);
  }
  sequence.resize(static_cast<std::size_t>(simulations));
  return sequence;
}

SequentialHalving::SequentialHalving(int moves, long long simulations, const GumbelParams& params, Rng& rng)
    : gumbel_(static_cast<std::size_t>(std::max(0, moves)), 0.0), params_(params) {
  if (moves < 1) throw std::invalid_argument("sequential halving: no move to search");
  if (params.noise)
    for (double& g : gumbel_) g = -std::log(-std::log(std::max(rng.uniform(), 1e-300)));
  sequence_ = consideredVisits(std::min(std::max(1, params.actions), moves), simulations);
}

int SequentialHalving::best(int visits, const RootEstimates& root) const {
  const std::vector<double> sigma = sigmaOfCompletedQ(root, params_);
  int best = -1;
  double bestScore = -std::numeric_limits<double>::infinity();
  for (std::size_t a = 0; a < gumbel_.size(); ++a) {
    if (root.visits[a] != visits) continue;
    const double score = gumbel_[a] + logit(root.priors[a]) + sigma[a];
    if (score > bestScore) bestScore = score, best = static_cast<int>(a);
  }
  return best;
}

int SequentialHalving::next(long long done, const RootEstimates& root) const {
  if (done >= static_cast<long long>(sequence_.size())) return chosen(root);  // past the plan: the survivor
  const int move = best(sequence_[static_cast<std::size_t>(done)], root);
  return move >= 0 ? move : chosen(root);
}

int SequentialHalving::chosen(const RootEstimates& root) const {
  long long top = 0;
  for (const long long v : root.visits) top = std::max(top, v);
  const int move = best(static_cast<int>(top), root);
  return move >= 0 ? move : 0;
}

}  // namespace junqi
