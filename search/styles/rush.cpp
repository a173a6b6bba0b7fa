// rush: an early flag rush. For the first `plies` plies of the game every
// mobile piece is drawn to the enemy headquarters likeliest to hold the flag,
// `drive` a step nearer; a railway slide gains many steps at once, so the
// rush runs along the railways. Later the drive falls to a quarter.
#include "search/styles/style_agent.h"

namespace junqi {

namespace {

std::vector<StyleParam> rushParams() {
  return {{"drive", 0.6, "score per step nearer the enemy headquarters likeliest to hold the flag"},
          {"plies", 80, "plies of the game the rush lasts (then a quarter of the drive)"}};
}

class RushAgent : public StyleAgent {
 public:
  explicit RushAgent(const AgentParams& spec) : StyleAgent("rush", spec, rushParams()) {}

 private:
  double styleTerm(const StyleView& view, Move m) const override {
    if (view.aim == kNoSquare) return 0;
    const double drive = view.obs.ply() < param("plies") ? param("drive") : param("drive") / 4;
    return drive * (gridDistance(m.from, view.aim) - gridDistance(m.to, view.aim));
  }
};

}  // namespace

AgentKind rushKind() {
  std::vector<AgentParamHelp> help = styleParamHelp(rushParams());
  for (AgentParamHelp& h : styleCommonHelp(false)) help.push_back(h);
  return {"rush", "panel style: an early flag rush through the railways on the tactical player's judgement",
          [](const AgentParams& p) -> std::unique_ptr<Agent> { return std::make_unique<RushAgent>(p); }, help};
}

}  // namespace junqi
