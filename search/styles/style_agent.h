// The style panel (issue 38): scripted classic opponents that play
// recognisably different Junqi, for `junqi gauntlet` (docs/panel.md).
//
// Every style is the tactical player's one-ply judgement (search/classic/tactical_agent.h:
// expected material on the exact beliefs, the enemy's best reply, the flag
// tactics) plus a style's own term, large enough to show in play:
//   rush      pieces race through the railways for the enemy headquarters;
//   turtle    pieces stay home around the flag; fights only when ahead;
//   bluffer   small officers charge like marshals, big ones sit like landmines;
//   raider    engineers raid the enemy's back rows along the railways;
//   bomber    bombs hunt the strongest enemy piece shown or believed;
//   deployer  ordinary play from an unusual deployment (a decoy fortress).
// Each sees only its InfoState, plays only the moves the flag guard allows,
// is deterministic for its seed and costs well under a millisecond a move.
// Each takes the layout styles (layout=) and a deployment (deploy=usual or decoy).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "search/basic_agent.h"
#include "search/styles/style_settings.h"

namespace junqi {

// What a style's term may read about the seat's position, computed once a decision.
struct StyleView {
  explicit StyleView(const InfoState& state);

  const InfoState& state;
  const Observation& obs;
  const Topology& topo;
  Seat us, them;
  Bitboard own, enemy;
  double lead;              // our material minus the enemy's expected material
  Square aim = kNoSquare;   // the enemy headquarters likeliest to hold the flag
  Square ownFlag = kNoSquare;
  // The enemy piece likeliest to be big (the most expected marshal and
  // general value, shown or believed), and that value; kNoSquare when none.
  Square strongest = kNoSquare;
  double strongestValue = 0;

  PieceType mine(Move m) const { return obs.ownType(obs.pieceAt(m.from)); }
  bool attacks(Move m) const { return contains(enemy, m.to); }
  // Rows toward the enemy's back row that the move gains.
  int forward(Move m) const;
  // True for a point in the enemy's half, and its depth there (1: their front row, 6: their back row).
  int depthInEnemyHalf(Square s) const;
  // The expected marshal and general value of the enemy piece on `s`.
  double bigValue(Square s) const;
};

// Steps between two points as the crow flies on the grid (rows plus columns).
int gridDistance(Square a, Square b);

// A layout transformed so that the fortress is a decoy: the flag changes
// places with the piece in the other headquarters, so that the landmines
// guard an empty headquarters, and a landmine still a step from the flag
// moves to the legal point farthest from it: the flag sits with no landmine
// beside it. The layout itself when the change would break the ruleset.
Layout decoyFortress(const Layout& layout, const Ruleset& ruleset);

class StyleAgent : public BasicAgent {
 public:
  std::string name() const override { return settings_.agent(); }
  std::string spec() const override;
  Layout chooseLayout(const Ruleset& ruleset, Seat seat) override;
  Action chooseAction(const InfoState& state) override;

  // Every legal move's score: the tactical player's plus the style's term.
  std::vector<std::pair<Move, double>> scoreMoves(const InfoState& state) const;

 protected:
  // `params` holds the style's own parameters with their defaults; each is
  // read from the spec (a value that is negative or not a number is refused).
  StyleAgent(std::string name, const AgentParams& spec, std::vector<StyleParam> params, bool decoyByDefault = false);
  double param(const std::string& key) const { return settings_.param(key); }
  // The style's term for move `m`, in the tactical score's units (material).
  virtual double styleTerm(const StyleView& view, Move m) const = 0;

 private:
  StyleSettings settings_;
  bool decoy_;
};

// The parameters every style shares (noise, deploy, seed, layout), for `junqi agents`.
std::vector<AgentParamHelp> styleCommonHelp(bool decoyByDefault);

// The kinds of the panel, in panel order, and each one's default spec.
std::vector<AgentKind> styleAgentKinds();
std::vector<std::string> panelSpecs();

// One kind per style file (search/styles/NAME.cpp).
AgentKind rushKind();
AgentKind turtleKind();
AgentKind blufferKind();
AgentKind raiderKind();
AgentKind bomberKind();
AgentKind deployerKind();

}  // namespace junqi
