#include "search/four/four_agent.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/random.h"
#include "search/four/four_heuristic.h"
#include "search/four/four_ismcts.h"
#include "search/search_budget.h"
#include "search/styles/four/four_style_agent.h"

namespace junqi {

namespace {

class FourRandomAgent : public FourAgent {
 public:
  explicit FourRandomAgent(std::uint64_t seed) : seed_(seed), rng_(seed) {}
  std::string name() const override { return "random"; }
  std::string spec() const override { return fmt::format("random:seed={}", seed_); }
  void newGame(const FourRuleset&, int army, std::uint64_t gameSeed) override {
    rng_.reseed(Rng::mix(seed_ ^ static_cast<std::uint64_t>(army), gameSeed));
  }
  Move chooseMove(const FourObservation& obs) override {
    MoveList moves;
    obs.legalMoves(moves);
    return moves[static_cast<int>(rng_.below(static_cast<std::uint64_t>(moves.size())))];
  }

 private:
  std::uint64_t seed_;
  Rng rng_;
};

class FourIsmctsAgent : public FourAgent {
 public:
  FourIsmctsAgent(const FourSearchParams& params, std::uint64_t seed) : params_(params), seed_(seed) {}
  std::string name() const override { return "ismcts"; }
  std::string spec() const override {
    const std::string budget = budgetSpecItem(params_.seconds, params_.cpuSeconds, params_.iterations);
    const std::string prior = params_.heuristicPriors ? fmt::format("prior=heuristic,ptemp={},pc={}", params_.priorTemperature,
                                                                    params_.priorExploration)
                                                      : std::string("prior=none");
    // rollout= always: games before 2026-12-01 played random rollouts without naming them.
    const std::string rollout = fmt::format(",rollout={}", rolloutPolicyName(params_.rollout));
    return fmt::format("ismcts:{},c={},depth={}{},discount={},scale={},{},seed={}", budget, params_.exploration,
                       params_.rolloutDepth, rollout, params_.discount, params_.materialScale, prior, seed_);
  }
  void newGame(const FourRuleset& rules, int army, std::uint64_t gameSeed) override {
    rules_ = rules;
    gameSeed_ = Rng::mix(seed_ ^ static_cast<std::uint64_t>(army), gameSeed);
  }
  Move chooseMove(const FourObservation& obs) override {
    const FourSearchResult r = fourSearch(obs, rules_, params_, Rng::mix(gameSeed_, static_cast<std::uint64_t>(obs.ply())));
    report_ = fourSearchReport(r);
    if (r.chainWorlds > 0) report_.note = fmt::format("{} worlds from the beliefs' Markov chain", r.chainWorlds);
    return r.best;
  }

 private:
  FourSearchParams params_;
  std::uint64_t seed_;
  std::uint64_t gameSeed_ = 0;
  FourRuleset rules_;
};

std::unique_ptr<FourAgent> makeFourIsmcts(const AgentParams& p) {
  FourSearchParams s;
  s.iterations = p.getInt("sims", static_cast<int>(s.iterations));
  s.seconds = p.getDouble("seconds", s.seconds);
  s.cpuSeconds = p.getDouble("cpuseconds", s.cpuSeconds);
  s.exploration = p.getDouble("c", s.exploration);
  s.rolloutDepth = p.getInt("depth", s.rolloutDepth);
  s.rollout = rolloutPolicyOfSpec(p, "ismcts");
  s.discount = p.getDouble("discount", s.discount);
  s.materialScale = p.getDouble("scale", s.materialScale);
  const std::string prior = p.getString("prior", "heuristic");
  if (prior != "heuristic" && prior != "none")
    throw AgentSpecError(fmt::format("agent 'ismcts': prior={} is not heuristic or none", prior));
  s.heuristicPriors = prior == "heuristic";
  s.priorTemperature = p.getDouble("ptemp", s.priorTemperature);
  s.priorExploration = p.getDouble("pc", s.priorExploration);
  if (s.iterations < 1) throw AgentSpecError("agent 'ismcts': sims must be at least 1");
  checkSearchTimes(s.seconds, s.cpuSeconds, "ismcts");
  if (s.rolloutDepth < 0) throw AgentSpecError("agent 'ismcts': depth must be 0 or more");
  if (!(s.discount > 0 && s.discount <= 1)) throw AgentSpecError("agent 'ismcts': discount must be in (0, 1]");
  if (!(s.materialScale > 0) || !(s.priorTemperature > 0))
    throw AgentSpecError("agent 'ismcts': scale and ptemp must be positive");
  return std::make_unique<FourIsmctsAgent>(s, p.getSeed("seed", 1));
}

std::vector<FourAgentKind> builtinFourKinds() {
  std::vector<FourAgentKind> kinds = {
      {"random", "a uniformly random legal move",
       [](const AgentParams& p) -> std::unique_ptr<FourAgent> {
         return std::make_unique<FourRandomAgent>(p.getSeed("seed", 1));
       },
       {{"seed", "1", "random seed"}}},
      {"heuristic", "one ply: shown flags taken, fights weighed by expected material, a push to the enemy",
       [](const AgentParams& p) -> std::unique_ptr<FourAgent> {
         const double noise = p.getDouble("noise", 0.05);
         if (!(noise >= 0)) throw AgentSpecError("agent 'heuristic': noise must be 0 or more");
         return std::make_unique<FourHeuristicAgent>(noise, p.getSeed("seed", 1));
       },
       {{"noise", "0.05", "random tie-break added to each score"}, {"seed", "1", "random seed"}}},
      {"ismcts", "single-observer ISMCTS over the seat's beliefs, team returns, heuristic root priors",
       makeFourIsmcts,
       {{"sims", "400", "iterations a move"},
        {"seconds", "0", "search this long a move instead (wall clock; not reproducible)"},
        {"cpuseconds", "0",
         "search each move for this much CPU time of its thread instead (equal work on a loaded machine; not "
         "reproducible)"},
        {"c", "0.7", "UCB exploration constant"},
        {"depth", "40", "rollout plies before the material evaluation"},
        {"rollout", "greedy", "rollout moves: greedy (winning fights first, no losing ones; +151 Elo), or random"},
        {"discount", "0.998", "a result's value is multiplied by this per ply"},
        {"scale", "15", "material difference (team against team) that tanh maps to 0.76"},
        {"prior", "heuristic", "root priors: heuristic or none"},
        {"ptemp", "1", "softmax temperature of the priors, in material units"},
        {"pc", "1.5", "PUCT constant at the root"},
        {"seed", "1", "random seed"}}},
  };
  for (FourAgentKind& style : fourStyleKinds()) kinds.push_back(std::move(style));  // the panel (search/styles/four/)
  return kinds;
}

AgentKinds<FourAgent>& fourKinds() {
  static AgentKinds<FourAgent> kinds("four-player agent", builtinFourKinds);
  return kinds;
}

}  // namespace

void registerFourAgentKind(FourAgentKind kind) { fourKinds().add(std::move(kind)); }
std::vector<FourAgentKind> fourAgentKinds() { return fourKinds().all(); }
std::unique_ptr<FourAgent> makeFourAgent(std::string_view spec) { return fourKinds().make(spec); }

}  // namespace junqi
