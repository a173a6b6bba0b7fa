#include "nets/layout_policy.h"

#include <cmath>
#include <stdexcept>
#include <vector>

#include "core/classic/topology.h"

namespace junqi::nets {

Layout sampleLayout(const float* logits, const Ruleset& ruleset, Rng& rng, double temperature) {
  Layout layout;
  const auto place = [&](PieceType t) {
    std::vector<int> points;
    std::vector<double> weights;
    double top = -1e300;
    for (int i = 0; i < kHalfSquares; ++i)
      if (!layout.at[i] && mayStartOn(t, i, ruleset)) top = std::max(top, static_cast<double>(logits[i * kPieceTypes + typeIndex(t)]));
    double total = 0;
    for (int i = 0; i < kHalfSquares; ++i) {
      if (layout.at[i] || !mayStartOn(t, i, ruleset)) continue;
      points.push_back(i);
      weights.push_back(std::exp((logits[i * kPieceTypes + typeIndex(t)] - top) / temperature));
      total += weights.back();
    }
    if (points.empty()) throw std::invalid_argument("sampleLayout: no legal point left");
    double r = rng.uniform() * total;
    std::size_t k = 0;
    while (k + 1 < points.size() && r >= weights[k]) r -= weights[k++];
    layout.at[points[k]] = t;
  };
  // Most constrained first, as in randomLayout: every stage then has a choice.
  for (const PieceType t : {PieceType::Flag, PieceType::Landmine, PieceType::Bomb})
    for (int c = 0; c < ruleset.counts[typeIndex(t)]; ++c) place(t);
  for (int t = typeIndex(PieceType::Marshal); t >= 0; --t)
    for (int c = 0; c < ruleset.counts[t]; ++c) place(typeFromIndex(t));
  return layout;
}

}  // namespace junqi::nets
