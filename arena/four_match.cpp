#include "arena/four_match.h"

#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "arena/match_runner.h"
#include "arena/match_seeds.h"
#include "arena/team_ratings.h"
#include "core/four_movegen.h"
#include "core/four_notation.h"
#include "jbp/four_bot_agent.h"
#include "core/auto_layout.h"
#include "core/files.h"
#include "core/four_record.h"

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
                      std::string* forfeitReason) {
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

namespace {

bool anyMixedTeam(const std::vector<MatchPlayer>& players) {
  for (const MatchPlayer& p : players)
    if (p.agent.find('+') != std::string::npos) return true;
  return false;
}

}  // namespace

FourMatch::FourMatch(FourMatchOptions options) : options_(std::move(options)) {
  checkMatchPlayers(options_.players, options_.outDir, [](const MatchPlayer& p) {
    if (p.command.empty())
      for (const std::string& spec : teamSpecs(p.agent)) makeFourAgent(spec);  // fail now, not in the middle of the match
  });
  schedule_ = pairedSchedule(static_cast<int>(options_.players.size()), options_.schedule, options_.pairs);
}

namespace {

// The agents of a team's two armies: one spec, or "FIRST+SECOND" when they differ.
std::string teamSpec(const FourAgent& first, const FourAgent& second) {
  return first.spec() == second.spec() ? first.spec() : first.spec() + "+" + second.spec();
}

}  // namespace

std::string FourMatch::recordPath(int index) const {
  return (fs::path(options_.outDir) / "games" / fmt::format("game-{:05}.jq4", index)).string();
}

std::optional<FourMatchResult> FourMatch::loadRecorded(const FourScheduledGame& g) const {
  if (!fs::exists(recordPath(g.index))) return std::nullopt;
  return resultOf(g, readFile(recordPath(g.index)), true);
}

FourMatchResult FourMatch::resultOf(const FourScheduledGame& g, const std::string& record, bool resumed) const {
  const FourGame game = replayFour(parseFourRecord(record));  // a damaged record stops the match
  return FourMatchResult{g, game.outcome(), game.position().ply(), resumed};
}

// A built-in agent for one army of the player's team, or an external bot
// started for this army and game (one that does not start forfeits: the
// game sees it fail).
std::unique_ptr<FourAgent> FourMatch::makeArmy(int player, int army) const {
  const MatchPlayer& p = options_.players[static_cast<std::size_t>(player)];
  if (p.command.empty()) return makeFourAgent(teamSpecs(p.agent)[army < 2 ? 0 : 1]);
  const std::string log = (fs::path(options_.outDir) / (p.name + ".stderr.log")).string();
  try {
    return std::make_unique<FourExternalAgent>(p.name, p.command, options_.hangSeconds, log);
  } catch (const BotFailure& e) {
    return std::make_unique<FailedBot>(p.name, p.command, e.what());
  }
}

// Starts each external bot once before any game, so that one that cannot
// play stops the match at once, named, instead of forfeiting every game.
void FourMatch::checkBotsStart() const {
  for (std::size_t i = 0; i < options_.players.size(); ++i) {
    if (options_.players[i].command.empty()) continue;
    try {
      FourExternalAgent(options_.players[i].name, options_.players[i].command, options_.hangSeconds,
                        (fs::path(options_.outDir) / (options_.players[i].name + ".stderr.log")).string());
    } catch (const BotFailure& e) {
      throw std::runtime_error(fmt::format("match: bot {} cannot play: {}", options_.players[i].name, e.what()));
    }
  }
}

FourMatchResult FourMatch::play(const FourScheduledGame& g) const {
  const std::string record = remote_.play ? remote_.play(g) : playRecord(g);
  writeFileAtomically(recordPath(g.index), record);
  return resultOf(g, record, false);
}

std::string FourMatch::playRecord(const FourScheduledGame& g) const {
  // Each army its own agent object (a bot its own process): two of the first
  // player, two of the second.
  std::array<std::unique_ptr<FourAgent>, kArmies> agents;
  std::array<FourAgent*, kArmies> seats{};
  for (int army = 0; army < kArmies; ++army) {
    agents[static_cast<std::size_t>(army)] = makeArmy(teamOfArmy(army) == 0 ? g.first : g.second, army);
    seats[static_cast<std::size_t>(army)] = agents[static_cast<std::size_t>(army)].get();
  }
  std::string forfeit;
  const FourGame game = playFourGame(seats, options_.rules, fourMatchLayouts(options_.rules, options_.seed, g.pair),
                                     matchGameSeed(options_.seed, g.index), options_.maxPlies, &forfeit);
  std::vector<std::pair<std::string, std::string>> tags = {
      {"south-north", options_.players[static_cast<std::size_t>(g.first)].name},
      {"east-west", options_.players[static_cast<std::size_t>(g.second)].name},
      {"south-north-agent", teamSpec(*agents[0], *agents[2])},
      {"east-west-agent", teamSpec(*agents[1], *agents[3])},
      {"game", std::to_string(g.index)},
      {"pair", std::to_string(g.pair)}};
  if (!forfeit.empty()) tags.push_back({"forfeit", forfeit});
  return formatFourRecord(fourRecordOf(game, std::move(tags)));
}

std::vector<RatedGame> FourMatch::rated(const std::vector<FourMatchResult>& results) const {
  std::vector<RatedGame> games;
  for (const FourMatchResult& r : results) games.push_back(ratedPairedGame(r.game, !r.outcome.winningTeam ? 0.5 : *r.outcome.winningTeam == 0 ? 1.0 : 0.0, options_.pairs));
  return games;
}

std::vector<std::string> FourMatch::playerNames() const {
  std::vector<std::string> names;
  for (const MatchPlayer& p : options_.players) names.push_back(p.name);
  return names;
}

FourMatchSummary FourMatch::run(const std::function<void(const std::string&)>& progress) {
  claimMatchDirectory(options_.outDir, pairedMatchConfig("four", options_.rules.toString(), options_.players,
                                                        options_.schedule, options_.pairs, options_.seed,
                                                        options_.maxPlies));
  checkBotsStart();
  FourMatchSummary summary;
  summary.results = runPairedMatch<FourMatchResult>(
      options_.outDir, playerNames(), schedule_, remote_.play ? remote_.places : options_.concurrency,
      [this](const PairedGame& g) { return loadRecorded(g); }, [this](const PairedGame& g) { return play(g); },
      [this](const std::vector<FourMatchResult>& results) { return rated(results); }, progress, summary.ratings,
      summary.table);
  if (anyMixedTeam(options_.players)) {
    const std::string teams = teamTable(summary.results);
    writeFileAtomically((fs::path(options_.outDir) / "team-ratings.txt").string(), teams);
    summary.table += "\n" + teams;
  }
  return summary;
}

// The agents of every team rated by the team model (arena/team_ratings.h):
// each distinct spec is one agent, a team the sum of its two armies'.
std::string FourMatch::teamTable(const std::vector<FourMatchResult>& results) const {
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
    for (const std::string& s : teamSpecs(options_.players[static_cast<std::size_t>(r.game.first)].agent))
      game.first.push_back(agentIndex(s));
    for (const std::string& s : teamSpecs(options_.players[static_cast<std::size_t>(r.game.second)].agent))
      game.second.push_back(agentIndex(s));
    game.score = !r.outcome.winningTeam ? 0.5 : *r.outcome.winningTeam == 0 ? 1.0 : 0.0;
    games.push_back(game);
  }
  return formatTeamElo(fitTeamElo(static_cast<int>(names.size()), games), names, games);
}

}  // namespace junqi
