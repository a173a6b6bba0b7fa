#include "search/styles/flip/flip_style_agent.h"


#include <fmt/format.h>

#include "core/flip/flip_movegen.h"
#include "search/flip/flip_evaluation.h"
#include "search/flip/flip_heuristic.h"
#include "search/noisy_best.h"

namespace junqi {

FlipStyleView::FlipStyleView(const FlipPosition& p) : pos(p), us(p.toMove()), own(p.colourOf(p.toMove())) {
  if (!own) return;
  enemy = other(*own);
  const Bitboard flags = pos.pieces(*enemy, PieceType::Flag);
  if (flags) enemyFlag = Square(lsb(flags));
  for (Bitboard b = pos.faceUp(*enemy); b;) {
    const Square s = popLsb(b);
    const double v = flipPieceValue(pos.identityAt(s).type);
    if (v > strongestValue) strongestValue = v, strongest = s;
  }
}

std::optional<Identity> FlipStyleView::at(Square s) const {
  if (pos.isEmpty(s) || pos.isFaceDown(s)) return std::nullopt;
  return pos.identityAt(s);
}

bool FlipStyleView::attacks(Move m) const {
  const auto target = at(m.to);
  return !isFlip(m) && enemy && target && target->colour == *enemy;
}

int FlipStyleView::closer(Move m, Square target) const {
  if (isFlip(m) || target == kNoSquare) return 0;
  return gridDistance(m.from, target) - gridDistance(m.to, target);
}

Square FlipStyleView::nearestEnemy(Square from, PieceType t) const {
  if (!enemy) return kNoSquare;
  Square best = kNoSquare;
  for (Bitboard b = pos.pieces(*enemy, t); b;) {
    const Square s = popLsb(b);
    if (best == kNoSquare || gridDistance(from, s) < gridDistance(from, best)) best = s;
  }
  return best;
}

FlipStyleAgent::FlipStyleAgent(std::string name, const AgentParams& spec, std::vector<StyleParam> params)
    : settings_(std::move(name), spec, std::move(params)), seed_(spec.getSeed("seed", 1)), rng_(seed_) {}

std::string FlipStyleAgent::spec() const { return settings_.spec() + fmt::format(",seed={}", seed_); }

void FlipStyleAgent::newGame(const FlipRuleset&, Seat, std::uint64_t gameSeed) {
  rng_.reseed(flipGameSeed(seed_, gameSeed));
}

std::vector<std::pair<Move, double>> FlipStyleAgent::scoreActions(const FlipPosition& pos) const {
  MoveList actions;
  generateFlipActions(pos, actions);
  const FlipStyleView view(pos);
  std::vector<std::pair<Move, double>> scored;
  for (const Move a : actions) scored.emplace_back(a, FlipHeuristicAgent::score(pos, a) + styleTerm(view, a));
  return scored;
}

Move FlipStyleAgent::chooseAction(const FlipPosition& pos) {
  report_ = {};
  if (const auto win = flagCaptureInOne(pos)) return *win;
  const auto scored = scoreActions(pos);
  std::vector<double> scores;
  // A style's term never outweighs our flag: such an action only when nothing else is left.
  for (const auto& [a, score] : scored)
    scores.push_back(score - (leavesFlagToCapture(pos, a) ? 2 * kFlagValue : 0));
  const NoisyBest best = noisyBest(scores, settings_.noise(), rng_);
  report_.value = best.score;
  report_.simulations = scored.size();
  return scored[static_cast<std::size_t>(best.index)].first;
}

std::vector<AgentParamHelp> flipStyleHelp(const std::vector<StyleParam>& params) {
  std::vector<AgentParamHelp> help = styleParamHelp(params);
  help.push_back({"noise", "0.05", "up to this much random noise added to each action's score (0: always the best)"});
  help.push_back({"seed", "1", "seed of the agent's choices (mixed with each game's seed)"});
  return help;
}

std::vector<FlipAgentKind> flipStyleKinds() { return {flipperKind(), hoarderKind(), rusherKind(), traderKind()}; }

std::vector<std::string> flipPanelSpecs() {
  std::vector<std::string> specs;
  for (const FlipAgentKind& k : flipStyleKinds()) specs.push_back(k.name);
  return specs;
}

}  // namespace junqi
