#include "nets/four/four_encoding.h"

#include <algorithm>
#include <array>

#include "core/four/cross_board.h"
#include "core/four/cross_topology.h"
#include "core/four/four_observation.h"

namespace junqi::nets {

namespace {

// Per mover: each point's place and turned point (the arm of army a is
// south's turned a quarters counter-clockwise, so a quarters clockwise
// bring it to the bottom).
struct FourOrientation {
  std::array<std::array<int, kCrossPoints>, kArmies> place{}, point{};
  FourOrientation() {
    const BoardGeometry& board = crossBoard();
    for (int a = 0; a < kArmies; ++a)
      for (Square p{}; p < kCrossPoints; ++p) {
        int column = board.column(p), row = board.row(p);
        for (int k = 0; k < a; ++k) {  // a quarter clockwise about the grid's centre
          const int c = column;
          column = row;
          row = kCrossGrid - 1 - c;
        }
        place[a][p] = row * kCrossGrid + column;
        point[a][p] = *board.pointAt(column, row);
      }
  }
};

const FourOrientation& orientation() {
  static const FourOrientation o;
  return o;
}

float* fourPlane(std::span<float> out, int p) { return out.data() + p * kFourGridPlaces; }
void fillFourPlane(std::span<float> out, int p, double v) {
  std::fill_n(fourPlane(out, p), kFourGridPlaces, static_cast<float>(v));
}

void encodeFourBoard(const CrossTopology& t, int mover, std::span<float> out) {
  for (Square p{}; p < kCrossPoints; ++p) {
    const int o = fourPlace(mover, p);
    fourPlane(out, kFourOnBoard)[o] = 1;
    fourPlane(out, kFourRailway)[o] = t.railway.contains(p);
    fourPlane(out, kFourCamp)[o] = t.camps.contains(p);
    fourPlane(out, kFourHeadquarters)[o] = t.headquarters.contains(p);
  }
}

// Identities only where the mover's seat sees them.
void encodeFourPieces(const FourPosition& pos, Visibility visibility, std::span<float> out) {
  const int mover = pos.toMove();
  for (Square p{}; p < kCrossPoints; ++p) {
    if (pos.isEmpty(p)) continue;
    const int army = pos.armyAt(p), r = relativeArmy(mover, army), o = fourPlace(mover, p);
    fourPlane(out, kFourArmyPiece + r)[o] = 1;
    const PieceType type = pos.typeAt(p);
    if (type == PieceType::Flag && pos.flagShown(army)) fourPlane(out, kFourShownFlag)[o] = 1;
    if (!seesArmy(mover, army, visibility)) continue;
    const int first = r == 0 ? kFourOwnType : r == 2 ? kFourAllyType : kFourEnemyType;
    fourPlane(out, first + typeIndex(type))[o] = 1;
  }
}

void encodeFourState(const FourPosition& pos, Visibility visibility, std::span<float> out) {
  const int mover = pos.toMove();
  for (int army = 0; army < kArmies; ++army)
    if (!pos.armyIn(army)) fillFourPlane(out, kFourArmyGone + relativeArmy(mover, army), 1);
  fillFourPlane(out, kFourVisibility + static_cast<int>(visibility), 1);
  const int limit = pos.quietMoveLimit();
  fillFourPlane(out, kFourQuietCounter, std::min(1.0, pos.quietMoves() / (limit > 0 ? double(limit) : 100.0)));
  fillFourPlane(out, kFourPlyCounter, std::min(1.0, pos.ply() / 2000.0));
}

}  // namespace

int fourPlace(int mover, int point) {
  return orientation().place[static_cast<std::size_t>(mover)][static_cast<std::size_t>(point)];
}

int fourTurnedPoint(int mover, int point) {
  return orientation().point[static_cast<std::size_t>(mover)][static_cast<std::size_t>(point)];
}

void encodeFour(const FourPosition& pos, Visibility visibility, std::span<float> out) {
  std::fill(out.begin(), out.begin() + kFourInputSize, 0.0f);
  encodeFourBoard(CrossTopology::get(), pos.toMove(), out);
  encodeFourPieces(pos, visibility, out);
  encodeFourState(pos, visibility, out);
}

}  // namespace junqi::nets
