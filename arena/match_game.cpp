#include "arena/match_game.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/classic/record.h"
#include "core/variant.h"
#include "arena/match_seeds.h"
#include "jbp/protocol_agent.h"

namespace junqi {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// A built-in agent gets some slack over the move time (it checks its clock only
// now and then); an external bot is held to the time by the protocol itself.
bool late(double seconds, double limit) { return limit > 0 && seconds > limit * 1.5 + 0.25; }

// Each seat's layout: the given opening, or the agent's choice. A failing
// agent gets a random legal layout (the game still needs a start to be
// recorded) and the first failure is returned: it decides the game.
std::optional<std::pair<Seat, std::string>> chooseLayouts(std::span<Agent* const> agents, const GameConfig& config,
                                                          std::vector<Layout>& layouts) {
  std::optional<std::pair<Seat, std::string>> failure;
  Rng fallback(Rng::mix(config.seed, 77));
  layouts.resize(agents.size());
  for (std::size_t i = 0; i < agents.size(); ++i) {
    const Seat s = seatFromIndex(static_cast<int>(i));
    Agent& agent = *agents[i];
    const bool given = i < config.layouts.size() && config.layouts[i];
    try {
      if (auto* external = dynamic_cast<ExternalAgent*>(&agent)) external->setMoveSeconds(config.moveSeconds);
      agent.newGame(config.ruleset, s, config.oneSeedForBoth ? config.seed : seatSeed(config.seed, s));
      layouts[i] = given ? *config.layouts[i] : agent.chooseLayout(config.ruleset, s);
      if (const auto v = validateLayout(layouts[i], config.ruleset))
        throw BotFailure(fmt::format("sent an illegal layout: {}", v->message));
    } catch (const std::exception& e) {
      layouts[i] = randomLayout(config.ruleset, fallback);
      if (!failure) failure = {s, e.what()};
    }
  }
  return failure;
}

// One game in progress: the referee, each seat's view, and what is scored.
class GameInProgress {
 public:
  GameInProgress(std::span<Agent* const> agents, const GameConfig& config, const std::vector<Layout>& layouts)
      : agents_(agents),
        config_(config),
        played_{Game(config.ruleset, layouts[0], layouts[1]), {}, {}, std::vector<double>(agents.size()),
                std::vector<long long>(agents.size()), {}} {
    for (std::size_t i = 0; i < agents.size(); ++i)
      views_.push_back(InfoState::of(game(), seatFromIndex(static_cast<int>(i))));
  }

  Game& game() { return played_.game; }

  void forfeit(Seat s, const std::string& why) {
    game().forfeit(s);
    played_.detail = fmt::format("{} ({}) {}", seatName(s), agents_[index(s)]->name(), why);
  }

  // Plays the turn of the seat to move; false when the game has ended.
  bool playTurn();

  // Tells every agent how the game ended and returns the scored game.
  PlayedGame finish();

 private:
  void tell() {
    for (InfoState& v : views_) v.apply(publicEvent(game(), game().history().size() - 1));
    if (config_.onAction) config_.onAction(game());
  }
  void noteSearch(const AgentReport& report);
  bool timedOut(Seat s, const std::string& why);
  bool answerDrawOffer(Seat offeredBy);

  std::span<Agent* const> agents_;
  const GameConfig& config_;
  PlayedGame played_;
  std::vector<InfoState> views_;
};

bool GameInProgress::playTurn() {
  if (game().position().ply() >= config_.maxPlies) {
    game().adjudicateDraw();
    played_.detail = fmt::format("move limit {}", config_.maxPlies);
    return false;
  }
  const Seat s = game().position().sideToMove();
  Agent& agent = *agents_[index(s)];
  Action action;
  const auto started = Clock::now();
  try {
    action = agent.chooseAction(views_[index(s)]);
  } catch (const BotTimeout& e) {
    played_.thinkSeconds[index(s)] += since(started);
    return timedOut(s, e.what());
  } catch (const std::exception& e) {
    forfeit(s, e.what());
    return false;
  }
  const double took = since(started);
  played_.thinkSeconds[index(s)] += took;
  played_.simulations[index(s)] += agent.lastReport().simulations;
  if (late(took, config_.moveSeconds) && !dynamic_cast<ExternalAgent*>(&agent))
    return timedOut(s, fmt::format("took {:.2f} s for a move (limit {:g} s)", took, config_.moveSeconds));
  action.side = s;
  if (const auto why = game().whyIllegal(action)) {
    const std::string what = action.type == ActionType::Move ? fmt::format("the move {}", moveName(action.move))
                                                             : std::string("that action");
    forfeit(s, fmt::format("sent an illegal action, {}: {}", what, *why));
    return false;
  }
  game().apply(action);
  if (action.type == ActionType::Move) noteSearch(agent.lastReport());
  tell();
  if (action.type == ActionType::OfferDraw && !game().isOver()) return answerDrawOffer(s);
  return !game().isOver();
}

// The record's note of what a search thought of the move just made: only from
// reports with root visit shares (built-in searches; heuristic agents count
// their scored moves as simulations, and external bots report none).
void GameInProgress::noteSearch(const AgentReport& report) {
  constexpr std::size_t kLine = 8, kShares = 5;  // enough to read; records stay small
  played_.searchNotes.resize(game().history().size());
  if (report.simulations <= 0 || report.rootShares.empty()) return;
  SearchNote& note = played_.searchNotes.back().emplace();
  note.value = std::clamp(report.value, -1.0, 1.0);  // the record reads no other
  note.simulations = report.simulations;
  const auto& line = report.principalLine;
  if (!line.empty() && line.front() == game().history().back().action.move)  // never a stale line
    note.line.assign(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(std::min(line.size(), kLine)));
  const auto& shares = report.rootShares;
  note.shares.assign(shares.begin(), shares.begin() + static_cast<std::ptrdiff_t>(std::min(shares.size(), kShares)));
}

// A move too late: forfeited at once, or by the ruleset's clock rule (the
// turn passes and the n-th timeout forfeits).
bool GameInProgress::timedOut(Seat s, const std::string& why) {
  if (!config_.rulesetClock) {
    forfeit(s, why);
    return false;
  }
  game().apply(Action::timeout(s));
  if (game().isOver() && game().outcome().reason == Termination::TimeoutForfeit) {
    played_.detail = fmt::format("{} ({}) ran out of time too often", seatName(s), agents_[index(s)]->name());
    return false;
  }
  tell();
  return !game().isOver();
}

// The referee's draw offer goes to the other seat of a two-seat game.
bool GameInProgress::answerDrawOffer(Seat offeredBy) {
  const Seat other = opposite(offeredBy);
  bool accept = false;
  try {
    accept = agents_[index(other)]->acceptDraw(views_[index(other)]);
  } catch (const std::exception& e) {
    forfeit(other, e.what());
    return false;
  }
  game().apply(accept ? Action::acceptDraw(other) : Action::declineDraw(other));
  tell();
  return !game().isOver();
}

PlayedGame GameInProgress::finish() {
  for (std::size_t i = 0; i < agents_.size(); ++i) {
    views_[i].setOutcome(game().outcome());
    try {
      agents_[i]->gameOver(game().outcome(), game().position());
    } catch (const std::exception&) {
      // The game is decided; a bot failing now changes nothing.
    }
  }
  played_.searchNotes.resize(game().history().size());
  played_.returns = Variant::of(config_.ruleset).returns(game().outcome());
  return std::move(played_);
}

}  // namespace

PlayedGame playGame(std::span<Agent* const> agents, const GameConfig& config) {
  const Variant& variant = Variant::of(config.ruleset);
  if (static_cast<int>(agents.size()) != variant.seatCount())
    throw std::invalid_argument(fmt::format("{} is played by {} agents, not {}", variant.name(),
                                            variant.seatCount(), agents.size()));
  std::vector<Layout> layouts;
  const auto failure = chooseLayouts(agents, config, layouts);
  GameInProgress game(agents, config, layouts);
  if (failure) game.forfeit(failure->first, failure->second);
  while (!game.game().isOver() && game.playTurn()) {
  }
  return game.finish();
}

}  // namespace junqi
