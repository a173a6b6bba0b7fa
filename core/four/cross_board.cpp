#include "core/four/cross_board.h"

#include <array>
#include <string>
#include <vector>

namespace junqi {

namespace {

// Grid places as (column, row) from 0, south's arm at columns 6-10, rows 0-5.
struct Place {
  int column, row;
};

// A quarter turn counter-clockwise about the centre of the grid (8, 8):
// south's arm becomes east's, east's north's, north's west's.
constexpr Place turned(Place p, int quarters) {
  for (int k = 0; k < quarters; ++k) p = {kCrossGrid - 1 - p.row, p.column};
  return p;
}

std::string nameOf(Place p) {
  std::string name(1, static_cast<char>('A' + p.column));
  name += std::to_string(p.row + 1);
  return name;
}

// A line of south's arm, written in relative (column, row) places, as `army`'s.
std::string armLine(int army, std::initializer_list<Place> places) {
  std::string text;
  for (const Place p : places) {
    if (!text.empty()) text += ' ';
    text += nameOf(turned({6 + p.column, p.row}, army));
  }
  return text;
}

// Every line of south's arm, in relative places, turned for each army.
void addArmLines(BoardDescription& board) {
  for (int army = 0; army < kArmies; ++army) {
    // Roads: every row and column of the arm, and the camps' diagonals.
    for (int r = 0; r < 6; ++r) board.roads.push_back(armLine(army, {{0, r}, {1, r}, {2, r}, {3, r}, {4, r}}));
    for (int c = 0; c < 5; ++c) board.roads.push_back(armLine(army, {{c, 0}, {c, 1}, {c, 2}, {c, 3}, {c, 4}, {c, 5}}));
    board.roads.push_back(armLine(army, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}}));
    board.roads.push_back(armLine(army, {{4, 1}, {3, 2}, {2, 3}, {1, 4}, {0, 5}}));
    board.roads.push_back(armLine(army, {{0, 3}, {1, 2}, {2, 1}, {3, 2}, {4, 3}}));
    board.roads.push_back(armLine(army, {{0, 3}, {1, 4}, {2, 5}, {3, 4}, {4, 3}}));
    // The arm's own railways: its second row and its front row.
    board.railways.push_back(armLine(army, {{0, 1}, {1, 1}, {2, 1}, {3, 1}, {4, 1}}));
    board.railways.push_back(armLine(army, {{0, 5}, {1, 5}, {2, 5}, {3, 5}, {4, 5}}));
    board.camps += armLine(army, {{1, 2}, {3, 2}, {2, 3}, {1, 4}, {3, 4}}) + " ";
    board.headquarters += armLine(army, {{1, 0}, {3, 0}}) + " ";
    board.homes.push_back(nameOf(turned({6, 0}, army)) + "-" + nameOf(turned({10, 5}, army)));
  }
}

}  // namespace

BoardDescription crossBoardDescription() {
  BoardDescription board;
  board.name = "cross";
  board.columns = kCrossGrid;
  board.rows = kCrossGrid;
  // The grid's four corners, and the centre's places between its nine points.
  board.absent = "A1-F6 L1-Q6 A12-F17 L12-Q17 H7 J7 G8-K8 H9 J9 G10-K10 H11 J11";
  addArmLines(board);
  board.roads.insert(board.roads.end(), {
      // The centre: three rows and three columns of points, each front-row
      // point of columns A, C, E of an arm joined to the centre point ahead.
      "F7 G7 I7 K7 L7", "F9 G9 I9 K9 L9", "F11 G11 I11 K11 L11",
      "G6 G7 G9 G11 G12", "I6 I7 I9 I11 I12", "K6 K7 K9 K11 K12",
      // The curved railways round the inner corners.
      "G6 F7", "K6 L7", "K12 L11", "G12 F11",
  });
  board.railways.insert(board.railways.begin(), {
      // Straight through the centre: each army's outer columns run on into the
      // army opposite, and the middle columns meet in the centre.
      "G2 G3 G4 G5 G6 G7 G9 G11 G12 G13 G14 G15 G16",
      "K2 K3 K4 K5 K6 K7 K9 K11 K12 K13 K14 K15 K16",
      "B7 C7 D7 E7 F7 G7 I7 K7 L7 M7 N7 O7 P7",
      "B11 C11 D11 E11 F11 G11 I11 K11 L11 M11 N11 O11 P11",
      "I6 I7 I9 I11 I12",
      "F9 G9 I9 K9 L9",
      // Round each corner: an outer column curves into the neighbouring arm's
      // outer column. Where a column meets its curve it forks: on straight into
      // the centre, or round the corner (both without turning).
      "G2 G3 G4 G5 G6 F7 E7 D7 C7 B7",
      "K2 K3 K4 K5 K6 L7 M7 N7 O7 P7",
      "K16 K15 K14 K13 K12 L11 M11 N11 O11 P11",
      "G16 G15 G14 G13 G12 F11 E11 D11 C11 B11",
  });
  return board;
}

const BoardGeometry& crossBoard() {
  static const BoardGeometry board(crossBoardDescription());
  return board;
}

Square armyPoint(int army, int relativePoint) {
  static const auto table = [] {
    std::array<std::array<Square, 30>, kArmies> t{};
    for (int a = 0; a < kArmies; ++a)
      for (int i = 0; i < 30; ++i) {
        const Place p = turned({6 + i % 5, i / 5}, a);
        t[static_cast<std::size_t>(a)][static_cast<std::size_t>(i)] = *crossBoard().pointAt(p.column, p.row);
      }
    return t;
  }();
  return table.at(static_cast<std::size_t>(army)).at(static_cast<std::size_t>(relativePoint));
}

}  // namespace junqi
