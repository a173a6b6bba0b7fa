// turtle (four-player): stays in its own arm around its headquarters. A
// move that leaves the arm costs `out` (one coming back earns half of it),
// every step nearer its own headquarters earns `home`, and a fight outside
// the arm costs `shy`: it fights the enemies that come to it.
#include "search/styles/four/four_style_agent.h"

namespace junqi {

namespace {

std::vector<StyleParam> fourTurtleParams() {
  return {{"out", 1.5, "cost of a move that leaves the army's own arm (half of it earned coming back)"},
          {"home", 0.15, "score per step nearer the army's own headquarters"},
          {"shy", 2.0, "cost of a fight outside the army's own arm"}};
}

class FourTurtleAgent : public FourStyleAgent {
 public:
  explicit FourTurtleAgent(const AgentParams& spec) : FourStyleAgent("turtle", spec, fourTurtleParams()) {}

 private:
  double styleTerm(const FourStyleView& view, Move m) const override {
    const bool fromHome = view.inArm(view.army, m.from), toHome = view.inArm(view.army, m.to);
    double s = param("home") * view.closer(m, view.army);
    if (fromHome && !toHome) s -= param("out");
    if (!fromHome && toHome) s += param("out") / 2;
    if (!toHome && view.enemyAt(m.to)) s -= param("shy");
    return s;
  }
};

}  // namespace

FourAgentKind fourTurtleKind() {
  return {"turtle", "four-player panel style: stays in its own arm, fights the enemies that come to it",
          [](const AgentParams& p) -> std::unique_ptr<FourAgent> { return std::make_unique<FourTurtleAgent>(p); },
          fourStyleHelp(fourTurtleParams())};
}

}  // namespace junqi
