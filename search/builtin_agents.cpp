#include "search/builtin_agents.h"

#include <initializer_list>

#include "search/exploit/exploit_agent.h"
#include "search/classic/heuristic_agent.h"
#include "search/classic/mcts_agent.h"
#include "search/classic/random_agent.h"
#include "search/styles/style_agent.h"
#include "search/classic/tactical_agent.h"

namespace junqi {

namespace {

using Params = std::vector<AgentParamHelp>;

Params concat(std::initializer_list<Params> parts) {
  Params all;
  for (const Params& p : parts) all.insert(all.end(), p.begin(), p.end());
  return all;
}

// Every agent's (search/basic_agent.cpp); a match chooses the layouts unless
// run with --agent-layouts.
Params commonParams(const std::string& style) {
  return {{"seed", "1", "seed of the agent's choices (mixed with each game's seed)"},
          {"layout", style,
           "layout style, when the agent chooses its layout: random, aggressive, defensive or balanced"}};
}

Params noiseParam() {
  return {{"noise", "0.05", "up to this much random noise added to each move's score (0: always the best)"}};
}

// pimc and ismcts (search/classic/mcts_agent.cpp and readChoiceParams).
Params searchParams() {
  return {{"sims", "2000", "simulations per move (over all threads)"},
          {"seconds", "0", "above 0: search this many seconds per move instead of `sims`"},
          {"c", "0.7", "UCB exploration constant"},
          {"depth", "50", "rollout plies before the static evaluation"},
          {"rollout", "greedy", "rollout policy: random or greedy"},
          {"threads", "1", "search threads"},
          {"prior", "tactical", "root priors: tactical (from the tactical player's scores) or none"},
          {"ptemp", "0.5", "temperature of the tactical priors, in material units"},
          {"pc", "1.5", "PUCT exploration constant for the root priors"},
          {"discount", "0.995", "each ply to a result multiplies its value by this, in (0, 1]"},
          {"guard", "1", "1: flag guard (take a sure flag capture, stop the enemy's); 0: off"},
          {"reversals", "0", "1: allow a quiet move that undoes the previous one; 0: avoid it"},
          {"material", "0.3",
           "material rules (trade when clearly ahead, not when behind, no losing fight) where the search "
           "values their move within this of its pick; 0: off"}};
}

}  // namespace

std::vector<AgentKind> builtinAgentKinds() {
  std::vector<AgentKind> kinds = {
      {"random", "uniformly random legal moves",
       [](const AgentParams& p) { return std::make_unique<RandomAgent>(p); }, commonParams("random")},
      {"heuristic", "rule-based player using the exact beliefs",
       [](const AgentParams& p) { return std::make_unique<HeuristicAgent>(p); },
       concat({noiseParam(), commonParams("balanced")})},
      {"tactical",
       "fast one-ply player on the exact beliefs: flag tactics, expected material, the enemy's best reply, a plan",
       [](const AgentParams& p) { return std::make_unique<TacticalAgent>(p); },
       concat({noiseParam(), commonParams("balanced")})},
      {"pimc", "determinized UCT over K sampled worlds",
       [](const AgentParams& p) { return std::make_unique<MctsAgent>("pimc", p); },
       concat({searchParams(),
               {{"worlds", "20", "sampled worlds (determinizations)"},
                {"vote", "0", "1: each world votes for its best move; 0: visits are summed over worlds"}},
               commonParams("balanced")})},
      {"ismcts", "information-set MCTS",
       [](const AgentParams& p) { return std::make_unique<MctsAgent>("ismcts", p); },
       concat({searchParams(),
               {{"mo", "0", "1: multiple-observer ISMCTS (a tree per seat); 0: single-observer"},
                {"views", "8", "with mo=1: guesses drawn of what the opponent believes our pieces are"},
                {"opp", "0.5", "with mo=1: share of simulations spent on the opponent's decisions"}},
               commonParams("balanced")})},
  };
  for (AgentKind& k : styleAgentKinds()) kinds.push_back(std::move(k));  // the style panel (search/styles/)
  kinds.push_back(exploitAgentKind());  // the exploiter (search/exploit/)
  return kinds;
}

}  // namespace junqi
