#include "search/builtin_agents.h"

#include "search/heuristic_agent.h"
#include "search/mcts_agent.h"
#include "search/random_agent.h"
#include "search/tactical_agent.h"

namespace junqi {

std::vector<AgentKind> builtinAgentKinds() {
  return {
      {"random", "uniformly random legal moves; params: seed, layout", 
       [](const AgentParams& p) { return std::make_unique<RandomAgent>(p); }},
      {"heuristic", "rule-based player using the exact beliefs; params: noise, seed, layout",
       [](const AgentParams& p) { return std::make_unique<HeuristicAgent>(p); }},
      {"tactical",
       "fast one-ply player on the exact beliefs: flag tactics, expected material, the enemy's best reply, a plan; "
       "params: noise, seed, layout",
       [](const AgentParams& p) { return std::make_unique<TacticalAgent>(p); }},
      {"pimc",
       "determinized UCT over K sampled worlds; params: sims, worlds, vote, c, depth, rollout, threads, seconds, "
       "prior, ptemp, pc, discount, guard, reversals, seed, layout",
       [](const AgentParams& p) { return std::make_unique<MctsAgent>("pimc", p); }},
      {"ismcts",
       "information-set MCTS (mo=1: multiple-observer); params: sims, mo, views, opp, c, depth, rollout, threads, "
       "seconds, prior, ptemp, pc, discount, guard, reversals, seed, layout",
       [](const AgentParams& p) { return std::make_unique<MctsAgent>("ismcts", p); }},
  };
}

}  // namespace junqi
