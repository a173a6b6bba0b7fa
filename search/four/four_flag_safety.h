// What a four-player seat can be sure of about flags, one move deep: a move
// that takes an enemy flag in every world it cannot rule out, and whether a
// move leaves its own flag open to the army that moves next (docs/tactics.md,
// "Four-player Junqi").
//
// Everything here reads the seat's FourObservation and its FourBeliefs, never
// the true position: each unseen piece may be any identity its army's exact
// count gives a positive probability (its support); seen pieces are what they
// are. The referee's rules (FourPosition::play, the move generator, the
// combat table) then decide every outcome. The tactics labeller
// (four_tactics.h) and the search's root guard (four_ismcts.cpp) share it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "core/four/four_beliefs.h"
#include "core/four/four_observation.h"

namespace junqi {

// What the seat to move knows: its observation and the supports of the pieces it does not see.
class FourTacticsView {
 public:
  FourTacticsView(const FourObservation& obs, const FourRuleset& rules);
  // The same from beliefs already drawn from `obs` (the search has them).
  FourTacticsView(const FourObservation& obs, const FourRuleset& rules, const FourBeliefs& beliefs);
  const FourObservation& observation() const { return obs_; }
  const FourRuleset& rules() const { return rules_; }
  // The identities the piece on `point` may have (one when the seat sees it); 0 when empty.
  IdentitySet supportAt(Square point) const { return support_[point]; }

 private:
  FourObservation obs_;
  FourRuleset rules_;
  std::array<IdentitySet, kCrossPoints> support_{};
};

// True when the move attacks a piece that is the flag in every world of the view.
bool takesFlagForCertain(const FourTacticsView& view, Move m);

// A move's flag safety: Safe in every world, Unsafe in some, or Unknown when
// the army moving next is not the same in every world (one may have no move
// left, and then the turn passes on).
enum class FourSafety : std::uint8_t { Safe, Unsafe, Unknown };
FourSafety flagSafetyAfter(const FourTacticsView& view, Move m);

// The point of the army's flag on the board, if it still has one there
// (where the board's identities are the seat's, only its own or shown flags).
std::optional<Square> fourFlagPoint(const FourPosition& board, int army);

}  // namespace junqi
