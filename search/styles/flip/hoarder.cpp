// hoarder: flips little and attacks only pieces it surely beats. Every flip
// costs `hoard` while the side has a face-up piece to move instead; an
// attack that removes the enemy piece and keeps ours earns `prey`, and any
// other attack (a trade, a loss, a bomb) costs `caution`.
#include "search/styles/flip/flip_style_agent.h"

namespace junqi {

namespace {

std::vector<StyleParam> hoarderParams() {
  return {{"hoard", 1.5, "cost of a flip while a face-up piece could move instead"},
          {"prey", 0.5, "score of an attack that takes the enemy piece and keeps ours"},
          {"caution", 3.0, "cost of any other attack (a trade, a loss, a bomb)"}};
}

class HoarderAgent : public FlipStyleAgent {
 public:
  explicit HoarderAgent(const AgentParams& spec) : FlipStyleAgent("hoarder", spec, hoarderParams()) {}

 private:
  double styleTerm(const FlipStyleView& view, Move a) const override {
    if (isFlip(a)) return view.own && view.pos.faceUp(*view.own) ? -param("hoard") : 0.0;
    if (!view.attacks(a)) return 0;
    FlipPosition next = view.pos;
    const FlipResult r = next.move(a);
    const bool clean = r.flagCaptured || (defenderRemoved(r.combat) && !attackerRemoved(r.combat));
    return clean ? param("prey") : -param("caution");
  }
};

}  // namespace

FlipAgentKind hoarderKind() {
  return {"hoarder", "flip panel style: flips little, attacks only pieces it surely beats",
          [](const AgentParams& p) -> std::unique_ptr<FlipAgent> { return std::make_unique<HoarderAgent>(p); },
          flipStyleHelp(hoarderParams())};
}

}  // namespace junqi
