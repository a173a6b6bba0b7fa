// deployer: an unusual deployment with otherwise ordinary play (the tactical
// player's). By default the fortress is a decoy (deploy=decoy): the landmines
// guard the headquarters without the flag, and the flag sits in the other
// one with no landmine beside it (search/styles/style_agent.h, decoyFortress).
#include "search/styles/style_agent.h"

namespace junqi {

namespace {

class DeployerAgent : public StyleAgent {
 public:
  explicit DeployerAgent(const AgentParams& spec) : StyleAgent("deployer", spec, {}, /*decoyByDefault=*/true) {}

 private:
  double styleTerm(const StyleView&, Move) const override { return 0; }
};

}  // namespace

AgentKind deployerKind() {
  return {"deployer", "panel style: ordinary (tactical) play from a decoy fortress: the flag where its landmines are not",
          [](const AgentParams& p) -> std::unique_ptr<Agent> { return std::make_unique<DeployerAgent>(p); },
          styleCommonHelp(true)};
}

}  // namespace junqi
