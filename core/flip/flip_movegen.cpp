#include "core/flip/flip_movegen.h"

#include <array>

#include <fmt/format.h>

#include "core/classic/movegen.h"

namespace junqi {

namespace {

// What one turn's moves need, worked out once: the classic generator's view
// of the side to move (face-down pieces block and cannot be entered, as if
// they were its own), and for each kind of mover the face-up enemy pieces it
// may attack, as bitboards (a playout asks for every piece every turn).
struct TurnView {
  const Topology* topology;
  MoverView view;
  Bitboard enemies;                                // face-up enemy pieces
  std::array<Bitboard, kPieceTypes> attackable{};  // by the mover's type
};

// Enemy pieces each type of attacker may attack under a ruleset that forbids
// throwing a piece away. 001: "only an Engineer or a Bomb can go onto a
// Landmine, and a piece cannot attack one that outranks it. Equal ranks still
// trade, and a Bomb still removes itself and whatever it hits." So an officer
// what it outranks or equals and bombs, an engineer landmines too, a bomb
// anything; the flag as `flag` says.
void fillNoThrowAway(const FlipPosition& pos, Colour enemy, Bitboard flag, TurnView& t) {
  Bitboard atMostRank = pos.pieces(enemy, PieceType::Bomb) | flag;
  for (int a = 0; a < kPieceTypes; ++a) {
    const PieceType type = typeFromIndex(a);
    if (isOfficer(type)) atMostRank |= pos.pieces(enemy, type);  // officers come first, by rank
    t.attackable[a] = atMostRank;
  }
  t.attackable[typeIndex(PieceType::Engineer)] |= pos.pieces(enemy, PieceType::Landmine);
  t.attackable[typeIndex(PieceType::Bomb)] = (t.enemies & ~pos.pieces(enemy, PieceType::Flag)) | flag;
}

TurnView turnView(const FlipPosition& pos, Colour own) {
  TurnView t;
  t.topology = &pos.topology();
  t.view.own = pos.faceUp(own) | pos.faceDown();
  t.view.occupied = pos.occupied();
  t.view.movable = pos.faceUp(own) & ~pos.immobile(own);
  t.view.engineers = pos.engineers(own);
  t.enemies = pos.faceUp(other(own));
  const FlipRuleset& r = pos.rules();
  // 001: "While any enemy Landmine remains, the enemy Flag cannot be touched."
  const Bitboard flags = pos.pieces(other(own), PieceType::Flag);
  const Bitboard touchable = !r.minesGuardFlag || pos.landminesLeft(other(own)) == 0 ? flags : 0;
  if (r.throwAwayMoves)
    t.attackable.fill((t.enemies & ~flags) | touchable);
  else
    fillNoThrowAway(pos, other(own), touchable, t);
  return t;
}

// The enemy pieces the piece on `from` may not attack.
Bitboard forbidden(const FlipPosition& pos, const TurnView& t, Square from) {
  return t.enemies & ~t.attackable[typeIndex(pos.identityAt(from).type)];
}

}  // namespace

Bitboard flipMoveTargets(const FlipPosition& pos, Square from) {
  const auto own = pos.colourOf(pos.toMove());
  if (!own || !contains(pos.faceUp(*own) & ~pos.immobile(*own), from)) return 0;
  const TurnView t = turnView(pos, *own);
  return legalTargets(*t.topology, t.view, from) & ~forbidden(pos, t, from);
}

void collectFlipMoveTargets(const FlipPosition& pos, MoverTargets& out) {
  out.movers = out.moves = 0;
  const auto own = pos.colourOf(pos.toMove());
  if (!own) return;  // until the colours are decided both players only flip
  const TurnView t = turnView(pos, *own);
  collectTargets(*t.topology, t.view, out);
  // The classic generator's targets, less the attacks this ruleset forbids.
  int kept = 0;
  out.moves = 0;
  for (int i = 0; i < out.movers; ++i) {
    const Bitboard targets = out.targets[i] & ~forbidden(pos, t, out.from[i]);
    out.from[kept] = out.from[i];
    out.targets[kept] = targets;
    kept += targets != 0;
    out.moves += popcount(targets);
  }
  out.movers = kept;
}

void generateFlipActions(const FlipPosition& pos, MoveList& out) {
  out.clear();
  for (Bitboard b = pos.faceDown(); b;) out.push(flipAt(popLsb(b)));
  MoverTargets movers;
  collectFlipMoveTargets(pos, movers);
  for (int i = 0; i < movers.movers; ++i) out.pushAll(movers.from[i], movers.targets[i]);
}

int countFlipActions(const FlipPosition& pos) {
  MoverTargets movers;
  collectFlipMoveTargets(pos, movers);
  return pos.poolSize() + movers.moves;
}

bool hasLegalFlipAction(const FlipPosition& pos) { return countFlipActions(pos) > 0; }

bool isLegalFlipAction(const FlipPosition& pos, Move m) { return !whyIllegalFlipAction(pos, m); }

std::optional<std::string> whyIllegalFlipAction(const FlipPosition& pos, Move m) {
  if (m.from >= kSquares || m.to >= kSquares) return "that point is not on the board";
  const std::string from = squareName(m.from);
  if (isFlip(m)) {
    if (pos.isFaceDown(m.from)) return std::nullopt;
    return fmt::format("{} holds no face-down piece to flip", from);
  }
  const auto own = pos.colourOf(pos.toMove());
  if (!own) return "until the colours are decided both players may only flip";
  if (pos.isEmpty(m.from) || pos.isFaceDown(m.from) || pos.identityAt(m.from).colour != *own)
    return fmt::format("{} holds no face-up piece of yours", from);
  if (contains(flipMoveTargets(pos, m.from), m.to)) return std::nullopt;
  const std::string to = squareName(m.to);
  if (pos.isFaceDown(m.to)) return fmt::format("{} is face down: it can be flipped, not attacked", to);
  const Identity mover = pos.identityAt(m.from);
  if (isImmobile(mover.type)) return fmt::format("the {} on {} never moves", typeName(mover.type), from);
  if (!pos.isEmpty(m.to) && pos.identityAt(m.to).colour != *own &&
      contains(legalTargets(pos.topology(), turnView(pos, *own).view, m.from), m.to)) {
    const Identity target = pos.identityAt(m.to);
    if (target.type == PieceType::Flag)
      return fmt::format("the flag on {} cannot be touched while its side has landmines left", to);
    return fmt::format("the {} on {} may not attack the {} on {}: that would throw it away", typeName(mover.type),
                       from, typeName(target.type), to);
  }
  return fmt::format("the {} on {} cannot reach {}", typeName(mover.type), from, to);
}

}  // namespace junqi
