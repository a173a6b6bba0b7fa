#include "training/run_report.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "arena/svg_plot.h"

namespace junqi {

namespace {

using json = nlohmann::json;
using svg::Panel;

constexpr double kWidth = 900, kHeight = 740;

// A setting of config.json as text ("-" when the run does not have it).
std::string setting(const json& settings, const char* key) {
  const auto it = settings.find(key);
  if (it == settings.end() || it->is_null()) return "-";
  if (it->is_string()) return it->get<std::string>();
  if (it->is_array()) {
    std::string out;
    for (const json& v : *it) out += (out.empty() ? "" : ", ") + (v.is_string() ? v.get<std::string>() : v.dump());
    return out.empty() ? "none" : out;
  }
  return it->dump();
}

// A generation's self-play figures, or null when its games came from elsewhere (workers).
const json* selfPlayOf(const json& record) {
  const auto it = record.find("selfplay");
  return it == record.end() || !it->is_object() ? nullptr : &*it;
}

long long figure(const json& f, const char* key) { return f.value(key, 0LL); }

// Flip Junqi and four-player runs count wins by seat (flip colours are
// flipped, not seated; four-player teams are two armies each).
bool bySeatRun(const RunReport& r) { return r.settings.value("variant", "classic") != "classic"; }

// Wins by colour, or in a Flip Junqi or four-player run by the first and the
// second player (team).
bool bySeat(const json& f) { return f.contains("first_wins"); }
long long firstWins(const json& f) { return figure(f, bySeat(f) ? "first_wins" : "red_wins"); }
long long secondWins(const json& f) { return figure(f, bySeat(f) ? "second_wins" : "blue_wins"); }

std::string selfPlayLine(const json& f) {
  const long long games = figure(f, "games");
  return fmt::format("{} games: {} won {}, {} won {}, {} draws; {} positions ({:.0f} a game)", games,
                     bySeat(f) ? "first player" : "red", firstWins(f), bySeat(f) ? "second" : "blue", secondWins(f),
                     figure(f, "draws"), figure(f, "positions"),
                     games ? static_cast<double>(figure(f, "positions")) / games : 0.0);
}

void heading(std::string& out, const Panel& p, const std::string& title) {
  out += svg::text(p.left + p.width / 2, p.top - 10, title, svg::fittedSize(title, p.width, 13), "middle",
                   "class=\"panel-title\"");
}

// Elo by generation with its intervals; the baselines named right of the panel, kept apart.
void eloPanel(std::string& out, const RunReport& r, Panel p) {
  std::vector<double> ys = {0.0}, gens = {0.0};
  for (const auto& [g, rating] : r.elo) ys.insert(ys.end(), {rating.elo, rating.low, rating.high}), gens.push_back(g);
  for (const auto& [name, e] : r.baselines) ys.push_back(e);
  std::tie(p.y0, p.y1) = svg::paddedRange(ys, -100, 100);
  p.x0 = 0, p.x1 = std::max(1.0, *std::max_element(gens.begin(), gens.end()));
  heading(out, p, "Elo by generation (95% intervals; baselines dashed)");
  svg::yAxis(out, p, "Elo (random = 0)");
  svg::xAxis(out, p, "generation", true);
  std::vector<double> wanted;
  for (const auto& [name, e] : r.baselines) {
    out += svg::line(p.left, p.y(e), p.right(), p.y(e), "#999", "class=\"baseline\" stroke-dasharray=\"4 3\"");
    wanted.push_back(p.y(e) + 4);
  }
  const auto placed = svg::spreadApart(wanted, 1.4 * svg::kTickFont);
  for (std::size_t i = 0; i < r.baselines.size(); ++i) {
    const std::string label = fmt::format("{} {:+.0f}", r.baselines[i].first, r.baselines[i].second);
    out += svg::text(p.right() + 8, placed[i], label, svg::fittedSize(label, kWidth - p.right() - 12, svg::kTickFont),
                     "start", "class=\"baseline-name\" fill=\"#666\"");
  }
  std::string line;
  for (const auto& [g, rating] : r.elo) {
    if (!std::isfinite(rating.elo)) continue;
    out += svg::line(p.x(g), p.y(rating.low), p.x(g), p.y(rating.high), "#36c");
    out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"#36c\"/>\n", p.x(g), p.y(rating.elo));
    line += fmt::format("{}{:.1f},{:.1f}", line.empty() ? "" : " ", p.x(g), p.y(rating.elo));
  }
  out += fmt::format("<polyline class=\"elo\" points=\"{}\" fill=\"none\" stroke=\"#36c\"/>\n", line);
}

// One loss (column `column` of the rows) by training step, on its own axes.
void lossPanel(std::string& out, const json& losses, int column, Panel p, const std::string& name,
               const char* colour) {
  std::vector<double> steps = {0.0}, values;
  std::string line;
  for (const json& row : losses) {
    if (!row.is_array() || row.size() <= static_cast<std::size_t>(column) || !row[column].is_number()) continue;
    steps.push_back(row[0].get<double>());
    values.push_back(row[column].get<double>());
  }
  std::tie(p.y0, p.y1) = svg::paddedRange(values, 0, 1);
  p.x0 = 0, p.x1 = std::max(1.0, *std::max_element(steps.begin(), steps.end()));
  heading(out, p, name + " by training step");
  svg::yAxis(out, p, name);
  svg::xAxis(out, p, "training step", true);
  for (std::size_t i = 0; i < values.size(); ++i)
    line += fmt::format("{}{:.1f},{:.1f}", line.empty() ? "" : " ", p.x(steps[i + 1]), p.y(values[i]));
  out += fmt::format("<polyline class=\"loss\" data-loss=\"{}\" points=\"{}\" fill=\"none\" stroke=\"{}\"/>\n", name,
                     line, colour);
}

// The settings and self-play figures, a few lines under the panels.
std::vector<std::string> summaryLines(const RunReport& r) {
  const json& s = r.settings;
  std::vector<std::string> lines = {
      fmt::format("Settings: shape {}, {} generations of {} self-play games at {} sims, {} training steps of batch {}",
                  setting(s, "shape"), setting(s, "generations"), setting(s, "games_per_generation"),
                  setting(s, "sims"), setting(s, "steps_per_generation"), setting(s, "batch_size")),
      fmt::format("{} at learning rate {}, replay window {} positions; rated with {} pairs at {} sims against {}",
                  setting(s, "optimizer"), setting(s, "learning_rate"), setting(s, "replay_window"),
                  setting(s, "rating_pairs"), setting(s, "rating_sims"), setting(s, "baselines"))};
  json total = {{"games", 0LL}, {"draws", 0LL}, {"positions", 0LL}};
  for (const char* key : bySeatRun(r) ? std::array{"first_wins", "second_wins"} : std::array{"red_wins", "blue_wins"})
    total[key] = 0LL;
  const json* last = nullptr;
  int lastGeneration = 0;
  for (const json& g : r.generations)
    if (const json* f = selfPlayOf(g)) {
      for (auto& [key, value] : total.items()) value = value.get<long long>() + figure(*f, key.c_str());
      last = f, lastGeneration = g.value("generation", 0);
    }
  lines.push_back(last ? "Self-play, all generations: " + selfPlayLine(total)
                       : "Self-play: no figures (games from self-play workers, or none yet)");
  if (last) lines.push_back(fmt::format("Self-play, generation {}: {}", lastGeneration, selfPlayLine(*last)));
  return lines;
}

}  // namespace

std::string runReportSvg(const RunReport& r) {
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"sans-serif\">\n<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n",
      kWidth, kHeight);
  const std::string title = "Training run " + r.run;
  out += svg::text(kWidth / 2, 22, title, svg::fittedSize(title, kWidth - 20, 16), "middle", "class=\"title\"");
  eloPanel(out, r, Panel{80, 64, 560, 200, 0, 1, 0, 1});
  lossPanel(out, r.losses, 1, Panel{80, 340, 330, 200, 0, 1, 0, 1}, "policy loss", "#36c");
  lossPanel(out, r.losses, 2, Panel{530, 340, 330, 200, 0, 1, 0, 1}, "value loss", "#c33");
  double y = 620;
  for (const std::string& line : summaryLines(r)) {
    out += svg::text(20, y, line, svg::fittedSize(line, kWidth - 40, 12), "start", "class=\"summary\"");
    y += 22;
  }
  return out + "</svg>\n";
}

namespace {

struct CurvePoint {
  int generation;
  PlayerRating rating;
  double cpuHours;  // NaN: not recorded
  json heldOut;     // its losses on the next generation's games (null: none yet)
};

std::vector<CurvePoint> learningCurve(const RunReport& r) {
  std::map<int, double> hoursAfter = {{0, 0.0}};  // by generation; generation 0 (untrained) costs nothing
  std::map<int, json> heldOut;                    // by the generation measured (the one before the record's)
  double cpu = 0;
  bool known = true;
  for (const json& record : r.generations) {
    const int g = record.value("generation", 0);
    known = known && record.contains("cpu_seconds");
    cpu += record.value("cpu_seconds", 0.0);
    hoursAfter[g] = known ? cpu / 3600 : std::nan("");
    if (record.contains("held_out_previous")) heldOut[g - 1] = record["held_out_previous"];
  }
  std::vector<CurvePoint> points;
  for (const auto& [g, rating] : r.elo)
    points.push_back({g, rating, hoursAfter.contains(g) ? hoursAfter.at(g) : std::nan(""),
                      heldOut.contains(g) ? heldOut.at(g) : json()});
  return points;
}

std::string cpuText(double hours) { return std::isfinite(hours) ? fmt::format("{:.3f}", hours) : ""; }

// A held-out figure ("" where there is none).
std::string heldOutText(const json& heldOut, const char* key, const char* format) {
  return heldOut.is_object() && heldOut.contains(key) ? fmt::format(fmt::runtime(format), heldOut[key].get<double>()) : "";
}

}  // namespace

std::string learningCurveCsv(const RunReport& r) {
  std::string csv = "generation,elo,low,high,cpu_hours,held_out_policy_loss,held_out_value_loss,held_out_value_accuracy\n";
  for (const CurvePoint& p : learningCurve(r))
    csv += fmt::format("{},{:.1f},{:.1f},{:.1f},{},{},{},{}\n", p.generation, p.rating.elo, p.rating.low, p.rating.high,
                       cpuText(p.cpuHours), heldOutText(p.heldOut, "policy_loss", "{:.4f}"),
                       heldOutText(p.heldOut, "value_loss", "{:.4f}"), heldOutText(p.heldOut, "value_accuracy", "{:.4f}"));
  return csv;
}

std::string runReportHtml(const RunReport& r) {
  std::string html = fmt::format(
      "<!doctype html><meta charset='utf-8'><title>junqi training run {0}</title>\n"
      "<style>table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:2px 8px;text-align:right}}"
      "</style>\n<h1>Training run {0}</h1>\n{1}",
      xmlEscape(r.run), runReportSvg(r));
  html += "<h2>Settings</h2>\n<table class='settings'>\n";
  for (const auto& [key, value] : r.settings.items())
    html += fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", xmlEscape(key),
                        xmlEscape(setting(r.settings, key.c_str())));
  const bool flip = bySeatRun(r);
  html += fmt::format("</table>\n<h2>Self-play</h2>\n<table class='selfplay'>\n<tr><th>generation</th><th>games</th>"
                      "<th>{}</th><th>{}</th><th>draws</th><th>positions</th><th>positions a game</th>"
                      "<th>seconds</th></tr>\n",
                      flip ? "first player wins" : "red wins", flip ? "second player wins" : "blue wins");
  for (const json& g : r.generations) {
    const json* f = selfPlayOf(g);
    if (!f) {
      html += fmt::format("<tr><td>{}</td><td colspan='7'>games from self-play workers</td></tr>\n",
                          g.value("generation", 0));
      continue;
    }
    const long long games = figure(*f, "games");
    html += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1f}</td>"
                        "<td>{:.0f}</td></tr>\n",
                        g.value("generation", 0), games, firstWins(*f), secondWins(*f),
                        figure(*f, "draws"), figure(*f, "positions"),
                        games ? static_cast<double>(figure(*f, "positions")) / games : 0.0, f->value("seconds", 0.0));
  }
  html += "</table>\n<h2>Learning curve</h2>\n<table class='curve'>\n<tr><th>generation</th><th>Elo</th>"
          "<th>95% interval</th><th>CPU hours so far</th><th>held-out policy loss</th><th>held-out value loss</th>"
          "<th>held-out value accuracy</th></tr>\n";
  for (const CurvePoint& p : learningCurve(r))
    html += fmt::format("<tr><td>{}</td><td>{:+.0f}</td><td>[{:+.0f}, {:+.0f}]</td><td>{}</td><td>{}</td><td>{}</td>"
                        "<td>{}</td></tr>\n",
                        p.generation, p.rating.elo, p.rating.low, p.rating.high, cpuText(p.cpuHours),
                        heldOutText(p.heldOut, "policy_loss", "{:.3f}"), heldOutText(p.heldOut, "value_loss", "{:.3f}"),
                        heldOutText(p.heldOut, "value_accuracy", "{:.3f}"));
  html += "</table>\n<p>Held out: each generation's losses on the next generation's self-play games, which it played "
          "but never trained on.</p>\n";
  return html + fmt::format("<h2>Ratings</h2>\n<pre>{}</pre>\n", xmlEscape(r.ratings));
}

}  // namespace junqi
