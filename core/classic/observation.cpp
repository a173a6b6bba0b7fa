#include "core/classic/observation.h"

#include <stdexcept>

#include <fmt/format.h>

#include "core/classic/notation.h"
#include "core/text.h"

#ifdef JUNQI_PLANT_LEAK_CLASSIC
#include "core/planted_leak.h"
#endif

namespace junqi {

namespace {

PieceId flagOf(const Position& start, Seat side) {
  for (int k = 0; k < start.pieceCount(side); ++k)
    if (start.typeOf(pieceOf(side, k)) == PieceType::Flag) return pieceOf(side, k);
  return kNoPiece;
}

std::string pieceName(PieceId piece) {
  return fmt::format("{}{}", sideOfPiece(piece) == Seat::Red ? 'r' : 'b', piece % kMaxPiecesPerSide);
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
  for (const Seat s : {Seat::Red, Seat::Blue})
    if (r.flagRevealed[index(s)]) e.flagShown[index(s)] = flagOf(game.start(), s);
  return e;
}

Observation Observation::atStart(const Position& start, Seat seat, bool fromLayouts) {
  Observation o;
  o.seat_ = seat;
  o.rules_ = &start.rules();
  o.startedFromLayouts_ = fromLayouts;
  o.square_.fill(kNoSquare);
  o.startSquare_.fill(kNoSquare);
  o.pieceAt_.fill(kNoPiece);
  for (const Seat s : {Seat::Red, Seat::Blue}) {
    o.pieceCount_[index(s)] = static_cast<std::uint8_t>(start.pieceCount(s));
    for (int k = 0; k < start.pieceCount(s); ++k) {
      const PieceId p = pieceOf(s, k);
      const Square square = start.squareOf(p);
      o.startSquare_[p] = o.square_[p] = square;
      if (square == kNoSquare) continue;
      o.pieceAt_[square] = p;
      o.occupied_[index(s)] |= bit(square);
    }
  }
  // Only the seat's own identities are copied: the enemy's never enter an observation.
  for (int k = 0; k < start.pieceCount(seat); ++k) o.ownTypes_[k] = start.typeOf(pieceOf(seat, k));
  o.sideToMove_ = start.sideToMove();
  o.ply_ = start.ply();
  o.quietPlies_ = start.quietPlies();
  return o;
}

Observation Observation::of(const Game& game, Seat seat) {
  Observation o = atStart(game.start(), seat, game.layout(Seat::Red).has_value());
  for (std::size_t i = 0; i < game.history().size(); ++i) o.apply(publicEvent(game, i));
  o.outcome_ = game.outcome();
#ifdef JUNQI_PLANT_LEAK_CLASSIC  // a planted leak, only to prove the leakage tests (core/planted_leak.h)
  planted::whisper(o.toText(), game.start());
#endif
  return o;
}

Observation Observation::atDeployment(const Ruleset& ruleset, Seat seat, const Layout& own, Bitboard enemyStart) {
  // The enemy's pieces get ids in the order a deployment gives them; their
  // identity here is a stand-in that atStart never copies.
  Position start(Rules::of(ruleset));
  for (const Seat s : {Seat::Red, Seat::Blue})
    for (int i = 0; i < kHalfSquares; ++i) {
      const Square square = Layout::absolute(s, i);
      if (s == seat && own.at[i]) start.addPiece(s, *own.at[i], square);
      if (s != seat && contains(enemyStart, square)) start.addPiece(s, PieceType::Captain, square);
    }
  return atStart(start, seat, true);
}

Observation Observation::withOwnTypes(const Observation& publicPart, Seat seat,
                                      const std::array<PieceType, kMaxPiecesPerSide>& ownTypes) {
  Observation o = publicPart;
  o.seat_ = seat;
  o.ownTypes_ = ownTypes;
  return o;
}

std::optional<PieceId> Observation::shownFlag(Seat s) const {
  if (shownFlag_[index(s)] == kNoPiece) return std::nullopt;
  return shownFlag_[index(s)];
}

PieceType Observation::ownType(PieceId piece) const {
  if (!isOwn(piece)) throw std::logic_error("Observation::ownType: not the seat's own piece");
  return ownTypes_[piece % kMaxPiecesPerSide];
}

void Observation::apply(const PublicEvent& e) {
  events_.push_back(e);
  const auto remove = [&](PieceId piece) {
    const Square square = square_[piece];
    occupied_[index(sideOfPiece(piece))] &= ~bit(square);
    pieceAt_[square] = kNoPiece;
    square_[piece] = kNoSquare;
  };
  const auto relocate = [&](PieceId piece, Square from, Square to) {
    const int s = index(sideOfPiece(piece));
    occupied_[s] ^= bit(from) | bit(to);
    pieceAt_[from] = kNoPiece;
    pieceAt_[to] = piece;
    square_[piece] = to;
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
      for (int s = 0; s < kSeats; ++s)
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

std::string Observation::eventText(const PublicEvent& e) {
  std::string out = fmt::format("{} {}", e.ply + 1, seatName(e.side));
  switch (e.type) {
    case ActionType::Move:
      out += fmt::format(" {} {}", moveName(e.move), pathName(e.path));
      if (e.combat != Combat::None) out += fmt::format(" {} {}", pieceName(e.target), combatName(e.combat));
      if (e.flagCaptured) out += " flag-captured";
      for (const Seat s : {Seat::Red, Seat::Blue})
        if (e.flagShown[index(s)] != kNoPiece) out += fmt::format(" flag-shown:{}", pieceName(e.flagShown[index(s)]));
      break;
    case ActionType::Timeout: out += " timeout"; break;
    case ActionType::OfferDraw: out += " offer-draw"; break;
    case ActionType::AcceptDraw: out += " accept-draw"; break;
    case ActionType::DeclineDraw: out += " decline-draw"; break;
    case ActionType::Resign: out += " resign"; break;
  }
  return out;
}

PublicEvent Observation::parseEvent(std::string_view text) const {
  const std::vector<std::string_view> w = words(text);
  const auto bad = [&](const std::string& why) {
    return std::invalid_argument(fmt::format("event '{}': {}", text, why));
  };
  if (w.size() < 3) throw bad("an event is '<move number> <side> <action> ...'");
  PublicEvent e;
  e.ply = ply_;
  if (w[0] != std::to_string(ply_ + 1)) throw bad(fmt::format("the game is at move {}", ply_ + 1));
  const auto side = parseSeat(w[1]);
  if (!side) throw bad(fmt::format("'{}' is not red or blue", w[1]));
  e.side = *side;
  const auto pieceByName = [&](std::string_view name) -> PieceId {
    if (name.size() < 2 || (name[0] != 'r' && name[0] != 'b')) throw bad(fmt::format("'{}' is not a piece", name));
    const auto k = parseNumber(name.substr(1), 0, UINT64_MAX);
    if (!k) throw bad(fmt::format("'{}' is not a piece", name));
    const Seat owner = name[0] == 'r' ? Seat::Red : Seat::Blue;
    if (*k >= static_cast<std::uint64_t>(pieceCount(owner))) throw bad(fmt::format("there is no piece {}", name));
    return pieceOf(owner, static_cast<int>(*k));
  };
  static const std::pair<std::string_view, ActionType> kWords[] = {
      {"timeout", ActionType::Timeout},         {"offer-draw", ActionType::OfferDraw},
      {"accept-draw", ActionType::AcceptDraw},  {"decline-draw", ActionType::DeclineDraw},
      {"resign", ActionType::Resign}};
  for (const auto& [word, type] : kWords)
    if (w[2] == word) {
      if (w.size() != 3) throw bad(fmt::format("'{}' takes nothing more", word));
      e.type = type;
      return e;
    }
  const auto move = parseMove(w[2]);
  if (!move) throw bad(fmt::format("'{}' is neither a move nor an action", w[2]));
  e.move = *move;
  if (w.size() < 4) throw bad("a move needs its path (step, railway or turning)");
  if (w[3] == "step") e.path = MovePath::Step;
  else if (w[3] == "railway") e.path = MovePath::Straight;
  else if (w[3] == "turning") e.path = MovePath::Turned;
  else throw bad(fmt::format("'{}' is not a path", w[3]));
  e.mover = pieceAt_[move->from];
  if (e.mover == kNoPiece || sideOfPiece(e.mover) != e.side || e.side != sideToMove_)
    throw bad(fmt::format("{} has no piece on {} to move", seatName(e.side), squareName(move->from)));
  std::size_t i = 4;
  if (i + 1 < w.size() && parseCombatName(w[i + 1])) {
    e.target = pieceByName(w[i]);
    e.combat = *parseCombatName(w[i + 1]);
    if (e.combat == Combat::None || pieceAt_[move->to] != e.target || sideOfPiece(e.target) == e.side)
      throw bad(fmt::format("{} is not the enemy piece on {}", w[i], squareName(move->to)));
    i += 2;
  } else if (pieceAt_[move->to] != kNoPiece) {
    throw bad(fmt::format("{} is occupied, so the move is a fight and needs its result", squareName(move->to)));
  }
  for (; i < w.size(); ++i) {
    if (w[i] == "flag-captured") {
      e.flagCaptured = true;
    } else if (w[i].starts_with("flag-shown:")) {
      const PieceId flag = pieceByName(w[i].substr(11));
      e.flagShown[index(sideOfPiece(flag))] = flag;
    } else {
      throw bad(fmt::format("unknown result '{}'", w[i]));
    }
  }
  return e;
}

MoverView Observation::moverView() const {
  MoverView v;
  v.own = occupied_[index(seat_)];
  v.occupied = occupied();
  Bitboard immobile = 0;
  for (int k = 0; k < pieceCount_[index(seat_)]; ++k) {
    const Square square = square_[pieceOf(seat_, k)];
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
  std::string out = fmt::format("junqi-observation 1\nseat {}\nruleset {}\nstart {}\n", seatName(seat_),
                                rules_->ruleset().toString(), startedFromLayouts_ ? "layouts" : "position");
  out += fmt::format("to-move {} ply {} quiet {}\n", seatName(sideToMove_), ply_, quietPlies_);
  // The board as in the position format, with '?' for every enemy piece.
  std::string board;
  for (int row = kRows - 1; row >= 0; --row) {
    int empty = 0;
    for (int col = 0; col < kColumns; ++col) {
      const PieceId p = pieceAt_[makeSquare(col, row)];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) board += static_cast<char>('0' + empty);
      empty = 0;
      const char c = isOwn(p) ? typeSymbol(ownType(p)) : '?';
      board += seat_ == Seat::Blue && c != '?' ? static_cast<char>(c - 'A' + 'a') : c;
    }
    if (empty) board += static_cast<char>('0' + empty);
    if (row > 0) board += '/';
  }
  out += fmt::format("board {}\n", board);
  for (const Seat s : {Seat::Red, Seat::Blue})
    for (int k = 0; k < pieceCount_[index(s)]; ++k) {
      const PieceId p = pieceOf(s, k);
      char identity = '?';
      if (isOwn(p)) identity = typeSymbol(ownType(p));
      else if (shownFlag_[index(s)] == p) identity = typeSymbol(PieceType::Flag);
      out += fmt::format("piece {} {} {} {}\n", pieceName(p), identity,
                         startSquare_[p] == kNoSquare ? "-" : squareName(startSquare_[p]),
                         isAlive(p) ? squareName(square_[p]) : "-");
    }
  for (const PublicEvent& e : events_) out += fmt::format("event {}\n", eventText(e));
  if (drawOfferBy_) out += fmt::format("draw-offer {}\n", seatName(*drawOfferBy_));
  if (outcome_.isOver())
    out += fmt::format("result {} {}\n", outcome_.winner ? seatName(*outcome_.winner) : "draw",
                       terminationName(outcome_.reason));
  return out;
}

}  // namespace junqi
