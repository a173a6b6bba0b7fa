#include "arena/match_driver.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "arena/rating_report.h"
#include "core/files.h"

namespace junqi {

namespace fs = std::filesystem;

std::string pgnResult(double firstScore) {
  if (firstScore == 0.5) return "1/2-1/2";
  return firstScore > 0.5 ? "1-0" : "0-1";
}

std::optional<SprtStatus> matchSprtStatus(const MatchReportSettings& s, const std::vector<RatedGame>& games) {
  if (!s.sprt) return std::nullopt;
  return s.pairedSprt ? sprtStatus(pentanomialCounts(games, 0, 1).penta, *s.sprt)
                      : sprtStatus(trinomialCounts(games, 0, 1), *s.sprt);
}

namespace {

// " | a vs b +5 =1 -6 | Elo ... | LLR ...": a head-to-head's standing.
std::string headToHeadPart(const MatchReportSettings& s, const std::vector<RatedGame>& games) {
  const Trinomial t = trinomialCounts(games, 0, 1);
  std::string line = fmt::format(" | {} vs {} +{} ={} -{}", s.names[0], s.names[1], t.wins, t.draws, t.losses);
  const PairCounts pc = pentanomialCounts(games, 0, 1);
  const Interval elo = pc.penta.pairs() > 1 ? pentanomialElo(pc.penta) : trinomialElo(t);
  if (t.games() > 1 && std::isfinite(elo.estimate))
    line += fmt::format(" | Elo {:+.0f} [{:+.0f}, {:+.0f}]", elo.estimate, elo.low, elo.high);
  if (s.sprt && pc.penta.pairs() > 0)
    line += fmt::format(" | LLR {:.2f} ({:.2f}, {:.2f})", sprtStatus(pc.penta, *s.sprt).llr, s.sprt->lowerBound(),
                        s.sprt->upperBound());
  return line;
}

// " | leader NAME +123": a match of more players.
std::string leaderPart(const MatchReportSettings& s, const std::vector<RatedGame>& games) {
  if (games.empty()) return "";
  const EloFit fit = fitElo(static_cast<int>(s.names.size()), games);
  int best = 0;
  for (int i = 1; i < static_cast<int>(fit.players.size()); ++i)
    if (fit.players[i].games && (!fit.players[best].games || fit.players[i].elo > fit.players[best].elo)) best = i;
  return fmt::format(" | leader {} {:+.0f}", s.names[best], fit.players[best].elo);
}

}  // namespace

std::string matchProgressLine(const MatchReportSettings& s, const std::vector<RatedGame>& games,
                              const MatchProgress& p) {
  std::string line = fmt::format("games {}/{}", games.size(), p.total);
  line += s.names.size() == 2 ? headToHeadPart(s, games) : leaderPart(s, games);
  if (p.seconds > 0 && p.remaining >= 0 && p.playedNow > 0) {
    const double eta = p.seconds / p.playedNow * p.remaining;
    const std::string cpu = p.cpuNote.empty() ? "" : fmt::format(" ({})", p.cpuNote);
    line += fmt::format(" | {:.1f} games/min{} | ETA {}:{:02}:{:02}", 60.0 * p.playedNow / p.seconds, cpu,
                        static_cast<int>(eta / 3600), static_cast<int>(eta / 60) % 60, static_cast<int>(eta) % 60);
  }
  return line;
}

namespace {

std::string pgnText(const MatchReportSettings& s, const std::vector<PgnGame>& pgn) {
  std::string text;
  for (const PgnGame& g : pgn) {
    text += fmt::format(
        "[Event \"junqi match\"]\n[Site \"{}\"]\n[Round \"{}\"]\n[White \"{}\"]\n[Black \"{}\"]\n[Result \"{}\"]\n"
        "[Termination \"{}\"]\n[Ruleset \"{}\"]\n[Pair \"{}\"]\n[PlyCount \"{}\"]\n",
        s.outDir, g.index + 1, s.names[g.first], s.names[g.second], g.result, g.termination, s.ruleset, g.pair,
        g.plies);
    std::string version = g.version;
    std::erase_if(version, [](char c) { return c == '"' || c == '\\'; });
    if (!version.empty()) text += fmt::format("[JunqiVersion \"{}\"]\n", version);
    text += fmt::format("\n{}\n\n", g.result);
  }
  return text;
}

// The picture: the table with error bars, and the first player's results as the match went on.
std::string reportSvg(const MatchReportSettings& s, const std::vector<RatedGame>& games, const RatingTable& table) {
  SvgOptions svg;
  svg.title = fmt::format("junqi match, {} games", games.size());
  if (s.names.size() == 2) {
    svg.seriesTitle = fmt::format("{} against {}: Elo after each game (95% interval)", s.names[0], s.names[1]);
    svg.seriesLabel = "Elo";
    if (s.sprt) svg.sprt = sprtTrace(games, 0, 1, *s.sprt, s.pairedSprt);  // counted as the SPRT counts
    return ratingSvg(table, headToHeadEloSeries(games, 0, 1), svg);
  }
  svg.seriesTitle = fmt::format("{}: score after each game", s.names[0]);
  svg.seriesLabel = "score";
  return ratingSvg(table, scoreSeries(games, 0), svg);
}

}  // namespace

std::string writeMatchReports(const MatchReportSettings& s, const std::vector<RatedGame>& games,
                              const std::vector<PgnGame>& pgn, EloFit& ratings) {
  const fs::path dir(s.outDir);
  writeFileAtomically((dir / "games.pgn").string(), pgnText(s, pgn));
  ratings = fitElo(static_cast<int>(s.names.size()), games);
  const RatingTable table = makeRatingTable(s.names, ratings);
  const std::string text = formatRatingTable(table) + formatPairingTable(s.names, games);
  writeFileAtomically((dir / "ratings.txt").string(), text);
  writeFileAtomically((dir / "ratings.json").string(), ratingTableToJson(table).dump(2) + "\n");
  writeFileAtomically((dir / "ratings.csv").string(), ratingTableToCsv(table));
  writeFileAtomically((dir / "report.svg").string(), reportSvg(s, games, table));
  return text;
}

}  // namespace junqi
