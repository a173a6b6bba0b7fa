// rusher: a railway rush on the enemy flag. Once the enemy flag is face up,
// every piece is drawn to it, `drive` a step nearer (a railway slide gains
// many steps at once, so the rush runs along the railways); before, each
// piece is drawn at a quarter of the drive to the nearest enemy piece it
// outranks, so that the rushers stand forward when the flag shows.
#include "search/styles/flip/flip_style_agent.h"

namespace junqi {

namespace {

std::vector<StyleParam> rusherParams() {
  return {{"drive", 1.0, "score per step nearer the enemy flag once it is face up"}};
}

// The nearest face-up enemy piece that the piece on `from` outranks, or kNoSquare.
Square nearestPrey(const FlipStyleView& view, Square from) {
  const auto mine = view.at(from);
  if (!mine || !view.enemy) return kNoSquare;
  Square best = kNoSquare;
  for (Bitboard b = view.pos.faceUp(*view.enemy); b;) {
    const Square s = popLsb(b);
    const PieceType t = view.pos.identityAt(s).type;
    if (t == PieceType::Landmine || t == PieceType::Bomb || t == PieceType::Flag || rank(t) >= rank(mine->type)) continue;
    if (best == kNoSquare || gridDistance(from, s) < gridDistance(from, best)) best = s;
  }
  return best;
}

class RusherAgent : public FlipStyleAgent {
 public:
  explicit RusherAgent(const AgentParams& spec) : FlipStyleAgent("rusher", spec, rusherParams()) {}

 private:
  double styleTerm(const FlipStyleView& view, Move a) const override {
    if (isFlip(a)) return 0;
    if (view.enemyFlag != kNoSquare) return param("drive") * view.closer(a, view.enemyFlag);
    return param("drive") / 4 * view.closer(a, nearestPrey(view, a.from));
  }
};

}  // namespace

FlipAgentKind rusherKind() {
  return {"rusher", "flip panel style: races along the railways to the enemy flag once it is face up",
          [](const AgentParams& p) -> std::unique_ptr<FlipAgent> { return std::make_unique<RusherAgent>(p); },
          flipStyleHelp(rusherParams())};
}

}  // namespace junqi
