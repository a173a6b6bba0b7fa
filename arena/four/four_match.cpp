#include "arena/four/four_match.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "arena/four/team_ratings.h"
#include "arena/live_record.h"
#include "arena/match_seeds.h"
#include "core/classic/auto_layout.h"
#include "core/classic/notation.h"
#include "core/files.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/four/four_record.h"
#include "core/version.h"
#include "jbp/four/four_bot_agent.h"

namespace junqi {

namespace fs = std::filesystem;

std::array<Layout, kArmies> fourMatchLayouts(const FourRuleset& rules, std::uint64_t matchSeed, int pair) {
  Rng rng(Rng::mix(matchSeed ^ 0x666f7572ULL, static_cast<std::uint64_t>(pair)));  // "four": apart from other matches
  std::array<Layout, kArmies> layouts;
  for (Layout& l : layouts) l = randomLayout(rules.army, rng);
  return layouts;
}

namespace {

// A bot that did not start for this game: it forfeits when it should begin.
class FailedBot : public FourAgent {
 public:
  FailedBot(std::string name, std::string command, std::string why)
      : name_(std::move(name)), command_(std::move(command)), why_(std::move(why)) {}
  std::string name() const override { return name_; }
  std::string spec() const override { return command_; }
  void newGame(const FourRuleset&, int, std::uint64_t) override { throw BotFailure(why_); }
  Move chooseMove(const FourObservation&) override { throw BotFailure(why_); }

 private:
  std::string name_, command_, why_;
};

// Each army's agent starts its game; a bot that fails to forfeits for its team.
void startArmies(const std::array<FourAgent*, kArmies>& seats, const FourRuleset& rules,
                 std::uint64_t gameSeed, const std::function<void(int, const std::string&)>& forfeit) {
  for (int army = 0; army < kArmies; ++army) {
    try {
      seats[static_cast<std::size_t>(army)]->newGame(rules, army, Rng::mix(gameSeed, static_cast<std::uint64_t>(army)));
    } catch (const BotFailure& e) {
      forfeit(army, e.what());
      return;
    }
  }
}

}  // namespace

FourGame playFourGame(const std::array<FourAgent*, kArmies>& seats, const FourRuleset& rules,
                      const std::array<Layout, kArmies>& layouts, std::uint64_t gameSeed, int maxPlies,
                      std::string* forfeitReason, const std::function<void(const FourGame&)>& onAction) {
  FourGame game(rules, layouts);
  const auto forfeit = [&](int army, const std::string& why) {
    game.forfeit(army);
    if (forfeitReason)
      *forfeitReason = fmt::format("{} ({}) {}", armyName(army), seats[static_cast<std::size_t>(army)]->name(), why);
  };
  startArmies(seats, rules, gameSeed, forfeit);
  while (!game.isOver()) {
    if (game.position().ply() >= maxPlies) {
      game.adjudicateDraw();
      break;
    }
    const int army = game.position().toMove();
    FourAgent& agent = *seats[static_cast<std::size_t>(army)];
    const bool external = dynamic_cast<FourExternalAgent*>(&agent) != nullptr;
    Move m;
    try {
      m = agent.chooseMove(FourObservation::of(game, army));
    } catch (const BotFailure& e) {
      forfeit(army, e.what());
      break;
    }
    if (!isLegalFourMove(game.position(), m)) {
      if (!external) throw std::logic_error(fmt::format("four-player agent '{}' chose the illegal move {}", agent.spec(), fourMoveName(m)));
      forfeit(army, fmt::format("sent an illegal move {}", fourMoveName(m)));
      break;
    }
    game.play(m);
    if (onAction) onAction(game);
  }
  for (FourAgent* a : seats)
    if (auto* bot = dynamic_cast<FourExternalAgent*>(a)) bot->gameOver(game.outcome());
  return game;
}

std::array<std::string, 2> teamSpecs(const std::string& agent) {
  const std::size_t plus = agent.find('+');
  if (plus == std::string::npos) return {agent, agent};
  return {agent.substr(0, plus), agent.substr(plus + 1)};
}

// What a four-player match lacks, refused by name.
void FourMatchGame::checkOptions(const Options& o) {
  const auto lacks = [](const char* option, const char* why) {
    return std::invalid_argument(fmt::format("{} is not available in a four-player match: {}", option, why));
  };
  if (o.moveSeconds > 0) throw lacks("--move-seconds", "four-player Junqi has no move clock yet (its bots are told none)");
  if (o.rulesetClock) throw lacks("--ruleset-clock", "four-player Junqi has no move clock yet");
}

void FourMatchGame::checkPlayer(const MatchPlayer& player) {
  for (const std::string& spec : teamSpecs(player.agent)) makeFourAgent(spec);
}

void FourMatchGame::startBot(const Options& o, const MatchPlayer& bot, const std::string& log) {
  FourExternalAgent(bot.name, bot.command, o.hangSeconds, log);
}

FourMatchGame::Start FourMatchGame::pairStart(const Options& o, int pair) {
  return fourMatchLayouts(o.rules, o.seed, pair);
}

// The layouts of game `game` alone, each army's keyed as a classic game's own
// layouts are (match_seeds.h): a bot that played one army in a game learns
// nothing of the layouts of another game.
FourMatchGame::Start FourMatchGame::gameStart(const Options& o, int game) {
  Start layouts;
  for (int army = 0; army < kArmies; ++army) {
    Rng rng(gameLayoutSeed(o.seed, game * 2 + army / 2, army % 2 == 0 ? Seat::Red : Seat::Blue));
    layouts[static_cast<std::size_t>(army)] = randomLayout(o.rules.army, rng);
  }
  return layouts;
}

FourMatchGame::Start FourMatchGame::parseStart(const Options& o, const std::string& line) {
  std::istringstream words(line);
  Start layouts;
  for (int army = 0; army < kArmies; ++army) {
    std::string text;
    if (!(words >> text)) throw std::invalid_argument("needs four layouts (south, east, north, west)");
    Layout& l = layouts[static_cast<std::size_t>(army)];
    l = parseLayout(text);
    if (const auto v = validateLayout(l, o.rules.army))
      throw std::invalid_argument(fmt::format("{}: {}", armyName(army), v->message));
  }
  return layouts;
}

namespace {

// The agents of a team's two armies: one spec, or "FIRST+SECOND" when they differ.
std::string teamSpec(const FourAgent& first, const FourAgent& second) {
  return first.spec() == second.spec() ? first.spec() : first.spec() + "+" + second.spec();
}

// A built-in agent for one army of the player's team, or an external bot
// started for this army and game (one that does not start forfeits: the
// game sees it fail).
std::unique_ptr<FourAgent> makeArmy(const FourMatchOptions& o, int player, int army) {
  const MatchPlayer& p = o.players[static_cast<std::size_t>(player)];
  if (p.command.empty()) return makeFourAgent(teamSpecs(p.agent)[army < 2 ? 0 : 1]);
  try {
    return std::make_unique<FourExternalAgent>(p.name, p.command, o.hangSeconds, botStderrLog(o.outDir, p.name));
  } catch (const BotFailure& e) {
    return std::make_unique<FailedBot>(p.name, p.command, e.what());
  }
}

bool anyMixedTeam(const std::vector<MatchPlayer>& players) {
  for (const MatchPlayer& p : players)
    if (p.agent.find('+') != std::string::npos) return true;
  return false;
}

}  // namespace

PlayedRecord<FourOutcome> FourMatchGame::playRecord(const FourMatchOptions& o, const PairedGame& g,
                                                    const Start& layouts, const std::string& livePath) {
  // Each army its own agent object (a bot its own process): two of the first
  // player, two of the second.
  std::array<std::unique_ptr<FourAgent>, kArmies> agents;
  std::array<FourAgent*, kArmies> seats{};
  for (int army = 0; army < kArmies; ++army) {
    agents[static_cast<std::size_t>(army)] = makeArmy(o, teamOfArmy(army) == 0 ? g.first : g.second, army);
    seats[static_cast<std::size_t>(army)] = agents[static_cast<std::size_t>(army)].get();
  }
  const std::array<std::string, 2> names = {o.players[static_cast<std::size_t>(g.first)].name,
                                            o.players[static_cast<std::size_t>(g.second)].name};
  LiveRecordWriter::Tags tags = {{"south-north", names[0]},
                                 {"east-west", names[1]},
                                 {"south-north-agent", teamSpec(*agents[0], *agents[2])},
                                 {"east-west-agent", teamSpec(*agents[1], *agents[3])},
                                 {"game", std::to_string(g.index)},
                                 {"pair", std::to_string(g.pair)}};
  std::optional<LiveRecordWriter> live;  // removes the live file when the game is recorded
  if (!livePath.empty()) live.emplace(livePath, tags);
  const auto onAction = [&live](const FourGame& game) {
    live->write([&] { return formatFourRecord(fourRecordOf(game, live->tags())); });
  };
  std::string forfeit;
  const FourGame game = playFourGame(seats, o.rules, layouts, g.seed, o.maxPlies, &forfeit,
                                     live ? std::function<void(const FourGame&)>(onAction) : nullptr);
  if (!forfeit.empty()) tags.push_back({"forfeit", forfeit});
  tags.push_back({"junqi-version", versionString()});
  return {formatFourRecord(fourRecordOf(game, std::move(tags))),
          {game.outcome(), game.position().ply(), forfeit, versionString(), names}};
}

RecordedGame<FourOutcome> FourMatchGame::readRecord(const std::string& text) {
  const FourRecord record = parseFourRecord(text);
  const FourGame game = replayFour(record);
  return {game.outcome(), game.position().ply(), record.tag("forfeit").value_or(""),
          record.tag("junqi-version").value_or(""),
          {record.tag("south-north").value_or(""), record.tag("east-west").value_or("")}};
}

// The agents of every team rated by the team model (arena/four/team_ratings.h):
// each distinct spec is one agent, a team the sum of its two armies'.
std::string FourMatchGame::extraReport(const FourMatchOptions& o, const std::vector<FourMatchResult>& results) {
  if (!anyMixedTeam(o.players)) return "";
  std::vector<std::string> names;
  const auto agentIndex = [&](const std::string& spec) {
    const auto at = std::find(names.begin(), names.end(), spec);
    if (at != names.end()) return static_cast<int>(at - names.begin());
    names.push_back(spec);
    return static_cast<int>(names.size() - 1);
  };
  std::vector<TeamGame> games;
  for (const FourMatchResult& r : results) {
    TeamGame game;
    for (const std::string& s : teamSpecs(o.players[static_cast<std::size_t>(r.game.first)].agent))
      game.first.push_back(agentIndex(s));
    for (const std::string& s : teamSpecs(o.players[static_cast<std::size_t>(r.game.second)].agent))
      game.second.push_back(agentIndex(s));
    game.score = firstScore(r.outcome);
    games.push_back(game);
  }
  const std::string table = formatTeamElo(fitTeamElo(static_cast<int>(names.size()), games), names, games);
  writeFileAtomically((fs::path(o.outDir) / "team-ratings.txt").string(), table);
  return table;
}

}  // namespace junqi
