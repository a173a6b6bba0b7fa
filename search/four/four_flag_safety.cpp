// What a seat can be sure of about flags, one move deep (four_flag_safety.h).
#include "search/four/four_flag_safety.h"

#include <bit>
#include <functional>

#include "core/four/four_movegen.h"

namespace junqi {

FourTacticsView::FourTacticsView(const FourObservation& obs, const FourRuleset& rules)
    : FourTacticsView(obs, rules, FourBeliefs::of(obs, rules)) {}

FourTacticsView::FourTacticsView(const FourObservation& obs, const FourRuleset& rules, const FourBeliefs& beliefs)
    : obs_(obs), rules_(rules) {
  for (int army = 0; army < kArmies; ++army)
    for (CrossBitboard b = obs.occupied(army); b;) {
      const Square point = popLsb(b);
      if (const auto seen = obs.typeAt(point)) {
        support_[point] = identityBit(*seen);
        continue;
      }
      // A positive exact count is a world the seat cannot rule out (the
      // counts leave out only couplings between armies, which rule out more).
      const IdentityMarginals p = beliefs.marginalsAt(point);
      for (int t = 0; t < kPieceTypes; ++t)
        if (p[t] > 0) support_[point] |= identityBit(typeFromIndex(t));
      if (support_[point] == 0) support_[point] = beliefs.possibleAt(point);  // notes that contradict themselves
    }
}

std::optional<Square> fourFlagPoint(const FourPosition& board, int army) {
  for (CrossBitboard b = board.occupied(army); b;) {
    const Square p = popLsb(b);
    if (board.typeAt(p) == PieceType::Flag) return p;
  }
  return std::nullopt;
}

namespace {

bool beatsFlag(const FourPosition& pos, PieceType attacker) {
  return defenderRemoved(pos.combat(attacker, PieceType::Flag));
}

// The position with the pieces' identities replaced where `typeAt` says.
template <typename TypeAt>
FourPosition retyped(const FourPosition& pos, const FourRuleset& rules, TypeAt typeAt) {
  FourSetup setup = pos.setup();
  for (FourPiece& piece : setup.pieces) piece.type = typeAt(piece);
  return FourPosition(rules, setup);
}

// The identity a piece is given to test whether it can take a flag: an
// engineer if it may be one (it reaches the most), else any other mobile
// identity that beats a flag (they all move alike), else a landmine (it
// never moves).
PieceType mostReaching(const FourPosition& pos, IdentitySet support) {
  if ((support & identityBit(PieceType::Engineer)) && beatsFlag(pos, PieceType::Engineer)) return PieceType::Engineer;
  for (int t = 0; t < kPieceTypes; ++t) {
    const PieceType type = typeFromIndex(t);
    if ((support & identityBit(type)) && !isImmobile(type) && beatsFlag(pos, type)) return type;
  }
  return PieceType::Landmine;
}

// Does `army` (to move in `after`) surely have a legal move? The stand-ins of
// unseen pieces move as lieutenants, which every mobile identity can match.
bool surelyHasMove(const FourPosition& after, int army, const std::function<IdentitySet(Square)>& supportAt) {
  for (CrossBitboard b = after.occupied(army); b;) {
    const Square p = popLsb(b);
    if (!(supportAt(p) & kImmobileIdentities) && fourTargets(after, p)) return true;
  }
  return false;
}

// After our move (played in one world of its battle), can the army to move
// take `army`'s flag at `flag` in some world?
FourSafety safetyOf(const FourPosition& after, const FourMoveResult& result, const FourRuleset& rules, int army,
                    Square flag, const std::function<IdentitySet(Square)>& supportAt) {
  if (fourOutcome(after).isOver()) return FourSafety::Safe;
  const std::uint8_t taken = result.flagTakenFrom >= 0 ? std::uint8_t(1u << result.flagTakenFrom) : 0;
  // On the stand-in board an army may have seemed to have no move; in some world it has one.
  if (result.armiesLeft & ~taken) return FourSafety::Unknown;
  const int next = after.toMove();
  if (teamOfArmy(next) == teamOfArmy(army)) return FourSafety::Safe;  // no enemy moves next
  if (!surelyHasMove(after, next, supportAt)) return FourSafety::Unknown;
  const FourPosition reaching = retyped(after, rules, [&](const FourPiece& piece) {
    return piece.army == next ? mostReaching(after, supportAt(Square(piece.point))) : piece.type;
  });
  for (CrossBitboard b = reaching.occupied(next); b;)
    if (fourTargets(reaching, popLsb(b)).contains(flag)) return FourSafety::Unsafe;
  return FourSafety::Safe;
}

}  // namespace

bool takesFlagForCertain(const FourTacticsView& view, Move m) {
  const FourObservation& obs = view.observation();
  if (obs.armyAt(m.to) < 0 || view.supportAt(m.to) != identityBit(PieceType::Flag)) return false;
  const auto attacker = obs.typeAt(m.from);
  return attacker && beatsFlag(obs.board(), *attacker);
}

FourSafety flagSafetyAfter(const FourTacticsView& view, Move m) {
  const FourObservation& obs = view.observation();
  const FourPosition& board = obs.board();
  const int army = obs.army();
  const auto flag = fourFlagPoint(board, army);
  if (!flag) return FourSafety::Safe;
  // The identities the target may have: one world of the battle each (a quiet move has one).
  IdentitySet outcomes = board.isEmpty(m.to) ? identityBit(board.typeAt(m.from)) : view.supportAt(m.to);
  FourSafety verdict = FourSafety::Safe;
  for (; outcomes; outcomes &= static_cast<IdentitySet>(outcomes - 1)) {
    const PieceType defender = typeFromIndex(std::countr_zero(outcomes));
    FourPosition after = retyped(board, view.rules(), [&](const FourPiece& piece) {
      return !board.isEmpty(m.to) && piece.point == m.to ? defender : piece.type;
    });
    const FourMoveResult result = after.play(m);
    // Pieces keep their supports, but the point of the battle holds what is there now, seen.
    const auto supportAt = [&](Square p) { return p == m.to ? identityBit(after.typeAt(p)) : view.supportAt(p); };
    const FourSafety s = safetyOf(after, result, view.rules(), army, *flag, supportAt);
    if (s == FourSafety::Unsafe) return s;
    if (s == FourSafety::Unknown) verdict = s;
  }
  return verdict;
}

}  // namespace junqi
