#include "arena/flip_match.h"

#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "arena/match_seeds.h"
#include "core/files.h"
#include "core/flip_record.h"
#include "jbp/flip_bot_agent.h"

namespace junqi {

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

void FlipMatchGame::checkPlayer(const MatchPlayer& player) { makeFlipAgent(player.agent); }

void FlipMatchGame::checkBotStarts(const MatchPlayer& bot, double hangSeconds, const std::string& log) {
  FlipExternalAgent(bot.name, bot.command, hangSeconds, log);
}

FlipDeal FlipMatchGame::pairStart(const FlipRuleset&, std::uint64_t matchSeed, int pair) {
  return flipMatchDeal(matchSeed, pair);
}

// A deal of game `game` alone, keyed as a classic game's own layouts are
// (match_seeds.h): a bot that saw it from one seat learns nothing of another game's.
FlipDeal FlipMatchGame::gameStart(const FlipRuleset&, std::uint64_t matchSeed, int game) {
  Rng rng(gameLayoutSeed(matchSeed, game, Seat::Red));
  return randomFlipDeal(rng);
}

namespace {

// A bot that did not start for this game: it forfeits when it should begin,
// as in a classic or four-player match (the match goes on).
class FailedFlipBot : public FlipAgent {
 public:
  FailedFlipBot(std::string name, std::string command, std::string why)
      : name_(std::move(name)), command_(std::move(command)), why_(std::move(why)) {}
  std::string name() const override { return name_; }
  std::string spec() const override { return command_; }
  void newGame(const FlipRuleset&, Seat, std::uint64_t) override { throw BotFailure(why_); }
  Move chooseAction(const FlipPosition&) override { throw BotFailure(why_); }

 private:
  std::string name_, command_, why_;
};

// A built-in agent, or an external bot started for this game (a bot that
// does not start forfeits the game: playFlipGame sees it fail).
std::unique_ptr<FlipAgent> makePlayer(const FlipMatchOptions& o, int player) {
  const MatchPlayer& p = o.players[static_cast<std::size_t>(player)];
  if (p.command.empty()) return makeFlipAgent(p.agent);
  try {
    return std::make_unique<FlipExternalAgent>(p.name, p.command, o.hangSeconds, botStderrLog(o.outDir, p.name));
  } catch (const BotFailure& e) {
    return std::make_unique<FailedFlipBot>(p.name, p.command, e.what());
  }
}

}  // namespace

std::string FlipMatchGame::playRecord(const FlipMatchOptions& o, const PairedGame& g, const FlipDeal& deal,
                                      std::uint64_t gameSeed) {
  const auto first = makePlayer(o, g.first);
  const auto second = makePlayer(o, g.second);
  std::string forfeit;
  const FlipGame game = playFlipGame(*first, *second, o.rules, deal, gameSeed, o.maxPlies, &forfeit);
  std::vector<std::pair<std::string, std::string>> tags = {{"seat1", o.players[static_cast<std::size_t>(g.first)].name},
                                                           {"seat2", o.players[static_cast<std::size_t>(g.second)].name},
                                                           {"seat1-agent", first->spec()},
                                                           {"seat2-agent", second->spec()},
                                                           {"game", std::to_string(g.index)},
                                                           {"pair", std::to_string(g.pair)}};
  if (!forfeit.empty()) tags.push_back({"forfeit", forfeit});
  return formatFlipRecord(flipRecordOf(game, std::move(tags)));
}

std::pair<Outcome, int> FlipMatchGame::readRecord(const std::string& text) {
  const FlipGame game = replayFlip(parseFlipRecord(text));
  return {game.outcome(), game.position().ply()};
}

}  // namespace junqi
