#include "nets/four/four_nn_agent.h"

#include <algorithm>
#include <cmath>
#include <ranges>

#include <fmt/format.h>

#include "core/random.h"
#include "nets/four/four_encoding.h"
#include "nets/network_outputs.h"
#include "nets/nn_agent.h"
#include "search/rollout.h"
#include "search/search_budget.h"

namespace junqi::nets {

WeightsFile loadFourWeights(const std::string& path) {
  WeightsFile w = loadWeights(path);
  checkFourWeights(w, path);
  return w;
}

void checkFourWeights(const WeightsFile& weights, const std::string& source) {
  if (weights.variant != Variant::four().name())
    throw WeightsError(
        fmt::format("{} is a network for the {} game, not for four-player Junqi", source, weights.variant));
}

double FourNetEvaluator::evaluate(const FourPosition& pos, Visibility visibility, const MoveList* moves,
                                  std::vector<double>* priors) {
  thread_local std::vector<float> input(kFourInputSize), logits;
  thread_local std::vector<int> indices;
  encodeFour(pos, visibility, input);
  const bool wantPriors = moves && priors;
  indices.clear();
  if (wantPriors)
    for (const Move m : *moves) indices.push_back(fourPolicyIndex(pos.toMove(), m));
  logits.resize(indices.size());
  float wdl[3];
  backend_->forwardSelected(input.data(), indices, logits.data(), wdl);
  ++evaluations_;
  if (wantPriors) {
    priors->clear();
    if (!indices.empty())
      legalSoftmax(logits.data(), std::views::iota(0, static_cast<int>(indices.size())), [](int i) { return i; },
                   *priors);
  }
  return wdlValue<double>(wdl);
}

double FourNetEvaluator::evaluateReference(const FourPosition& pos, Visibility visibility, const MoveList* moves,
                                           std::vector<double>* priors) {
  std::vector<float> input(kFourInputSize), policy;
  float wdl[3];
  encodeFour(pos, visibility, input);
  const bool wantPriors = moves && priors;
  if (wantPriors) policy.resize(kFourPolicySize);
  backend_->forward(input.data(), 1, wantPriors ? policy.data() : nullptr, wdl, nullptr);
  if (wantPriors) legalSoftmax(policy.data(), *moves, [&pos](Move m) { return fourPolicyIndex(pos.toMove(), m); }, *priors);
  return wdlValue<double>(wdl);
}

FourSearchParams fourNetSearch(std::shared_ptr<FourLeafEvaluator> evaluator, long long sims, double exploration,
                               double priorExploration) {
  FourSearchParams s;
  s.iterations = sims;
  s.exploration = exploration;
  s.priorExploration = priorExploration;
  s.heuristicPriors = false;
  s.evaluator = std::move(evaluator);
  return s;
}

void FourNetAgent::newGame(const FourRuleset& rules, int army, std::uint64_t gameSeed) {
  rules_ = rules;
  gameSeed_ = Rng::mix(seed_ ^ static_cast<std::uint64_t>(army), gameSeed);
}

Move FourNetAgent::chooseMove(const FourObservation& obs) {
  last_ = fourSearch(obs, rules_, search_, Rng::mix(gameSeed_, static_cast<std::uint64_t>(obs.ply())));
  report_ = fourSearchReport(last_);
  return last_.best;
}

namespace {

// The hybrid's settings (search/four/four_ismcts.h): the leaf mix and its
// rollouts (greedy, 40 plies: the ismcts agent's defaults), the root's
// priors; each from the spec, else from the weights file's settings (a
// hybrid run's generations carry them, training/training_config.h).
void hybridOf(const AgentParams& p, const AgentParams& stored, FourSearchParams& s) {
  const auto from = [&](const char* key) -> const AgentParams& { return p.has(key) ? p : stored; };
  s.leafMix = from("mix").getDouble("mix", 1);
  if (!(s.leafMix >= 0 && s.leafMix <= 1)) throw AgentSpecError("agent 'nn': mix must be in [0, 1]");
  s.rollout = rolloutPolicyOfSpec(from("rollout"), "nn");
  s.rolloutDepth = from("depth").getInt("depth", 40);
  if (s.rolloutDepth < 0) throw AgentSpecError("agent 'nn': depth must be 0 or more");
  const std::string priors = from("priors").getString("priors", "net");
  const auto source = parseFourRootPriors(priors);
  if (!source) throw AgentSpecError(fmt::format("agent 'nn': priors={} is not net, heuristic or mix", priors));
  s.rootPriors = *source;
}

// The spec's hybrid part: empty for today's agent (leaves and priors from the network alone).
std::string hybridSpec(const FourSearchParams& s) {
  std::string out;
  if (s.leafMix < 1)
    out += fmt::format(",mix={},rollout={},depth={}", s.leafMix, rolloutPolicyName(s.rollout), s.rolloutDepth);
  if (s.rootPriors != FourRootPriors::Evaluator) out += fmt::format(",priors={}", fourRootPriorsName(s.rootPriors));
  return out;
}

// The spec's settings, else the weights file's (those it was rated with), else the defaults.
FourSearchParams searchOf(const AgentParams& p, const WeightsFile& w, std::shared_ptr<FourLeafEvaluator> evaluator) {
  const AgentParams stored = AgentParams::parse(w.search.empty() ? "nn" : "nn:" + w.search);
  const auto number = [&](const char* key, double fallback) {
    return p.has(key) ? p.getDouble(key, fallback) : stored.getDouble(key, fallback);
  };
  const int sims = p.has("sims") ? p.getInt("sims", 100) : stored.getInt("sims", 100);
  FourSearchParams s = fourNetSearch(std::move(evaluator), sims, number("c", 0.7), number("pc", 1.5));
  s.seconds = p.getDouble("seconds", 0);
  s.cpuSeconds = p.getDouble("cpuseconds", 0);
  if (sims < 1) throw AgentSpecError("agent 'nn': sims must be at least 1");
  if (!(s.exploration >= 0) || !(s.priorExploration > 0))
    throw AgentSpecError("agent 'nn': c must be 0 or more and pc above 0");
  checkSearchTimes(s.seconds, s.cpuSeconds, "nn");
  hybridOf(p, stored, s);
  return s;
}

std::unique_ptr<FourAgent> fourAgentFromSpec(const AgentParams& p) {
  const std::string weights = p.getString("weights", "");
  if (weights.empty()) throw AgentSpecError("agent 'nn' needs weights=FILE (an exported four-player weights file)");
  checkWeightsPathForSpec(weights);
  WeightsFile file;
  std::shared_ptr<Backend> backend;
  try {
    file = loadFourWeights(weights);
    backend = makeBackend("eigen", file);
  } catch (const std::exception& e) {
    throw AgentSpecError(fmt::format("agent 'nn': {}", e.what()));
  }
  const FourSearchParams s = searchOf(p, file, std::make_shared<FourNetEvaluator>(backend));
  const std::uint64_t seed = p.getSeed("seed", 1);
  const std::string budget = budgetSpecItem(s.seconds, s.cpuSeconds, s.iterations);
  return std::make_unique<FourNetAgent>(s, seed,
                                        fmt::format("nn:weights={},{},c={},pc={}{},seed={}", weights, budget, s.exploration,
                                                    s.priorExploration, hybridSpec(s), seed));
}

}  // namespace

void registerFourNetAgent() {
  registerFourAgentKind(
      {"nn",
       "four-player ISMCTS guided by a trained network: policy priors at the root, value-head leaves (*: unless the "
       "weights file carries the settings it was rated with)",
       [](const AgentParams& p) { return fourAgentFromSpec(p); },
       {{"weights", "FILE", "required: an exported four-player weights file (junqi train --rules four-...)"},
        {"sims", "100*", "iterations a move"},
        {"seconds", "0", "search this long a move instead (wall clock; not reproducible)"},
        {"cpuseconds", "0",
         "search each move for this much CPU time of its thread instead (equal work on a loaded machine; not "
         "reproducible)"},
        {"c", "0.7*", "UCB exploration constant below the root"},
        {"pc", "1.5*", "PUCT constant at the root"},
        {"mix", "1", "hybrid: a leaf's value is mix x the network's + (1 - mix) x a rollout's (1: no rollout)"},
        {"rollout", "greedy", "hybrid (mix < 1): rollout moves, greedy or random, as ismcts's"},
        {"depth", "40", "hybrid (mix < 1): rollout plies before the material evaluation"},
        {"priors", "net", "root priors: net, heuristic (ismcts's, temperature 1) or mix (their average)"},
        {"seed", "1", "random seed"}}});
}

}  // namespace junqi::nets
