// The four-player tactics labeller: the two categories decided by the
// referee's rules in every world the seat cannot rule out (four_tactics.h).
#include "search/four/four_tactics.h"

#include <bit>
#include <functional>

#include "core/four/four_movegen.h"

namespace junqi {

const std::vector<std::string>& fourTacticsCategories() {
  static const std::vector<std::string> categories = {"flag-capture", "flag-defence"};
  return categories;
}

FourTacticsView::FourTacticsView(const FourObservation& obs, const FourRuleset& rules) : obs_(obs), rules_(rules) {
  const FourBeliefs beliefs = FourBeliefs::of(obs, rules);
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

namespace {

bool beatsFlag(const FourPosition& pos, PieceType attacker) {
  return defenderRemoved(pos.combat(attacker, PieceType::Flag));
}

// The point of the army's flag, if it still has one on the board.
std::optional<Square> flagOf(const FourPosition& board, int army) {
  for (CrossBitboard b = board.occupied(army); b;) {
    const Square p = popLsb(b);
    if (board.typeAt(p) == PieceType::Flag) return p;
  }
  return std::nullopt;
}

// The position with the pieces' identities replaced where `typeAt` says.
template <typename TypeAt>
FourPosition retyped(const FourPosition& pos, const FourRuleset& rules, TypeAt typeAt) {
  FourSetup setup = pos.setup();
  for (FourPiece& piece : setup.pieces) piece.type = typeAt(piece);
  return FourPosition(rules, setup);
}

// For every point, the points from which some piece (an engineer: it reaches
// the most) could move onto it on an empty board, even out of a headquarters.
// A piece anywhere else can never attack that point in one move.
const std::array<CrossBitboard, kCrossPoints>& reachersOf() {
  static const std::array<CrossBitboard, kCrossPoints> table = [] {
    std::array<CrossBitboard, kCrossPoints> out{};
    FourRuleset rules = FourRuleset::worldAtPlay();
    rules.army.headquartersFreeze = false;
    for (int from = 0; from < kCrossPoints; ++from)
      for (int to = 0; to < kCrossPoints; ++to) {
        if (from == to) continue;
        const FourPosition pos(rules, {{0, PieceType::Engineer, from}, {1, PieceType::Lieutenant, to}}, 0);
        if (fourTargets(pos, from).contains(to)) out[static_cast<std::size_t>(to)] |= CrossBitboard::bit(from);
      }
    return out;
  }();
  return table;
}

// Does an enemy of `army` stand where it could reach `army`'s flag?
bool enemyNearFlag(const FourPosition& board, int army) {
  const auto flag = flagOf(board, army);
  if (!flag) return false;
  const CrossBitboard enemies = board.occupied((army + 1) % kArmies) | board.occupied((army + 3) % kArmies);
  return static_cast<bool>(enemies & reachersOf()[*flag]);
}

}  // namespace

bool takesFlagForCertain(const FourTacticsView& view, Move m) {
  const FourObservation& obs = view.observation();
  if (obs.armyAt(m.to) < 0 || view.supportAt(m.to) != identityBit(PieceType::Flag)) return false;
  const auto attacker = obs.typeAt(m.from);
  return attacker && beatsFlag(obs.board(), *attacker);
}

namespace {

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

FourSafety flagSafetyAfter(const FourTacticsView& view, Move m) {
  const FourObservation& obs = view.observation();
  const FourPosition& board = obs.board();
  const int army = obs.army();
  const auto flag = flagOf(board, army);
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

std::optional<FourTacticsLabel> labelFourTactics(const FourTacticsView& view) {
  const FourObservation& obs = view.observation();
  if (obs.toMove() != obs.army() || fourOutcome(obs.board()).isOver()) return std::nullopt;
  MoveList moves;
  obs.legalMoves(moves);
  FourTacticsLabel capture{"flag-capture", {}}, defence{"flag-defence", {}};
  for (const Move m : moves)
    if (takesFlagForCertain(view, m)) capture.accept.push_back(m);
  if (!capture.accept.empty()) return capture;
  if (!enemyNearFlag(obs.board(), obs.army())) return std::nullopt;
  int unsafe = 0;
  for (const Move m : moves) {
    const FourSafety s = flagSafetyAfter(view, m);
    if (s == FourSafety::Unknown) return std::nullopt;  // not every move decided: no label
    if (s == FourSafety::Safe) defence.accept.push_back(m);
    else ++unsafe;
  }
  if (defence.accept.empty() || unsafe == 0) return std::nullopt;
  return defence;
}

std::optional<FourTacticsLabel> labelFourTactics(const FourGame& game) {
  if (game.isOver() || !mayHaveFourTactics(game.position())) return std::nullopt;
  const FourObservation obs = FourObservation::of(game, game.position().toMove());
  return labelFourTactics(FourTacticsView(obs, game.rules()));
}

bool mayHaveFourTactics(const FourPosition& truth) {
  const int army = truth.toMove();
  MoveList moves;
  generateFourMoves(truth, moves);
  for (const Move m : moves)
    if (!truth.isEmpty(m.to) && truth.typeAt(m.to) == PieceType::Flag) return true;
  return enemyNearFlag(truth, army);
}

}  // namespace junqi
