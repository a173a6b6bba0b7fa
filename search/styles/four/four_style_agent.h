// The four-player style panel (issue 38 item 5): scripted armies that play
// recognisably different four-player Junqi, for `junqi gauntlet --rules
// four-worldatplay` (docs/panel.md), where a style plays both armies of a team.
//
// Every style is the four-player heuristic's one-ply judgement
// (search/four/four_heuristic.h: a fight's expected material, a shown flag
// taken, a battle bonus as the quiet-move draw nears, a small push to the
// enemy) plus a style's own term, large enough to show in play:
//   rush     races for the headquarters of the next enemy army in turn order;
//   turtle   stays in its own arm around its headquarters, fights little away;
//   partner  goes to its ally's arm and fights the enemies found there;
//   bomber   bombs hunt the enemy pieces that have won fights.
// Each sees only its army's FourObservation, is deterministic for its seed
// and costs what the heuristic costs.
#pragma once

#include <string>
#include <vector>

#include "search/four/four_agent.h"
#include "search/four/four_heuristic.h"
#include "search/styles/style_agent.h"

namespace junqi {

// What a four-player style's term may read, computed once a decision.
struct FourStyleView {
  explicit FourStyleView(const FourObservation& obs);

  const FourObservation& obs;
  int army, ally;
  int nextEnemy;  // the first enemy army after ours in turn order still on the board, or -1

  bool enemyAt(Square p) const;
  // Is `p` in `army`'s arm?
  bool inArm(int army, Square p) const;
  // Steps (as the crow flies on the grid) from `p` to `army`'s nearest headquarters.
  int distanceToHeadquarters(int army, Square p) const;
  // Steps nearer `army`'s headquarters the move brings its piece.
  int closer(Move m, int army) const;
};

// Steps between two points of the cross as the crow flies on the grid.
int crossDistance(int a, int b);

class FourStyleAgent : public FourAgent {
 public:
  std::string name() const override { return settings_.agent(); }
  std::string spec() const override;
  void newGame(const FourRuleset& rules, int army, std::uint64_t gameSeed) override;
  Move chooseMove(const FourObservation& obs) override;

  // Every legal move's score without noise (generation order): the heuristic's plus the style's term.
  std::vector<double> scores(const FourObservation& obs, const MoveList& moves) const;

 protected:
  FourStyleAgent(std::string name, const AgentParams& spec, std::vector<StyleParam> params);
  double param(const std::string& key) const { return settings_.param(key); }
  virtual double styleTerm(const FourStyleView& view, Move m) const = 0;

 private:
  StyleSettings settings_;
  std::uint64_t seed_;
  Rng rng_;
  FourHeuristicAgent judge_{0, 1};  // the judgement only: its noise is 0
};

std::vector<AgentParamHelp> fourStyleHelp(const std::vector<StyleParam>& params);

// The four-player panel's kinds in panel order, and their default specs.
std::vector<FourAgentKind> fourStyleKinds();
std::vector<std::string> fourPanelSpecs();

// One kind per style file (search/styles/four/NAME.cpp).
FourAgentKind fourRushKind();
FourAgentKind fourTurtleKind();
FourAgentKind fourPartnerKind();
FourAgentKind fourBomberKind();

}  // namespace junqi
