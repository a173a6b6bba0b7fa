// partner (four-player): supports its ally. While the ally is on the board,
// every piece outside the ally's arm is drawn to the ally's headquarters,
// `support` a step nearer, and a fight against an enemy piece standing in
// the ally's arm earns `defend`: the team's two armies fight side by side.
#include "search/styles/four/four_style_agent.h"

namespace junqi {

namespace {

std::vector<StyleParam> partnerParams() {
  return {{"support", 0.4, "score per step nearer the ally's headquarters, outside the ally's arm"},
          {"defend", 2.0, "score of a fight against an enemy piece in the ally's arm"}};
}

class FourPartnerAgent : public FourStyleAgent {
 public:
  explicit FourPartnerAgent(const AgentParams& spec) : FourStyleAgent("partner", spec, partnerParams()) {}

 private:
  double styleTerm(const FourStyleView& view, Move m) const override {
    if (!view.obs.armyIn(view.ally)) return 0;
    double s = view.inArm(view.ally, m.from) ? 0.0 : param("support") * view.closer(m, view.ally);
    if (view.enemyAt(m.to) && view.inArm(view.ally, m.to)) s += param("defend");
    return s;
  }
};

}  // namespace

FourAgentKind fourPartnerKind() {
  return {"partner", "four-player panel style: goes to its ally's arm and fights the enemies there",
          [](const AgentParams& p) -> std::unique_ptr<FourAgent> { return std::make_unique<FourPartnerAgent>(p); },
          fourStyleHelp(partnerParams())};
}

}  // namespace junqi
