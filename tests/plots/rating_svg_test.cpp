// The match report's picture (arena/rating_svg.cpp) read back as text: tick
// labels and titles on both axes of every panel, no two labels overlapping or
// leaving the canvas, and the SPRT panel with its two bounds.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "arena/match.h"
#include "arena/rating_report.h"
#include "arena/svg_plot.h"
#include "tests/plots/svg_text.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;
using plots::texts;
using plots::withClass;

// Three players (one with a long name), one without games, and 40 games.
struct Fixture {
  std::vector<RatedGame> games;
  RatingTable table;
  Fixture() {
    for (int i = 0; i < 40; ++i) games.push_back({i % 3, (i + 1) % 3, i % 5 == 0 ? 0.5 : (i % 2 ? 1.0 : 0.0), i / 2});
    const std::vector<std::string> names = {"ismcts:sims=400,seed=3,rollout-mix=0.25", "heuristic", "random",
                                            "idle"};
    table = makeRatingTable(names, fitElo(4, games));
  }
};

// The labels of every panel: `panels` y-axis titles and x-axis titles, and tick labels on both axes.
void expectLabelledAxes(const std::string& svg, std::size_t panels) {
  const auto all = texts(svg);
  EXPECT_EQ(withClass(all, "axis-title").size(), 2 * panels);
  auto yTitles = withClass(all, "axis-title"), xTicks = withClass(all, "tick");
  std::erase_if(yTitles, [](const plots::SvgText& t) { return !t.hasClass("y"); });
  EXPECT_EQ(yTitles.size(), panels);
  std::size_t x = 0, y = 0;
  for (const auto& t : xTicks) (t.hasClass("x") ? x : y) += 1;
  EXPECT_GE(x, 2 * panels);
  EXPECT_GE(y, 2 * panels);
  EXPECT_EQ(plots::overlappingLabels(all), std::vector<std::string>{});
  EXPECT_EQ(plots::labelsOutside(svg, all), std::vector<std::string>{});
}

TEST(RatingSvg, EveryPanelHasTitledAxesWithTickLabelsThatNeverOverlap) {
  const Fixture f;
  const std::string svg = ratingSvg(f.table, headToHeadEloSeries(f.games, 0, 1), {});
  expectLabelledAxes(svg, 2);
  EXPECT_TRUE(plots::elements(svg, "line").size() > 0);
  // The bars' axis names each player with games; the long name is cut to its slot.
  const auto names = withClass(withClass(texts(svg), "tick"), "x");
  EXPECT_TRUE(std::any_of(names.begin(), names.end(), [](const auto& t) { return t.content == "heuristic"; }));
  EXPECT_EQ(svg.find("idle<"), std::string::npos);
}

TEST(RatingSvg, LabelsStayApartInASmallPictureAndWithManyPlayers) {
  std::vector<RatedGame> games;
  std::vector<std::string> names;
  for (int p = 0; p < 16; ++p) names.push_back(fmt::format("player-with-a-long-name-{}", p));
  for (int i = 0; i < 400; ++i) games.push_back({i % 16, (i * 7 + 3) % 16, (i % 3) / 2.0, -1});
  std::erase_if(games, [](const RatedGame& g) { return g.first == g.second; });
  const RatingTable table = makeRatingTable(names, fitElo(16, games));
  SvgOptions small;
  small.width = 320, small.height = 300;
  small.title = "A title far too long for a picture this small, which has to shrink to fit";
  expectLabelledAxes(ratingSvg(table, scoreSeries(games, 0), small), 2);
}

TEST(RatingSvg, TheSprtPanelDrawsTheLlrBetweenItsBounds) {
  const Fixture f;
  const SprtConfig config{0, 50, 0.05, 0.05};
  const SprtTrace trace = sprtTrace(f.games, 0, 1, config, true);
  ASSERT_FALSE(trace.llr.empty());
  // The last point is the SPRT's own figure on all the games.
  EXPECT_DOUBLE_EQ(trace.llr.back().second, sprtStatus(pentanomialCounts(f.games, 0, 1).penta, config).llr);
  EXPECT_DOUBLE_EQ(trace.llr.back().first, 14.0);  // the games between players 0 and 1
  SvgOptions options;
  options.sprt = trace;
  const std::string svg = ratingSvg(f.table, headToHeadEloSeries(f.games, 0, 1), options);
  expectLabelledAxes(svg, 3);
  EXPECT_NE(svg.find("class=\"sprt-llr\""), std::string::npos);
  std::vector<double> bounds;
  double y_upper = 0, y_lower = 0;
  for (const auto& line : plots::elements(svg, "line")) {
    if (!line.hasClass("sprt-bound")) continue;
    bounds.push_back(line.number("data-value"));
    EXPECT_EQ(line.number("y1"), line.number("y2"));  // horizontal
    (bounds.size() == 1 ? y_upper : y_lower) = line.number("y1");
  }
  ASSERT_EQ(bounds.size(), 2u);
  EXPECT_NEAR(bounds[0], config.upperBound(), 1e-4);
  EXPECT_NEAR(bounds[1], config.lowerBound(), 1e-4);
  EXPECT_LT(y_upper, y_lower);  // the upper bound is drawn above the lower
  // Without an SPRT, no such panel.
  EXPECT_EQ(ratingSvg(f.table, {}, {}).find("sprt-bound"), std::string::npos);
}

TEST(RatingSvg, AMatchWithAnSprtDrawsItsLlrInItsReport) {
  const fs::path dir = fs::temp_directory_path() / fmt::format("junqi-plots-test-{}", ::getpid());
  fs::remove_all(dir);
  MatchOptions o;
  o.players = {{"a", "random", ""}, {"b", "random", ""}};
  o.pairs = 2;
  o.maxPlies = 60;
  o.outDir = (dir / "run").string();
  o.sprt = SprtConfig{-20, 20, 0.05, 0.05};
  Match(o).run();
  std::ifstream in(dir / "run" / "report.svg");
  std::stringstream text;
  text << in.rdbuf();
  fs::remove_all(dir);
  const std::string svg = text.str();
  expectLabelledAxes(svg, 3);
  int bounds = 0;
  for (const auto& line : plots::elements(svg, "line"))
    if (line.hasClass("sprt-bound")) {
      const double v = line.number("data-value");
      EXPECT_TRUE(std::abs(v - o.sprt->upperBound()) < 1e-4 || std::abs(v - o.sprt->lowerBound()) < 1e-4) << v;
      ++bounds;
    }
  EXPECT_EQ(bounds, 2);
}

// Axes alone, in panels from tiny to wide, over small and large ranges: as
// many tick labels as fit, never two touching, and at least two where there is room.
TEST(SvgPlot, AxesThinTheirTicksToKeepLabelsApart) {
  for (double size : {24.0, 40.0, 90.0, 400.0})
    for (const auto& [lo, hi] : {std::pair{0.0, 1.0}, {0.0, 123456.0}, {-0.003, 0.0125}, {-1e6, 1e6}}) {
      std::string out;
      const svg::Panel p{200, 100, size, size, lo, hi, lo, hi};
      svg::yAxis(out, p, "y");
      svg::xAxis(out, p, "x");
      auto all = withClass(texts(out), "tick");
      EXPECT_EQ(plots::overlappingLabels(all), std::vector<std::string>{}) << size << " " << hi;
      const auto count = [&](const char* axis) { return withClass(all, axis).size(); };
      if (size >= 90) {
        EXPECT_GE(count("x"), 2u) << size << " " << hi;
      }
      if (size >= 40) {
        EXPECT_GE(count("y"), 2u) << size << " " << hi;
      }
    }
}

TEST(SvgPlot, SpreadApartKeepsTheGapAndTheOrder) {
  const auto placed = svg::spreadApart({100, 101, 99, 300}, 14);
  EXPECT_GE(placed[0] - placed[2], 14);
  EXPECT_GE(placed[1] - placed[0], 14);
  EXPECT_DOUBLE_EQ(placed[3] - 300, placed[2] - 99);  // far enough already: only the common shift
  EXPECT_EQ(svg::fittedSize("abcdefghij", 30, 12), 5.0);
  EXPECT_EQ(svg::fittedSize("ab", 30, 12), 12.0);
}

}  // namespace
}  // namespace junqi
