#include "core/classic/position.h"

#include <stdexcept>

namespace junqi {

Position::Position(const Rules& rules) : rules_(&rules) {
  pieceAt_.fill(kNoPiece);
  square_.fill(kNoSquare);
}

Position Position::fromLayouts(const Rules& rules, const Layout& red, const Layout& blue) {
  Position p(rules);
  for (const Seat side : {Seat::Red, Seat::Blue}) {
    const Layout& layout = side == Seat::Red ? red : blue;
    for (int i = 0; i < kHalfSquares; ++i)
      if (layout.at[i]) p.addPiece(side, *layout.at[i], Layout::absolute(side, i));
  }
  return p;
}

std::optional<Seat> Position::flagCapturedBy() const {
  if (flagCapturedBy_ < 0) return std::nullopt;
  return static_cast<Seat>(flagCapturedBy_);
}

PieceId Position::addPiece(Seat side, PieceType type, Square square) {
  const int s = index(side);
  if (square != kNoSquare && pieceAt_[square] != kNoPiece) throw std::logic_error("addPiece: the point is occupied");
  if (pieceCount_[s] >= kMaxPiecesPerSide) throw std::logic_error("addPiece: too many pieces");
  const auto piece = PieceId(s * kMaxPiecesPerSide + pieceCount_[s]++);
  type_[piece] = type;
  square_[piece] = square;
  if (square == kNoSquare) return piece;
  pieceAt_[square] = piece;
  occupied_[s] |= bit(square);
  if (isImmobile(type)) immobile_[s] |= bit(square);
  if (type == PieceType::Engineer) engineers_[s] |= bit(square);
  return piece;
}

void Position::setType(PieceId piece, PieceType type) {
  type_[piece] = type;
  const Square square = square_[piece];
  if (square == kNoSquare) return;
  const int s = index(sideOfPiece(piece));
  const Bitboard b = bit(square);
  immobile_[s] = isImmobile(type) ? immobile_[s] | b : immobile_[s] & ~b;
  engineers_[s] = type == PieceType::Engineer ? engineers_[s] | b : engineers_[s] & ~b;
}

void Position::removePiece(PieceId piece) {
  const int s = index(sideOfPiece(piece));
  const Square square = square_[piece];
  const Bitboard clear = ~bit(square);
  occupied_[s] &= clear;
  immobile_[s] &= clear;
  engineers_[s] &= clear;
  pieceAt_[square] = kNoPiece;
  square_[piece] = kNoSquare;
}

void Position::movePiece(PieceId piece, Square from, Square to) {
  const int s = index(sideOfPiece(piece));
  const Bitboard change = bit(from) | bit(to);
  occupied_[s] ^= change;
  if (type_[piece] == PieceType::Engineer) engineers_[s] ^= change;
  pieceAt_[from] = kNoPiece;
  pieceAt_[to] = piece;
  square_[piece] = to;
}

MoveResult Position::play(Move m) {
  MoveResult r;
  r.attacker = pieceAt_[m.from];
  r.defender = pieceAt_[m.to];
  if (r.defender == kNoPiece) {
    movePiece(r.attacker, m.from, m.to);
    ++quietPlies_;
  } else {
    r.combat = rules_->combat(type_[r.attacker], type_[r.defender]);
    quietPlies_ = 0;
    if (defenderRemoved(r.combat)) {
      if (type_[r.defender] == PieceType::Flag) {
        r.flagCaptured = true;
        flagCapturedBy_ = static_cast<std::int8_t>(sideToMove_);
      }
      removePiece(r.defender);
    }
    if (attackerRemoved(r.combat))
      removePiece(r.attacker);
    else
      movePiece(r.attacker, m.from, m.to);
  }
  ++ply_;
  sideToMove_ = opposite(sideToMove_);
  return r;
}

void Position::pass() {
  ++quietPlies_;
  ++ply_;
  sideToMove_ = opposite(sideToMove_);
}

bool Position::samePlacement(const Position& o) const {
  for (Square s{}; s < kSquares; ++s) {
    if (isEmpty(s) != o.isEmpty(s)) return false;
    if (!isEmpty(s) && (sideAt(s) != o.sideAt(s) || typeAt(s) != o.typeAt(s))) return false;
  }
  return sideToMove_ == o.sideToMove_ && quietPlies_ == o.quietPlies_ && ply_ == o.ply_ &&
         flagCapturedBy_ == o.flagCapturedBy_ && rules_ == o.rules_;
}

}  // namespace junqi
