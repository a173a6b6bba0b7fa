// bomber (four-player): bombs hunt the enemy pieces that have shown they are
// big: those that won a fight (as attacker or defender, followed as they
// move on) and those seen to be a marshal or general. A bomb earns `hunt`
// a quarter per step nearer the nearest such piece, and twice `hunt` for
// attacking one.
#include "search/styles/four/four_style_agent.h"

#include <array>

namespace junqi {

namespace {

std::vector<StyleParam> fourBomberParams() {
  return {{"hunt", 1.5, "how hard bombs hunt the enemy pieces that won fights or showed they are big"}};
}

using Marks = std::array<bool, kCrossPoints>;

// The points of the pieces that won a fight, from the public history: a
// mark follows its piece as it moves and is gone when the piece is.
Marks fightWinners(const FourObservation& obs) {
  Marks won{};
  for (const FourPublicMove& pm : obs.history()) {
    const bool carried = won[pm.move.from];
    won[pm.move.from] = false;
    switch (pm.combat) {
      case Combat::None: won[pm.move.to] = carried; break;
      case Combat::DefenderRemoved: won[pm.move.to] = true; break;
      case Combat::AttackerRemoved: won[pm.move.to] = true; break;
      case Combat::BothRemoved: won[pm.move.to] = false; break;
    }
  }
  return won;
}

bool isBig(const FourStyleView& view, const Marks& won, Square p) {
  if (!view.enemyAt(p)) return false;
  const auto seen = view.obs.typeAt(p);
  return won[p] || (seen && (*seen == PieceType::Marshal || *seen == PieceType::General));
}

class FourBomberAgent : public FourStyleAgent {
 public:
  explicit FourBomberAgent(const AgentParams& spec) : FourStyleAgent("bomber", spec, fourBomberParams()) {}

 private:
  double styleTerm(const FourStyleView& view, Move m) const override {
    if (view.obs.typeAt(m.from) != PieceType::Bomb) return 0;
    const Marks won = fightWinners(view.obs);
    if (isBig(view, won, m.to)) return 2 * param("hunt");
    int before = 99, after = 99;
    for (int p = 0; p < kCrossPoints; ++p) {
      if (!isBig(view, won, Square(p))) continue;
      before = std::min(before, crossDistance(m.from, p));
      after = std::min(after, crossDistance(m.to, p));
    }
    return before == 99 ? 0.0 : param("hunt") / 4 * (before - after);
  }
};

}  // namespace

FourAgentKind fourBomberKind() {
  return {"bomber", "four-player panel style: bombs hunt the enemy pieces that won fights",
          [](const AgentParams& p) -> std::unique_ptr<FourAgent> { return std::make_unique<FourBomberAgent>(p); },
          fourStyleHelp(fourBomberParams())};
}

}  // namespace junqi
