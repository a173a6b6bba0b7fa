// The network's input: planes of 12 x 5 built from a seat's information only,
// turned so that the seat's own side is at the bottom (Blue's view is rotated
// half round). docs/encoding.md describes every plane; ENCODING_VERSION
// changes whenever they change, and weights files record it.
//
// Built from an EvalQuery (search/evaluator.h): the board as piece ids, the
// seat's own identities and its exact beliefs about the enemy's from its
// InfoState. Nothing else goes in, so the input cannot hold an enemy identity
// the seat was not shown.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "search/evaluator.h"

namespace junqi::nets {

constexpr int kEncodingVersion = 1;
constexpr int kBoardPoints = kSquares;  // 60, row-major from the seat's back row
constexpr int kPolicySize = kSquares * kSquares;  // from * 60 + to, in the seat's orientation
constexpr int kLayoutPoints = kSquares / 2;       // the seat's half

// Plane indices.
enum Plane : int {
  kOwnHalf = 0,
  kRailway,
  kCamp,
  kHeadquarters,
  kOwnPiece,                          // 12 planes: own piece of identity t
  kEnemyPiece = kOwnPiece + kPieceTypes,  // an enemy piece stands here
  kEnemyBelief,                       // 12 planes: P(enemy piece here is t)
  kEnemyMoved = kEnemyBelief + kPieceTypes,
  kOwnMoved,                          // our piece has moved (the enemy knows it is no landmine or flag)
  kOwnShownEngineer,                  // our piece turned on a railway (the enemy knows it is an engineer)
  kRecentFrom,                        // 4 planes: from-point of the k-th last move
  kRecentTo = kRecentFrom + 4,        // 4 planes: to-point of the k-th last move
  kLastResult = kRecentTo + 4,        // 3 constant planes: the last move's fight result
  kQuietCounter = kLastResult + 3,    // constant: quiet moves / the draw limit (or / 100)
  kPlyCounter,                        // constant: ply / 1000 (at most 1)
  kSeatToMove,                        // constant: 1 when the seat is to move
  kInputPlanes
};
constexpr int kInputSize = kInputPlanes * kBoardPoints;

// The point as the seat sees it (its back row first) and back.
constexpr Square orient(Seat seat, Square square) { return seat == Seat::Red ? square : rotate180(square); }
constexpr int policyIndex(Seat seat, Move m) { return orient(seat, m.from) * kSquares + orient(seat, m.to); }

// Writes kInputSize floats.
void encode(const EvalQuery& query, std::span<float> out);
// The input before a deployment (only the board and the ruleset's counters):
// what the layout head sees.
void encodeDeployment(const Ruleset& ruleset, std::span<float> out);

// What can be read back from an input, to test that encoding loses nothing it
// should keep: own identities, where enemy pieces stand, and the beliefs.
struct DecodedInput {
  std::array<int, kSquares> ownType{};       // typeIndex, or -1 (absolute points)
  Bitboard enemies = 0;
  std::array<IdentityMarginals, kSquares> belief{};
};
DecodedInput decode(std::span<const float> in, Seat seat);

}  // namespace junqi::nets
