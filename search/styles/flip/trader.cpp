// trader: a bomb and engineer trader. Bombs close on the biggest enemy piece
// face up and are spent on it (or on a general or marshal they reach);
// engineers close on the enemy landmines and clear them. `hunt` scales both:
// a quarter of it per step nearer the quarry, and the quarry's worth over
// six times `hunt` for the attack itself.
#include "search/styles/flip/flip_style_agent.h"

#include "search/flip/flip_evaluation.h"

namespace junqi {

namespace {

std::vector<StyleParam> traderParams() {
  return {{"hunt", 1.5, "how hard bombs hunt the biggest enemy piece and engineers the landmines"}};
}

class TraderAgent : public FlipStyleAgent {
 public:
  explicit TraderAgent(const AgentParams& spec) : FlipStyleAgent("trader", spec, traderParams()) {}

 private:
  double styleTerm(const FlipStyleView& view, Move a) const override {
    if (isFlip(a)) return 0;
    const auto mine = view.at(a.from);
    if (!mine) return 0;
    const double hunt = param("hunt");
    if (mine->type == PieceType::Bomb) {
      const auto target = view.at(a.to);
      if (view.attacks(a) && rank(target->type) >= rank(PieceType::General))
        return hunt * flipPieceValue(target->type) / 6;
      return hunt / 4 * view.closer(a, view.strongestValue >= flipPieceValue(PieceType::General) ? view.strongest : kNoSquare);
    }
    if (mine->type == PieceType::Engineer) {
      if (view.attacks(a) && view.at(a.to)->type == PieceType::Landmine) return hunt;
      return hunt / 4 * view.closer(a, view.nearestEnemy(a.from, PieceType::Landmine));
    }
    return 0;
  }
};

}  // namespace

FlipAgentKind traderKind() {
  return {"trader", "flip panel style: bombs hunt the biggest enemy piece, engineers the landmines",
          [](const AgentParams& p) -> std::unique_ptr<FlipAgent> { return std::make_unique<TraderAgent>(p); },
          flipStyleHelp(traderParams())};
}

}  // namespace junqi
