// Agent: one interface for every player, built-in or external.
//
// An agent chooses a layout for a seat, then an action each turn given only
// its InfoState (never the full state: see core/classic/info_state.h), and is told how
// the game ended. Each agent has a name, a spec string that recreates it
// exactly ("ismcts:sims=2000,c=0.7,seed=3"), and reports what it did for the
// last decision (simulations, depth, time, principal line, value estimate).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/classic/game.h"
#include "core/classic/info_state.h"

namespace junqi {

// What an agent did to reach its last decision, for logs.
struct AgentReport {
  long long simulations = 0;  // iterations, playouts or evaluations
  int depth = 0;              // deepest tree ply reached
  double seconds = 0;
  double value = 0;           // the chosen action's value for the agent, in [-1, 1]
  std::vector<Move> principalLine;
  // A search's root: each move's share of the visits, most visited first
  // (moves never visited left out); empty for agents that do not search.
  std::vector<std::pair<Move, double>> rootShares;
  // Each of rootShares' moves' mean value for the agent, in [-1, 1], in the
  // same order, where the search keeps one; empty otherwise.
  std::vector<double> rootValues;
  std::string note;           // anything else worth a log line
};

// What an agent of any game has: a name, a spec that recreates it, and a
// report of its last decision. The decisions differ by game, because each
// game's seats are shown different things: Agent below (classic: its seat's
// InfoState), FlipAgent (search/flip/flip_agent.h: the public FlipPosition) and
// FourAgent (search/four/four_agent.h: its army's FourObservation).
class AgentBase {
 public:
  virtual ~AgentBase() = default;
  // The registry name ("random", "heuristic", "pimc", "ismcts", ...).
  virtual std::string name() const = 0;
  // A spec that makes an identical agent (same parameters, same seed).
  virtual std::string spec() const = 0;
  const AgentReport& lastReport() const { return report_; }

 protected:
  AgentReport report_;
};

// An agent of the classic game.
class Agent : public AgentBase {
 public:
  // A new game begins. `gameSeed` varies per game so that one agent plays
  // different games differently yet reproducibly.
  virtual void newGame(const Ruleset& ruleset, Seat seat, std::uint64_t gameSeed) = 0;
  virtual Layout chooseLayout(const Ruleset& ruleset, Seat seat) = 0;
  // The agent's action for its seat: a move (when it is to move), or a
  // resignation or draw offer (ActionType) if it wants.
  virtual Action chooseAction(const InfoState& state) = 0;
  // The opponent offered a draw: accept it?
  virtual bool acceptDraw(const InfoState&) { return false; }
  // The game is over; `reveal` is the full final position.
  virtual void gameOver(const Outcome&, const Position& /*reveal*/) {}
};

}  // namespace junqi
