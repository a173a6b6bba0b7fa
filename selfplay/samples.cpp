#include "selfplay/samples.h"

#include <algorithm>
#include <cmath>

#include "nets/encoding.h"
#include "nets/flip/flip_encoding.h"
#include "search/evaluator.h"

namespace junqi {

std::vector<std::uint8_t> quantized(std::span<const float> input) {
  std::vector<std::uint8_t> out(input.size());
  std::transform(input.begin(), input.end(), out.begin(),
                 [](float x) { return static_cast<std::uint8_t>(std::lround(std::clamp(x, 0.0f, 1.0f) * 255.0f)); });
  return out;
}

std::vector<std::pair<std::uint8_t, std::int8_t>> hiddenIdentities(const Position& truth, Seat seat) {
  std::vector<std::pair<std::uint8_t, std::int8_t>> hidden;
  for (Bitboard b = truth.occupied(opposite(seat)); b;) {
    const Square s = popLsb(b);
    hidden.emplace_back(static_cast<std::uint8_t>(nets::orient(seat, s)), static_cast<std::int8_t>(typeIndex(truth.typeAt(s))));
  }
  return hidden;
}

std::vector<std::uint8_t> quantizedInput(const InfoState& view, const MoveList& legal) {
  std::vector<float> input(nets::kInputSize);
  nets::encode(rootQuery(view, &legal), input);
  return quantized(input);
}

std::vector<std::uint8_t> quantizedFlipInput(const FlipPosition& pos) {
  std::vector<float> input(nets::kFlipInputSize);
  nets::encodeFlip(pos, input);
  return quantized(input);
}

std::size_t drawIndex(const std::vector<double>& weights, Rng& rng) {
  double u = rng.uniform();
  for (std::size_t i = 0; i < weights.size(); ++i)
    if ((u -= weights[i]) < 0) return i;
  return weights.size() - 1;
}

std::array<float, 3> resultFor(const Outcome& outcome, Seat seat) {
  if (!outcome.winner) return {0, 1, 0};
  return *outcome.winner == seat ? std::array<float, 3>{1, 0, 0} : std::array<float, 3>{0, 0, 1};
}

void addLayoutSamples(const std::array<Layout, kSeats>& layouts, const Outcome& outcome,
                      std::vector<nets::LayoutSample>& out) {
  for (const Seat s : {Seat::Red, Seat::Blue}) {
    const float weight = static_cast<float>(outcome.scoreFor(s));
    if (weight <= 0) continue;
    nets::LayoutSample l;
    for (int k = 0; k < kHalfSquares; ++k)
      l.identity[k] = layouts[index(s)].at[k] ? static_cast<std::int8_t>(typeIndex(*layouts[index(s)].at[k])) : -1;
    l.weight = weight;
    out.push_back(l);
  }
}

}  // namespace junqi
