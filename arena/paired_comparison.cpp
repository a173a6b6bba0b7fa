#include "arena/paired_comparison.h"

#include <cmath>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "arena/ratings.h"
#include "core/files.h"

namespace junqi {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void refuse(const std::string& why) { throw std::runtime_error(why); }

nlohmann::json matchJson(const std::string& dir) {
  const std::string path = (fs::path(dir) / "match.json").string();
  if (!fs::exists(path)) refuse(fmt::format("{} is not a match directory (it has no match.json)", dir));
  try {
    return nlohmann::json::parse(readFile(path));
  } catch (const std::exception& e) {
    refuse(fmt::format("{} is unreadable: {}", path, e.what()));
  }
}

std::vector<std::string> playersOf(const nlohmann::json& match, const std::string& dir) {
  std::vector<std::string> names;
  if (match.contains("players") && match["players"].is_array())
    for (const nlohmann::json& p : match["players"])
      if (p.contains("name") && p["name"].is_string()) names.push_back(p["name"].get<std::string>());
  if (names.size() != 2)
    refuse(fmt::format("{} holds a match of {} players: compare takes head-to-head matches", dir, names.size()));
  return names;
}

// A game of games.pgn: its players, White's score and pair (the tags the match writes).
struct PgnEntry {
  std::string white, black;
  double whiteScore = 0;
  int pair = -1;
};

// White's score of a PGN result; throws naming the place for any other result.
double whiteScoreOf(const std::string& result, const std::string& where) {
  if (result == "1-0") return 1;
  if (result == "0-1") return 0;
  if (result == "1/2-1/2") return 0.5;
  refuse(fmt::format("{}: a game with the result '{}'", where, result));
}

std::vector<PgnEntry> readPgn(const std::string& dir) {
  const std::string path = (fs::path(dir) / "games.pgn").string();
  if (!fs::exists(path))
    refuse(fmt::format("{} has no games.pgn (no game finished yet, or not kept: `junqi match` rerun there with its "
                       "records writes it again)",
                       dir));
  std::vector<PgnEntry> games;
  const std::string text = readFile(path);
  std::size_t at = 0;
  for (int line = 1; at < text.size(); ++line) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    const std::string_view l(text.data() + at, end - at);
    at = end + 1;
    if (!l.starts_with('[')) continue;
    const std::size_t space = l.find(' '), open = l.find('"'), close = l.rfind('"');
    if (space == std::string_view::npos || open == std::string_view::npos || close <= open)
      refuse(fmt::format("{} line {}: not a PGN tag", path, line));
    const std::string_view key = l.substr(1, space - 1);
    const std::string value(l.substr(open + 1, close - open - 1));
    if (key == "Event") games.emplace_back();
    if (games.empty()) refuse(fmt::format("{} line {}: a tag before the first [Event]", path, line));
    if (key == "White") games.back().white = value;
    if (key == "Black") games.back().black = value;
    if (key == "Result") games.back().whiteScore = whiteScoreOf(value, fmt::format("{} line {}", path, line));
    if (key == "Pair") games.back().pair = std::atoi(value.c_str());
  }
  return games;
}

// The score of `player` in one game of the PGN; NaN when it did not play it.
double scoreOf(const PgnEntry& g, const std::string& player) {
  if (g.white == player) return g.whiteScore;
  if (g.black == player) return 1 - g.whiteScore;
  return std::numeric_limits<double>::quiet_NaN();
}

// The mean of `values` (each in [lowest, highest]) with its 95% normal
// interval. Where all are equal there is no spread to measure: Wilson's
// interval for `trials` trials over that range instead, as the match tables do.
MeanInterval meanInterval(const std::vector<double>& values, double lowest, double highest, double trials) {
  MeanInterval m;
  m.count = static_cast<int>(values.size());
  if (values.empty()) return m;
  double sum = 0;
  for (const double v : values) sum += v;
  m.mean = sum / m.count;
  double squares = 0;
  for (const double v : values) squares += (v - m.mean) * (v - m.mean);
  if (m.count > 1 && squares == 0) {
    const double range = highest - lowest;
    const Interval w = wilsonInterval((m.mean - lowest) / range, trials);
    m.low = lowest + w.low * range, m.high = lowest + w.high * range;
    return m;
  }
  const double half = m.count > 1 ? kZ95 * std::sqrt(squares / (m.count - 1) / m.count)
                                  : std::numeric_limits<double>::quiet_NaN();
  m.low = m.mean - half, m.high = m.mean + half;
  return m;
}

// A player's score over its pairs; with no spread, Wilson's interval for its games.
MeanInterval scoreOver(const PlayerPairs& p) {
  std::vector<double> scores;
  for (const auto& [pair, score] : p.pairScore) scores.push_back(score);
  return meanInterval(scores, 0, 1, p.games);
}

}  // namespace

std::string firstPlayerOf(const std::string& dir) { return playersOf(matchJson(dir), dir).front(); }

PlayerPairs readPlayerPairs(const std::string& dir, const std::string& player) {
  const std::vector<std::string> names = playersOf(matchJson(dir), dir);
  if (player != names[0] && player != names[1])
    refuse(fmt::format("{} has no player '{}' (its players: {}, {})", dir, player, names[0], names[1]));
  PlayerPairs out{dir, player, player == names[0] ? names[1] : names[0], {}, 0};
  std::map<int, std::vector<double>> byPair;
  for (const PgnEntry& g : readPgn(dir))
    if (const double s = scoreOf(g, player); !std::isnan(s) && g.pair >= 0) byPair[g.pair].push_back(s);
  for (const auto& [pair, scores] : byPair)
    if (scores.size() == 2) {  // a pair whose second game is not played yet is left out
      out.pairScore[pair] = (scores[0] + scores[1]) / 2;
      out.games += 2;
    }
  return out;
}

void checkSameStarts(const std::string& dirA, const std::string& dirB) {
  const nlohmann::json a = matchJson(dirA), b = matchJson(dirB);
  for (const auto& [dir, match] : {std::pair{dirA, a}, std::pair{dirB, b}})
    if (match.value("agent_layouts", false))
      refuse(fmt::format("in {} the agents chose their own layouts: its starts are not the other match's", dir));
  // What decides the starts; a key a match lacks (or leaves empty) reads as none.
  const auto startSetting = [](const nlohmann::json& match, const char* key) -> nlohmann::json {
    if (!match.contains(key) || match[key] == "") return nullptr;
    return match[key];
  };
  for (const char* key : {"variant", "ruleset", "seed", "seed_check", "layout_book", "pairing"}) {
    const nlohmann::json x = startSetting(a, key), y = startSetting(b, key);
    if (x != y)
      refuse(fmt::format("{} and {} were not played on the same starts: {} {} and {}", dirA, dirB, key,
                         x.is_null() ? "(none)" : x.dump(), y.is_null() ? "(none)" : y.dump()));
  }
}

PairedComparison comparePairs(const PlayerPairs& a, const PlayerPairs& b) {
  std::vector<double> differences;
  for (const auto& [pair, score] : b.pairScore)
    if (const auto it = a.pairScore.find(pair); it != a.pairScore.end()) differences.push_back(score - it->second);
  if (differences.empty()) refuse(fmt::format("no pair of games was finished in both {} and {}", a.dir, b.dir));
  // A pair's difference lies in [-1, 1]; with no spread, Wilson's interval for the pairs.
  const double pairs = static_cast<double>(differences.size());
  return {scoreOver(a), scoreOver(b), meanInterval(differences, -1, 1, pairs)};
}

}  // namespace junqi
