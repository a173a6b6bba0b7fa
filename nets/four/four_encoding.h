// The network's input for four-player Junqi: planes over the cross board's
// 17 x 17 grid (the 160 places off the cross are 0 in every plane), built
// for the army to move from what its seat sees under the visibility mode,
// turned so that its arm is at the bottom (rows 1-6) and the others sit, in
// turn order, right (the next army), top (the ally) and left (the previous).
// docs/encoding.md, "Four-player Junqi", describes every plane;
// kFourEncodingVersion changes whenever they change, and four-player weights
// files record it.
//
// The input reads only identities the seat sees (its own army's, its ally's
// under `team`, all under `all`, and flags that fallen marshals showed), so
// every world the seat cannot tell apart gives the same input: the search
// can encode the worlds it draws.
#pragma once

#include <span>

#include "core/four/four_position.h"
#include "nets/encoding.h"

namespace junqi::nets {

constexpr int kFourEncodingVersion = 1;
constexpr int kFourGridPlaces = kCrossGrid * kCrossGrid;  // 289

// Armies relative to the army to move: itself, the next in turn order (an
// enemy), its ally, the previous (the other enemy).
constexpr int kRelativeArmies = 4;
constexpr int relativeArmy(int mover, int army) { return (army - mover + kArmies) % kArmies; }

enum FourPlane : int {
  kFourOnBoard = 0,  // a point of the cross
  kFourRailway,
  kFourCamp,
  kFourHeadquarters,
  kFourArmyPiece,                                          // 4 planes: a piece of relative army r stands here
  kFourOwnType = kFourArmyPiece + kRelativeArmies,         // 12 planes: own piece of identity t
  kFourAllyType = kFourOwnType + kPieceTypes,              // 12 planes: ally's piece of identity t (where seen)
  kFourEnemyType = kFourAllyType + kPieceTypes,            // 12 planes: an enemy's piece of identity t (where seen)
  kFourShownFlag = kFourEnemyType + kPieceTypes,           // a flag that a fallen marshal showed
  kFourArmyGone,                                           // 4 constant planes: relative army r has left
  kFourVisibility = kFourArmyGone + kRelativeArmies,       // 3 constant planes: own, team, all
  kFourQuietCounter = kFourVisibility + 3,                 // constant: quiet moves / the limit (or / 100)
  kFourPlyCounter,                                         // constant: ply / 2000, at most 1
  kFourInputPlanes
};
constexpr int kFourInputSize = kFourInputPlanes * kFourGridPlaces;
constexpr int kFourPolicySize = kFourGridPlaces * kCrossPoints;

// The grid place (row * 17 + column, row 0 the bottom) of `point` as army
// `mover` sees the board, and the point a place shows (-1 off the cross).
int fourPlace(int mover, int point);
// The point of the cross `point` turns into when `mover`'s arm is brought to the bottom.
int fourTurnedPoint(int mover, int point);
// The grid place of a turned point (fourPlace(mover, p) ==
// fourPlaceOfTurned(fourTurnedPoint(mover, p))): identity targets store the
// turned point, which fits a byte where the 289 places do not.
inline int fourPlaceOfTurned(int turnedPoint) { return fourPlace(0, turnedPoint); }

// Writes kFourInputSize floats: `pos` as the army to move sees it under
// `visibility` (pos may be a world drawn by the search, or the seat's own
// board from its FourObservation: identities it does not see are not read).
void encodeFour(const FourPosition& pos, Visibility visibility, std::span<float> out);

// The policy's index of the mover's move: its from-place times 129 plus its
// to-point, both turned for the mover.
inline int fourPolicyIndex(int mover, Move m) {
  return fourPlace(mover, m.from) * kCrossPoints + fourTurnedPoint(mover, m.to);
}

}  // namespace junqi::nets
