#include "arena/match_game.h"

#include <chrono>

#include <fmt/format.h>

#include "core/auto_layout.h"
#include "arena/match_seeds.h"
#include "jbp/protocol_agent.h"

namespace junqi {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// A built-in agent gets some slack over the move time (it checks its clock only
// now and then); an external bot is held to the time by the protocol itself.
bool late(double seconds, double limit) { return limit > 0 && seconds > limit * 1.5 + 0.25; }

}  // namespace

PlayedGame playGame(Agent& red, Agent& blue, const GameConfig& config) {
  std::array<Agent*, kSides> agents = {&red, &blue};
  std::array<Layout, kSides> layouts;
  std::optional<std::pair<Side, std::string>> failure;  // who failed, and how
  Rng fallback(Rng::mix(config.seed, 77));
  for (const Side s : {Side::Red, Side::Blue}) {
    Agent& agent = *agents[index(s)];
    const auto& given = s == Side::Red ? config.redLayout : config.blueLayout;
    try {
      if (auto* external = dynamic_cast<ExternalAgent*>(&agent)) external->setMoveSeconds(config.moveSeconds);
      agent.newGame(config.ruleset, s, config.oneSeedForBoth ? config.seed : seatSeed(config.seed, s));
      layouts[index(s)] = given ? *given : agent.chooseLayout(config.ruleset, s);
      if (const auto v = validateLayout(layouts[index(s)], config.ruleset))
        throw BotFailure(fmt::format("sent an illegal layout: {}", v->message));
    } catch (const std::exception& e) {
      // The game still needs a legal start to be recorded; the failure decides it.
      layouts[index(s)] = randomLayout(config.ruleset, fallback);
      if (!failure) failure = {s, e.what()};
    }
  }
  PlayedGame played{Game(config.ruleset, layouts[0], layouts[1]), {}, {}, {}};
  Game& game = played.game;
  std::array<InfoState, kSides> views = {InfoState::of(game, Side::Red), InfoState::of(game, Side::Blue)};
  const auto forfeit = [&](Side s, const std::string& why) {
    game.forfeit(s);
    played.detail = fmt::format("{} ({}) {}", sideName(s), agents[index(s)]->name(), why);
  };
  const auto tell = [&] {
    for (InfoState& v : views) v.apply(publicEvent(game, game.history().size() - 1));
  };
  if (failure) forfeit(failure->first, failure->second);

  while (!game.isOver()) {
    if (game.position().ply() >= config.maxPlies) {
      game.adjudicateDraw();
      played.detail = fmt::format("move limit {}", config.maxPlies);
      break;
    }
    const Side s = game.position().sideToMove();
    Agent& agent = *agents[index(s)];
    Action action;
    const auto started = Clock::now();
    try {
      action = agent.chooseAction(views[index(s)]);
    } catch (const BotTimeout& e) {
      played.thinkSeconds[index(s)] += since(started);
      if (config.rulesetClock) {
        game.apply(Action::timeout(s));
        if (!game.isOver() || game.outcome().reason != Termination::TimeoutForfeit) {
          tell();
          continue;
        }
        played.detail = fmt::format("{} ({}) ran out of time too often", sideName(s), agent.name());
        break;
      }
      forfeit(s, e.what());
      break;
    } catch (const std::exception& e) {
      forfeit(s, e.what());
      break;
    }
    const double took = since(started);
    played.thinkSeconds[index(s)] += took;
    played.simulations[index(s)] += agent.lastReport().simulations;
    if (late(took, config.moveSeconds) && !dynamic_cast<ExternalAgent*>(&agent)) {
      if (!config.rulesetClock) {
        forfeit(s, fmt::format("took {:.2f} s for a move (limit {:g} s)", took, config.moveSeconds));
        break;
      }
      game.apply(Action::timeout(s));
      if (game.isOver()) break;
      tell();
      continue;
    }
    action.side = s;
    if (const auto why = game.whyIllegal(action)) {
      const std::string what = action.type == ActionType::Move ? fmt::format("the move {}", moveName(action.move))
                                                               : std::string("that action");
      forfeit(s, fmt::format("sent an illegal action, {}: {}", what, *why));
      break;
    }
    game.apply(action);
    tell();
    if (action.type == ActionType::OfferDraw && !game.isOver()) {
      const Side other = opposite(s);
      bool accept = false;
      try {
        accept = agents[index(other)]->acceptDraw(views[index(other)]);
      } catch (const std::exception& e) {
        forfeit(other, e.what());
        break;
      }
      game.apply(accept ? Action::acceptDraw(other) : Action::declineDraw(other));
      tell();
    }
  }
  for (const Side s : {Side::Red, Side::Blue}) {
    views[index(s)].setOutcome(game.outcome());
    try {
      agents[index(s)]->gameOver(game.outcome(), game.position());
    } catch (const std::exception&) {
      // The game is decided; a bot failing now changes nothing.
    }
  }
  return played;
}

}  // namespace junqi
