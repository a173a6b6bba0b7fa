#include "arena/flip_match.h"

#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "arena/match_runner.h"
#include "arena/match_seeds.h"
#include "core/files.h"
#include "core/flip_record.h"
#include "core/stopwatch.h"
#include "jbp/flip_bot_agent.h"

namespace junqi {

namespace fs = std::filesystem;

FlipDeal flipMatchDeal(std::uint64_t matchSeed, int pair) {
  Rng rng(Rng::mix(matchSeed ^ 0x666c6970ULL, static_cast<std::uint64_t>(pair)));  // "flip": apart from layouts
  return randomFlipDeal(rng);
}

FlipGame playFlipGame(FlipAgent& first, FlipAgent& second, const FlipRuleset& rules, const FlipDeal& deal,
                      std::uint64_t gameSeed, int maxPlies, std::string* forfeitReason) {
  FlipGame game(rules, deal);
  FlipAgent* seats[2] = {&first, &second};
  const auto forfeit = [&](Seat loser, const std::string& why) {
    game.forfeit(loser);
    if (forfeitReason) *forfeitReason = fmt::format("seat {} ({}) {}", seatNumber(loser), seats[index(loser)]->name(), why);
  };
  for (const Seat s : {Seat::Red, Seat::Blue}) {
    try {
      if (!game.isOver()) seats[index(s)]->newGame(rules, s, seatSeed(gameSeed, s));
    } catch (const BotFailure& e) {
      forfeit(s, e.what());
    }
  }
  while (!game.isOver()) {
    if (game.position().ply() >= maxPlies) {
      game.adjudicateDraw();
      break;
    }
    const Seat mover = game.position().toMove();
    FlipAgent& agent = *seats[index(mover)];
    const bool external = dynamic_cast<FlipExternalAgent*>(&agent) != nullptr;
    Move m;
    try {
      m = agent.chooseAction(game.position());
    } catch (const BotFailure& e) {
      forfeit(mover, e.what());
      break;
    }
    if (const auto why = game.whyIllegal(Action::makeMove(mover, m))) {
      if (!external) throw std::logic_error(fmt::format("flip agent '{}' chose {}: {}", agent.spec(), flipActionName(m), *why));
      forfeit(mover, fmt::format("sent an illegal action {}: {}", flipActionName(m), *why));
      break;
    }
    game.apply(Action::makeMove(mover, m));
  }
  for (FlipAgent* a : seats)
    if (auto* bot = dynamic_cast<FlipExternalAgent*>(a)) bot->gameOver(game.outcome());
  return game;
}

FlipMatch::FlipMatch(FlipMatchOptions options) : options_(std::move(options)) {
  const auto bad = [](const std::string& why) { return std::invalid_argument("match: " + why); };
  if (options_.players.size() < 2) throw bad("a match needs at least two players");
  if (options_.outDir.empty()) throw bad("a match needs a directory for its records (--out)");
  for (std::size_t i = 0; i < options_.players.size(); ++i) {
    const MatchPlayer& p = options_.players[i];
    for (std::size_t j = 0; j < i; ++j)
      if (options_.players[j].name == p.name) throw bad(fmt::format("two players are called '{}'", p.name));
    if (p.command.empty()) makeFlipAgent(p.agent);  // fail now, not in the middle of the match
  }
  schedule_ = pairedSchedule(static_cast<int>(options_.players.size()), options_.schedule, options_.pairs);
}

std::string FlipMatch::recordPath(int index) const {
  return (fs::path(options_.outDir) / "games" / fmt::format("game-{:05}.jqf", index)).string();
}

void FlipMatch::claimRunDirectory() const {
  nlohmann::json config = {{"variant", "flip"},
                           {"ruleset", options_.rules.toString()},
                           {"schedule", options_.schedule == MatchSchedule::RoundRobin ? "round-robin" : "gauntlet"},
                           {"pairs", options_.pairs},
                           {"seed", options_.seed},
                           {"max_plies", options_.maxPlies}};
  for (const MatchPlayer& p : options_.players) config["players"].push_back({{"name", p.name}, {"agent", p.agent}});
  claimMatchDirectory(options_.outDir, config);
}

std::optional<FlipMatchResult> FlipMatch::loadRecorded(const FlipScheduledGame& g) const {
  std::ifstream in(recordPath(g.index));
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  const FlipGame game = replayFlip(parseFlipRecord(text.str()));  // a damaged record stops the match, named
  return FlipMatchResult{g, game.outcome(), game.position().ply(), true};
}

// A built-in agent, or an external bot started for this game (a bot that
// does not start forfeits the game: playFlipGame sees it fail).
std::unique_ptr<FlipAgent> FlipMatch::makePlayer(int player) const {
  const MatchPlayer& p = options_.players[player];
  if (p.command.empty()) return makeFlipAgent(p.agent);
  const std::string log = (fs::path(options_.outDir) / (p.name + ".stderr.log")).string();
  return std::make_unique<FlipExternalAgent>(p.name, p.command, options_.hangSeconds, log);
}

// Starts each external bot once before any game, so that one that cannot
// play stops the match at once, named, instead of forfeiting every game.
void FlipMatch::checkBotsStart() const {
  for (std::size_t i = 0; i < options_.players.size(); ++i) {
    if (options_.players[i].command.empty()) continue;
    try {
      makePlayer(static_cast<int>(i));
    } catch (const BotFailure& e) {
      throw std::runtime_error(fmt::format("match: bot {} cannot play: {}", options_.players[i].name, e.what()));
    }
  }
}

FlipMatchResult FlipMatch::play(const FlipScheduledGame& g) const {
  const auto first = makePlayer(g.first);
  const auto second = makePlayer(g.second);
  const std::uint64_t gameSeed = matchGameSeed(options_.seed, g.index);
  std::string forfeit;
  const FlipGame game = playFlipGame(*first, *second, options_.rules, flipMatchDeal(options_.seed, g.pair), gameSeed,
                                     options_.maxPlies, &forfeit);
  std::vector<std::pair<std::string, std::string>> tags = {{"seat1", options_.players[g.first].name},
                                                           {"seat2", options_.players[g.second].name},
                                                           {"seat1-agent", first->spec()},
                                                           {"seat2-agent", second->spec()},
                                                           {"game", std::to_string(g.index)},
                                                           {"pair", std::to_string(g.pair)}};
  if (!forfeit.empty()) tags.push_back({"forfeit", forfeit});
  const FlipRecord record = flipRecordOf(game, std::move(tags));
  writeFileAtomically(recordPath(g.index), formatFlipRecord(record));
  return {g, game.outcome(), game.position().ply(), false};
}

std::vector<RatedGame> FlipMatch::rated(const std::vector<FlipMatchResult>& results) const {
  std::vector<RatedGame> games;
  for (const FlipMatchResult& r : results) games.push_back(ratedPairedGame(r.game, !r.outcome.winner ? 0.5 : *r.outcome.winner == Seat::Red ? 1.0 : 0.0, options_.pairs));
  return games;
}

std::string FlipMatch::progressLine(const std::vector<FlipMatchResult>& results, double seconds, int remaining) const {
  int playedNow = 0;
  for (const auto& r : results) playedNow += !r.resumed;
  return matchProgressLine(playerNames(), rated(results), schedule_.size(), playedNow, seconds, remaining);
}

std::vector<std::string> FlipMatch::playerNames() const {
  std::vector<std::string> names;
  for (const MatchPlayer& p : options_.players) names.push_back(p.name);
  return names;
}

FlipMatchSummary FlipMatch::run(const std::function<void(const std::string&)>& progress) {
  claimRunDirectory();
  checkBotsStart();
  std::vector<std::optional<FlipMatchResult>> done(schedule_.size());
  std::vector<int> todo;
  for (const FlipScheduledGame& g : schedule_)
    if (!(done[g.index] = loadRecorded(g))) todo.push_back(g.index);
  std::mutex mutex;
  const Stopwatch clock;
  const auto finished = [&] {
    std::vector<FlipMatchResult> out;
    for (const auto& r : done)
      if (r) out.push_back(*r);
    return out;
  };
  runMatchTasks(todo.size(), options_.concurrency, [&](std::size_t k) {
    FlipMatchResult r = play(schedule_[todo[k]]);
    std::lock_guard lock(mutex);
    done[r.game.index] = r;
    if (progress) progress(progressLine(finished(), clock.wallSeconds(), static_cast<int>(todo.size() - k - 1)));
  });
  FlipMatchSummary summary;
  summary.results = finished();
  summary.table = writeMatchRatings(options_.outDir, playerNames(), rated(summary.results), summary.ratings);
  return summary;
}

}  // namespace junqi
