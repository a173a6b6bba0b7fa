// A training run's report, DIR/report.svg and DIR/report.html: Elo by
// generation (95% intervals, the baselines as dashed lines), the policy and
// the value loss by training step on separate axes, and the run's settings
// and self-play figures (a short text block in the picture, tables in the
// page). Built from what the run has written (config.json, log/gen-NNNN.json,
// the rating fit); no LibTorch.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "arena/ratings.h"

namespace junqi {

struct RunReport {
  std::string run;                                         // the run's directory, as named
  std::vector<std::pair<int, PlayerRating>> elo;           // generation and its rating (random = 0)
  std::vector<std::pair<std::string, double>> baselines;   // name and Elo
  nlohmann::json losses = nlohmann::json::array();         // rows [step, policy, value, ...]
  nlohmann::json settings = nlohmann::json::object();      // config.json
  std::vector<nlohmann::json> generations;                 // log/gen-NNNN.json, in order
  std::string ratings;                                     // the ratings table as text
};

// The learning curve: per rated generation its Elo and 95% interval, and
// the CPU hours the run had spent when it was done (the generations'
// "cpu_seconds", summed; null where a generation did not record them);
// DIR/learning-curve.csv, and a table of the page.
std::string learningCurveCsv(const RunReport& report);

// A standalone SVG document: three panels (Elo; policy loss; value loss), each
// with tick labels and titles on both axes, and the text block.
std::string runReportSvg(const RunReport& report);
// The page: the picture inline, then tables of the settings, of each
// generation's self-play and of the ratings.
std::string runReportHtml(const RunReport& report);

}  // namespace junqi
