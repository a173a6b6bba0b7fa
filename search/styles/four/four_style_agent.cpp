#include "search/styles/four/four_style_agent.h"

#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "core/four/cross_board.h"
#include "core/four/cross_topology.h"
#include "search/noisy_best.h"

namespace junqi {

int crossDistance(int a, int b) {
  const BoardGeometry& board = crossBoard();
  return std::abs(board.column(a) - board.column(b)) + std::abs(board.row(a) - board.row(b));
}

FourStyleView::FourStyleView(const FourObservation& o) : obs(o), army(o.army()), ally(allyOf(o.army())), nextEnemy(-1) {
  for (int step = 1; step < kArmies && nextEnemy < 0; ++step) {
    const int a = (army + step) % kArmies;
    if (teamOfArmy(a) != teamOfArmy(army) && obs.armyIn(a)) nextEnemy = a;
  }
}

bool FourStyleView::enemyAt(Square p) const {
  const int owner = obs.armyAt(p);
  return owner >= 0 && teamOfArmy(owner) != teamOfArmy(army);
}

bool FourStyleView::inArm(int a, Square p) const {
  return CrossTopology::get().home[static_cast<std::size_t>(a)].contains(p);
}

int FourStyleView::distanceToHeadquarters(int a, Square p) const {
  int best = 99;
  for (const int hq : crossBoard().headquarters())
    if (inArm(a, Square(hq))) best = std::min(best, crossDistance(p, hq));
  return best;
}

int FourStyleView::closer(Move m, int a) const {
  if (a < 0) return 0;
  return distanceToHeadquarters(a, m.from) - distanceToHeadquarters(a, m.to);
}

FourStyleAgent::FourStyleAgent(std::string name, const AgentParams& spec, std::vector<StyleParam> params)
    : settings_(std::move(name), spec, std::move(params)), seed_(spec.getSeed("seed", 1)), rng_(seed_) {}

std::string FourStyleAgent::spec() const { return settings_.spec() + fmt::format(",seed={}", seed_); }

void FourStyleAgent::newGame(const FourRuleset& rules, int army, std::uint64_t gameSeed) {
  judge_.newGame(rules, army, gameSeed);
  rng_.reseed(Rng::mix(seed_ ^ static_cast<std::uint64_t>(army), gameSeed));
}

std::vector<double> FourStyleAgent::scores(const FourObservation& obs, const MoveList& moves) const {
  std::vector<double> s = judge_.scores(obs, moves);
  const FourStyleView view(obs);
  for (int i = 0; i < moves.size(); ++i) s[static_cast<std::size_t>(i)] += styleTerm(view, moves[i]);
  return s;
}

Move FourStyleAgent::chooseMove(const FourObservation& obs) {
  MoveList moves;
  obs.legalMoves(moves);
  const NoisyBest best = noisyBest(scores(obs, moves), settings_.noise(), rng_);
  report_ = {};
  report_.value = best.score;
  report_.simulations = moves.size();
  return moves[best.index];
}

std::vector<AgentParamHelp> fourStyleHelp(const std::vector<StyleParam>& params) {
  std::vector<AgentParamHelp> help = styleParamHelp(params);
  help.push_back({"noise", "0.05", "up to this much random noise added to each move's score (0: always the best)"});
  help.push_back({"seed", "1", "seed of the agent's choices (mixed with each game's seed and army)"});
  return help;
}

std::vector<FourAgentKind> fourStyleKinds() {
  return {fourRushKind(), fourTurtleKind(), fourPartnerKind(), fourBomberKind()};
}

std::vector<std::string> fourPanelSpecs() {
  std::vector<std::string> specs;
  for (const FourAgentKind& k : fourStyleKinds()) specs.push_back(k.name);
  return specs;
}

}  // namespace junqi
