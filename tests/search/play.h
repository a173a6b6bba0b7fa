// A small game loop for the search tests: agents choose layouts, a Game
// referees, each seat's InfoState is kept up to date from the public events,
// and each agent is handed only its own InfoState.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/classic/game.h"
#include "core/classic/info_state.h"
#include "search/agent.h"

namespace junqi::searchtest {

struct PlayedGame {
  Game game;
  std::vector<Action> actions;       // every action, in order
  std::vector<AgentReport> reports;  // the acting agent's report after each action
  bool capped = false;               // stopped at the ply cap, not over
};

// Plays one game between two agents (`red` plays Red). Each agent gets
// newGame(ruleset, seat, gameSeed) and chooses its layout; the game stops when
// it is over (both agents are then told, with gameOver) or after `maxPlies`
// actions. `visit(game, views)` (if given) is
// called before each decision, with both seats' InfoStates.
using VisitFn = std::function<void(const Game&, const InfoState (&views)[2])>;
PlayedGame playGame(Agent& red, Agent& blue, const Ruleset& ruleset, std::uint64_t gameSeed, int maxPlies,
                    const VisitFn& visit = {});

// The same from a given Game (layouts or a position): no layouts are chosen,
// the agents still get newGame.
PlayedGame playFrom(Game game, Agent& red, Agent& blue, std::uint64_t gameSeed, int maxPlies,
                    const VisitFn& visit = {});

// A game between agents made from specs.
PlayedGame playSpecs(const std::string& redSpec, const std::string& blueSpec, const Ruleset& ruleset,
                     std::uint64_t gameSeed, int maxPlies);

// The action a fresh agent made from `spec` chooses for `seat` (which must be
// to move) in `game`, after newGame(ruleset, seat, gameSeed).
Action decide(const std::string& spec, const Game& game, Seat seat, std::uint64_t gameSeed);
Action decide(const std::string& spec, const InfoState& state, std::uint64_t gameSeed);

// Random legal moves from random layouts (fixed by `seed`) for `plies` plies
// (fewer if the game ends); the layouts are styled by seed % 4.
Game randomGame(const Ruleset& ruleset, std::uint64_t seed, int plies);

// The text position turned round with the colours swapped: what was Red's is
// Blue's on the rotated point (the side to move swaps too).
std::string mirrorPosition(const std::string& text);

std::string actionName(const Action& a);

// `spec` with one more parameter ("ismcts:sims=9" + seed 3 -> "ismcts:sims=9,seed=3", "random" -> "random:seed=3").
std::string withParam(const std::string& spec, const std::string& key, std::uint64_t value);

}  // namespace junqi::searchtest
