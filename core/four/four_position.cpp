#include "core/four/four_position.h"

#include <stdexcept>
#include <string>

#include "core/four/four_movegen.h"

namespace junqi {

FourPosition::FourPosition(const FourRuleset& rules)
    : combat_(&Rules::of(rules.army)), quietMoveLimit_(rules.quietMoveLimit) {
  pieceAt_.fill(kNoPiece);
  point_.fill(kNoSquare);
}

void FourPosition::place(PieceId piece, PieceType type, Square point) {
  type_[piece] = type;
  point_[piece] = point;
  pieceAt_[point] = piece;
  occupied_[static_cast<std::size_t>(armyOfPiece(piece))] |= CrossBitboard::bit(point);
  if (isImmobile(type)) immobile_ |= CrossBitboard::bit(point);
  if (type == PieceType::Engineer) engineers_ |= CrossBitboard::bit(point);
}

FourPosition::FourPosition(const FourRuleset& rules, const std::array<Layout, kArmies>& layouts) : FourPosition(rules) {
  for (int army = 0; army < kArmies; ++army) {
    int next = army * kPiecesPerArmy;
    for (int i = 0; i < kHalfSquares; ++i) {
      const auto type = layouts[static_cast<std::size_t>(army)].at[static_cast<std::size_t>(i)];
      if (type && next < (army + 1) * kPiecesPerArmy) place(PieceId(next++), *type, armyPoint(army, i));
    }
  }
}

FourPosition::FourPosition(const FourRuleset& rules, const FourSetup& setup) : FourPosition(rules) {
  std::array<int, kArmies> count{};
  for (const FourPiece& p : setup.pieces) {
    const std::string what = "piece " + std::string(typeName(p.type)) + " of army " + std::to_string(p.army);
    if (p.army < 0 || p.army >= kArmies) throw std::invalid_argument(what + ": no such army (0-3)");
    if (p.point < 0 || p.point >= kCrossPoints) throw std::invalid_argument(what + ": no such point");
    const auto point = Square(p.point);
    if (!isEmpty(point)) throw std::invalid_argument(what + ": " + crossBoard().pointName(point) + " is taken");
    if (count[static_cast<std::size_t>(p.army)] == kPiecesPerArmy) throw std::invalid_argument(what + ": more than 25 pieces");
    place(PieceId(p.army * kPiecesPerArmy + count[static_cast<std::size_t>(p.army)]++), p.type, point);
  }
  for (int army = 0; army < kArmies; ++army)
    if (!occupied(army)) armiesIn_ &= static_cast<std::uint8_t>(~(1u << army));
  if (setup.toMove < 0 || setup.toMove >= kArmies || !armyIn(setup.toMove))
    throw std::invalid_argument("the army to move has no piece");
  if (setup.quietMoves < 0 || setup.ply < setup.quietMoves)
    throw std::invalid_argument("the quiet moves must be from 0 to the ply");
  toMove_ = setup.toMove;
  quietMoves_ = setup.quietMoves;
  ply_ = setup.ply;
  flagShown_ = static_cast<std::uint8_t>(setup.flagShown & 0xF);
}

FourSetup FourPosition::setup() const {
  FourSetup s{{}, toMove_, quietMoves_, ply_, flagShown_};
  for (int army = 0; army < kArmies; ++army)
    for (CrossBitboard b = occupied(army); b;) {
      const Square p = popLsb(b);
      s.pieces.push_back({army, typeAt(p), p});
    }
  return s;
}

void FourPosition::removePiece(PieceId piece) {
  const Square p = point_[piece];
  pieceAt_[p] = kNoPiece;
  point_[piece] = kNoSquare;
  occupied_[static_cast<std::size_t>(armyOfPiece(piece))] ^= CrossBitboard::bit(p);
  immobile_ &= ~CrossBitboard::bit(p);
  engineers_ &= ~CrossBitboard::bit(p);
  if (type_[piece] == PieceType::Marshal) flagShown_ |= std::uint8_t(1u << armyOfPiece(piece));
}

void FourPosition::removeArmy(int army, Termination why) {
  for (CrossBitboard b = occupied(army); b;) removePiece(pieceAt(popLsb(b)));
  armiesIn_ &= static_cast<std::uint8_t>(~(1u << army));
  lastExit_ = why;
}

FourMoveResult FourPosition::play(Move m) {
  FourMoveResult r;
  r.attacker = pieceAt_[m.from];
  r.defender = pieceAt_[m.to];
  r.attackerType = typeOf(r.attacker);
  if (r.defender != kNoPiece) r.defenderType = typeOf(r.defender);
  const int army = armyOfPiece(r.attacker);
  const std::uint8_t shownBefore = flagShown_, inBefore = armiesIn_;
  bool moves = true;
  if (r.defender == kNoPiece) {
    ++quietMoves_;
  } else {
    quietMoves_ = 0;
    const PieceType defender = typeOf(r.defender);
    r.combat = combat(typeOf(r.attacker), defender);
    if (defenderRemoved(r.combat)) removePiece(r.defender);
    if (attackerRemoved(r.combat)) {
      removePiece(r.attacker);
      moves = false;
    }
    r.flagsShown = static_cast<std::uint8_t>(flagShown_ & ~shownBefore);
    if (defender == PieceType::Flag && defenderRemoved(r.combat)) {
      r.flagTakenFrom = armyOfPiece(r.defender);
      removeArmy(r.flagTakenFrom, Termination::FlagCaptured);
    }
  }
  if (moves) {
    pieceAt_[m.from] = kNoPiece;
    pieceAt_[m.to] = r.attacker;
    point_[r.attacker] = m.to;
    const CrossBitboard fromTo = CrossBitboard::bit(m.from) | CrossBitboard::bit(m.to);
    occupied_[static_cast<std::size_t>(army)] ^= fromTo;
    if (typeOf(r.attacker) == PieceType::Engineer) engineers_ ^= fromTo;
  }
  ++ply_;
  passTurn();
  r.armiesLeft = static_cast<std::uint8_t>(inBefore & ~armiesIn_);
  return r;
}

void FourPosition::settleTurn() {
  if (!teamIn(0) || !teamIn(1) || fourHasLegalMove(*this, toMove_)) return;
  removeArmy(toMove_, Termination::Immobilised);
  passTurn();
}

void FourPosition::passTurn() {
  // The next army still on the board; one without a legal move leaves it.
  // Once a team is gone the turn rests with the next army left.
  for (int k = 0; k < kArmies; ++k) {
    toMove_ = (toMove_ + 1) % kArmies;
    if (!armyIn(toMove_)) continue;
    if (!teamIn(0) || !teamIn(1) || fourHasLegalMove(*this, toMove_)) return;
    removeArmy(toMove_, Termination::Immobilised);
  }
}

FourOutcome fourOutcome(const FourPosition& pos) {
  for (int team = 0; team < 2; ++team) {
    if (pos.teamIn(team)) continue;
    // A position set up (or read from text) with a team already gone keeps no
    // cause of its exit: its armies are counted as having had no move.
    const Termination why = pos.lastExit() == Termination::None ? Termination::Immobilised : pos.lastExit();
    return {why, 1 - team};
  }
  if (pos.quietMoveLimit() > 0 && pos.quietMoves() >= pos.quietMoveLimit()) return {Termination::QuietMoves, {}};
  return {};
}

}  // namespace junqi
