#include "core/observation.h"

#include <stdexcept>

#include <fmt/format.h>

#include "core/notation.h"

namespace junqi {

namespace {

int flagOf(const Position& start, Side side) {
  const int first = index(side) * kMaxPiecesPerSide;
  for (int p = first; p < first + start.pieceCount(side); ++p)
    if (start.typeOf(p) == PieceType::Flag) return p;
  return kNoPiece;
}

std::string pieceName(int piece) {
  return fmt::format("{}{}", sideOfPiece(piece) == Side::Red ? 'r' : 'b', piece % kMaxPiecesPerSide);
}

std::string_view pathName(MovePath p) {
  return p == MovePath::Step ? "step" : p == MovePath::Straight ? "railway" : "turning";
}

}  // namespace

PublicEvent publicEvent(const Game& game, std::size_t i) {
  const ActionRecord& r = game.history().at(i);
  PublicEvent e;
  e.ply = r.ply;
  e.type = r.action.type;
  e.side = r.action.side;
  if (r.action.type == ActionType::Move) {
    e.move = r.action.move;
    e.path = r.path;
    e.combat = r.result.combat;
    e.mover = r.result.attacker;
    e.target = r.result.defender;
    e.flagCaptured = r.result.flagCaptured;
  }
  for (const Side s : {Side::Red, Side::Blue})
    if (r.flagRevealed[index(s)]) e.flagShown[index(s)] = static_cast<std::uint8_t>(flagOf(game.start(), s));
  return e;
}

Observation Observation::of(const Game& game, Side seat) {
  Observation o;
  o.seat_ = seat;
  o.rules_ = &game.rules();
  const Position& start = game.start();
  o.startedFromLayouts_ = game.layout(Side::Red).has_value();
  o.square_.fill(kNoSquare);
  o.startSquare_.fill(kNoSquare);
  o.pieceAt_.fill(kNoPiece);
  for (const Side s : {Side::Red, Side::Blue}) {
    o.pieceCount_[index(s)] = static_cast<std::uint8_t>(start.pieceCount(s));
    for (int k = 0; k < start.pieceCount(s); ++k) {
      const int p = index(s) * kMaxPiecesPerSide + k;
      const int square = start.squareOf(p);
      o.startSquare_[p] = o.square_[p] = static_cast<std::uint8_t>(square);
      if (square == kNoSquare) continue;
      o.pieceAt_[square] = static_cast<std::uint8_t>(p);
      o.occupied_[index(s)] |= bit(square);
    }
  }
  for (int k = 0; k < start.pieceCount(seat); ++k) o.ownTypes_[k] = start.typeOf(index(seat) * kMaxPiecesPerSide + k);
  o.sideToMove_ = start.sideToMove();
  o.ply_ = start.ply();
  o.quietPlies_ = start.quietPlies();
  for (std::size_t i = 0; i < game.history().size(); ++i) o.apply(publicEvent(game, i));
  o.outcome_ = game.outcome();
  return o;
}

Observation Observation::withOwnTypes(const Observation& publicPart, Side seat,
                                      const std::array<PieceType, kMaxPiecesPerSide>& ownTypes) {
  Observation o = publicPart;
  o.seat_ = seat;
  o.ownTypes_ = ownTypes;
  return o;
}

std::optional<int> Observation::shownFlag(Side s) const {
  if (shownFlag_[index(s)] == kNoPiece) return std::nullopt;
  return shownFlag_[index(s)];
}

PieceType Observation::ownType(int piece) const {
  if (!isOwn(piece)) throw std::logic_error("Observation::ownType: not the seat's own piece");
  return ownTypes_[piece % kMaxPiecesPerSide];
}

void Observation::apply(const PublicEvent& e) {
  events_.push_back(e);
  const auto remove = [&](int piece) {
    const int square = square_[piece];
    occupied_[index(sideOfPiece(piece))] &= ~bit(square);
    pieceAt_[square] = kNoPiece;
    square_[piece] = kNoSquare;
  };
  const auto relocate = [&](int piece, int from, int to) {
    const int s = index(sideOfPiece(piece));
    occupied_[s] ^= bit(from) | bit(to);
    pieceAt_[from] = kNoPiece;
    pieceAt_[to] = static_cast<std::uint8_t>(piece);
    square_[piece] = static_cast<std::uint8_t>(to);
  };
  const auto endTurn = [&] {
    ++ply_;
    sideToMove_ = opposite(sideToMove_);
    if (drawOfferBy_ == opposite(e.side)) drawOfferBy_.reset();  // an unanswered offer lapses
  };
  switch (e.type) {
    case ActionType::Move:
      if (e.combat == Combat::None) {
        relocate(e.mover, e.move.from, e.move.to);
        ++quietPlies_;
      } else {
        quietPlies_ = 0;
        if (defenderRemoved(e.combat)) remove(e.target);
        if (attackerRemoved(e.combat))
          remove(e.mover);
        else
          relocate(e.mover, e.move.from, e.move.to);
      }
      for (int s = 0; s < kSides; ++s)
        if (e.flagShown[s] != kNoPiece) shownFlag_[s] = e.flagShown[s];
      if (e.flagCaptured) outcome_ = {Termination::FlagCaptured, e.side};
      endTurn();
      break;
    case ActionType::Timeout:
      if (timeoutForfeits(rules_->ruleset(), ++timeouts_[index(e.side)])) {
        outcome_ = {Termination::TimeoutForfeit, opposite(e.side)};
        break;
      }
      ++quietPlies_;
      endTurn();
      break;
    case ActionType::OfferDraw:
      drawOfferBy_ = e.side;
      break;
    case ActionType::AcceptDraw:
      drawOfferBy_.reset();
      outcome_ = {Termination::AgreedDraw, std::nullopt};
      break;
    case ActionType::DeclineDraw:
      drawOfferBy_.reset();
      break;
    case ActionType::Resign:
      outcome_ = {Termination::Resignation, opposite(e.side)};
      break;
  }
}

MoverView Observation::moverView() const {
  MoverView v;
  v.own = occupied_[index(seat_)];
  v.occupied = occupied();
  Bitboard immobile = 0;
  const int first = index(seat_) * kMaxPiecesPerSide;
  for (int k = 0; k < pieceCount_[index(seat_)]; ++k) {
    const int square = square_[first + k];
    if (square == kNoSquare) continue;
    if (isImmobile(ownTypes_[k])) immobile |= bit(square);
    if (ownTypes_[k] == PieceType::Engineer) v.engineers |= bit(square);
  }
  v.movable = v.own & ~immobile & ~rules_->frozenSquares();
  return v;
}

void Observation::legalMoves(MoveList& out) const {
  out.clear();
  if (outcome_.isOver() || sideToMove_ != seat_) return;
  generateMoves(rules_->topology(), moverView(), out);
}

std::string Observation::toText() const {
  std::string out = fmt::format("junqi-observation 1\nseat {}\nruleset {}\nstart {}\n", sideName(seat_),
                                rules_->ruleset().toString(), startedFromLayouts_ ? "layouts" : "position");
  out += fmt::format("to-move {} ply {} quiet {}\n", sideName(sideToMove_), ply_, quietPlies_);
  // The board as in the position format, with '?' for every enemy piece.
  std::string board;
  for (int row = kRows - 1; row >= 0; --row) {
    int empty = 0;
    for (int col = 0; col < kColumns; ++col) {
      const int p = pieceAt_[makeSquare(col, row)];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) board += static_cast<char>('0' + empty);
      empty = 0;
      const char c = isOwn(p) ? typeSymbol(ownType(p)) : '?';
      board += seat_ == Side::Blue && c != '?' ? static_cast<char>(c - 'A' + 'a') : c;
    }
    if (empty) board += static_cast<char>('0' + empty);
    if (row > 0) board += '/';
  }
  out += fmt::format("board {}\n", board);
  for (const Side s : {Side::Red, Side::Blue})
    for (int k = 0; k < pieceCount_[index(s)]; ++k) {
      const int p = index(s) * kMaxPiecesPerSide + k;
      char identity = '?';
      if (isOwn(p)) identity = typeSymbol(ownType(p));
      else if (shownFlag_[index(s)] == p) identity = typeSymbol(PieceType::Flag);
      out += fmt::format("piece {} {} {} {}\n", pieceName(p), identity,
                         startSquare_[p] == kNoSquare ? "-" : squareName(startSquare_[p]),
                         isAlive(p) ? squareName(square_[p]) : "-");
    }
  for (const PublicEvent& e : events_) {
    out += fmt::format("event {} {}", e.ply + 1, sideName(e.side));
    switch (e.type) {
      case ActionType::Move:
        out += fmt::format(" {} {}", moveName(e.move), pathName(e.path));
        if (e.combat != Combat::None) out += fmt::format(" {} {}", pieceName(e.target), combatName(e.combat));
        if (e.flagCaptured) out += " flag-captured";
        for (const Side s : {Side::Red, Side::Blue})
          if (e.flagShown[index(s)] != kNoPiece)
            out += fmt::format(" flag-shown:{}", pieceName(e.flagShown[index(s)]));
        break;
      case ActionType::Timeout: out += " timeout"; break;
      case ActionType::OfferDraw: out += " offer-draw"; break;
      case ActionType::AcceptDraw: out += " accept-draw"; break;
      case ActionType::DeclineDraw: out += " decline-draw"; break;
      case ActionType::Resign: out += " resign"; break;
    }
    out += '\n';
  }
  if (drawOfferBy_) out += fmt::format("draw-offer {}\n", sideName(*drawOfferBy_));
  if (outcome_.isOver())
    out += fmt::format("result {} {}\n", outcome_.winner ? sideName(*outcome_.winner) : "draw",
                       terminationName(outcome_.reason));
  return out;
}

}  // namespace junqi
