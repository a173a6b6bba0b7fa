#include "nets/flip/flip_encoding.h"

#include <algorithm>

namespace junqi::nets {

namespace {

float* flipPlane(std::span<float> out, int p) { return out.data() + p * kBoardPoints; }
void fillFlipPlane(std::span<float> out, int p, double v) { std::fill_n(flipPlane(out, p), kBoardPoints, static_cast<float>(v)); }

// The board: the same from both seats after the half turn. (Headquarters are
// ordinary points in 001 but not in every text: the plane stays.)
void encodeFlipBoard(const Topology& t, Seat mover, std::span<float> out) {
  for (Square s{}; s < kSquares; ++s) {
    const int o = orient(mover, s);
    flipPlane(out, kFlipRailway)[o] = contains(t.railway, s);
    flipPlane(out, kFlipCamp)[o] = contains(t.camps, s);
    flipPlane(out, kFlipHeadquarters)[o] = contains(t.headquarters, s);
  }
}

void encodePieces(const FlipPosition& pos, Colour own, std::span<float> out) {
  const Seat mover = pos.toMove();
  for (Square s{}; s < kSquares; ++s) {
    if (pos.isEmpty(s)) continue;
    const int o = orient(mover, s);
    if (pos.isFaceDown(s)) {
      flipPlane(out, kFlipFaceDown)[o] = 1;
      continue;
    }
    const Identity id = pos.identityAt(s);
    flipPlane(out, (id.colour == own ? kFlipOwnPiece : kFlipEnemyPiece) + typeIndex(id.type))[o] = 1;
  }
}

void encodePools(const FlipPosition& pos, Colour own, std::span<float> out) {
  for (int t = 0; t < kPieceTypes; ++t) {
    fillFlipPlane(out, kFlipOwnPool + t, pos.flipProbability({own, typeFromIndex(t)}));
    fillFlipPlane(out, kFlipEnemyPool + t, pos.flipProbability({other(own), typeFromIndex(t)}));
  }
}

// The colours and what the rules need to decide them (001: each seat's last flip).
void encodeFlipState(const FlipPosition& pos, std::span<float> out) {
  const Seat mover = pos.toMove();
  fillFlipPlane(out, kFlipColoursDecided, pos.colourOf(mover).has_value());
  const Seat seats[2] = {mover, opposite(mover)};
  for (int k = 0; k < 2; ++k)
    if (const auto c = pos.lastFlip(seats[k])) fillFlipPlane(out, kFlipLastFlip + 2 * k + index(*c), 1);
  const int limit = pos.rules().quietMoveLimit;
  fillFlipPlane(out, kFlipQuietCounter, std::min(1.0, pos.quietPlies() / (limit > 0 ? double(limit) : 100.0)));
  fillFlipPlane(out, kFlipPlyCounter, std::min(1.0, pos.ply() / 1000.0));
  fillFlipPlane(out, kFlipMovesFirst, mover == Seat::Red);
}

}  // namespace

Colour flipOwnColour(const FlipPosition& pos) { return pos.colourOf(pos.toMove()).value_or(Colour::Red); }

void encodeFlip(const FlipPosition& pos, std::span<float> out) {
  std::fill(out.begin(), out.begin() + kFlipInputSize, 0.0f);
  const Colour own = flipOwnColour(pos);
  encodeFlipBoard(pos.topology(), pos.toMove(), out);
  encodePieces(pos, own, out);
  encodePools(pos, own, out);
  encodeFlipState(pos, out);
}

}  // namespace junqi::nets
