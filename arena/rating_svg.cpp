// The picture of a rating table (arena/rating_report.h): stacked panels, each
// with a heading, tick labels and titles on both axes.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "arena/rating_report.h"
#include "arena/svg_plot.h"

namespace junqi {

namespace {

using svg::Panel;

constexpr double kTitleBand = 36;   // the document's title
constexpr double kHeading = 28;     // a panel's heading above it
constexpr double kFooter = 46;      // its x axis below it
constexpr double kLeft = 80, kRight = 20;

std::string signedElo(double v) {
  if (std::isnan(v)) return "-";
  if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
  return fmt::format("{:+.1f}", v);
}

void heading(std::string& out, double width, const Panel& p, const std::string& title) {
  out += svg::text(width / 2, p.top - 10, title, svg::fittedSize(title, width - 20, 13), "middle",
                   "class=\"panel-title\"");
}

// Panel 1: Elo with its interval, one bar per rated player, best first.
void eloPanel(std::string& out, const RatingTable& table, Panel p) {
  std::vector<const RatingRow*> rated;
  std::vector<double> values;
  for (const RatingRow& r : table.rows) {
    if (std::isnan(r.elo)) continue;
    rated.push_back(&r);
    values.insert(values.end(), {r.elo, r.low, r.high});
  }
  std::tie(p.y0, p.y1) = svg::paddedRange(values, -100.0, 100.0);
  p.x0 = 0, p.x1 = std::max<double>(1.0, static_cast<double>(rated.size()));
  svg::yAxis(out, p, "Elo (95% interval)");
  if (p.y0 < table.anchorElo && table.anchorElo < p.y1)
    out += svg::line(p.left, p.y(table.anchorElo), p.right(), p.y(table.anchorElo), "#999",
                     "class=\"anchor\" stroke-dasharray=\"4 3\"");
  std::vector<std::string> names;
  for (std::size_t i = 0; i < rated.size(); ++i) {
    const RatingRow& r = *rated[i];
    names.push_back(r.name);
    const double x = p.x(static_cast<double>(i) + 0.5);
    const double ylow = p.y(std::isnan(r.low) ? r.elo : r.low);
    const double yhigh = p.y(std::isnan(r.high) ? r.elo : r.high);
    out += fmt::format("<g class=\"elo-bar\"><title>{}: {} Elo [{}, {}]</title>", xmlEscape(r.name),
                       signedElo(r.elo), signedElo(r.low), signedElo(r.high));
    out += svg::line(x, ylow, x, yhigh, "#1f5fa8", "stroke-width=\"2\"");
    for (double y : {ylow, yhigh}) out += svg::line(x - 6, y, x + 6, y, "#1f5fa8", "stroke-width=\"2\"");
    out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"#c0392b\"/></g>\n", x, p.y(r.elo));
  }
  svg::categoryAxis(out, p, names, "player (best first)");
}

// The series' interval band: upper edge forward, lower edge back, over points with both ends.
std::string band(const Panel& p, std::span<const SeriesPoint> series) {
  std::string upper, lower;
  for (const SeriesPoint& s : series) {
    if (std::isnan(s.low) || std::isnan(s.high) || !std::isfinite(s.games)) continue;
    upper += fmt::format("{}{:.1f},{:.1f}", upper.empty() ? "M" : " L", p.x(s.games), p.y(s.high));
    lower = fmt::format(" L{:.1f},{:.1f}", p.x(s.games), p.y(s.low)) + lower;
  }
  if (upper.empty()) return "";
  return fmt::format(
      "<path class=\"series-band\" d=\"{}{} Z\" fill=\"#1f5fa8\" fill-opacity=\"0.2\" stroke=\"none\"/>\n", upper,
      lower);
}

// A polyline through the finite points, lifted over the others.
std::string trace(const Panel& p, const std::vector<std::pair<double, double>>& points, const char* cls) {
  std::string d;
  bool pen_down = false;
  for (const auto& [x, y] : points) {
    if (!std::isfinite(x) || !std::isfinite(y)) {
      pen_down = false;
      continue;
    }
    d += fmt::format("{}{:.1f},{:.1f}", pen_down ? " L" : (d.empty() ? "M" : " M"), p.x(x), p.y(y));
    pen_down = true;
  }
  if (d.empty()) return "";
  return fmt::format("<path class=\"{}\" d=\"{}\" fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"1.5\"/>\n", cls, d);
}

// The games axis: from 0 (or the first point) to the last game.
void gamesRange(Panel& p, const std::vector<double>& xs) {
  p.x0 = 0, p.x1 = 1;
  if (xs.empty()) return;
  p.x0 = std::min(0.0, *std::min_element(xs.begin(), xs.end()));
  p.x1 = std::max(p.x0 + 1.0, *std::max_element(xs.begin(), xs.end()));
}

// Panel 2: the series with its interval band.
void seriesPanel(std::string& out, std::span<const SeriesPoint> series, Panel p, const std::string& label) {
  std::vector<double> ys, xs;
  std::vector<std::pair<double, double>> points;
  for (const SeriesPoint& s : series) {
    ys.insert(ys.end(), {s.value, s.low, s.high});
    if (std::isfinite(s.games)) xs.push_back(s.games);
    points.emplace_back(s.games, s.value);
  }
  std::tie(p.y0, p.y1) = svg::paddedRange(ys, 0.0, 1.0);
  gamesRange(p, xs);
  svg::yAxis(out, p, label);
  svg::xAxis(out, p, "games", true);
  out += band(p, series);
  out += trace(p, points, "series-line");
  if (series.empty()) out += svg::text(p.left + p.width / 2, p.top + p.height / 2, "no data", 12);
}

// Panel 3: the SPRT's LLR, with its bounds as dashed lines named at the right.
void sprtPanel(std::string& out, const SprtTrace& sprt, Panel p) {
  std::vector<double> ys = {sprt.lower, sprt.upper}, xs;
  for (const auto& [g, llr] : sprt.llr) ys.push_back(llr), xs.push_back(g);
  std::tie(p.y0, p.y1) = svg::paddedRange(ys, sprt.lower, sprt.upper);
  p.y0 = std::min(p.y0, sprt.lower - 0.15 * (sprt.upper - sprt.lower));  // room for the lower bound's name
  p.y1 = std::max(p.y1, sprt.upper + 0.15 * (sprt.upper - sprt.lower));
  gamesRange(p, xs);
  svg::yAxis(out, p, "log-likelihood ratio");
  svg::xAxis(out, p, "games", true);
  const struct { double at; double dy; const char* name; } bounds[] = {
      {sprt.upper, -4, "upper bound: accept H1"}, {sprt.lower, 13, "lower bound: accept H0"}};
  for (const auto& b : bounds) {
    out += svg::line(p.left, p.y(b.at), p.right(), p.y(b.at), "#c0392b",
                     fmt::format("class=\"sprt-bound\" data-value=\"{:.4f}\" stroke-dasharray=\"6 3\"", b.at));
    out += svg::text(p.right() - 4, p.y(b.at) + b.dy, fmt::format("{} ({:.2f})", b.name, b.at), svg::kTickFont,
                     "end", "fill=\"#c0392b\"");
  }
  out += trace(p, sprt.llr, "sprt-llr");
}

}  // namespace

std::string ratingSvg(const RatingTable& table, std::span<const SeriesPoint> series, const SvgOptions& options) {
  const int panels = options.sprt ? 3 : 2;
  const double w = std::max(options.width, 300);
  const double h = std::max(options.height, 300) * panels / 2.0;
  const double ph = (h - kTitleBand) / panels - kHeading - kFooter;
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\">\n",
      w, h);
  out += fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"white\"/>\n", w, h);
  out += svg::text(w / 2, 22, options.title, svg::fittedSize(options.title, w - 20, 16), "middle",
                   "class=\"title\"");
  const auto panel = [&](int k) {
    return Panel{kLeft, kTitleBand + k * (kHeading + ph + kFooter) + kHeading, w - kLeft - kRight, ph, 0, 1, 0, 1};
  };
  heading(out, w, panel(0), fmt::format("Elo of each player ({} games; anchor {})", table.games, table.anchor));
  eloPanel(out, table, panel(0));
  heading(out, w, panel(1), options.seriesTitle);
  seriesPanel(out, series, panel(1), options.seriesLabel);
  if (options.sprt) {
    heading(out, w, panel(2), fmt::format("SPRT: log-likelihood ratio after each game ({})", options.sprt->hypotheses));
    sprtPanel(out, *options.sprt, panel(2));
  }
  out += "</svg>";
  return out;
}

}  // namespace junqi
