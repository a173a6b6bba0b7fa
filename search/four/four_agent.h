// Agents for four-player Junqi, by spec string like every agent. An agent
// plays one army and is given that army's FourObservation (core/
// four_observation.h): where everything stands, the moves and battle results,
// and the identities its visibility mode shows. Nothing else.
//
// Kinds (`junqi agents` lists their parameters):
//   random     a uniformly random legal move
//   heuristic  one ply: a shown flag taken at once, each capture weighed by
//              its expected material (an unseen piece by the identities an
//              army starts with), a piece under a sure threat moved away, a
//              push towards the nearest enemy headquarters
//   ismcts     single-observer ISMCTS over the seat's beliefs with team
//              returns (search/four/four_ismcts.h)
//   rush, turtle, partner, bomber
//              the style panel (search/styles/four/four_style_agent.h)
//   nn         the same search guided by a trained network (registered by
//              nets/four/four_nn_agent.h where networks are played)
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/four/four_observation.h"
#include "search/agent.h"
#include "search/registry.h"

namespace junqi {

class FourAgent : public AgentBase {
 public:
  // A new game for `army`; `gameSeed` varies per game, so one agent plays
  // different games differently yet reproducibly.
  virtual void newGame(const FourRuleset& rules, int army, std::uint64_t gameSeed) = 0;
  // A legal move for the army to move (obs.toMove() is this agent's army).
  virtual Move chooseMove(const FourObservation& obs) = 0;
};

using FourAgentKind = AgentKindOf<FourAgent>;

// The built-in kinds, then those registered (the network agent, nets/four/four_nn_agent.h).
std::vector<FourAgentKind> fourAgentKinds();
// Adds a kind (or replaces the one of its name).
void registerFourAgentKind(FourAgentKind kind);
// Throws AgentSpecError for an unknown name, key or value.
std::unique_ptr<FourAgent> makeFourAgent(std::string_view spec);

}  // namespace junqi
