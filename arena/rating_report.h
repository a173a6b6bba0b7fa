// Reports of a fitted rating table (arena/ratings.h): a text table, JSON and
// CSV (both read back), and an SVG picture with two or three panels: Elo with
// its 95% interval per player, a series over time (e.g. a head-to-head Elo
// estimate, or a cumulative score, after each game, with its interval), and,
// when the match ran an SPRT, its log-likelihood ratio between the bounds.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "arena/ratings.h"

namespace junqi {

// One player's line, rows ordered by Elo (best first; players with no games
// last, in index order).
struct RatingRow {
  int rank = 0;    // 1, 2, ...
  int player = 0;  // index in the fit
  std::string name;
  int games = 0;
  int wins = 0;
  int draws = 0;
  int losses = 0;
  double points = 0.0;  // wins + draws / 2
  double score = 0.0;   // points / games; NaN with no games
  double elo = 0.0;     // NaN with no games
  double low = 0.0;     // 95% interval
  double high = 0.0;
  // Likelihood that this player is stronger than the next row's (from the
  // fit's covariance); NaN on the last rated row and rows with no games.
  double losNext = 0.0;
};

struct RatingTable {
  std::vector<RatingRow> rows;
  int games = 0;
  std::string anchor;  // "mean" or the anchor player's name
  double anchorElo = 0.0;
  Interval firstMoveElo;
  Interval drawNu;
  bool converged = true;
};

// `names` holds one name per player of the fit (missing names become
// "player<i>").
RatingTable makeRatingTable(std::span<const std::string> names, const EloFit& fit);

// Fixed-width text table, with a line on the first-move advantage, the draw
// parameter and the anchor.
std::string formatRatingTable(const RatingTable& table);
// Per pairing: results overall and by seat, game pairs (pentanomial), the
// head-to-head Elo with its interval and the likelihood of superiority.
std::string formatPairingTable(const std::vector<std::string>& names, const std::vector<RatedGame>& games);

// JSON: {"games", "anchor", "anchor_elo", "converged", "first_move_elo":
// {"estimate","low","high"}, "draw_nu": {...}, "players": [{"rank", "player",
// "name", "games", "wins", "draws", "losses", "points", "score", "elo", "low",
// "high", "los_next"}]}. Non-finite numbers are written as null and read back
// as NaN.
nlohmann::json ratingTableToJson(const RatingTable& table);
RatingTable ratingTableFromJson(const nlohmann::json& json);

// CSV (RFC 4180): a header line, then one line per row with the fields of
// RatingRow in order; numbers in their shortest exact form, NaN as an empty
// field, names quoted when needed. Throws std::invalid_argument on a malformed
// text.
std::string ratingTableToCsv(const RatingTable& table);
std::vector<RatingRow> ratingRowsFromCsv(std::string_view csv);

// A value after `games` games with its interval (low, high may be infinite or
// NaN; they are then clipped or left out of the picture).
struct SeriesPoint {
  double games = 0.0;
  double value = 0.0;
  double low = 0.0;
  double high = 0.0;
};

// An SPRT's log-likelihood ratio as games were played, and its bounds.
struct SprtTrace {
  std::vector<std::pair<double, double>> llr;  // (games, LLR)
  double lower = 0.0;
  double upper = 0.0;
  std::string hypotheses;  // e.g. "H0: 0 Elo, H1: 5 Elo, alpha 0.05, beta 0.05"
};

struct SvgOptions {
  std::string title = "Ratings";
  std::string seriesTitle = "Over time";
  std::string seriesLabel = "Elo";  // y axis of the second panel
  int width = 800;
  int height = 640;  // with an SPRT panel, half as much again
  std::optional<SprtTrace> sprt;  // a third panel when set
};

// A standalone SVG document (from "<svg" to "</svg>", no XML prolog): one error bar (<g class="elo-bar">) per player
// with games, and the series as a line with a shaded interval; every panel with
// tick labels and a title on both axes (classes "tick x|y", "axis-title x|y").
std::string ratingSvg(const RatingTable& table, std::span<const SeriesPoint> series,
                      const SvgOptions& options = {});

// Series helpers. The head-to-head logistic Elo of `a` against `b` with its
// trinomial 95% interval after every `every` games between them (and after the
// last), in game order; infinite while a has scored 0 or 100%.
std::vector<SeriesPoint> headToHeadEloSeries(std::span<const RatedGame> games, int a, int b,
                                             int every = 1);
// The SPRT's LLR between a and b after each game (paired: after each game of
// a finished pair, from pentanomial counts; else from trinomial counts), at
// most about `points` values, always the last.
SprtTrace sprtTrace(std::span<const RatedGame> games, int a, int b, const SprtConfig& config, bool paired,
                    int points = 300);
// `player`'s cumulative score fraction over its games, with a 95% interval
// (normal approximation, clipped to [0, 1]).
std::vector<SeriesPoint> scoreSeries(std::span<const RatedGame> games, int player, int every = 1);

}  // namespace junqi
