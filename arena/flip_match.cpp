#include "arena/flip_match.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "arena/match_runner.h"
#include "arena/match_seeds.h"
#include "core/files.h"
#include "core/flip_record.h"
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
  checkMatchPlayers(options_.players, options_.outDir, [](const MatchPlayer& p) {
    if (p.command.empty()) makeFlipAgent(p.agent);  // fail now, not in the middle of the match
  });
  schedule_ = pairedSchedule(static_cast<int>(options_.players.size()), options_.schedule, options_.pairs);
}

std::string FlipMatch::recordPath(int index) const {
  return (fs::path(options_.outDir) / "games" / fmt::format("game-{:05}.jqf", index)).string();
}

void FlipMatch::claimRunDirectory() const {
  claimMatchDirectory(options_.outDir, pairedMatchConfig("flip", options_.rules.toString(), options_.players,
                                                         options_.schedule, options_.pairs, options_.seed,
                                                         options_.maxPlies));
}

int FlipMatch::recordedGames() const {
  int recorded = 0;
  for (const FlipScheduledGame& g : schedule_) recorded += fs::exists(recordPath(g.index));
  return recorded;
}

std::optional<FlipMatchResult> FlipMatch::loadRecorded(const FlipScheduledGame& g) const {
  std::ifstream in(recordPath(g.index));
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return resultOf(g, text.str(), true);
}

FlipMatchResult FlipMatch::resultOf(const FlipScheduledGame& g, const std::string& record, bool resumed) const {
  const FlipGame game = replayFlip(parseFlipRecord(record));  // a damaged record stops the match, named
  return FlipMatchResult{g, game.outcome(), game.position().ply(), resumed};
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
  const std::string record = remote_.play ? remote_.play(g) : playRecord(g);
  writeFileAtomically(recordPath(g.index), record);
  return resultOf(g, record, false);
}

std::string FlipMatch::playRecord(const FlipScheduledGame& g) const {
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
  return formatFlipRecord(flipRecordOf(game, std::move(tags)));
}

std::vector<RatedGame> FlipMatch::rated(const std::vector<FlipMatchResult>& results) const {
  std::vector<RatedGame> games;
  for (const FlipMatchResult& r : results) games.push_back(ratedPairedGame(r.game, !r.outcome.winner ? 0.5 : *r.outcome.winner == Seat::Red ? 1.0 : 0.0, options_.pairs));
  return games;
}

std::vector<std::string> FlipMatch::playerNames() const {
  std::vector<std::string> names;
  for (const MatchPlayer& p : options_.players) names.push_back(p.name);
  return names;
}

FlipMatchSummary FlipMatch::run(const std::function<void(const std::string&)>& progress) {
  claimRunDirectory();
  checkBotsStart();
  FlipMatchSummary summary;
  summary.results = runPairedMatch<FlipMatchResult>(
      options_.outDir, playerNames(), schedule_, remote_.play ? remote_.places : options_.concurrency,
      [this](const PairedGame& g) { return loadRecorded(g); }, [this](const PairedGame& g) { return play(g); },
      [this](const std::vector<FlipMatchResult>& results) { return rated(results); }, progress, summary.ratings,
      summary.table);
  return summary;
}

}  // namespace junqi
