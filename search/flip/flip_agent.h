// Agents for Flip Junqi, by spec string like every agent ("flip-mcts:sims=400").
//
// In Flip Junqi both players see the same board, so an agent is given the
// FlipPosition itself: it holds every face-up identity and the pools, never
// the deal (the referee's, core/flip/flip_game.h). What lies face down an agent can
// only sample from the pools, exactly as its opponent can.
//
// Kinds (`junqi agents` lists their parameters):
//   random      a uniformly random legal action
//   heuristic   one ply: safe captures, threatened pieces moved away, flips
//               where a revealed enemy can do least harm (search/flip/flip_heuristic.h)
//   mcts        Monte Carlo tree search with chance nodes: each flip's outcome
//               sampled from the pools (search/flip/flip_mcts.h)
//   pimc        the same search in each of several sampled deals, as if each
//               were the truth, the root visits summed (search/flip/flip_mcts.h)
//   flipper, hoarder, rusher, trader
//               the style panel (search/styles/flip/flip_style_agent.h)
//   nn          the mcts search guided by a network (nets/flip/flip_nn_agent.h;
//               registered by the programs that link nets/)
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/flip/flip_position.h"
#include "search/agent.h"
#include "search/registry.h"

namespace junqi {

class FlipAgent : public AgentBase {
 public:
  // A new game: `gameSeed` varies per game, so that one agent plays different
  // games differently yet reproducibly.
  virtual void newGame(const FlipRuleset& rules, Seat seat, std::uint64_t gameSeed) = 0;
  // A flip or a move for the side to move (pos.toMove() is this agent's seat).
  virtual Move chooseAction(const FlipPosition& pos) = 0;
};

using FlipAgentKind = AgentKindOf<FlipAgent>;

// The built-in kinds, then the registered ones.
std::vector<FlipAgentKind> flipAgentKinds();
// Adds a kind: nets/ registers "nn" (nets/flip/flip_nn_agent.h) this way, since
// search/ cannot link the networks. A kind of a name already there replaces it.
void registerFlipAgentKind(FlipAgentKind kind);
// Throws AgentSpecError for an unknown name, key or value.
std::unique_ptr<FlipAgent> makeFlipAgent(std::string_view spec);

// A 0-or-1 parameter of the flip searches (mcts, nn: `decisive`, `takeflag`,
// `lostflag`), 0 when absent; throws AgentSpecError naming `agent` and `key` for anything else.
bool readFlipSwitch(const AgentParams& params, std::string_view key, std::string_view agent);

// Seeds of one game: the agent's own seed mixed with the game's, alike everywhere.
std::uint64_t flipGameSeed(std::uint64_t agentSeed, std::uint64_t gameSeed);

}  // namespace junqi
