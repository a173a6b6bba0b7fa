// One match of paired games for any game that provides the MatchGame
// interface below (Flip Junqi: arena/flip_match.h, four-player:
// arena/four_match.h): each start (a deal, four layouts) is played twice
// with the players swapping seats, N games at a time, a record of every game,
// resumption (a match run again in the same directory plays only the games
// not yet recorded; Ctrl-C keeps the finished ones), the progress line, an
// SPRT for a head-to-head, and the reports of every match (games.pgn,
// ratings.txt/json/csv, report.svg: arena/match_driver.h).
//
// With external bots every game has a start of its own (keyed per game, seats
// still swapped by pairs): a replayed start would show a bot, in the second
// game of a pair, the deal or the layouts it saw from the other side in the
// first (docs/match.md "What a bot can see").
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "arena/match.h"
#include "arena/match_driver.h"
#include "arena/match_runner.h"
#include "arena/match_seeds.h"
#include "core/files.h"
#include "core/stopwatch.h"

namespace junqi {

template <class G>
struct PairedMatchOptions {
  typename G::Rules rules;
  // The game's agent specs or bot commands (JBP).
  std::vector<MatchPlayer> players;
  MatchSchedule schedule = MatchSchedule::RoundRobin;
  int pairs = 10;  // starts per pairing: two games each, seats swapped
  int concurrency = 1;
  std::uint64_t seed = 1;
  int maxPlies = G::kMaxPlies;  // then a draw is adjudicated
  double hangSeconds = 60;      // an external bot silent this long has hung: it forfeits
  std::string outDir;           // required: games/, match.json, ratings.*, games.pgn, report.svg
  std::optional<SprtConfig> sprt;  // head-to-head only
};

// A finished game of the match, read back from its record.
template <class G>
struct PairedMatchResult {
  PairedGame game;
  typename G::Outcome outcome;
  int plies = 0;
  bool resumed = false;  // read back from an earlier run's record
};

template <class G>
struct PairedMatchSummary {
  std::vector<PairedMatchResult<G>> results;  // finished games in schedule order
  EloFit ratings;
  std::optional<SprtStatus> sprt;
  bool stoppedEarly = false;  // the SPRT decided before the schedule was done
  std::string table;          // the printed rating table
};

// What a game gives the match: its rules, the start of a pair (or of one game)
// from the match seed, one game played between the players' agents or bots to
// its record's text, the record read back, and the result as a score.
template <class G>
concept MatchGame = requires(const typename G::Rules& rules, const PairedMatchOptions<G>& o, const PairedGame& g,
                             const typename G::Start& start, const typename G::Outcome& outcome,
                             const std::string& text, const MatchPlayer& player,
                             const std::vector<PairedMatchResult<G>>& results) {
  { G::kVariant } -> std::convertible_to<std::string_view>;  // in match.json: "flip"
  { G::kTitle } -> std::convertible_to<std::string_view>;    // in messages: "Flip Junqi"
  { G::kExtension } -> std::convertible_to<std::string_view>;  // of its records: "jqf"
  { G::kMaxPlies } -> std::convertible_to<int>;
  { rules.toString() } -> std::convertible_to<std::string>;
  // Throws for a player that cannot play the game (a spec that does not parse).
  G::checkPlayer(player);
  // Starts the bot once; throws (naming why) when it cannot play.
  G::checkBotStarts(player, o.hangSeconds, text);
  // The start both games of pair `pair` share; the start of game `game` alone.
  { G::pairStart(rules, std::uint64_t{}, int{}) } -> std::same_as<typename G::Start>;
  { G::gameStart(rules, std::uint64_t{}, int{}) } -> std::same_as<typename G::Start>;
  // Game g from `start`, its agents seeded from the game seed: its record's text.
  { G::playRecord(o, g, start, std::uint64_t{}) } -> std::same_as<std::string>;
  // A record read back: throws for a damaged one.
  { G::readRecord(text) } -> std::same_as<std::pair<typename G::Outcome, int>>;
  { G::firstScore(outcome) } -> std::same_as<double>;  // 1, 0.5 or 0 for the first player
  { G::termination(outcome) } -> std::convertible_to<std::string>;
  // More to print after the table (written to a file of its own); empty: none.
  { G::extraReport(o, results) } -> std::same_as<std::string>;
};

// An external bot's standard error goes to DIR/NAME.stderr.log.
inline std::string botStderrLog(const std::string& outDir, const std::string& name) {
  return (std::filesystem::path(outDir) / (name + ".stderr.log")).string();
}

template <class G>
class PairedMatch : public StoppableMatch {
  static_assert(MatchGame<G>);

 public:
  using Options = PairedMatchOptions<G>;
  using Result = PairedMatchResult<G>;
  using Summary = PairedMatchSummary<G>;

  // Throws std::invalid_argument for a bad configuration (fewer than two
  // players, a bad name or spec, an SPRT outside a head-to-head).
  explicit PairedMatch(Options options) : options_(std::move(options)) {
    checkMatchPlayers(options_.players, options_.outDir, [](const MatchPlayer& p) {
      if (p.command.empty()) G::checkPlayer(p);  // fail now, not in the middle of the match
    });
    if (options_.sprt && options_.players.size() != 2)
      throw std::invalid_argument("match: an SPRT needs a head-to-head match (two players)");
    schedule_ = pairedSchedule(static_cast<int>(options_.players.size()), options_.schedule, options_.pairs);
    botsPlay_ = std::any_of(options_.players.begin(), options_.players.end(),
                            [](const MatchPlayer& p) { return !p.command.empty(); });
  }
  const Options& options() const { return options_; }
  const std::vector<PairedGame>& schedule() const { return schedule_; }
  // How many games of the schedule have a record in the directory.
  int recordedGames() const {
    int recorded = 0;
    for (const PairedGame& g : schedule_) recorded += std::filesystem::exists(recordPath(g.index));
    return recorded;
  }
  // Games played elsewhere (an MPI match): run() hands each game not yet recorded to `remote`.
  void playElsewhere(RemotePairedGames remote) { remote_ = std::move(remote); }
  // The start game g is played from: its pair's, or with external bots its own.
  typename G::Start startOf(const PairedGame& g) const {
    return botsPlay_ ? G::gameStart(options_.rules, options_.seed, g.index)
                     : G::pairStart(options_.rules, options_.seed, g.pair);
  }
  // Plays game g and returns its record's text; writes nothing but an external bot's stderr log.
  std::string playRecord(const PairedGame& g) const {
    return G::playRecord(options_, g, startOf(g), matchGameSeed(options_.seed, g.index));
  }
  // Plays every game not yet recorded (until requestStop() or a decided SPRT),
  // a progress line after each; writes the records as games finish and the
  // reports at the end. First starts each external bot once: one that cannot
  // play stops the match, named, before any game.
  Summary run(const std::function<void(const std::string&)>& progress = {});

 private:
  std::string recordPath(int index) const {
    return (std::filesystem::path(options_.outDir) / "games" / fmt::format("game-{:05}.{}", index, G::kExtension))
        .string();
  }
  std::optional<Result> loadRecorded(const PairedGame& g) const {
    const std::string path = recordPath(g.index);
    if (!std::filesystem::exists(path)) return std::nullopt;
    try {
      return resultOf(g, readFile(path), true);
    } catch (const std::exception& e) {
      throw std::runtime_error(fmt::format("match: cannot resume from {}: {}", path, e.what()));
    }
  }
  Result resultOf(const PairedGame& g, const std::string& record, bool resumed) const {
    const auto [outcome, plies] = G::readRecord(record);
    return Result{g, outcome, plies, resumed};
  }
  Result play(const PairedGame& g) const {
    const std::string record = remote_.play ? remote_.play(g) : playRecord(g);
    Result r;
    try {
      r = resultOf(g, record, false);
    } catch (const std::exception& e) {
      throw std::runtime_error(fmt::format("match: game {} came back broken: {}", g.index, e.what()));
    }
    writeFileAtomically(recordPath(g.index), record);
    return r;
  }
  void claimRunDirectory() const {
    nlohmann::json config = pairedMatchConfig(std::string(G::kVariant), options_.rules.toString(), options_.players,
                                              options_.schedule, options_.pairs, options_.seed, options_.maxPlies);
    if (botsPlay_) config["pairing"] = "fresh-starts";  // older directories with bots replayed starts: refused
    claimMatchDirectory(options_.outDir, config);
  }
  void checkBotsStart() const {
    for (const MatchPlayer& p : options_.players) {
      if (p.command.empty()) continue;
      try {
        G::checkBotStarts(p, options_.hangSeconds, botStderrLog(options_.outDir, p.name));
      } catch (const std::exception& e) {
        throw std::runtime_error(fmt::format("match: bot {} cannot play: {}", p.name, e.what()));
      }
    }
  }
  MatchReportSettings reportSettings() const {
    MatchReportSettings s;
    s.outDir = options_.outDir;
    s.ruleset = options_.rules.toString();
    for (const MatchPlayer& p : options_.players) s.names.push_back(p.name);
    s.sprt = options_.sprt;
    return s;
  }
  std::vector<RatedGame> rated(const std::vector<Result>& results) const {
    std::vector<RatedGame> games;
    for (const Result& r : results) games.push_back(ratedPairedGame(r.game, G::firstScore(r.outcome), options_.pairs));
    return games;
  }
  bool sprtDecided(const std::vector<Result>& results, Summary& summary) const {
    summary.sprt = matchSprtStatus(reportSettings(), rated(results));
    return summary.sprt && summary.sprt->decision != SprtDecision::kContinue;
  }
  std::string progressLine(const std::vector<Result>& results, const Stopwatch& clock, int remaining) const {
    MatchProgress p;
    p.total = schedule_.size();
    p.seconds = clock.wallSeconds();
    p.remaining = remaining;
    for (const Result& r : results) p.playedNow += !r.resumed;
    if (!remote_.play)  // games played elsewhere spend other processes' CPU time
      p.cpuNote = fmt::format("{:.1f} a CPU-minute", 60.0 * p.playedNow / std::max(1e-9, clock.cpuSeconds()));
    return matchProgressLine(reportSettings(), rated(results), p);
  }
  void writeReports(Summary& summary) const {
    std::vector<PgnGame> pgn;
    for (const Result& r : summary.results) {
      const double score = G::firstScore(r.outcome);
      pgn.push_back({r.game.index, r.game.first, r.game.second, pgnResult(score), G::termination(r.outcome),
                     r.game.pair, r.plies, ""});
    }
    summary.table = writeMatchReports(reportSettings(), rated(summary.results), pgn, summary.ratings);
    if (const std::string more = G::extraReport(options_, summary.results); !more.empty()) summary.table += "\n" + more;
  }

  Options options_;
  std::vector<PairedGame> schedule_;
  bool botsPlay_ = false;  // external bots play: every game has a start of its own
  RemotePairedGames remote_;
};

template <class G>
typename PairedMatch<G>::Summary PairedMatch<G>::run(const std::function<void(const std::string&)>& progress) {
  claimRunDirectory();
  const Stopwatch clock;
  std::vector<std::optional<Result>> done(schedule_.size());
  std::vector<int> todo;
  for (const PairedGame& g : schedule_)
    if (!(done[static_cast<std::size_t>(g.index)] = loadRecorded(g))) todo.push_back(g.index);
  Summary summary;
  std::vector<Result> loaded;
  for (const auto& r : done)
    if (r) loaded.push_back(*r);
  if (sprtDecided(loaded, summary)) stop_ = summary.stoppedEarly = true;
  if (!todo.empty() && !stop_) checkBotsStart();
  summary.results = driveMatchGames<Result>(
      std::move(done), todo, remote_.play ? remote_.places : options_.concurrency, stop_,
      [this](int index, int) { return play(schedule_[static_cast<std::size_t>(index)]); },
      [&](const std::vector<Result>& results, int remaining) {
        if (sprtDecided(results, summary)) stop_ = summary.stoppedEarly = true;
        if (progress) progress(progressLine(results, clock, remaining));
      });
  writeReports(summary);
  return summary;
}

}  // namespace junqi
