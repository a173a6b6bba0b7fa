#include "arena/flip/flip_match.h"

#include <array>
#include <memory>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "arena/live_record.h"
#include "arena/match_seeds.h"
#include "core/flip/flip_record.h"
#include "core/version.h"
#include "jbp/flip/flip_bot_agent.h"

namespace junqi {

FlipDeal flipMatchDeal(std::uint64_t matchSeed, int pair) {
  Rng rng(Rng::mix(matchSeed ^ 0x666c6970ULL, static_cast<std::uint64_t>(pair)));  // "flip": apart from layouts
  return randomFlipDeal(rng);
}

FlipGame playFlipGame(FlipAgent& first, FlipAgent& second, const FlipRuleset& rules, const FlipDeal& deal,
                      std::uint64_t gameSeed, int maxPlies, std::string* forfeitReason,
                      const std::function<void(const FlipGame&)>& onAction) {
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
    if (onAction) onAction(game);
  }
  for (FlipAgent* a : seats)
    if (auto* bot = dynamic_cast<FlipExternalAgent*>(a)) bot->gameOver(game.outcome());
  return game;
}

// What a Flip Junqi match lacks, refused by name.
void FlipMatchGame::checkOptions(const Options& o) {
  const auto lacks = [](const char* option, const char* why) {
    return std::invalid_argument(fmt::format("{} is not available in a Flip Junqi match: {}", option, why));
  };
  if (!o.layoutBook.empty()) throw lacks("--layout-book", "Flip Junqi has no layouts (its pieces are dealt face down)");
  if (o.moveSeconds > 0) throw lacks("--move-seconds", "Flip Junqi has no move clock yet (its bots are told none)");
  if (o.rulesetClock) throw lacks("--ruleset-clock", "Flip Junqi's rules have no clock rules");
}

void FlipMatchGame::checkPlayer(const MatchPlayer& player) { makeFlipAgent(player.agent); }

void FlipMatchGame::startBot(const Options& o, const MatchPlayer& bot, const std::string& log) {
  FlipExternalAgent(bot.name, bot.command, o.hangSeconds, log);
}

FlipDeal FlipMatchGame::pairStart(const Options& o, int pair) { return flipMatchDeal(o.seed, pair); }

// A deal of game `game` alone, keyed as a classic game's own layouts are
// (match_seeds.h): a bot that saw it from one seat learns nothing of another game's.
FlipDeal FlipMatchGame::gameStart(const Options& o, int game) {
  Rng rng(gameLayoutSeed(o.seed, game, Seat::Red));
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

PlayedRecord<Outcome> FlipMatchGame::playRecord(const FlipMatchOptions& o, const PairedGame& g, const FlipDeal& deal,
                                                const std::string& livePath) {
  const auto first = makePlayer(o, g.first);
  const auto second = makePlayer(o, g.second);
  const std::array<std::string, 2> names = {o.players[static_cast<std::size_t>(g.first)].name,
                                            o.players[static_cast<std::size_t>(g.second)].name};
  LiveRecordWriter::Tags tags = {{"seat1", names[0]},          {"seat2", names[1]},
                                 {"seat1-agent", first->spec()}, {"seat2-agent", second->spec()},
                                 {"game", std::to_string(g.index)}, {"pair", std::to_string(g.pair)}};
  std::optional<LiveRecordWriter> live;  // removes the live file when the game is recorded
  if (!livePath.empty()) live.emplace(livePath, tags);
  const auto onAction = [&live](const FlipGame& game) {
    live->write([&] { return formatFlipRecord(flipRecordOf(game, live->tags())); });
  };
  std::string forfeit;
  const FlipGame game = playFlipGame(*first, *second, o.rules, deal, g.seed, o.maxPlies, &forfeit,
                                     live ? std::function<void(const FlipGame&)>(onAction) : nullptr);
  if (!forfeit.empty()) tags.push_back({"forfeit", forfeit});
  tags.push_back({"junqi-version", versionString()});
  return {formatFlipRecord(flipRecordOf(game, std::move(tags))),
          {game.outcome(), game.position().ply(), forfeit, versionString(), names}};
}

RecordedGame<Outcome> FlipMatchGame::readRecord(const std::string& text) {
  const FlipRecord record = parseFlipRecord(text);
  const FlipGame game = replayFlip(record);
  return {game.outcome(), game.position().ply(), record.tag("forfeit").value_or(""),
          record.tag("junqi-version").value_or(""),
          {record.tag("seat1").value_or(""), record.tag("seat2").value_or("")}};
}

}  // namespace junqi
