// A training run's report (training/run_report.cpp) read back as text: the
// Elo panel and the policy and value losses on separate axes, each with
// titled axes and tick labels, labels apart, the settings and self-play
// figures in the picture and as tables in the page.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/plots/svg_text.h"
#include "training/run_report.h"

namespace junqi {
namespace {

using json = nlohmann::json;
using plots::texts;
using plots::withClass;

RunReport sampleReport(int generations) {
  RunReport r;
  r.run = "runs/sample";
  for (int g = 0; g <= generations; ++g) {
    PlayerRating p;
    p.games = 8, p.elo = 40.0 * g - 20, p.low = p.elo - 90, p.high = p.elo + 90;
    r.elo.emplace_back(g, p);
  }
  // Two baselines a few Elo apart: their names must not overlap.
  r.baselines = {{"random", 0.0}, {"heuristic", 3.0}, {"ismcts", 150.0}};
  for (int step = 25; step <= 150 * generations; step += 25)
    r.losses.push_back({step, 3.5 - step / 100.0, 0.9 - step / 2000.0, 0.1, 2.0, 0.5});
  r.settings = {{"shape", "tiny"}, {"generations", generations}, {"games_per_generation", 12}, {"sims", 48},
                {"steps_per_generation", 150}, {"batch_size", 128}, {"optimizer", "adam"},
                {"learning_rate", 0.002}, {"replay_window", 40000}, {"rating_pairs", 4}, {"rating_sims", 48},
                {"baselines", {"random", "heuristic", "ismcts"}}};
  for (int g = 1; g <= generations; ++g)
    r.generations.push_back({{"generation", g},
                             {"selfplay", {{"games", 12}, {"positions", 2400 + g}, {"seconds", 30.5}, {"red_wins", 5},
                                           {"blue_wins", 4}, {"draws", 3}}}});
  r.ratings = "Rank Name <table>\n";
  return r;
}

// From one generation to forty: every axis titled and ticked, no label on another or off the picture.
TEST(RunReport, ThreePanelsWithTitledAxesAndLabelsThatNeverOverlap) {
  for (int generations : {1, 3, 40}) {
    const std::string svg = runReportSvg(sampleReport(generations));
    const auto all = texts(svg);
    EXPECT_EQ(plots::overlappingLabels(all), std::vector<std::string>{}) << generations;
    EXPECT_EQ(plots::labelsOutside(svg, all), std::vector<std::string>{}) << generations;
    std::vector<std::string> yTitles, xTitles;
    for (const auto& t : withClass(all, "axis-title")) (t.hasClass("y") ? yTitles : xTitles).push_back(t.content);
    EXPECT_EQ(yTitles, (std::vector<std::string>{"Elo (random = 0)", "policy loss", "value loss"}));
    EXPECT_EQ(xTitles, (std::vector<std::string>{"generation", "training step", "training step"}));
    EXPECT_GE(withClass(withClass(all, "tick"), "x").size(), 6u);
    EXPECT_GE(withClass(withClass(all, "tick"), "y").size(), 6u);
    EXPECT_EQ(withClass(all, "baseline-name").size(), 3u);
  }
}

TEST(RunReport, PolicyAndValueLossesAreDrawnOnSeparateAxes) {
  const std::string svg = runReportSvg(sampleReport(2));
  const auto lines = plots::elements(svg, "polyline");
  int losses = 0;
  for (const auto& l : lines) losses += l.hasClass("loss");
  EXPECT_EQ(losses, 2);
  // The value loss (0.75..0.9) gets ticks of its own: it would be flat on the policy loss's axis (0.5..3.25).
  const auto all = texts(svg);
  std::vector<double> valueTicks;
  for (const auto& t : withClass(withClass(all, "tick"), "y"))
    if (t.box.x0 > 450) valueTicks.push_back(std::stod(t.content));
  ASSERT_GE(valueTicks.size(), 3u);
  EXPECT_LT(*std::max_element(valueTicks.begin(), valueTicks.end()), 1.0);
  EXPECT_GT(*std::min_element(valueTicks.begin(), valueTicks.end()), 0.7);
}

TEST(RunReport, SettingsAndSelfPlayFiguresAreInThePictureAndThePage) {
  const RunReport r = sampleReport(2);
  const auto summary = withClass(texts(runReportSvg(r)), "summary");
  ASSERT_EQ(summary.size(), 4u);
  EXPECT_NE(summary[0].content.find("shape tiny, 2 generations of 12 self-play games at 48 sims"), std::string::npos)
      << summary[0].content;
  EXPECT_NE(summary[2].content.find("24 games: red won 10, blue won 8, 6 draws; 4803 positions"), std::string::npos)
      << summary[2].content;
  EXPECT_NE(summary[3].content.find("generation 2: 12 games"), std::string::npos) << summary[3].content;
  const std::string html = runReportHtml(r);
  EXPECT_NE(html.find("<tr><th>shape</th><td>tiny</td></tr>"), std::string::npos);
  EXPECT_NE(html.find("<tr><td>2</td><td>12</td><td>5</td><td>4</td><td>3</td><td>2402</td><td>200.2</td>"),
            std::string::npos);
  EXPECT_NE(html.find("Rank Name &lt;table&gt;"), std::string::npos);
  EXPECT_NE(html.find("<svg"), std::string::npos);
}

TEST(RunReport, ARunWithoutFiguresStillDraws) {
  RunReport r;
  r.run = "empty";
  r.generations.push_back({{"generation", 1}, {"shards", {"w-a-000001.jqs"}}});
  const std::string svg = runReportSvg(r);
  EXPECT_EQ(svg.find("nan"), std::string::npos);
  EXPECT_NE(svg.find("no figures"), std::string::npos);
  EXPECT_EQ(plots::overlappingLabels(texts(svg)), std::vector<std::string>{});
  EXPECT_NE(runReportHtml(r).find("games from self-play workers"), std::string::npos);
}

// The learning curve: Elo by generation with the CPU hours spent so far, the
// sum of the generations' recorded CPU seconds (unknown from the first
// generation that did not record them), and each generation's held-out
// losses, recorded with the next generation.
TEST(RunReport, LearningCurveAddsUpTheCpuTimeOfTheGenerations) {
  RunReport r = sampleReport(3);
  r.generations[0]["cpu_seconds"] = 3600.0;
  r.generations[1]["cpu_seconds"] = 1800.0;
  // Generation 2's record holds generation 1's losses on generation 2's games.
  r.generations[1]["held_out_previous"] = {{"positions", 100}, {"policy_loss", 2.5}, {"value_loss", 0.75},
                                           {"value_accuracy", 0.5}};
  const std::string csv = learningCurveCsv(r);
  EXPECT_EQ(csv,
            "generation,elo,low,high,cpu_hours,held_out_policy_loss,held_out_value_loss,held_out_value_accuracy\n"
            "0,-20.0,-110.0,70.0,0.000,,,\n"
            "1,20.0,-70.0,110.0,1.000,2.5000,0.7500,0.5000\n"
            "2,60.0,-30.0,150.0,1.500,,,\n"
            "3,100.0,10.0,190.0,,,,\n");
  EXPECT_NE(runReportHtml(r).find("<h2>Learning curve</h2>"), std::string::npos);
}

}  // namespace
}  // namespace junqi
