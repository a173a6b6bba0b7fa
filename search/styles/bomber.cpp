// bomber: a bomb trader that hunts the marshal. Bombs are drawn `hunt` a step
// toward the enemy piece likeliest to be big (the most expected marshal and
// general value, shown by its fights or believed), and a bomb's attack earns
// `hunt` times the target's expected marshal and general value over 2: a bomb
// is spent on the biggest piece it can reach.
#include "search/styles/style_agent.h"

namespace junqi {

namespace {

std::vector<StyleParam> bomberParams() {
  return {{"hunt", 1.5,
           "score per step a bomb closes on the likeliest big enemy piece; a bomb's attack earns hunt x the "
           "target's expected marshal and general value / 2"}};
}

class BomberAgent : public StyleAgent {
 public:
  explicit BomberAgent(const AgentParams& spec) : StyleAgent("bomber", spec, bomberParams()) {}

 private:
  double styleTerm(const StyleView& view, Move m) const override {
    if (view.mine(m) != PieceType::Bomb) return 0;
    const double hunt = param("hunt");
    if (view.attacks(m)) return hunt * view.bigValue(m.to) / 2;
    if (view.strongest == kNoSquare) return 0;
    return hunt * (gridDistance(m.from, view.strongest) - gridDistance(m.to, view.strongest));
  }
};

}  // namespace

AgentKind bomberKind() {
  std::vector<AgentParamHelp> help = styleParamHelp(bomberParams());
  for (AgentParamHelp& h : styleCommonHelp(false)) help.push_back(h);
  return {"bomber", "panel style: bombs hunt the strongest enemy piece shown or believed and trade for it",
          [](const AgentParams& p) -> std::unique_ptr<Agent> { return std::make_unique<BomberAgent>(p); }, help};
}

}  // namespace junqi
