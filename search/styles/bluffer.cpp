// bluffer: plays its pieces as what they are not. Small officers (lieutenant
// to major) charge as a marshal would: `charge` a row forward, and again for
// stepping up to or attacking an enemy piece. Big officers (general and
// marshal) keep still as a landmine would: `still` for a quiet move, half of
// it for a fight (the tactical judgement still moves one out of real danger).
#include "search/styles/style_agent.h"

namespace junqi {

namespace {

std::vector<StyleParam> blufferParams() {
  return {{"charge", 0.5, "score per row forward, and for closing on or attacking an enemy, of a small officer"},
          {"still", 1.5, "cost of a quiet move by a general or marshal (half for a fight)"}};
}

bool isSmallOfficer(PieceType t) { return t == PieceType::Lieutenant || t == PieceType::Captain || t == PieceType::Major; }
bool isBigOfficer(PieceType t) { return t == PieceType::General || t == PieceType::Marshal; }

class BlufferAgent : public StyleAgent {
 public:
  explicit BlufferAgent(const AgentParams& spec) : StyleAgent("bluffer", spec, blufferParams()) {}

 private:
  double styleTerm(const StyleView& view, Move m) const override {
    const PieceType mine = view.mine(m);
    if (isBigOfficer(mine)) return -param("still") * (view.attacks(m) ? 0.5 : 1.0);
    if (!isSmallOfficer(mine)) return 0;
    double s = param("charge") * view.forward(m);
    if (view.attacks(m) || (view.topo.stepNeighbours[m.to] & view.enemy)) s += param("charge");
    return s;
  }
};

}  // namespace

AgentKind blufferKind() {
  std::vector<AgentParamHelp> help = styleParamHelp(blufferParams());
  for (AgentParamHelp& h : styleCommonHelp(false)) help.push_back(h);
  return {"bluffer", "panel style: small officers charge like marshals, generals and marshals sit still like landmines",
          [](const AgentParams& p) -> std::unique_ptr<Agent> { return std::make_unique<BlufferAgent>(p); }, help};
}

}  // namespace junqi
