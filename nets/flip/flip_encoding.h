// The network's input for Flip Junqi: planes of 12 x 5 built from the
// FlipPosition alone (the board both players see; never the deal), for the
// side to move, turned so that its seat's side is at the bottom (seat 1,
// Blue, sees the board half round, as in the classic encoding).
// docs/encoding.md, "Flip Junqi", describes every plane;
// kFlipEncodingVersion changes whenever they change, and flip weights files
// record it.
//
// Before the colours are decided nobody owns a colour: the "own" planes then
// hold Red and the "enemy" planes Blue, whoever is to move, and
// kFlipColoursDecided is 0.
#pragma once

#include <span>

#include "core/flip/flip_position.h"
#include "nets/encoding.h"

namespace junqi::nets {

constexpr int kFlipEncodingVersion = 1;

enum FlipPlane : int {
  kFlipRailway = 0,
  kFlipCamp,
  kFlipHeadquarters,
  kFlipFaceDown,                                   // a face-down piece lies here
  kFlipOwnPiece,                                   // 12 planes: face-up piece of the mover's colour, identity t
  kFlipEnemyPiece = kFlipOwnPiece + kPieceTypes,   // 12 planes: face-up piece of the other colour
  kFlipOwnPool = kFlipEnemyPiece + kPieceTypes,    // 12 constant planes: P(a flip reveals own colour, t)
  kFlipEnemyPool = kFlipOwnPool + kPieceTypes,     // 12 constant planes: P(a flip reveals the other colour, t)
  kFlipColoursDecided = kFlipEnemyPool + kPieceTypes,  // constant
  kFlipLastFlip,                                   // 4 constant planes: (mover, opponent) x (Red, Blue)
  kFlipQuietCounter = kFlipLastFlip + 4,           // constant: quiet turns / the limit (or / 100)
  kFlipPlyCounter,                                 // constant: ply / 1000, at most 1
  kFlipMovesFirst,                                 // constant: 1 when the mover is seat 0 (the first player)
  kFlipInputPlanes
};
constexpr int kFlipInputSize = kFlipInputPlanes * kBoardPoints;

// The colour the "own" planes hold for the side to move: its colour, or Red
// before the colours are decided.
Colour flipOwnColour(const FlipPosition& pos);

// Writes kFlipInputSize floats: the position seen by pos.toMove().
void encodeFlip(const FlipPosition& pos, std::span<float> out);

// A flip at s is the move s -> s: one 60 x 60 policy covers flips and moves.
constexpr int flipPolicyIndex(Seat mover, Move action) { return policyIndex(mover, action); }

}  // namespace junqi::nets
