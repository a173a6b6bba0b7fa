// raider: engineer raids. Engineers go deep along the railways: `raid` per
// row they gain in the enemy half, half of it again for any railway slide,
// and an engineer's attack on a piece in the enemy's two back rows (where the
// landmines stand, which only engineers clear) earns `raid` per chance that
// the piece is a landmine.
#include "search/styles/style_agent.h"

#include "search/classic/one_ply.h"

namespace junqi {

namespace {

std::vector<StyleParam> raiderParams() {
  return {{"raid", 1.2,
           "score per row an engineer gains, toward and in the enemy half; half again for a railway slide"}};
}

class RaiderAgent : public StyleAgent {
 public:
  explicit RaiderAgent(const AgentParams& spec) : StyleAgent("raider", spec, raiderParams()) {}

 private:
  double styleTerm(const StyleView& view, Move m) const override {
    if (view.mine(m) != PieceType::Engineer) return 0;
    const double raid = param("raid");
    double s = raid * (view.forward(m) + view.depthInEnemyHalf(m.to) - view.depthInEnemyHalf(m.from));
    if (gridDistance(m.from, m.to) > 1 && contains(view.topo.railway, m.from)) s += raid / 2;
    if (view.attacks(m) && view.depthInEnemyHalf(m.to) >= 5)
      s += raid * enemyBelief(view.state, m.to)[typeIndex(PieceType::Landmine)];
    return s;
  }
};

}  // namespace

AgentKind raiderKind() {
  std::vector<AgentParamHelp> help = styleParamHelp(raiderParams());
  for (AgentParamHelp& h : styleCommonHelp(false)) help.push_back(h);
  return {"raider", "panel style: engineers raid the enemy's back rows along the railways",
          [](const AgentParams& p) -> std::unique_ptr<Agent> { return std::make_unique<RaiderAgent>(p); }, help};
}

}  // namespace junqi
