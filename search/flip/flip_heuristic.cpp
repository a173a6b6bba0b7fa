#include "search/flip/flip_heuristic.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "search/flip/flip_evaluation.h"
#include "search/noisy_best.h"

#ifdef JUNQI_PLANT_LEAK_FLIP
#include "core/flip/flip_notation.h"
#include "core/planted_leak.h"
#endif

namespace junqi {

namespace {

constexpr double kFlipBonus = 0.5;

// What a move wins at once, and what the opponent can then take.
double moveScore(const FlipPosition& pos, Move m, Colour own) {
  FlipPosition next = pos;
  const FlipResult r = next.move(m);
  if (r.flagCaptured) return kFlagValue;
  double gain = 0;
  if (r.combat != Combat::None) {
    if (defenderRemoved(r.combat)) gain += flipPieceValue(r.defender->type);
    if (attackerRemoved(r.combat)) gain -= flipPieceValue(r.attacker->type);
  }
  return gain - 0.9 * largestThreat(next, own);
}

// The reply risk after a flip, over what it can reveal.
double flipScore(const FlipPosition& pos, Square square, std::optional<Colour> own) {
  if (!own) return kFlipBonus;  // before the colours are decided nothing can be attacked
  double risk = 0;
  int outcomes = 0;
  for (const Colour c : {Colour::Red, Colour::Blue})
    for (int t = 0; t < kPieceTypes; ++t) {
      const int count = pos.pool(c)[t];
      if (count == 0) continue;
      FlipPosition next = pos;
      next.flip(square, {c, typeFromIndex(t)});
      risk += count * largestThreat(next, *own);
      outcomes += count;
    }
  return kFlipBonus - 0.9 * risk / outcomes;
}

}  // namespace

std::string FlipHeuristicAgent::spec() const { return fmt::format("heuristic:noise={},seed={}", noise_, seed_); }

void FlipHeuristicAgent::newGame(const FlipRuleset&, Seat, std::uint64_t gameSeed) {
  rng_.reseed(flipGameSeed(seed_, gameSeed));
}

double FlipHeuristicAgent::score(const FlipPosition& pos, Move action) {
  const auto own = pos.colourOf(pos.toMove());
  return isFlip(action) ? flipScore(pos, action.from, own) : moveScore(pos, action, *own);
}

std::vector<double> FlipHeuristicAgent::priors(const FlipPosition& pos, const std::vector<Move>& actions,
                                               double temperature) {
  std::vector<double> p;
  double best = -1e18;
  for (const Move m : actions) {
    p.push_back(score(pos, m) / temperature);
    best = std::max(best, p.back());
  }
  double sum = 0;
  for (double& x : p) sum += (x = std::exp(x - best));
  for (double& x : p) x /= sum;
  return p;
}

Move FlipHeuristicAgent::chooseAction(const FlipPosition& pos) {
  report_ = {};
  if (const auto win = flagCaptureInOne(pos)) return *win;
#ifdef JUNQI_PLANT_LEAK_FLIP  // a planted leak, only to prove the leakage tests (core/planted_leak.h)
  if (const auto marshals = planted::overhear<Bitboard>(formatFlipPosition(pos)); marshals && *marshals)
    return flipAt(Square(lsb(*marshals)));
#endif
  MoveList actions;
  generateFlipActions(pos, actions);
  std::vector<double> scores;
  for (const Move m : actions)  // one that leaves our flag to be taken: only if nothing else is left
    scores.push_back(score(pos, m) - (leavesFlagToCapture(pos, m) ? 2 * kFlagValue : 0));
  const NoisyBest best = noisyBest(scores, noise_, rng_);
  report_.value = best.score;
  report_.simulations = actions.size();
  return actions[best.index];
}

}  // namespace junqi
