#include "search/styles/style_agent.h"

#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "core/classic/topology.h"
#include "search/material.h"
#include "search/classic/one_ply.h"
#include "search/classic/root_choice.h"
#include "search/classic/tactical_agent.h"

namespace junqi {

StyleView::StyleView(const InfoState& s)
    : state(s), obs(s.observation()), topo(obs.rules().topology()), us(s.seat()), them(s.enemy()),
      own(obs.occupied(us)), enemy(obs.occupied(them)), lead(expectedMaterialLead(s)) {
  double best = -1;
  for (Bitboard b = topo.headquarters & topo.home[index(them)]; b;) {
    const Square hq = popLsb(b);
    const double p = contains(enemy, hq) ? enemyBelief(s, hq)[typeIndex(PieceType::Flag)] : 0.0;
    if (p > best) best = p, aim = hq;
  }
  for (Bitboard b = enemy; b;) {
    const Square e = popLsb(b);
    const double v = bigValue(e);
    if (v > strongestValue) strongestValue = v, strongest = e;
  }
  for (int k = 0; k < obs.pieceCount(us); ++k) {
    const PieceId p = pieceOf(us, k);
    if (obs.isAlive(p) && obs.ownType(p) == PieceType::Flag) ownFlag = obs.squareOf(p);
  }
}

int StyleView::forward(Move m) const {
  return us == Seat::Red ? rowOf(m.to) - rowOf(m.from) : rowOf(m.from) - rowOf(m.to);
}

int StyleView::depthInEnemyHalf(Square s) const {
  const int half = kRows / 2;
  const int depth = us == Seat::Red ? rowOf(s) - half + 1 : half - rowOf(s);
  return depth > 0 ? depth : 0;
}

double StyleView::bigValue(Square s) const {
  const IdentityMarginals& q = enemyBelief(state, s);
  return q[typeIndex(PieceType::Marshal)] * pieceValue(PieceType::Marshal) +
         q[typeIndex(PieceType::General)] * pieceValue(PieceType::General);
}

int gridDistance(Square a, Square b) { return std::abs(rowOf(a) - rowOf(b)) + std::abs(columnOf(a) - columnOf(b)); }

namespace {
// Moves every landmine a step from the flag to the legal point farthest from
// it, trading places with the piece there.
void clearLandminesAround(Layout& layout, int flag, const Topology& topo, const Ruleset& ruleset) {
  for (Bitboard b = topo.stepNeighbours[flag]; b;) {
    const int mine = popLsb(b);
    if (mine >= kHalfSquares || layout.at[mine] != PieceType::Landmine) continue;
    int far = -1;
    for (int i = 0; i < kHalfSquares; ++i) {
      const auto& piece = layout.at[i];
      if (!piece || *piece == PieceType::Landmine || *piece == PieceType::Flag) continue;
      if (contains(topo.stepNeighbours[flag], Square(i)) || !mayStartOn(PieceType::Landmine, i, ruleset)) continue;
      if (!mayStartOn(*piece, mine, ruleset)) continue;
      if (far < 0 || gridDistance(Square(i), Square(flag)) > gridDistance(Square(far), Square(flag))) far = i;
    }
    if (far >= 0) std::swap(layout.at[mine], layout.at[far]);
  }
}
}  // namespace

Layout decoyFortress(const Layout& layout, const Ruleset& ruleset) {
  // Relative points are Red's points: the headquarters of Red's half.
  const Topology& topo = Topology::classic(true);
  int flag = -1, other = -1;
  for (Bitboard b = topo.headquarters & topo.home[index(Seat::Red)]; b;) {
    const Square hq = popLsb(b);
    (layout.at[hq] == PieceType::Flag ? flag : other) = hq;
  }
  if (flag < 0 || other < 0) return layout;
  Layout decoy = layout;
  std::swap(decoy.at[flag], decoy.at[other]);
  clearLandminesAround(decoy, other, topo, ruleset);
  return validateLayout(decoy, ruleset) ? layout : decoy;
}

StyleAgent::StyleAgent(std::string name, const AgentParams& spec, std::vector<StyleParam> params, bool decoyByDefault)
    : BasicAgent(spec, LayoutStyle::Balanced), settings_(std::move(name), spec, std::move(params)) {
  const std::string deploy = spec.getString("deploy", decoyByDefault ? "decoy" : "usual");
  if (deploy != "usual" && deploy != "decoy")
    throw AgentSpecError(fmt::format("agent '{}': deploy={} is not usual or decoy", settings_.agent(), deploy));
  decoy_ = deploy == "decoy";
}

std::string StyleAgent::spec() const {
  return settings_.spec() + fmt::format(",deploy={},{}", decoy_ ? "decoy" : "usual", commonSpec());
}

Layout StyleAgent::chooseLayout(const Ruleset& ruleset, Seat seat) {
  const Layout layout = BasicAgent::chooseLayout(ruleset, seat);
  return decoy_ ? decoyFortress(layout, ruleset) : layout;
}

std::vector<std::pair<Move, double>> StyleAgent::scoreMoves(const InfoState& state) const {
  auto scored = TacticalAgent::scoreMoves(state);
  const StyleView view(state);
  for (auto& [m, score] : scored) score += styleTerm(view, m);
  return scored;
}

Action StyleAgent::chooseAction(const InfoState& state) {
  const auto scored = scoreMoves(state);
  MoveList moves;
  for (const auto& [m, s] : scored) moves.push(m);
  // A style's term never outweighs the flags: only the moves the flag guard allows.
  return playBestScored(state, scored, flagSafeMoves(state, moves), settings_.noise());
}

std::vector<AgentParamHelp> styleCommonHelp(bool decoyByDefault) {
  return {{"noise", "0.05", "up to this much random noise added to each move's score (0: always the best)"},
          {"deploy", decoyByDefault ? "decoy" : "usual",
           "usual: the layout style's fortress; decoy: the flag swaps places with the piece in the other "
           "headquarters and no landmine stays beside it, so the landmines guard an empty one"},
          {"seed", "1", "seed of the agent's choices (mixed with each game's seed)"},
          {"layout", "balanced",
           "layout style, when the agent chooses its layout: random, aggressive, defensive or balanced"}};
}

std::vector<AgentKind> styleAgentKinds() {
  return {rushKind(), turtleKind(), blufferKind(), raiderKind(), bomberKind(), deployerKind()};
}

std::vector<std::string> panelSpecs() {
  std::vector<std::string> specs;
  for (const AgentKind& k : styleAgentKinds()) specs.push_back(k.name);
  return specs;
}

}  // namespace junqi
