#include "arena/classic/classic_match.h"

#include <memory>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "arena/match_game.h"
#include "arena/match_seeds.h"
#include "core/classic/auto_layout.h"
#include "core/classic/notation.h"
#include "core/classic/record.h"
#include "core/version.h"
#include "jbp/protocol_agent.h"
#include "search/registry.h"

namespace junqi {

namespace {

// How match.json says game seeds are made (absent in directories of older versions).
constexpr const char* kGameSeeds = "siphash-2-4";

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

// Free text in records may not hold these.
std::string plainText(std::string text) {
  for (char& c : text)
    if (c == '#' || c == '\n' || c == '\r') c = ' ';
  return text;
}

// A built-in agent, or an external bot started for this game (one that does
// not start forfeits the game: playGame sees it fail).
std::unique_ptr<Agent> makePlayer(const MatchOptions& o, int player) {
  const MatchPlayer& p = o.players[static_cast<std::size_t>(player)];
  if (p.command.empty()) return makeAgent(p.agent);
  try {
    return std::make_unique<ExternalAgent>(p.name, p.command, o.hangSeconds, botStderrLog(o.outDir, p.name));
  } catch (const std::exception& e) {
    return std::make_unique<FailedAgent>(p.name, e.what());
  }
}

}  // namespace

void ClassicMatchGame::checkOptions(const Options& o) {
  if (o.agentLayouts && !o.layoutBook.empty())
    throw std::invalid_argument("match: --layout-book and --agent-layouts exclude each other");
}

void ClassicMatchGame::checkPlayer(const MatchPlayer& player) { makeAgent(player.agent); }

void ClassicMatchGame::startBot(const Options& o, const MatchPlayer& bot, const std::string& log) {
  ExternalAgent(bot.name, bot.command, o.hangSeconds, log);
}

// The opening both games of pair `pair` replay, drawn from the match seed:
// each side a layout of a style drawn at random (core/classic/auto_layout.h).
ClassicMatchGame::Start ClassicMatchGame::pairStart(const Options& o, int pair) {
  if (o.agentLayouts) return {};
  Rng rng(Rng::mix(o.seed, static_cast<std::uint64_t>(pair)));
  Layout red = styledLayout(static_cast<LayoutStyle>(rng.below(4)), o.ruleset, rng);
  Layout blue = styledLayout(static_cast<LayoutStyle>(rng.below(4)), o.ruleset, rng);
  return {red, blue};
}

// The layouts of game `game` alone, each drawn as pairStart draws one, from a keyed seed of its own.
ClassicMatchGame::Start ClassicMatchGame::gameStart(const Options& o, int game) {
  if (o.agentLayouts) return {};
  Start start;
  for (const Seat seat : {Seat::Red, Seat::Blue}) {
    Rng rng(gameLayoutSeed(o.seed, game, seat));
    start[index(seat)] = styledLayout(static_cast<LayoutStyle>(rng.below(4)), o.ruleset, rng);
  }
  return start;
}

ClassicMatchGame::Start ClassicMatchGame::parseStart(const Options& o, const std::string& line) {
  std::istringstream words(line);
  std::string red, blue;
  if (!(words >> red >> blue)) throw std::invalid_argument("needs a red and a blue layout");
  Start start = {parseLayout(red), parseLayout(blue)};
  for (const auto& l : start)
    if (const auto v = validateLayout(*l, o.ruleset)) throw std::invalid_argument(v->message);
  return start;
}

// The game played with the match's settings: its record (tags, layouts,
// actions, search notes) and what the match reads of it.
PlayedRecord<Outcome> ClassicMatchGame::playRecord(const Options& o, const PairedGame& g, const Start& start,
                                                   const std::string& livePath) {
  auto red = makePlayer(o, g.first);
  auto blue = makePlayer(o, g.second);
  const std::array<std::string, 2> names = {o.players[static_cast<std::size_t>(g.first)].name,
                                            o.players[static_cast<std::size_t>(g.second)].name};
  LiveRecordWriter::Tags tags = {{"red-player", names[0]},      {"blue-player", names[1]},
                                 {"red-agent", red->spec()},    {"blue-agent", blue->spec()},
                                 {"game", std::to_string(g.index)}, {"pair", std::to_string(g.pair)},
                                 {"seed", std::to_string(g.seed)}};
  for (auto& tag : tags) tag.second = plainText(tag.second);
  std::optional<LiveRecordWriter> live;  // removes the live file when the game is recorded
  if (!livePath.empty()) live.emplace(livePath, tags);
  GameConfig config;
  config.ruleset = o.ruleset;
  config.layouts = {start[0], start[1]};
  config.seed = g.seed;
  config.oneSeedForBoth = g.oneSeedForBoth;
  config.maxPlies = o.maxPlies;
  config.moveSeconds = o.moveSeconds;
  config.rulesetClock = o.rulesetClock;
  if (live) config.onAction = [&live](const Game& game) { (*live)(game); };
  const PlayedGame played = playGame(*red, *blue, config);

  tags.emplace_back("red-seconds", fmt::format("{:.2f}", played.thinkSeconds[0]));
  tags.emplace_back("blue-seconds", fmt::format("{:.2f}", played.thinkSeconds[1]));
  tags.emplace_back("junqi-version", plainText(versionString()));
  const std::string detail = plainText(played.detail);
  GameRecord record = recordOf(played.game, tags, detail);
  record.searchNotes = played.searchNotes;
  return {formatRecord(record),
          {played.game.outcome(), played.game.position().ply(), detail, versionString(), names}};
}

RecordedGame<Outcome> ClassicMatchGame::readRecord(const std::string& text) {
  const GameRecord record = parseRecord(text);
  RecordedGame<Outcome> r;
  r.outcome = record.outcome;
  if (!r.outcome.isOver()) return r;  // unfinished: the match plays it again
  r.plies = replay(record).position().ply();  // as playRecord counts them
  r.detail = record.outcomeDetail;
  r.version = record.tag("junqi-version").value_or("");  // none in records of older versions
  r.players = {record.tag("red-player").value_or(""), record.tag("blue-player").value_or("")};
  return r;
}

// What match.json has held since seeds were keyed (directories of older
// versions still resume: arena/match_runner.h claimMatchDirectory).
nlohmann::json ClassicMatchGame::matchConfig(const Options& o, bool freshStarts, const MatchPath& path) {
  nlohmann::json config = {{"ruleset", o.ruleset.toString()},
                           {"schedule", o.schedule == MatchSchedule::RoundRobin ? "round-robin" : "gauntlet"},
                           {"pairs", o.pairs},
                           {"seed", o.seed},
                           {"max_plies", o.maxPlies},
                           {"move_seconds", o.moveSeconds},
                           {"ruleset_clock", o.rulesetClock},
                           {"agent_layouts", o.agentLayouts},
                           {"layout_book", path(o.layoutBook)},
                           {"game_seeds", kGameSeeds}};
  // A bot may read this file: it holds only a check of the seed, and says
  // how the games were paired (directories of older versions did neither).
  if (std::any_of(o.players.begin(), o.players.end(), [](const MatchPlayer& p) { return !p.command.empty(); })) {
    config.erase("seed");
    config["seed_check"] = matchSeedCheck(o.seed);
    config["pairing"] = freshStarts && !o.agentLayouts ? "fresh-layouts" : "replayed";
  }
  for (const MatchPlayer& p : o.players)
    config["players"].push_back({{"name", p.name}, {"agent", path(p.agent)}, {"command", path(p.command)}});
  return config;
}

}  // namespace junqi
