#include "arena/flip_match.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "arena/match_seeds.h"
#include "arena/rating_report.h"
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
  const int n = static_cast<int>(options_.players.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) {
      if (options_.schedule == MatchSchedule::Gauntlet && a != 0) continue;
      for (int pair = 0; pair < options_.pairs; ++pair)
        for (const bool swapped : {false, true})
          schedule_.push_back({static_cast<int>(schedule_.size()), swapped ? b : a, swapped ? a : b, pair});
    }
}

std::string FlipMatch::recordPath(int index) const {
  return (fs::path(options_.outDir) / "games" / fmt::format("game-{:05}.jqf", index)).string();
}

void FlipMatch::claimRunDirectory() const {
  fs::create_directories(fs::path(options_.outDir) / "games");
  nlohmann::json config = {{"variant", "flip"},
                           {"ruleset", options_.rules.toString()},
                           {"schedule", options_.schedule == MatchSchedule::RoundRobin ? "round-robin" : "gauntlet"},
                           {"pairs", options_.pairs},
                           {"seed", options_.seed},
                           {"max_plies", options_.maxPlies}};
  for (const MatchPlayer& p : options_.players) config["players"].push_back({{"name", p.name}, {"agent", p.agent}});
  const fs::path path = fs::path(options_.outDir) / "match.json";
  if (fs::exists(path)) {
    std::ifstream in(path);
    nlohmann::json old;
    try {
      old = nlohmann::json::parse(in);
    } catch (const std::exception&) {
      throw std::invalid_argument(fmt::format("match: {} is not a match's match.json", path.string()));
    }
    if (old != config)
      throw std::invalid_argument(fmt::format("match: {} holds another match (use a new directory)", options_.outDir));
    return;
  }
  writeFileAtomically(path.string(), config.dump(2) + "\n");
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
  for (const FlipMatchResult& r : results) {
    const double score = !r.outcome.winner ? 0.5 : *r.outcome.winner == Seat::Red ? 1.0 : 0.0;
    const int pairId = (std::min(r.game.first, r.game.second) * 1000 + std::max(r.game.first, r.game.second)) *
                           (options_.pairs + 1) + r.game.pair;
    games.push_back({r.game.first, r.game.second, score, pairId});
  }
  return games;
}

std::string FlipMatch::progressLine(const std::vector<FlipMatchResult>& results, double seconds, int remaining) const {
  std::string line = fmt::format("games {}/{}", results.size(), schedule_.size());
  const auto games = rated(results);
  if (options_.players.size() == 2) {
    const Trinomial t = trinomialCounts(games, 0, 1);
    line += fmt::format(" | {} vs {} +{} ={} -{}", options_.players[0].name, options_.players[1].name, t.wins,
                        t.draws, t.losses);
  }
  int playedNow = 0;
  for (const auto& r : results) playedNow += !r.resumed;
  if (seconds > 0 && playedNow > 0) {
    const double eta = seconds / playedNow * remaining;
    line += fmt::format(" | {:.1f} games/min | ETA {}:{:02}:{:02}", 60.0 * playedNow / seconds,
                        static_cast<int>(eta / 3600), static_cast<int>(eta / 60) % 60, static_cast<int>(eta) % 60);
  }
  return line;
}

FlipMatchSummary FlipMatch::run(const std::function<void(const std::string&)>& progress) {
  claimRunDirectory();
  checkBotsStart();
  std::vector<std::optional<FlipMatchResult>> done(schedule_.size());
  std::vector<int> todo;
  for (const FlipScheduledGame& g : schedule_)
    if (!(done[g.index] = loadRecorded(g))) todo.push_back(g.index);
  std::mutex mutex;
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  const Stopwatch clock;
  const auto finished = [&] {
    std::vector<FlipMatchResult> out;
    for (const auto& r : done)
      if (r) out.push_back(*r);
    return out;
  };
  const auto worker = [&] {
    for (std::size_t k; (k = next++) < todo.size();) {
      try {
        FlipMatchResult r = play(schedule_[todo[k]]);
        std::lock_guard lock(mutex);
        done[r.game.index] = r;
        if (progress) progress(progressLine(finished(), clock.wallSeconds(), static_cast<int>(todo.size() - k - 1)));
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        next = todo.size();
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < std::max(1, std::min<int>(options_.concurrency, static_cast<int>(todo.size()))); ++t)
    pool.emplace_back(worker);
  for (auto& th : pool) th.join();
  if (failure) std::rethrow_exception(failure);

  FlipMatchSummary summary;
  summary.results = finished();
  std::vector<std::string> names;
  for (const MatchPlayer& p : options_.players) names.push_back(p.name);
  const std::vector<RatedGame> games = rated(summary.results);
  summary.ratings = fitElo(static_cast<int>(names.size()), games);
  summary.table = formatRatingTable(makeRatingTable(names, summary.ratings)) + formatPairingTable(names, games);
  writeFileAtomically((fs::path(options_.outDir) / "ratings.txt").string(), summary.table);
  return summary;
}

}  // namespace junqi
