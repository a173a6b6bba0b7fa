// The Flip Junqi style panel (issue 38 item 5): scripted opponents that play
// recognisably different Flip Junqi, for `junqi gauntlet --rules flip-...`
// (docs/panel.md).
//
// Every style is the flip heuristic's one-ply judgement (search/flip/flip_heuristic.h:
// what an action wins at once less the opponent's best reply, a flip's risk
// over what it can reveal, a flag taken in one, our flag never left to be
// taken) plus a style's own term, large enough to show in play:
//   flipper  turns many pieces early: every flip earns a bonus;
//   hoarder  flips little and attacks only pieces it surely beats;
//   rusher   once the enemy flag is face up, races every piece to it;
//   trader   bombs hunt the biggest enemy piece, engineers the landmines.
// Each sees only the public FlipPosition (what both players see), is
// deterministic for its seed and costs what the heuristic costs.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/random.h"
#include "search/flip/flip_agent.h"
#include "search/styles/style_agent.h"

namespace junqi {

// What a flip style's term may read, computed once a decision.
struct FlipStyleView {
  explicit FlipStyleView(const FlipPosition& pos);

  const FlipPosition& pos;
  Seat us;
  std::optional<Colour> own, enemy;  // unset while the colours are undecided
  Square enemyFlag = kNoSquare;      // the enemy flag, once face up
  // The biggest enemy piece face up (by flipPieceValue), and its value.
  Square strongest = kNoSquare;
  double strongestValue = 0;

  // The face-up piece on `s`, if any.
  std::optional<Identity> at(Square s) const;
  // True for a move (not a flip) onto a face-up enemy piece.
  bool attacks(Move m) const;
  // Steps nearer `target` the move brings its piece (0 for a flip or no target).
  int closer(Move m, Square target) const;
  // The nearest face-up enemy piece of type `t` to `from`, or kNoSquare.
  Square nearestEnemy(Square from, PieceType t) const;
};

class FlipStyleAgent : public FlipAgent {
 public:
  std::string name() const override { return settings_.agent(); }
  std::string spec() const override;
  void newGame(const FlipRuleset& rules, Seat seat, std::uint64_t gameSeed) override;
  Move chooseAction(const FlipPosition& pos) override;

  // Every legal action's score without noise: the heuristic's plus the style's term.
  std::vector<std::pair<Move, double>> scoreActions(const FlipPosition& pos) const;

 protected:
  // `params` holds the style's parameters with their defaults, each read
  // from the spec (a negative value or not a number is refused by name).
  FlipStyleAgent(std::string name, const AgentParams& spec, std::vector<StyleParam> params);
  double param(const std::string& key) const { return settings_.param(key); }
  // The style's term for action `a`, in the heuristic's units (material).
  virtual double styleTerm(const FlipStyleView& view, Move a) const = 0;

 private:
  StyleSettings settings_;
  std::uint64_t seed_;
  Rng rng_;
};

// The help of a flip style: its own parameters, then noise and seed.
std::vector<AgentParamHelp> flipStyleHelp(const std::vector<StyleParam>& params);

// The flip panel's kinds in panel order, and their default specs.
std::vector<FlipAgentKind> flipStyleKinds();
std::vector<std::string> flipPanelSpecs();

// One kind per style file (search/styles/flip/NAME.cpp).
FlipAgentKind flipperKind();
FlipAgentKind hoarderKind();
FlipAgentKind rusherKind();
FlipAgentKind traderKind();

}  // namespace junqi
