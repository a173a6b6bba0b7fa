// The belief board (tools/belief_board.cpp) read back as text: a title, the
// coordinates A-E and 1-12, a colour scale, and no two labels overlapping.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/classic/auto_layout.h"
#include "core/classic/game.h"
#include "core/classic/movegen.h"
#include "core/classic/observation.h"
#include "tests/plots/svg_text.h"
#include "tools/belief_board.h"

namespace junqi {
namespace {

using plots::texts;
using plots::withClass;

// A seat's view after `plies` random moves of a random game.
InfoState viewAfter(int plies, Seat seat) {
  Rng rng(11);
  const Ruleset ruleset;
  Game game(ruleset, styledLayout(LayoutStyle::Random, ruleset, rng), styledLayout(LayoutStyle::Random, ruleset, rng));
  MoveList moves;
  for (int i = 0; i < plies && !game.isOver(); ++i) {
    generateMoves(game.position(), moves);
    game.apply(Action::makeMove(game.position().sideToMove(), moves[static_cast<int>(rng.below(moves.size()))]));
  }
  return InfoState::of(game, seat);
}

void expectReadableBoard(const std::string& svg) {
  const auto all = texts(svg);
  ASSERT_EQ(withClass(all, "title").size(), 1u);
  EXPECT_NE(withClass(all, "title")[0].content.find("view before move"), std::string::npos);
  std::multiset<std::string> coordinates;
  for (const auto& t : withClass(all, "coordinate")) coordinates.insert(t.content);
  for (const char* c : {"A", "B", "C", "D", "E"}) EXPECT_EQ(coordinates.count(c), 2u) << c;  // above and below
  for (int r = 1; r <= 12; ++r) EXPECT_EQ(coordinates.count(std::to_string(r)), 1u) << r;
  EXPECT_EQ(coordinates.size(), 22u);
  // The scale: its colours, labels from 0% to 100%, and its title.
  const auto rects = plots::elements(svg, "rect");
  EXPECT_GE(std::count_if(rects.begin(), rects.end(), [](const auto& r) { return r.hasClass("scale"); }), 5);
  std::vector<std::string> labels;
  for (const auto& t : withClass(all, "scale-label")) labels.push_back(t.content);
  EXPECT_EQ(labels, (std::vector<std::string>{"0%", "25%", "50%", "75%", "100%"}));
  EXPECT_EQ(withClass(all, "scale-title").size(), 1u);
  EXPECT_EQ(plots::overlappingLabels(all), std::vector<std::string>{});
  EXPECT_EQ(plots::labelsOutside(svg, all), std::vector<std::string>{});
}

TEST(BeliefBoard, HasATitleCoordinatesAndAColourScale) {
  for (const Seat seat : {Seat::Red, Seat::Blue}) {
    const InfoState view = viewAfter(40, seat);
    const std::string svg = beliefBoardSvg(view);
    expectReadableBoard(svg);
    // Every enemy piece on the board is coloured by its belief.
    int alive = 0;
    for (int k = 0; k < view.observation().pieceCount(view.enemy()); ++k)
      alive += view.observation().isAlive(pieceOf(view.enemy(), k));
    const auto rects = plots::elements(svg, "rect");
    EXPECT_EQ(std::count_if(rects.begin(), rects.end(), [](const auto& r) { return r.hasClass("belief"); }), alive);
  }
}

TEST(BeliefBoard, RowOneIsAtTheBottomForRedAndAtTheTopForBlue) {
  const auto rowOneY = [](Seat seat) {
    for (const auto& t : withClass(texts(beliefBoardSvg(viewAfter(0, seat))), "coordinate"))
      if (t.content == "1") return t.box.y0;
    return -1.0;
  };
  EXPECT_GT(rowOneY(Seat::Red), rowOneY(Seat::Blue));
}

}  // namespace
}  // namespace junqi
