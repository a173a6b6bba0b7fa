// Board pictures (tools/board_picture.h) read back as text: every point named
// once, no two labels overlapping or off the canvas, and the four-player
// board's four corner curves drawn as curves.
#include <gtest/gtest.h>

#include <set>

#include "core/classic/classic_board.h"
#include "core/four/cross_board.h"
#include "tests/plots/svg_text.h"
#include "tools/board_picture.h"

namespace junqi {
namespace {

void expectEveryPointNamedOnce(const BoardGeometry& board, const std::string& svg) {
  const auto all = plots::texts(svg);
  std::multiset<std::string> names;
  for (const auto& t : plots::withClass(all, "point")) names.insert(t.content);
  EXPECT_EQ(names.size(), static_cast<std::size_t>(board.pointCount()));
  for (int p = 0; p < board.pointCount(); ++p) EXPECT_EQ(names.count(board.pointName(p)), 1u) << board.pointName(p);
  EXPECT_EQ(plots::overlappingLabels(all), std::vector<std::string>{});
  EXPECT_EQ(plots::labelsOutside(svg, all), std::vector<std::string>{});
}

TEST(BoardPicture, TheCrossNamesAll129PointsAndCurvesItsCorners) {
  const std::string svg = boardPicture(crossBoard(), "cross");
  expectEveryPointNamedOnce(crossBoard(), svg);
  EXPECT_EQ(plots::elements(svg, "path").size(), 4u);  // the corner curves
  EXPECT_EQ(plots::elements(svg, "circle").size(), 20u);  // five camps an arm
}

TEST(BoardPicture, TheTwoArmyBoardHasNoCurves) {
  const std::string svg = boardPicture(classicBoard(true), "classic");
  expectEveryPointNamedOnce(classicBoard(true), svg);
  EXPECT_TRUE(plots::elements(svg, "path").empty());
  EXPECT_EQ(plots::elements(svg, "circle").size(), 10u);
}

}  // namespace
}  // namespace junqi
