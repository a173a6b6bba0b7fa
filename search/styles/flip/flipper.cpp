// flipper: turns many pieces early. For the first `plies` plies every flip
// earns `flip` on top of the heuristic's own small bonus, so that it flips
// where the heuristic would move; later the bonus falls to a quarter.
#include "search/styles/flip/flip_style_agent.h"

namespace junqi {

namespace {

std::vector<StyleParam> flipperParams() {
  return {{"flip", 2.0, "score of a flip on top of the heuristic's"},
          {"plies", 120, "plies of the game the flipping lasts (then a quarter of the bonus)"}};
}

class FlipperAgent : public FlipStyleAgent {
 public:
  explicit FlipperAgent(const AgentParams& spec) : FlipStyleAgent("flipper", spec, flipperParams()) {}

 private:
  double styleTerm(const FlipStyleView& view, Move a) const override {
    if (!isFlip(a)) return 0;
    return view.pos.ply() < param("plies") ? param("flip") : param("flip") / 4;
  }
};

}  // namespace

FlipAgentKind flipperKind() {
  return {"flipper", "flip panel style: turns many pieces early, on the flip heuristic's judgement",
          [](const AgentParams& p) -> std::unique_ptr<FlipAgent> { return std::make_unique<FlipperAgent>(p); },
          flipStyleHelp(flipperParams())};
}

}  // namespace junqi
