#include "arena/match.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/auto_layout.h"
#include "core/files.h"
#include "core/notation.h"
#include "core/record.h"
#include "core/stopwatch.h"
#include "core/version.h"
#include "search/registry.h"
#include "arena/match_driver.h"
#include "arena/match_game.h"
#include "arena/match_runner.h"
#include "arena/match_seeds.h"
#include "jbp/protocol_agent.h"
#include "jbp/protocol_process.h"

namespace junqi {

namespace fs = std::filesystem;

namespace {

// An external bot that could not even be started: it fails its first duty, so
// the game is scored as a forfeit with the reason, like any other failure.
class FailedAgent : public Agent {
 public:
  FailedAgent(std::string name, std::string why) : name_(std::move(name)), why_(std::move(why)) {}
  std::string name() const override { return name_; }
  std::string spec() const override { return name_; }
  void newGame(const Ruleset&, Seat, std::uint64_t) override { throw BotFailure(why_); }
  Layout chooseLayout(const Ruleset&, Seat) override { throw BotFailure(why_); }
  Action chooseAction(const InfoState&) override { throw BotFailure(why_); }

 private:
  std::string name_, why_;
};

// The start of what a bot wrote to its log from byte `from` on, quoted on one line.
std::string quoteStderr(const std::string& log, std::uintmax_t from) {
  constexpr std::size_t kShown = 200;
  std::ifstream in(log, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(from));
  std::string text(kShown + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  const bool more = text.size() > kShown;
  text.resize(std::min(text.size(), kShown));
  for (char& c : text)
    if (static_cast<unsigned char>(c) < ' ' || c == 127) c = ' ';
  while (!text.empty() && text.back() == ' ') text.pop_back();
  if (text.empty()) {
    if (stderrLogIsFull(log)) return fmt::format("what it wrote to its standard error is not known: {} is full", log);
    return "it wrote nothing to its standard error";
  }
  return fmt::format("its standard error begins: \"{}{}\"", text, more ? "..." : "");
}

// How match.json says game seeds are made (absent in directories of older versions).
constexpr const char* kGameSeeds = "siphash-2-4";

// Free text in records may not hold these.
std::string plainText(std::string text) {
  for (char& c : text)
    if (c == '#' || c == '\n' || c == '\r') c = ' ';
  return text;
}

std::string resultToken(const Outcome& o) {
  if (!o.winner) return "1/2-1/2";
  return *o.winner == Seat::Red ? "1-0" : "0-1";
}

}  // namespace

Match::Match(MatchOptions options) : options_(std::move(options)) {
  const auto bad = [](const std::string& why) { return std::invalid_argument("match: " + why); };
  if (options_.players.size() < 2) throw bad("needs at least two players");
  if (options_.outDir.empty()) throw bad("needs an output directory");
  if (options_.pairs < 1) throw bad("needs at least one layout pair per pairing");
  for (std::size_t i = 0; i < options_.players.size(); ++i) {
    const MatchPlayer& p = options_.players[i];
    if (!isPlainPlayerName(p.name))
      throw bad(fmt::format("'{}' is not a usable player name (up to 64 letters, digits, '-', '_' and '.', not "
                            "starting with '.')", p.name));
    for (std::size_t j = 0; j < i; ++j)
      if (options_.players[j].name == p.name) throw bad(fmt::format("two players are called '{}'", p.name));
    if (p.command.empty()) makeAgent(p.agent);  // fail now, not in the middle of the match
  }
  if (options_.sprt && options_.players.size() != 2) throw bad("an SPRT needs a head-to-head match (two players)");

  std::vector<std::pair<Layout, Layout>> book;
  if (!options_.layoutBook.empty()) {
    std::ifstream in(options_.layoutBook);
    if (!in) throw bad(fmt::format("cannot read the layout book '{}'", options_.layoutBook));
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
      std::istringstream words(line);
      std::string red, blue;
      if (!(words >> red)) continue;
      if (!(words >> blue)) throw bad(fmt::format("layout book line {}: needs a red and a blue layout", n));
      try {
        book.emplace_back(parseLayout(red), parseLayout(blue));
      } catch (const std::exception& e) {
        throw bad(fmt::format("layout book line {}: {}", n, e.what()));
      }
      for (const Layout* l : {&book.back().first, &book.back().second})
        if (const auto v = validateLayout(*l, options_.ruleset)) throw bad(fmt::format("layout book line {}: {}", n, v->message));
    }
    if (book.empty()) throw bad(fmt::format("the layout book '{}' has no layouts", options_.layoutBook));
  }

  // Pairings, then the games: pair by pair across all pairings, so that a
  // match stopped early is balanced; each layout pair twice with seats swapped.
  // With external bots the two games of a pair have layouts of their own
  // (freshLayouts_): a replayed pair would show each bot, in its second game,
  // the layout it deployed itself in the first (docs/match.md "Pairing").
  std::vector<std::pair<int, int>> pairings;
  const int n = static_cast<int>(options_.players.size());
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (options_.schedule == MatchSchedule::RoundRobin || i == 0) pairings.emplace_back(i, j);
  botsPlay_ = std::any_of(options_.players.begin(), options_.players.end(),
                          [](const MatchPlayer& p) { return !p.command.empty(); });
  freshLayouts_ = botsPlay_ && !options_.agentLayouts && book.empty();
  for (int p = 0; p < options_.pairs; ++p) {
    std::optional<Layout> red, blue;
    if (!options_.agentLayouts) std::tie(red, blue) = pairLayouts(book, p);
    for (const auto& [a, b] : pairings)
      for (int swap = 0; swap < 2; ++swap) {
        ScheduledGame g;
        g.index = static_cast<int>(schedule_.size());
        g.red = swap ? b : a;
        g.blue = swap ? a : b;
        g.pair = p;
        g.redLayout = red;
        g.blueLayout = blue;
        if (freshLayouts_) {
          g.redLayout = gameLayout(g.index, Seat::Red);
          g.blueLayout = gameLayout(g.index, Seat::Blue);
        }
        schedule_.push_back(g);
      }
  }
  legacySeeds_ = !options_.remoteRank && claimRunDirectory();
  for (ScheduledGame& g : schedule_)
    g.seed = legacySeeds_ ? legacyMatchGameSeed(options_.seed, g.index) : matchGameSeed(options_.seed, g.index);
}

// The opening both games of pair `p` replay: a line of the book, or drawn from the match seed.
std::pair<Layout, Layout> Match::pairLayouts(const std::vector<std::pair<Layout, Layout>>& book, int p) const {
  if (!book.empty()) return book[static_cast<std::size_t>(p) % book.size()];
  Rng rng(Rng::mix(options_.seed, static_cast<std::uint64_t>(p)));
  Layout red = styledLayout(static_cast<LayoutStyle>(rng.below(4)), options_.ruleset, rng);
  Layout blue = styledLayout(static_cast<LayoutStyle>(rng.below(4)), options_.ruleset, rng);
  return {red, blue};
}

// A layout of game `index` alone, drawn as pairLayouts draws one (a style, then the layout).
Layout Match::gameLayout(int index, Seat seat) const {
  Rng rng(gameLayoutSeed(options_.seed, index, seat));
  return styledLayout(static_cast<LayoutStyle>(rng.below(4)), options_.ruleset, rng);
}

bool Match::claimRunDirectory() const {
  const auto bad = [](const std::string& why) { return std::invalid_argument("match: " + why); };
  // The run directory remembers its match; another match may not reuse it.
  fs::create_directories(fs::path(options_.outDir) / "games");
  // Written with paths under the movable root as "$ROOT" (and compared both
  // ways, for directories written before roots were movable).
  const auto configWith = [&](const std::function<std::string(const std::string&)>& path) {
    nlohmann::json config = {
        {"ruleset", options_.ruleset.toString()},
        {"schedule", options_.schedule == MatchSchedule::RoundRobin ? "round-robin" : "gauntlet"},
        {"pairs", options_.pairs},
        {"seed", options_.seed},
        {"max_plies", options_.maxPlies},
        {"move_seconds", options_.moveSeconds},
        {"ruleset_clock", options_.rulesetClock},
        {"agent_layouts", options_.agentLayouts},
        {"layout_book", path(options_.layoutBook)},
        {"game_seeds", kGameSeeds}};
    // A bot may read this file: it holds only a check of the seed, and says
    // how the games were paired (directories of older versions did neither).
    if (botsPlay_) {
      config.erase("seed");
      config["seed_check"] = matchSeedCheck(options_.seed);
      config["pairing"] = freshLayouts_ ? "fresh-layouts" : "replayed";
    }
    for (const MatchPlayer& p : options_.players)
      config["players"].push_back({{"name", p.name}, {"agent", path(p.agent)}, {"command", path(p.command)}});
    return config;
  };
  const nlohmann::json config = configWith([&](const std::string& text) {
    constexpr std::string_view kRoot = "$ROOT";
    const std::string& root = options_.movableRoot;
    std::string out = text;
    if (!root.empty())
      for (std::size_t at = 0; (at = out.find(root, at)) != std::string::npos; at += kRoot.size())
        out.replace(at, root.size(), kRoot);
    return out;
  });
  const nlohmann::json absolute = configWith([](const std::string& text) { return text; });
  const fs::path configPath = fs::path(options_.outDir) / "match.json";
  if (fs::exists(configPath)) {
    nlohmann::json before;
    try {
      before = nlohmann::json::parse(readFile(configPath.string()));
    } catch (const std::exception& e) {
      throw bad(fmt::format("{} is unreadable ({}); move it away or use another directory", configPath.string(), e.what()));
    }
    if (before == config || before == absolute) return false;
    if (botsPlay_ && before.contains("seed") && before["seed"] == options_.seed)
      throw bad(fmt::format("{} was begun by an older junqi, whose bots could read the match seed there and "
                            "meet their own layouts again; it cannot be resumed safely: use another directory",
                            options_.outDir));
    // Written before game seeds were keyed: the same match, resumed with the seeds it began with.
    if (!before.contains("game_seeds")) {
      before["game_seeds"] = kGameSeeds;
      if (before == config || before == absolute) return true;
    }
    throw bad(fmt::format("{} holds a different match; use another directory to start a new one", options_.outDir));
  }
  writeFileAtomically(configPath.string(), config.dump(2) + "\n");
  return false;
}

std::string Match::stderrLog(const MatchPlayer& bot) const {
  return (fs::path(options_.outDir) / fmt::format("{}.stderr.log", bot.name)).string();
}

void Match::checkBotsStart() const {
  for (const MatchPlayer& p : options_.players) {
    if (p.command.empty()) continue;
    const std::string log = stderrLog(p);
    std::error_code missing;
    const std::uintmax_t size = fs::file_size(log, missing);
    const std::uintmax_t before = missing ? 0 : size;  // earlier runs' lines are not this start's
    try {
      ExternalAgent bot(p.name, p.command, options_.hangSeconds, log);
    } catch (const std::exception& e) {
      throw std::runtime_error(
          fmt::format("match: the bot '{}' did not start: {}; {}", p.name, e.what(), quoteStderr(log, before)));
    }
  }
}

std::string Match::recordPath(int index) const {
  return (fs::path(options_.outDir) / "games" / fmt::format("game-{:05}.jqr", index)).string();
}

std::string Match::livePath(int index) const {
  return (fs::path(options_.outDir) / "live" / fmt::format("game-{:05}.jqr", index)).string();
}

std::optional<MatchGameResult> Match::loadRecorded(const ScheduledGame& g) const {
  const std::string path = recordPath(g.index);
  if (!fs::exists(path)) return std::nullopt;
  try {
    const GameRecord record = parseRecord(readFile(path));
    if (!record.outcome.isOver()) return std::nullopt;  // an unfinished record: play the game again
    MatchGameResult r = resultOf(g, record);
    r.resumed = true;
    return r;
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("match: cannot resume from {}: {}", path, e.what()));
  }
}

int Match::recordedGames() const {
  int recorded = 0;
  for (const ScheduledGame& g : schedule_) recorded += loadRecorded(g).has_value();
  return recorded;
}

// The result of a finished game's record.
MatchGameResult Match::resultOf(const ScheduledGame& g, const GameRecord& record) const {
  if (record.tag("red-player") != options_.players[g.red].name ||
      record.tag("blue-player") != options_.players[g.blue].name)
    throw std::runtime_error("its players are not the scheduled ones");
  MatchGameResult r;
  r.game = g;
  r.outcome = record.outcome;
  r.detail = record.outcomeDetail;
  r.plies = replay(record).position().ply();  // as playHere() counts them
  r.version = record.tag("junqi-version").value_or("");  // none in records of older versions
  return r;
}

void Match::playElsewhere(RemotePlayer player, int places) {
  remote_ = std::move(player);
  places_ = places;
}

std::string Match::playRecord(const ScheduledGame& g, bool oneSeedForBoth) const {
  return playHere(g, oneSeedForBoth).first;
}

MatchGameResult Match::play(const ScheduledGame& g, int place) const {
  if (!remote_) {
    auto [text, result] = playHere(g, legacySeeds_);
    writeFileAtomically(recordPath(g.index), text);
    return result;
  }
  const auto [text, cpuSeconds] = remote_(place, g, legacySeeds_);
  remoteCpuSeconds_ += cpuSeconds;
  GameRecord record;
  try {
    record = parseRecord(text);
    if (!record.outcome.isOver()) throw std::runtime_error("the game is not over");
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("match: game {} came back broken: {}", g.index, e.what()));
  }
  writeFileAtomically(recordPath(g.index), text);
  return resultOf(g, record);
}

// The game played here: its record's text and its result.
std::pair<std::string, MatchGameResult> Match::playHere(const ScheduledGame& g, bool oneSeedForBoth) const {
  const auto makePlayer = [&](int i) -> std::unique_ptr<Agent> {
    const MatchPlayer& p = options_.players[i];
    if (p.command.empty()) return makeAgent(p.agent);
    try {
      return std::make_unique<ExternalAgent>(p.name, p.command, options_.hangSeconds, stderrLog(p));
    } catch (const std::exception& e) {
      return std::make_unique<FailedAgent>(p.name, e.what());
    }
  };
  auto red = makePlayer(g.red);
  auto blue = makePlayer(g.blue);
  std::vector<std::pair<std::string, std::string>> tags = {
      {"red-player", options_.players[g.red].name},
      {"blue-player", options_.players[g.blue].name},
      {"red-agent", red->spec()},
      {"blue-agent", blue->spec()},
      {"game", std::to_string(g.index)},
      {"pair", std::to_string(g.pair)},
      {"seed", std::to_string(g.seed)}};
  for (auto& tag : tags) tag.second = plainText(tag.second);
  std::optional<LiveRecordWriter> live;  // removes the live file when play() returns
  if (options_.live) live.emplace(livePath(g.index), tags);
  GameConfig config;
  config.ruleset = options_.ruleset;
  config.layouts = {g.redLayout, g.blueLayout};
  config.seed = g.seed;
  config.oneSeedForBoth = oneSeedForBoth;
  config.maxPlies = options_.maxPlies;
  config.moveSeconds = options_.moveSeconds;
  config.rulesetClock = options_.rulesetClock;
  if (live) config.onAction = [&live](const Game& game) { (*live)(game); };
  const PlayedGame played = playGame(*red, *blue, config);

  tags.emplace_back("red-seconds", fmt::format("{:.2f}", played.thinkSeconds[0]));
  tags.emplace_back("blue-seconds", fmt::format("{:.2f}", played.thinkSeconds[1]));
  tags.emplace_back("junqi-version", plainText(versionString()));
  const std::string detail = plainText(played.detail);
  GameRecord record = recordOf(played.game, tags, detail);
  record.searchNotes = played.searchNotes;
  MatchGameResult r;
  r.game = g;
  r.outcome = played.game.outcome();
  r.detail = detail;
  r.plies = played.game.position().ply();
  r.version = versionString();
  return {formatRecord(record), r};
}

std::vector<RatedGame> Match::rated(const std::vector<MatchGameResult>& results) const {
  std::vector<RatedGame> games;
  for (const MatchGameResult& r : results) {
    const double score = !r.outcome.winner ? 0.5 : *r.outcome.winner == Seat::Red ? 1.0 : 0.0;
    games.push_back({r.game.red, r.game.blue, score, options_.agentLayouts ? -1 : r.game.pair});
  }
  return games;
}

MatchReportSettings Match::reportSettings() const {
  MatchReportSettings s;
  s.outDir = options_.outDir;
  s.ruleset = options_.ruleset.toString();
  for (const MatchPlayer& p : options_.players) s.names.push_back(p.name);
  s.sprt = options_.sprt;
  s.pairedSprt = !options_.agentLayouts;  // pairs, unless the agents choose their layouts
  return s;
}

std::string Match::progressLine(const std::vector<MatchGameResult>& results, double seconds, double cpuSeconds,
                                int remaining) const {
  MatchProgress p;
  p.total = schedule_.size();
  p.seconds = seconds;
  p.remaining = remaining;
  for (const auto& r : results) p.playedNow += !r.resumed;
  // Games played elsewhere spend other processes' CPU time, not this one's.
  const double spent = remote_ ? remoteCpuSeconds_.load() : cpuSeconds;
  p.cpuNote = fmt::format("{:.1f} a CPU-minute{}", 60.0 * p.playedNow / std::max(1e-9, spent),
                          remote_ ? fmt::format(" on {} ranks", places_) : "");
  return matchProgressLine(reportSettings(), rated(results), p);
}

bool Match::sprtDecided(const std::vector<MatchGameResult>& results, MatchSummary& summary) const {
  summary.sprt = matchSprtStatus(reportSettings(), rated(results));
  return summary.sprt && summary.sprt->decision != SprtDecision::kContinue;
}

MatchSummary Match::run(const std::function<void(const std::string&)>& progress) {
  const Stopwatch clock;
  std::vector<std::optional<MatchGameResult>> done(schedule_.size());
  std::vector<int> todo;
  for (const ScheduledGame& g : schedule_) {
    done[g.index] = loadRecorded(g);
    if (!done[g.index]) todo.push_back(g.index);
  }
  MatchSummary summary;
  std::vector<MatchGameResult> loaded;
  for (const auto& r : done)
    if (r) loaded.push_back(*r);
  if (sprtDecided(loaded, summary)) {
    stop_ = true;
    summary.stoppedEarly = true;
  }
  if (!todo.empty() && !stop_) checkBotsStart();
  // Games in progress (live/) are this run's only: an earlier run's are stale.
  const fs::path live = fs::path(options_.outDir) / "live";
  fs::remove_all(live);
  if (options_.live) {
    // It holds both layouts of the games in progress: not for other users (a bot run as one).
    fs::create_directories(live);
    fs::permissions(live, fs::perms::owner_all);
  }
  summary.results = driveMatchGames<MatchGameResult>(
      std::move(done), todo, remote_ ? places_ : options_.concurrency, stop_,
      [&](int index, int place) { return play(schedule_[static_cast<std::size_t>(index)], place); },
      [&](const std::vector<MatchGameResult>& results, int remaining) {
        if (sprtDecided(results, summary)) {
          stop_ = true;
          summary.stoppedEarly = true;
        }
        if (progress) progress(progressLine(results, clock.wallSeconds(), clock.cpuSeconds(), remaining));
      });
  writeReports(summary);
  return summary;
}

void Match::writeReports(MatchSummary& summary) const {
  std::vector<PgnGame> pgn;
  for (const MatchGameResult& r : summary.results)
    pgn.push_back({r.game.index, r.game.red, r.game.blue, resultToken(r.outcome),
                   std::string(terminationName(r.outcome.reason)), r.game.pair, r.plies, r.version});
  summary.table = writeMatchReports(reportSettings(), rated(summary.results), pgn, summary.ratings);
}

}  // namespace junqi
