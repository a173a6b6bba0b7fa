#include "search/flip/flip_agent.h"

#include <fmt/format.h>

#include "core/flip/flip_movegen.h"
#include "core/random.h"
#include "search/flip/flip_heuristic.h"
#include "search/flip/flip_mcts.h"
#include "search/search_budget.h"
#include "search/styles/flip/flip_style_agent.h"

namespace junqi {

namespace {

class FlipRandomAgent : public FlipAgent {
 public:
  explicit FlipRandomAgent(std::uint64_t seed) : seed_(seed), rng_(seed) {}
  std::string name() const override { return "random"; }
  std::string spec() const override { return fmt::format("random:seed={}", seed_); }
  void newGame(const FlipRuleset&, Seat, std::uint64_t gameSeed) override {
    rng_.reseed(flipGameSeed(seed_, gameSeed));
  }
  Move chooseAction(const FlipPosition& pos) override {
    MoveList actions;
    generateFlipActions(pos, actions);
    return actions[static_cast<int>(rng_.below(actions.size()))];
  }

 private:
  std::uint64_t seed_;
  Rng rng_;
};

// mcts and pimc: the same search; `worlds` is pimc's alone. The defaults are
// the best of experiments/flip-first (no playouts, a low exploration constant).
std::unique_ptr<FlipAgent> makeSearch(const AgentParams& p, bool pimc) {
  const std::string name = pimc ? "pimc" : "mcts";
  FlipMctsParams m;
  m.simulations = p.getInt("sims", 400);
  if (!pimc) m.seconds = p.getDouble("seconds", 0), m.cpuSeconds = p.getDouble("cpuseconds", 0);
  if (pimc) m.worlds = p.getInt("worlds", 20);
  m.exploration = p.getDouble("c", 0.1);
  m.rolloutDepth = p.getInt("depth", 0);
  m.priorTemperature = p.getDouble("ptemp", 0);
  m.priorWeight = p.getDouble("pc", 1.0);
  m.drawClock = p.getInt("drawclock", 0);
  if (!pimc) m.decisiveFlips = readFlipSwitch(p, "decisive", name);
  m.flagWins = readFlipSwitch(p, "takeflag", name);
  m.flagLosses = readFlipSwitch(p, "lostflag", name);
  m.cover = p.getDouble("cover", 0);
  m.seed = p.getSeed("seed", 1);
  if (m.simulations < 1) throw AgentSpecError(fmt::format("agent '{}': sims must be at least 1", name));
  checkSearchTimes(m.seconds, m.cpuSeconds, "mcts");
  if (pimc && (m.worlds < 1 || m.worlds > m.simulations))
    throw AgentSpecError("agent 'pimc': worlds must be from 1 to sims");
  if (m.exploration < 0) throw AgentSpecError(fmt::format("agent '{}': c must be 0 or more", name));
  if (m.rolloutDepth < 0) throw AgentSpecError(fmt::format("agent '{}': depth must be 0 or more", name));
  if (m.drawClock < 0) throw AgentSpecError(fmt::format("agent '{}': drawclock must be 0 or more", name));
  if (!(m.cover >= 0)) throw AgentSpecError(fmt::format("agent '{}': cover must be 0 or more", name));
  if (m.priorTemperature < 0 || m.priorWeight < 0)
    throw AgentSpecError(fmt::format("agent '{}': ptemp and pc must be 0 or more", name));
  return std::make_unique<FlipMctsAgent>(m);
}

std::vector<AgentParamHelp> searchParams(bool pimc) {
  std::vector<AgentParamHelp> out = {{"sims", "400", pimc ? "iterations a move, over all worlds" : "iterations a move"}};
  if (!pimc) out.push_back({"seconds", "0", "search each action this long instead (0: count sims; games then not reproducible)"});
  if (!pimc) out.push_back({"cpuseconds", "0", "search each action for this much CPU time of its thread instead (equal work on a loaded machine; not reproducible)"});
  if (pimc) out.push_back({"worlds", "20", "deals searched, each as if it were the truth"});
  out.push_back({"c", "0.1", "UCT exploration constant"});
  out.push_back({"depth", "0", "random playout length in actions (0: none), then material and the best capture decide"});
  out.push_back({"ptemp", "0", "root priors from the heuristic's scores at this softmax temperature (0: none)"});
  out.push_back({"pc", "1", "PUCT constant of those root priors"});
  out.push_back({"drawclock", "0", kFlipDrawClockHelp});
  if (!pimc) out.push_back({"decisive", "0", kFlipDecisiveHelp});
  out.push_back({"takeflag", "0", kFlipTakeFlagHelp});
  out.push_back({"lostflag", "0", kFlipLostFlagHelp});
  out.push_back({"cover", "0", kFlipCoverHelp});
  out.push_back({"seed", "1", "random seed"});
  return out;
}

}  // namespace

bool readFlipSwitch(const AgentParams& params, std::string_view key, std::string_view agent) {
  const int value = params.getInt(std::string(key), 0);
  if (value != 0 && value != 1) throw AgentSpecError(fmt::format("agent '{}': {} must be 0 or 1", agent, key));
  return value == 1;
}

std::uint64_t flipGameSeed(std::uint64_t agentSeed, std::uint64_t gameSeed) {
  Rng mix(agentSeed * 0x9E3779B97F4A7C15ULL ^ gameSeed);
  return mix.next();
}

namespace {
std::vector<FlipAgentKind> builtinFlipKinds() {
  std::vector<FlipAgentKind> kinds = {
      {"random", "a uniformly random legal action",
       [](const AgentParams& p) -> std::unique_ptr<FlipAgent> {
         return std::make_unique<FlipRandomAgent>(p.getSeed("seed", 1));
       },
       {{"seed", "1", "random seed"}}},
      {"heuristic", "one ply: safe captures, threatened pieces moved away, flips where a revealed enemy harms least",
       [](const AgentParams& p) -> std::unique_ptr<FlipAgent> {
         const double noise = p.getDouble("noise", 0.05);
         if (noise < 0) throw AgentSpecError("agent 'heuristic': noise must be 0 or more");
         return std::make_unique<FlipHeuristicAgent>(noise, p.getSeed("seed", 1));
       },
       {{"noise", "0.05", "random tie-break added to each score"}, {"seed", "1", "random seed"}}},
      {"mcts", "Monte Carlo tree search with chance nodes: flips' outcomes sampled from the pools",
       [](const AgentParams& p) { return makeSearch(p, false); }, searchParams(false)},
      {"pimc", "perfect-information Monte Carlo: a tree searched in each of several sampled deals, visits summed",
       [](const AgentParams& p) { return makeSearch(p, true); }, searchParams(true)},
  };
  for (FlipAgentKind& style : flipStyleKinds()) kinds.push_back(std::move(style));  // the panel (search/styles/flip/)
  return kinds;
}

AgentKinds<FlipAgent>& flipKinds() {
  static AgentKinds<FlipAgent> kinds("flip agent", builtinFlipKinds);
  return kinds;
}

}  // namespace

void registerFlipAgentKind(FlipAgentKind kind) { flipKinds().add(std::move(kind)); }
std::vector<FlipAgentKind> flipAgentKinds() { return flipKinds().all(); }
std::unique_ptr<FlipAgent> makeFlipAgent(std::string_view spec) { return flipKinds().make(spec); }

}  // namespace junqi
