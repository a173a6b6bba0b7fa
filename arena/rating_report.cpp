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

constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

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
  if (it == j.end() || it->is_null()) return kNoValue;
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
  if (s.empty()) return kNoValue;
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

}  // namespace

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
    row.score = p.games > 0 ? p.points / p.games : kNoValue;
    row.elo = p.elo;
    row.low = p.low;
    row.high = p.high;
    row.losNext = kNoValue;
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

SprtTrace sprtTrace(std::span<const RatedGame> games, int a, int b, const SprtConfig& config, bool paired,
                    int points) {
  SprtTrace out;
  out.lower = config.lowerBound();
  out.upper = config.upperBound();
  out.hypotheses = fmt::format("H0: {:g} Elo, H1: {:g} Elo, alpha {:g}, beta {:g}", config.elo0, config.elo1,
                               config.alpha, config.beta);
  std::vector<RatedGame> between;
  for (const RatedGame& g : games)
    if (g.scoreOf(a, b)) between.push_back(g);
  // Every `every`-th prefix (and the whole): the counts are redone for each, a
  // quadratic cost kept small by the number of points.
  const std::size_t every = std::max<std::size_t>(1, between.size() / static_cast<std::size_t>(std::max(1, points)));
  for (std::size_t n = 1; n <= between.size(); ++n) {
    if (n % every != 0 && n != between.size()) continue;
    const std::span<const RatedGame> prefix(between.data(), n);
    const SprtStatus s = paired ? sprtStatus(pentanomialCounts(prefix, a, b).penta, config)
                                : sprtStatus(trinomialCounts(prefix, a, b), config);
    out.llr.emplace_back(static_cast<double>(n), s.llr);
  }
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

// Per pairing: results overall and by seat, game pairs (pentanomial), the
// head-to-head Elo with its interval and the likelihood of superiority.
std::string formatPairingTable(const std::vector<std::string>& names, const std::vector<RatedGame>& games) {
  std::string out = fmt::format("\n{:<28} {:>5}  {:>11}  {:>11}  {:>11}  {:>17}  {:>26}  {:>6}\n", "pairing (first's view)",
                                "games", "W-D-L", "as red", "as blue", "pairs 0/.5/1/1.5/2", "Elo (95% interval)", "LOS");
  const int n = static_cast<int>(names.size());
  const auto wdl = [](const Trinomial& t) { return fmt::format("{}-{}-{}", t.wins, t.draws, t.losses); };
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) {
      const Trinomial all = trinomialCounts(games, a, b);
      if (all.games() == 0) continue;
      std::vector<RatedGame> asRed, asBlue;
      for (const RatedGame& g : games) {
        if (g.first == a && g.second == b) asRed.push_back(g);
        if (g.first == b && g.second == a) asBlue.push_back(g);
      }
      const Pentanomial p = pentanomialCounts(games, a, b).penta;
      const Interval elo = p.pairs() > 1 ? pentanomialElo(p) : trinomialElo(all);
      out += fmt::format("{:<28} {:>5}  {:>11}  {:>11}  {:>11}  {:>17}  {:>26}  {:>5.1f}%\n",
                         names[a] + " vs " + names[b], all.games(), wdl(all), wdl(trinomialCounts(asRed, a, b)),
                         wdl(trinomialCounts(asBlue, a, b)),
                         fmt::format("{}/{}/{}/{}/{}", p.counts[0], p.counts[1], p.counts[2], p.counts[3], p.counts[4]),
                         fmt::format("{:+.0f} [{:+.0f}, {:+.0f}]", elo.estimate, elo.low, elo.high),
                         100 * likelihoodOfSuperiority(static_cast<double>(all.wins), static_cast<double>(all.losses)));
    }
  return out;
}

}  // namespace junqi
