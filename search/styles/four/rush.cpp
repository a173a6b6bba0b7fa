// rush (four-player): races for the headquarters of the next enemy army in
// turn order (east for south, south for east, ...; the other enemy once
// that one has left), `drive` a step nearer, so that the team's two rushes
// converge on the army between them; railway slides gain many steps at once.
#include "search/styles/four/four_style_agent.h"

namespace junqi {

namespace {

std::vector<StyleParam> fourRushParams() {
  return {{"drive", 0.6, "score per step nearer the next enemy army's headquarters"}};
}

class FourRushAgent : public FourStyleAgent {
 public:
  explicit FourRushAgent(const AgentParams& spec) : FourStyleAgent("rush", spec, fourRushParams()) {}

 private:
  double styleTerm(const FourStyleView& view, Move m) const override {
    return param("drive") * view.closer(m, view.nextEnemy);
  }
};

}  // namespace

FourAgentKind fourRushKind() {
  return {"rush", "four-player panel style: races for the next enemy army's headquarters",
          [](const AgentParams& p) -> std::unique_ptr<FourAgent> { return std::make_unique<FourRushAgent>(p); },
          fourStyleHelp(fourRushParams())};
}

}  // namespace junqi
