#include "arena/rating_report.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace junqi {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// ---------------------------------------------------------------- text

std::string fixed(double v, int precision, bool sign = false) {
  if (std::isnan(v)) return "-";
  if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
  return sign ? fmt::format("{:+.{}f}", v, precision) : fmt::format("{:.{}f}", v, precision);
}

std::string percent(double v) {
  if (std::isnan(v)) return "-";
  return fmt::format("{:.1f}%", 100.0 * v);
}

// ---------------------------------------------------------------- JSON

nlohmann::json number(double v) {
  if (!std::isfinite(v)) return nullptr;
  return v;
}

double readNumber(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return kNaN;
  return it->get<double>();
}

nlohmann::json intervalJson(const Interval& i) {
  return {{"estimate", number(i.estimate)}, {"low", number(i.low)}, {"high", number(i.high)}};
}

Interval intervalFromJson(const nlohmann::json& j) {
  return {readNumber(j, "estimate"), readNumber(j, "low"), readNumber(j, "high")};
}

// ---------------------------------------------------------------- CSV

constexpr const char* kCsvHeader =
    "rank,player,name,games,wins,draws,losses,points,score,elo,low,high,los_next";

std::string csvNumber(double v) {
  if (std::isnan(v)) return "";
  return fmt::format("{}", v);
}

std::string csvText(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

// Splits RFC 4180 text into records of fields.
std::vector<std::vector<std::string>> parseCsv(std::string_view text) {
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record;
  std::string field;
  bool quoted = false;
  bool field_started = false;
  size_t i = 0;
  auto endField = [&] {
    record.push_back(std::move(field));
    field.clear();
    field_started = false;
  };
  auto endRecord = [&] {
    endField();
    if (!(record.size() == 1 && record[0].empty())) records.push_back(std::move(record));
    record.clear();
  };
  while (i < text.size()) {
    const char c = text[i];
    if (quoted) {
      if (c == '"') {
        if (i + 1 < text.size() && text[i + 1] == '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += c;
      }
      ++i;
      continue;
    }
    if (c == '"') {
      if (field_started) throw std::invalid_argument("CSV: quote inside an unquoted field");
      quoted = true;
      field_started = true;
    } else if (c == ',') {
      endField();
    } else if (c == '\r' || c == '\n') {
      endRecord();
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else {
      field += c;
      field_started = true;
    }
    ++i;
  }
  if (quoted) throw std::invalid_argument("CSV: unterminated quoted field");
  if (field_started || !field.empty() || !record.empty()) endRecord();
  return records;
}

double parseDouble(const std::string& s) {
  if (s.empty()) return kNaN;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size()) throw std::invalid_argument("CSV: not a number: " + s);
  return v;
}

int parseInt(const std::string& s) {
  size_t used = 0;
  int v = 0;
  try {
    v = std::stoi(s, &used);
  } catch (const std::exception&) {
    throw std::invalid_argument("CSV: not an integer: " + s);
  }
  if (used != s.size()) throw std::invalid_argument("CSV: not an integer: " + s);
  return v;
}

// ---------------------------------------------------------------- SVG

// Tick values covering [lo, hi] with a step of 1, 2 or 5 times a power of ten.
std::vector<double> niceTicks(double lo, double hi, int target = 5) {
  std::vector<double> ticks;
  if (!(hi > lo)) return {lo};
  const double raw = (hi - lo) / target;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  double step = power;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    step = m * power;
    if (step >= raw) break;
  }
  for (double t = std::ceil(lo / step) * step; t <= hi + 1e-9 * step; t += step)
    ticks.push_back(std::abs(t) < 1e-12 * step ? 0.0 : t);
  return ticks;
}

std::string tickLabel(double v) { return fmt::format("{:g}", v); }

// Range [lo, hi] of the finite values, padded; a default when there are none.
std::pair<double, double> paddedRange(const std::vector<double>& values, double fallback_lo,
                                      double fallback_hi) {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (double v : values) {
    if (!std::isfinite(v)) continue;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  if (!(lo <= hi)) return {fallback_lo, fallback_hi};
  if (hi - lo < 1e-9) {
    const double pad = std::max(1.0, std::abs(lo) * 0.1);
    return {lo - pad, hi + pad};
  }
  const double pad = 0.08 * (hi - lo);
  return {lo - pad, hi + pad};
}

struct Panel {
  double left, top, width, height;
  double x0, x1, y0, y1;  // data ranges
  double x(double v) const { return left + (v - x0) / (x1 - x0) * width; }
  double y(double v) const {
    const double c = std::clamp(v, y0, y1);
    return top + height - (c - y0) / (y1 - y0) * height;
  }
};

void yAxis(std::string& svg, const Panel& p, const std::string& label) {
  for (double t : niceTicks(p.y0, p.y1)) {
    const double y = p.y(t);
    svg += fmt::format(
        "<line class=\"grid\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#ddd\"/>\n",
        p.left, y, p.left + p.width, y);
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"end\">{}</text>\n", p.left - 6,
        y + 4, tickLabel(t));
  }
  svg += fmt::format(
      "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"none\" stroke=\"#444\"/>\n",
      p.left, p.top, p.width, p.height);
  svg += fmt::format(
      "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\" text-anchor=\"middle\" "
      "transform=\"rotate(-90 {:.1f} {:.1f})\">{}</text>\n",
      p.left - 48, p.top + p.height / 2, p.left - 48, p.top + p.height / 2, xmlEscape(label));
}

}  // namespace

std::string xmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

RatingTable makeRatingTable(std::span<const std::string> names, const EloFit& fit) {
  RatingTable table;
  const int n = static_cast<int>(fit.players.size());
  auto nameOf = [&](int i) {
    return i < static_cast<int>(names.size()) ? names[i] : fmt::format("player{}", i);
  };
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const double ea = fit.players[a].elo;
    const double eb = fit.players[b].elo;
    if (std::isnan(ea) || std::isnan(eb)) return !std::isnan(ea) && std::isnan(eb);
    return ea > eb;
  });
  for (int r = 0; r < n; ++r) {
    const int i = order[r];
    const PlayerRating& p = fit.players[i];
    RatingRow row;
    row.rank = r + 1;
    row.player = i;
    row.name = nameOf(i);
    row.games = p.games;
    row.wins = p.wins;
    row.draws = p.draws;
    row.losses = p.losses;
    row.points = p.points;
    row.score = p.games > 0 ? p.points / p.games : kNaN;
    row.elo = p.elo;
    row.low = p.low;
    row.high = p.high;
    row.losNext = kNaN;
    if (r + 1 < n && !std::isnan(p.elo) && !std::isnan(fit.players[order[r + 1]].elo))
      row.losNext = likelihoodOfSuperiority(fit, i, order[r + 1]);
    table.rows.push_back(std::move(row));
  }
  table.games = fit.games;
  table.anchor = fit.anchor >= 0 ? nameOf(fit.anchor) : "mean";
  table.anchorElo = fit.anchorElo;
  table.firstMoveElo = fit.firstMoveElo;
  table.drawNu = fit.drawNu;
  table.converged = fit.converged;
  return table;
}

std::string formatRatingTable(const RatingTable& table) {
  size_t name_width = 4;
  for (const RatingRow& r : table.rows) name_width = std::max(name_width, r.name.size());
  std::string out = fmt::format("{:>4}  {:<{}}  {:>8}  {:>19}  {:>6}  {:>8}  {:>6}  {:>6}  {:>6}  {:>6}  {:>6}\n",
                                "Rank", "Name", name_width, "Elo", "95% interval", "Games", "Points",
                                "Score", "W", "D", "L", "LOS");
  for (const RatingRow& r : table.rows) {
    const std::string interval =
        std::isnan(r.elo) ? "-" : fmt::format("[{}, {}]", fixed(r.low, 1, true), fixed(r.high, 1, true));
    out += fmt::format("{:>4}  {:<{}}  {:>8}  {:>19}  {:>6}  {:>8}  {:>6}  {:>6}  {:>6}  {:>6}  {:>6}\n",
                       r.rank, r.name, name_width, fixed(r.elo, 1, true), interval, r.games,
                       fixed(r.points, 1), percent(r.score), r.wins, r.draws, r.losses,
                       percent(r.losNext));
  }
  const Interval& fm = table.firstMoveElo;
  const Interval& nu = table.drawNu;
  out += fmt::format("{} games; Elo anchored at {} = {}; first-move advantage {} Elo [{}, {}]; "
                     "draw parameter nu {} [{}, {}] (draw rate between equals {})\n",
                     table.games, table.anchor, fixed(table.anchorElo, 1), fixed(fm.estimate, 1, true),
                     fixed(fm.low, 1, true), fixed(fm.high, 1, true), fixed(nu.estimate, 3),
                     fixed(nu.low, 3), fixed(nu.high, 3), percent(nu.estimate / (2.0 + nu.estimate)));
  if (!table.converged)
    out += "warning: the fit did not converge (a rating is unbounded; add a prior)\n";
  return out;
}

nlohmann::json ratingTableToJson(const RatingTable& table) {
  nlohmann::json players = nlohmann::json::array();
  for (const RatingRow& r : table.rows) {
    players.push_back({{"rank", r.rank},
                       {"player", r.player},
                       {"name", r.name},
                       {"games", r.games},
                       {"wins", r.wins},
                       {"draws", r.draws},
                       {"losses", r.losses},
                       {"points", number(r.points)},
                       {"score", number(r.score)},
                       {"elo", number(r.elo)},
                       {"low", number(r.low)},
                       {"high", number(r.high)},
                       {"los_next", number(r.losNext)}});
  }
  return {{"games", table.games},
          {"anchor", table.anchor},
          {"anchor_elo", number(table.anchorElo)},
          {"converged", table.converged},
          {"first_move_elo", intervalJson(table.firstMoveElo)},
          {"draw_nu", intervalJson(table.drawNu)},
          {"players", std::move(players)}};
}

RatingTable ratingTableFromJson(const nlohmann::json& json) {
  RatingTable table;
  table.games = json.at("games").get<int>();
  table.anchor = json.at("anchor").get<std::string>();
  table.anchorElo = readNumber(json, "anchor_elo");
  table.converged = json.at("converged").get<bool>();
  table.firstMoveElo = intervalFromJson(json.at("first_move_elo"));
  table.drawNu = intervalFromJson(json.at("draw_nu"));
  for (const nlohmann::json& p : json.at("players")) {
    RatingRow r;
    r.rank = p.at("rank").get<int>();
    r.player = p.at("player").get<int>();
    r.name = p.at("name").get<std::string>();
    r.games = p.at("games").get<int>();
    r.wins = p.at("wins").get<int>();
    r.draws = p.at("draws").get<int>();
    r.losses = p.at("losses").get<int>();
    r.points = readNumber(p, "points");
    r.score = readNumber(p, "score");
    r.elo = readNumber(p, "elo");
    r.low = readNumber(p, "low");
    r.high = readNumber(p, "high");
    r.losNext = readNumber(p, "los_next");
    table.rows.push_back(std::move(r));
  }
  return table;
}

std::string ratingTableToCsv(const RatingTable& table) {
  std::string out = std::string(kCsvHeader) + "\n";
  for (const RatingRow& r : table.rows) {
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{}\n", r.rank, r.player, csvText(r.name),
                       r.games, r.wins, r.draws, r.losses, csvNumber(r.points), csvNumber(r.score),
                       csvNumber(r.elo), csvNumber(r.low), csvNumber(r.high), csvNumber(r.losNext));
  }
  return out;
}

std::vector<RatingRow> ratingRowsFromCsv(std::string_view csv) {
  const auto records = parseCsv(csv);
  if (records.empty()) throw std::invalid_argument("CSV: no header");
  std::string header;
  for (size_t i = 0; i < records[0].size(); ++i) header += (i ? "," : "") + records[0][i];
  if (header != kCsvHeader) throw std::invalid_argument("CSV: unexpected header: " + header);
  std::vector<RatingRow> rows;
  for (size_t k = 1; k < records.size(); ++k) {
    const auto& f = records[k];
    if (f.size() != 13) throw std::invalid_argument(fmt::format("CSV: line {} has {} fields", k + 1, f.size()));
    RatingRow r;
    r.rank = parseInt(f[0]);
    r.player = parseInt(f[1]);
    r.name = f[2];
    r.games = parseInt(f[3]);
    r.wins = parseInt(f[4]);
    r.draws = parseInt(f[5]);
    r.losses = parseInt(f[6]);
    r.points = parseDouble(f[7]);
    r.score = parseDouble(f[8]);
    r.elo = parseDouble(f[9]);
    r.low = parseDouble(f[10]);
    r.high = parseDouble(f[11]);
    r.losNext = parseDouble(f[12]);
    rows.push_back(std::move(r));
  }
  return rows;
}

std::string ratingSvg(const RatingTable& table, std::span<const SeriesPoint> series,
                      const SvgOptions& options) {
  const double w = std::max(options.width, 200);
  const double h = std::max(options.height, 200);
  const double left = 80, right = 20, title = 36, gap = 70, bottom = 44;
  const double panel_height = (h - title - gap - bottom) / 2;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\">\n",
      w, h);
  svg += fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"white\"/>\n", w, h);
  svg += fmt::format("<text x=\"{:.1f}\" y=\"22\" font-size=\"16\" text-anchor=\"middle\">{}</text>\n",
                     w / 2, xmlEscape(options.title));

  // Panel 1: Elo with its interval, one bar per rated player, best first.
  std::vector<const RatingRow*> rated;
  std::vector<double> values;
  for (const RatingRow& r : table.rows) {
    if (std::isnan(r.elo)) continue;
    rated.push_back(&r);
    values.insert(values.end(), {r.elo, r.low, r.high});
  }
  const auto [elo_lo, elo_hi] = paddedRange(values, -100.0, 100.0);
  const double count = std::max<double>(1.0, static_cast<double>(rated.size()));
  const Panel top{left, title, w - left - right, panel_height, 0.0, count, elo_lo, elo_hi};
  yAxis(svg, top, "Elo");
  if (top.y0 < table.anchorElo && table.anchorElo < top.y1) {
    svg += fmt::format(
        "<line class=\"anchor\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#999\" "
        "stroke-dasharray=\"4 3\"/>\n",
        top.left, top.y(table.anchorElo), top.left + top.width, top.y(table.anchorElo));
  }
  for (size_t i = 0; i < rated.size(); ++i) {
    const RatingRow& r = *rated[i];
    const double x = top.x(static_cast<double>(i) + 0.5);
    const double ylow = top.y(std::isnan(r.low) ? r.elo : r.low);
    const double yhigh = top.y(std::isnan(r.high) ? r.elo : r.high);
    svg += fmt::format("<g class=\"elo-bar\"><title>{}: {} Elo [{}, {}]</title>", xmlEscape(r.name),
                       fixed(r.elo, 1, true), fixed(r.low, 1, true), fixed(r.high, 1, true));
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"#1f5fa8\" "
        "stroke-width=\"2\"/>",
        x, ylow, yhigh);
    for (double y : {ylow, yhigh})
      svg += fmt::format(
          "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#1f5fa8\" stroke-width=\"2\"/>",
          x - 6, y, x + 6, y);
    svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"#c0392b\"/>", x, top.y(r.elo));
    svg += fmt::format(
        "<text x=\"{0:.1f}\" y=\"{1:.1f}\" font-size=\"11\" text-anchor=\"end\" "
        "transform=\"rotate(-30 {0:.1f} {1:.1f})\">{2}</text>",
        x, top.top + top.height + 14, xmlEscape(r.name));
    svg += "</g>\n";
  }

  // Panel 2: the series with its interval band.
  std::vector<double> ys;
  std::vector<double> xs;
  for (const SeriesPoint& p : series) {
    ys.insert(ys.end(), {p.value, p.low, p.high});
    xs.push_back(p.games);
  }
  const auto [s_lo, s_hi] = paddedRange(ys, 0.0, 1.0);
  auto [g_lo, g_hi] = paddedRange(xs, 0.0, 1.0);
  if (!xs.empty()) {
    g_lo = std::min(0.0, *std::min_element(xs.begin(), xs.end()));
    g_hi = std::max(g_lo + 1.0, *std::max_element(xs.begin(), xs.end()));
  }
  const Panel bottom_panel{left, title + panel_height + gap, w - left - right, panel_height,
                           g_lo, g_hi, s_lo, s_hi};
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"13\" text-anchor=\"middle\">{}</text>\n",
                     w / 2, bottom_panel.top - 10, xmlEscape(options.seriesTitle));
  yAxis(svg, bottom_panel, options.seriesLabel);
  for (double t : niceTicks(g_lo, g_hi)) {
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"middle\">{}</text>\n",
                       bottom_panel.x(t), bottom_panel.top + bottom_panel.height + 16, tickLabel(t));
  }
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\" text-anchor=\"middle\">games</text>\n",
                     bottom_panel.left + bottom_panel.width / 2, bottom_panel.top + bottom_panel.height + 34);
  // The band: upper edge forward, lower edge back, over points with both ends.
  std::string upper, lower;
  for (const SeriesPoint& p : series) {
    if (std::isnan(p.low) || std::isnan(p.high) || !std::isfinite(p.games)) continue;
    upper += fmt::format("{}{:.1f},{:.1f}", upper.empty() ? "M" : " L", bottom_panel.x(p.games),
                         bottom_panel.y(p.high));
    lower = fmt::format(" L{:.1f},{:.1f}", bottom_panel.x(p.games), bottom_panel.y(p.low)) + lower;
  }
  if (!upper.empty())
    svg += fmt::format("<path class=\"series-band\" d=\"{}{} Z\" fill=\"#1f5fa8\" fill-opacity=\"0.2\" stroke=\"none\"/>\n",
                       upper, lower);
  std::string line;
  bool pen_down = false;
  for (const SeriesPoint& p : series) {
    if (!std::isfinite(p.value) || !std::isfinite(p.games)) {
      pen_down = false;
      continue;
    }
    line += fmt::format("{}{:.1f},{:.1f}", pen_down ? " L" : (line.empty() ? "M" : " M"),
                        bottom_panel.x(p.games), bottom_panel.y(p.value));
    pen_down = true;
  }
  if (!line.empty())
    svg += fmt::format("<path class=\"series-line\" d=\"{}\" fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"1.5\"/>\n",
                       line);
  if (series.empty())
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\" text-anchor=\"middle\">no data</text>\n",
                       bottom_panel.left + bottom_panel.width / 2, bottom_panel.top + bottom_panel.height / 2);
  svg += "</svg>";
  return svg;
}

std::vector<SeriesPoint> headToHeadEloSeries(std::span<const RatedGame> games, int a, int b, int every) {
  if (every < 1) throw std::invalid_argument("headToHeadEloSeries: every must be positive");
  std::vector<SeriesPoint> out;
  Trinomial t;
  auto push = [&] {
    const Interval e = trinomialElo(t);
    out.push_back({static_cast<double>(t.games()), e.estimate, e.low, e.high});
  };
  for (const RatedGame& g : games) {
    const auto score = g.scoreOf(a, b);
    if (!score) continue;
    t.add(*score);
    if (t.games() % every == 0) push();
  }
  if (t.games() % every != 0) push();
  return out;
}

std::vector<SeriesPoint> scoreSeries(std::span<const RatedGame> games, int player, int every) {
  if (every < 1) throw std::invalid_argument("scoreSeries: every must be positive");
  std::vector<SeriesPoint> out;
  Trinomial t;
  auto push = [&] {
    const double s = t.score();
    const double se = trinomialScoreStdError(t);
    out.push_back({static_cast<double>(t.games()), s, std::clamp(s - kZ95 * se, 0.0, 1.0),
                   std::clamp(s + kZ95 * se, 0.0, 1.0)});
  };
  for (const RatedGame& g : games) {
    const auto score = g.scoreOf(player);
    if (!score) continue;
    t.add(*score);
    if (t.games() % every == 0) push();
  }
  if (t.games() % every != 0) push();
  return out;
}

}  // namespace junqi
