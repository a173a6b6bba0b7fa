// One refereed game between two agents: layouts (given, as the match's
// opening, or chosen by the agents), turns with each agent seeing only its
// InfoState, draw offers, the clock, and every way an agent can fail, scored
// as the rules and the match settings say (a forfeit by default), with the
// reason recorded.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/classic/game.h"
#include "core/classic/record.h"
#include "arena/live_record.h"
#include "search/agent.h"

namespace junqi {

struct GameConfig {
  Ruleset ruleset;
  // The opening, one layout per seat (in seat order); where absent or empty the agent chooses.
  std::vector<std::optional<Layout>> layouts;
  // The game's seed: each agent gets its own seat's seed drawn from it
  // (match_seeds.h), or, with oneSeedForBoth (matches begun before seat
  // seeds), both get the game seed itself.
  std::uint64_t seed = 0;
  bool oneSeedForBoth = false;
  int maxPlies = 2000;                          // then the game is adjudicated a draw
  double moveSeconds = 0;                       // time per move; 0: none
  // With a move time: a late move follows the ruleset's clock rule (a timeout
  // passes the turn and the n-th forfeits) instead of forfeiting at once.
  bool rulesetClock = false;
  // Called after each action the referee applies (for onlookers: a match's live/ records).
  std::function<void(const Game&)> onAction;
};

struct PlayedGame {
  Game game;
  std::string detail;  // why a forfeit or adjudication happened (empty otherwise)
  // Per seat, in seat order.
  std::vector<double> returns;  // Variant::returns of the outcome: +1 win, -1 loss, 0 draw
  std::vector<double> thinkSeconds;
  std::vector<long long> simulations;
  // One per action of game.history(): what a built-in search thought of a
  // move it chose (for the record); none for other actions and agents.
  std::vector<std::optional<SearchNote>> searchNotes;
};

// Plays a game with one agent per seat of the ruleset's variant, in seat
// order; throws std::invalid_argument when the count is wrong. The agents must
// not be shared with a game running at the same time.
PlayedGame playGame(std::span<Agent* const> agents, const GameConfig& config);
// The two-seat games: Red's agent, then Blue's.
inline PlayedGame playGame(Agent& red, Agent& blue, const GameConfig& config) {
  Agent* const agents[] = {&red, &blue};
  return playGame(agents, config);
}

}  // namespace junqi
