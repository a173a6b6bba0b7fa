// One-ply facts from a seat's beliefs, shared by the flag tactics, the
// tactical player, the heuristic player and the tactics suite: the belief
// about the enemy piece on a point, the odds of a fight against it, and where
// a piece may move next.
#pragma once

#include "core/classic/info_state.h"

namespace junqi {

// P(the enemy piece on `square` is t), for every t (the square must hold an enemy piece).
inline const IdentityMarginals& enemyBelief(const InfoState& state, Square square) {
  return state.marginals()[state.observation().pieceAt(square) - index(state.enemy()) * kMaxPiecesPerSide];
}

// What our `mine` attacking a target of identities `target` leads to.
struct FightOdds {
  double flag = 0;                       // P(the target is the flag, and it falls: the game is won)
  double won = 0, traded = 0, lost = 0;  // P(only the target falls / both fall / only ours falls), flag excluded
  double wonValue = 0, tradedValue = 0;  // the target's expected piece value, given that outcome
  IdentityMarginals beaten{};            // the target's identities, given it beat ours (0 when it cannot)
};
FightOdds fightOdds(const Rules& rules, PieceType mine, const IdentityMarginals& target);

// Our material minus the enemy's expected material by our beliefs.
double expectedMaterialLead(const InfoState& state);
// A lead this large (a general's worth) makes a side clearly ahead.
constexpr double kClearLead = 7.5;

// The material our move's fight wins (negative: loses) by our beliefs; 0 for
// a quiet move or one that may take the flag.
double expectedFightMaterial(const InfoState& state, Move m);

// Our officer (not an engineer: 001 keeps them out of exchanges) attacks an
// enemy piece that is almost surely (0.75) of its own rank: both will fall.
bool isSureTrade(const InfoState& state, Move m);

// Where the piece on `from` may move next (into `occupied` points not of `own`):
// as any piece, and if it is an engineer (turning on the railway too).
struct PieceReach {
  Bitboard plain = 0, engineer = 0;
};
PieceReach pieceReach(const Topology& topology, Bitboard own, Bitboard occupied, Square from);

}  // namespace junqi
