#include "core/classic/classic_board.h"

namespace junqi {

BoardDescription classicBoardDescription(bool centreCrossingIsRailway) {
  BoardDescription board;
  board.name = centreCrossingIsRailway ? "classic" : "classic-centre-road";
  board.columns = 5;
  board.rows = 12;
  board.roads = {
      // Every row, and every column from back row to back row...
      "A1 B1 C1 D1 E1", "A2 B2 C2 D2 E2", "A3 B3 C3 D3 E3", "A4 B4 C4 D4 E4",
      "A5 B5 C5 D5 E5", "A6 B6 C6 D6 E6", "A7 B7 C7 D7 E7", "A8 B8 C8 D8 E8",
      "A9 B9 C9 D9 E9", "A10 B10 C10 D10 E10", "A11 B11 C11 D11 E11", "A12 B12 C12 D12 E12",
      "A1 A2 A3 A4 A5 A6 A7 A8 A9 A10 A11 A12", "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12",
      "C1 C2 C3 C4 C5 C6 C7 C8 C9 C10 C11 C12", "D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D11 D12",
      "E1 E2 E3 E4 E5 E6 E7 E8 E9 E10 E11 E12",
      // ...and the diagonals through the camps: each camp is joined to its four
      // diagonal neighbours, and no other point has a diagonal.
      "A2 B3 C4 D5 E6", "E2 D3 C4 B5 A6", "A4 B3 C2 D3 E4", "A4 B5 C6 D5 E4",
      "A7 B8 C9 D10 E11", "E7 D8 C9 B10 A11", "A9 B8 C7 D8 E9", "A9 B10 C11 D10 E9",
  };
  // The mountains: the front line is crossed only in columns A, C and E.
  board.gaps = {"B6 B7", "D6 D7"};
  board.railways = {
      "A2 B2 C2 D2 E2", "A6 B6 C6 D6 E6", "A7 B7 C7 D7 E7", "A11 B11 C11 D11 E11",
      "A2 A3 A4 A5 A6 A7 A8 A9 A10 A11", "E2 E3 E4 E5 E6 E7 E8 E9 E10 E11",
  };
  if (centreCrossingIsRailway) board.railways.push_back("C6 C7");
  board.camps = "B3 D3 C4 B5 D5 B8 D8 C9 B10 D10";
  board.headquarters = "B1 D1 B12 D12";
  board.homes = {"A1-E6", "A7-E12"};  // Red's half, Blue's half
  return board;
}

const BoardGeometry& classicBoard(bool centreCrossingIsRailway) {
  static const BoardGeometry withRail(classicBoardDescription(true));
  static const BoardGeometry withRoad(classicBoardDescription(false));
  return centreCrossingIsRailway ? withRail : withRoad;
}

}  // namespace junqi
