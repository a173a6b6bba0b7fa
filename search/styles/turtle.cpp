// turtle: guards its headquarters. Pieces pay `home` for each row they stand
// deep in the enemy half and are drawn `guard` a step toward the own flag
// while far from it; a fight in the enemy half costs `shy` unless the side is
// ahead in expected material by `lead` (fights at home, defending, are free).
#include "search/styles/style_agent.h"

namespace junqi {

namespace {

std::vector<StyleParam> turtleParams() {
  return {{"home", 0.5, "cost per row a piece goes into the enemy half (a step back earns it)"},
          {"guard", 0.1, "score per step nearer the own flag, for pieces more than 3 steps from it"},
          {"lead", 3, "expected material lead above which the turtle trades in the enemy half"},
          {"shy", 2, "cost of a fight in the enemy half while not that far ahead"}};
}

class TurtleAgent : public StyleAgent {
 public:
  explicit TurtleAgent(const AgentParams& spec) : StyleAgent("turtle", spec, turtleParams()) {}

 private:
  double styleTerm(const StyleView& view, Move m) const override {
    double s = -param("home") * (view.depthInEnemyHalf(m.to) - view.depthInEnemyHalf(m.from));
    if (view.ownFlag != kNoSquare && gridDistance(m.from, view.ownFlag) > 3)
      s += param("guard") * (gridDistance(m.from, view.ownFlag) - gridDistance(m.to, view.ownFlag));
    if (view.attacks(m) && view.depthInEnemyHalf(m.to) > 0 && view.lead < param("lead")) s -= param("shy");
    return s;
  }
};

}  // namespace

AgentKind turtleKind() {
  std::vector<AgentParamHelp> help = styleParamHelp(turtleParams());
  for (AgentParamHelp& h : styleCommonHelp(false)) help.push_back(h);
  return {"turtle", "panel style: guards its headquarters, trades in the enemy half only when ahead in material",
          [](const AgentParams& p) -> std::unique_ptr<Agent> { return std::make_unique<TurtleAgent>(p); }, help};
}

}  // namespace junqi
