// The one match of every game (classic: arena/classic/classic_match.h, Flip Junqi:
// arena/flip/flip_match.h, four-player: arena/four/four_match.h), over the game
// interface MatchGame below: each start (a layout pair, a deal, four layouts)
// is played twice with the players swapping seats, N games at a time, a
// record of every game, resumption (a match run again in the same directory
// plays only the games not yet recorded; Ctrl-C keeps the finished ones), a
// start book, games in progress for onlookers (--live), the progress line, an
// SPRT for a head-to-head, games played elsewhere (MPI), and the reports of
// every match (games.pgn, ratings.txt/json/csv, report.svg:
// arena/match_driver.h).
//
// With external bots every game has a start of its own (keyed per game, seats
// still swapped by pairs): a replayed start would show a bot, in the second
// game of a pair, the layouts or the deal it saw from the other side in the
// first (docs/match.md "What a bot can see").
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "arena/match_driver.h"
#include "arena/match_runner.h"
#include "arena/match_seeds.h"
#include "arena/match_settings.h"
#include "core/files.h"
#include "core/outcome.h"
#include "core/stopwatch.h"

namespace junqi {

// The options of a match of game G besides the shared ones: its rules.
template <class G>
struct PairedMatchOptions : MatchSettings {
  PairedMatchOptions() { maxPlies = G::kMaxPlies; }
  typename G::Rules rules;
};

// What the match reads of a game's record.
template <class Outcome>
struct RecordedGame {
  Outcome outcome;  // not over: an unfinished record
  int plies = 0;
  std::string detail;   // why a forfeit or adjudication happened; empty otherwise
  std::string version;  // of the program that played it (core/version.h); empty: unknown
  std::array<std::string, 2> players;  // the names in its first and second seats (or teams)
};

// A game just played: its record's text, and what the match reads of it.
template <class Outcome>
struct PlayedRecord {
  std::string text;
  RecordedGame<Outcome> game;
};

// A finished game of the match.
template <class G>
struct PairedMatchResult {
  PairedGame game;
  typename G::Outcome outcome;
  int plies = 0;
  bool resumed = false;  // read back from an earlier run's record
  std::string detail;    // why a forfeit or adjudication happened; empty otherwise
  std::string version;   // of the program that played it; empty: unknown (an older record)
};

template <class G>
struct PairedMatchSummary {
  std::vector<PairedMatchResult<G>> results;  // finished games in schedule order
  EloFit ratings;
  std::optional<SprtStatus> sprt;
  bool stoppedEarly = false;  // the SPRT decided before the schedule was done
  std::string table;          // the printed rating table
};

// What a game gives the match: its options (the shared ones and its rules),
// the start of a pair or of one game, one game played between the players'
// agents or bots to its record, the record read back, and the result as a
// score. Optional: `G::parseStart(options, line)`, a line of a start book
// (--layout-book; a game without it refuses a book in checkOptions).
template <class G>
concept MatchGame = requires(const typename G::Options& o, const PairedGame& g, const typename G::Start& start,
                             const typename G::Outcome& outcome, const std::string& text, const MatchPlayer& player,
                             const std::vector<PairedMatchResult<G>>& results, const MatchPath& path) {
  requires std::derived_from<typename G::Options, MatchSettings>;
  { G::kVariant } -> std::convertible_to<std::string_view>;    // in match.json: "flip"
  { G::kTitle } -> std::convertible_to<std::string_view>;      // in messages: "Flip Junqi"
  { G::kExtension } -> std::convertible_to<std::string_view>;  // of its records: "jqf"
  { G::kMaxPlies } -> std::convertible_to<int>;
  { G::kOrder } -> std::convertible_to<ScheduleOrder>;
  { G::rulesText(o) } -> std::convertible_to<std::string>;
  // Throws std::invalid_argument naming a setting the game's match lacks.
  G::checkOptions(o);
  // Throws for a player that cannot play the game (a spec that does not parse).
  G::checkPlayer(player);
  // Starts the bot once; throws (naming why) when it cannot play.
  G::startBot(o, player, text);
  // The start both games of pair `pair` share; the start of game `game` alone.
  { G::pairStart(o, int{}) } -> std::same_as<typename G::Start>;
  { G::gameStart(o, int{}) } -> std::same_as<typename G::Start>;
  // Game g played from `start` (its record so far written to `livePath`, unless empty).
  { G::playRecord(o, g, start, text) } -> std::same_as<PlayedRecord<typename G::Outcome>>;
  // A record read back: throws for a damaged one.
  { G::readRecord(text) } -> std::same_as<RecordedGame<typename G::Outcome>>;
  { G::firstScore(outcome) } -> std::same_as<double>;  // 1, 0.5 or 0 for the first player
  { outcome.isOver() } -> std::same_as<bool>;
  { outcome.reason } -> std::convertible_to<Termination>;
  // Whether the two games of a pair are rated as a pair (not when the agents choose their starts).
  { G::paired(o) } -> std::same_as<bool>;
  // match.json: the settings a rerun must repeat, paths written by `path`.
  { G::matchConfig(o, bool{}, path) } -> std::same_as<nlohmann::json>;
  // More to print after the table (written to a file of its own); empty: none.
  { G::extraReport(o, results) } -> std::same_as<std::string>;
};

template <class G>
class PairedMatch : public StoppableMatch {
 public:
  using Options = typename G::Options;
  using Result = PairedMatchResult<G>;
  using Summary = PairedMatchSummary<G>;

  // Throws std::invalid_argument for a bad configuration (fewer than two
  // players, a bad name or spec, an SPRT outside a head-to-head, a setting the
  // game lacks, a bad start book, a run directory holding another match).
  explicit PairedMatch(Options options);
  const Options& options() const { return options_; }
  const std::vector<PairedGame>& schedule() const { return schedule_; }
  // How many games of the schedule have a finished record in the directory.
  int recordedGames() const {
    int recorded = 0;
    for (const PairedGame& g : schedule_) recorded += loadRecorded(g).has_value();
    return recorded;
  }
  // Games played elsewhere (an MPI match): run() hands each game not yet recorded to `remote`.
  void playElsewhere(RemoteGames remote) { remote_ = std::move(remote); }
  void playElsewhere(RemotePairedGames remote) {
    remote_ = {[play = std::move(remote.play)](int, const PairedGame& g) { return RemoteGame{play(g), 0}; },
               remote.places, false};
  }
  // The start game g is played from: its pair's (from the book, or drawn),
  // or with external bots (and no book) its own.
  typename G::Start startOf(const PairedGame& g) const {
    if (!book_.empty()) return book_[static_cast<std::size_t>(g.pair) % book_.size()];
    return freshStarts_ ? G::gameStart(options_, g.index) : G::pairStart(options_, g.pair);
  }
  // Plays game g and returns its record's text; writes nothing but an external bot's stderr log.
  std::string playRecord(const PairedGame& g) const { return G::playRecord(options_, g, startOf(g), "").text; }
  // Plays every game not yet recorded (until requestStop() or a decided SPRT),
  // a progress line after each; writes the records as games finish and the
  // reports at the end. First starts each external bot once: one that cannot
  // play stops the match, named, with its standard error quoted, before any game.
  Summary run(const std::function<void(const std::string&)>& progress = {});

 private:
  std::string gamePath(const char* folder, int index) const {
    return (std::filesystem::path(options_.outDir) / folder / fmt::format("game-{:05}.{}", index, G::kExtension))
        .string();
  }
  std::vector<typename G::Start> readBook() const;
  bool claimRunDirectory() {
    claimedHere_ = !std::filesystem::exists(std::filesystem::path(options_.outDir) / "match.json");
    const nlohmann::json config = G::matchConfig(options_, freshStarts_, movablePath(options_.movableRoot));
    const nlohmann::json asGiven = G::matchConfig(options_, freshStarts_, [](const std::string& p) { return p; });
    return claimMatchDirectory(options_.outDir, config, asGiven);
  }
  Result resultOf(const PairedGame& g, const RecordedGame<typename G::Outcome>& r, bool resumed) const {
    if (r.players[0] != options_.players[static_cast<std::size_t>(g.first)].name ||
        r.players[1] != options_.players[static_cast<std::size_t>(g.second)].name)
      throw std::runtime_error("its players are not the scheduled ones");
    return Result{g, r.outcome, r.plies, resumed, r.detail, r.version};
  }
  std::optional<Result> loadRecorded(const PairedGame& g) const;
  Result play(const PairedGame& g, int place) const;
  void checkBotsStart() const;
  void prepareLiveFolder() const;
  MatchReportSettings reportSettings() const {
    MatchReportSettings s;
    s.outDir = options_.outDir;
    s.ruleset = G::rulesText(options_);
    for (const MatchPlayer& p : options_.players) s.names.push_back(p.name);
    s.sprt = options_.sprt;
    s.pairedSprt = G::paired(options_);  // pairs, unless the agents choose their starts
    return s;
  }
  std::vector<RatedGame> rated(const std::vector<Result>& results) const {
    std::vector<RatedGame> games;
    for (const Result& r : results)
      games.push_back(ratedPairedGame(r.game, G::firstScore(r.outcome), options_.pairs, G::paired(options_)));
    return games;
  }
  bool sprtDecided(const std::vector<Result>& results, Summary& summary) const {
    summary.sprt = matchSprtStatus(reportSettings(), rated(results));
    return summary.sprt && summary.sprt->decision != SprtDecision::kContinue;
  }
  std::string progressLine(const std::vector<Result>& results, const Stopwatch& clock, int remaining) const;
  void writeReports(Summary& summary) const;

  Options options_;
  std::vector<typename G::Start> book_;
  std::vector<PairedGame> schedule_;
  bool freshStarts_ = false;  // external bots play (and no book): every game has a start of its own
  bool claimedHere_ = false;  // this match wrote match.json (it was not resumed)
  RemoteGames remote_;
  mutable std::atomic<double> remoteCpuSeconds_{0};  // of the games played elsewhere by this run
};

template <class G>
PairedMatch<G>::PairedMatch(Options options) : options_(std::move(options)) {
  static_assert(MatchGame<G>);
  checkMatchPlayers(options_, [](const MatchPlayer& p) {
    if (p.command.empty()) G::checkPlayer(p);  // fail now, not in the middle of the match
  });
  if (options_.sprt && options_.players.size() != 2)
    throw std::invalid_argument("match: an SPRT needs a head-to-head match (two players)");
  G::checkOptions(options_);
  if (!options_.layoutBook.empty()) book_ = readBook();
  const bool botsPlay = std::any_of(options_.players.begin(), options_.players.end(),
                                    [](const MatchPlayer& p) { return !p.command.empty(); });
  freshStarts_ = botsPlay && book_.empty();
  schedule_ = pairedSchedule(static_cast<int>(options_.players.size()), options_.schedule, options_.pairs, G::kOrder);
  const bool legacySeeds = !options_.remoteRank && claimRunDirectory();
  for (PairedGame& g : schedule_) {
    g.seed = legacySeeds ? legacyMatchGameSeed(options_.seed, g.index) : matchGameSeed(options_.seed, g.index);
    g.oneSeedForBoth = legacySeeds;
  }
}

// The book's starts, a line each ('#' to the end of a line is a comment),
// every one checked now; an error names the line.
template <class G>
std::vector<typename G::Start> PairedMatch<G>::readBook() const {
  const auto bad = [](const std::string& why) { return std::invalid_argument("match: " + why); };
  std::ifstream in(options_.layoutBook);
  if (!in) throw bad(fmt::format("cannot read the layout book '{}'", options_.layoutBook));
  std::vector<typename G::Start> book;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      if constexpr (requires { G::parseStart(options_, line); })
        book.push_back(G::parseStart(options_, line));
      else
        throw std::invalid_argument(fmt::format("{} has no start book", G::kTitle));
    } catch (const std::exception& e) {
      throw bad(fmt::format("layout book line {}: {}", n, e.what()));
    }
  }
  if (book.empty()) throw bad(fmt::format("the layout book '{}' has no layouts", options_.layoutBook));
  return book;
}

template <class G>
std::optional<typename PairedMatch<G>::Result> PairedMatch<G>::loadRecorded(const PairedGame& g) const {
  const std::string path = gamePath("games", g.index);
  if (!std::filesystem::exists(path)) return std::nullopt;
  try {
    const RecordedGame<typename G::Outcome> r = G::readRecord(readFile(path));
    if (!r.outcome.isOver()) return std::nullopt;  // an unfinished record: play the game again
    return resultOf(g, r, true);
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("match: cannot resume from {}: {}", path, e.what()));
  }
}

// Game g played here (its record so far in live/ with --live) or elsewhere; its record written.
template <class G>
typename PairedMatch<G>::Result PairedMatch<G>::play(const PairedGame& g, int place) const {
  if (!remote_.play) {
    const auto [text, recorded] = G::playRecord(options_, g, startOf(g), options_.live ? gamePath("live", g.index) : "");
    writeFileAtomically(gamePath("games", g.index), text);
    return resultOf(g, recorded, false);
  }
  const RemoteGame played = remote_.play(place, g);
  remoteCpuSeconds_ += played.cpuSeconds;
  Result r;
  try {
    const RecordedGame<typename G::Outcome> recorded = G::readRecord(played.record);
    if (!recorded.outcome.isOver()) throw std::runtime_error("the game is not over");
    r = resultOf(g, recorded, false);
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("match: game {} came back broken: {}", g.index, e.what()));
  }
  writeFileAtomically(gamePath("games", g.index), played.record);
  return r;
}

template <class G>
void PairedMatch<G>::checkBotsStart() const {
  for (const MatchPlayer& p : options_.players) {
    if (p.command.empty()) continue;
    const std::string log = botStderrLog(options_.outDir, p.name);
    std::error_code missing;
    const std::uintmax_t size = std::filesystem::file_size(log, missing);
    const std::uintmax_t before = missing ? 0 : size;  // earlier runs' lines are not this start's
    try {
      G::startBot(options_, p, log);
    } catch (const std::exception& e) {
      throw std::runtime_error(
          fmt::format("match: the bot '{}' did not start: {}; {}", p.name, e.what(), quoteBotStderr(log, before)));
    }
  }
}

// Games in progress (live/) are this run's only: an earlier run's are stale.
template <class G>
void PairedMatch<G>::prepareLiveFolder() const {
  const std::filesystem::path live = std::filesystem::path(options_.outDir) / "live";
  std::filesystem::remove_all(live);
  if (!options_.live) return;
  // It holds the hidden starts of the games in progress: not for other users (a bot run as one).
  std::filesystem::create_directories(live);
  std::filesystem::permissions(live, std::filesystem::perms::owner_all);
}

template <class G>
std::string PairedMatch<G>::progressLine(const std::vector<Result>& results, const Stopwatch& clock,
                                         int remaining) const {
  MatchProgress p;
  p.total = schedule_.size();
  p.seconds = clock.wallSeconds();
  p.remaining = remaining;
  for (const Result& r : results) p.playedNow += !r.resumed;
  // Games played elsewhere spend other processes' CPU time, not this one's.
  const double spent = remote_.play ? remoteCpuSeconds_.load() : clock.cpuSeconds();
  if (!remote_.play || remote_.countsCpu)
    p.cpuNote = fmt::format("{:.1f} a CPU-minute{}", 60.0 * p.playedNow / std::max(1e-9, spent),
                            remote_.play ? fmt::format(" on {} ranks", remote_.places) : "");
  return matchProgressLine(reportSettings(), rated(results), p);
}

template <class G>
void PairedMatch<G>::writeReports(Summary& summary) const {
  std::vector<PgnGame> pgn;
  for (const Result& r : summary.results)
    pgn.push_back({r.game.index, r.game.first, r.game.second, pgnResult(G::firstScore(r.outcome)),
                   std::string(terminationName(r.outcome.reason)), r.game.pair, r.plies, r.version});
  summary.table = writeMatchReports(reportSettings(), rated(summary.results), pgn, summary.ratings);
  if (const std::string more = G::extraReport(options_, summary.results); !more.empty()) summary.table += "\n" + more;
}

template <class G>
typename PairedMatch<G>::Summary PairedMatch<G>::run(const std::function<void(const std::string&)>& progress) {
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
  if (!todo.empty() && !stop_) try {
      checkBotsStart();
    } catch (...) {
      // Nothing was played: the folder is given back, so that the corrected command can start there.
      if (claimedHere_ && loaded.empty()) std::filesystem::remove(std::filesystem::path(options_.outDir) / "match.json");
      throw;
    }
  prepareLiveFolder();
  summary.results = driveMatchGames<Result>(
      std::move(done), todo, remote_.play ? remote_.places : options_.concurrency, stop_,
      [this](int index, int place) { return play(schedule_[static_cast<std::size_t>(index)], place); },
      [&](const std::vector<Result>& results, int remaining) {
        if (sprtDecided(results, summary)) stop_ = summary.stoppedEarly = true;
        if (progress) progress(progressLine(results, clock, remaining));
      });
  writeReports(summary);
  return summary;
}

}  // namespace junqi
