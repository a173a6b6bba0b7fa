#include "nets/flip/flip_nn_agent.h"

#include <ranges>

#include <fmt/format.h>

#include "nets/flip/flip_encoding.h"
#include "nets/flip/flip_preset_agent.h"
#include "nets/network_outputs.h"
#include "nets/nn_agent.h"
#include "search/search_budget.h"

namespace junqi::nets {

WeightsFile loadFlipWeights(const std::string& path) {
  WeightsFile w = loadWeights(path);
  checkFlipWeights(w, path);
  return w;
}

void checkFlipWeights(const WeightsFile& weights, const std::string& source) {
  if (weights.variant != kFlipVariant)
    throw WeightsError(fmt::format("{} is a network for the {} game, not for Flip Junqi", source, weights.variant));
}

// Per simulation: the encoding (reused buffers), then only the logits of
// the node's actions (Backend::forwardSelected). Flip indices are classic
// ones with from == to: the same priors and value.
void FlipNetEvaluator::evaluate(const FlipPosition& pos, const MoveList& actions, EvalResult& out) {
  thread_local std::vector<float> input(kFlipInputSize), logits;
  thread_local std::vector<int> indices;
  encodeFlip(pos, input);
  indices.clear();
  for (const Move a : actions) indices.push_back(flipPolicyIndex(pos.toMove(), a));
  logits.resize(indices.size());
  float wdl[3];
  backend_->forwardSelected(input.data(), indices, logits.data(), wdl);
  ++evaluations_;
  out.value = wdlValue<float>(wdl);
  out.priors.clear();
  if (!indices.empty())
    legalSoftmax(logits.data(), std::views::iota(0, static_cast<int>(indices.size())), [](int i) { return i; },
                 out.priors);
}

void FlipNetEvaluator::evaluateReference(const FlipPosition& pos, const MoveList& actions, EvalResult& out) {
  std::vector<float> input(kFlipInputSize), policy(kPolicySize);
  float wdl[3];
  encodeFlip(pos, input);
  backend_->forward(input.data(), 1, policy.data(), wdl, nullptr);
  interpret(policy.data(), wdl, pos.toMove(), &actions, out);
}

FlipMctsParams flipNetSearch(std::shared_ptr<FlipLeafEvaluator> evaluator, int sims, double cpuct,
                             std::uint64_t seed) {
  FlipMctsParams m;
  m.simulations = sims;
  m.priorWeight = cpuct;
  m.exploration = 0;  // PUCT at every node: UCT's constant is not used
  m.seed = seed;
  m.evaluator = std::move(evaluator);
  return m;
}

namespace {

// gumbel=1: Gumbel AlphaZero's root (search/gumbel_root.h) without noise, as
// the classic nn agent has it: the policy's top `actions` candidates, halved
// by their searched values.
void readGumbel(const AgentParams& p, const AgentParams& stored, FlipMctsParams& m) {
  const int gumbel = p.has("gumbel") ? p.getInt("gumbel", 0) : stored.getInt("gumbel", 0);
  if (gumbel != 0 && gumbel != 1) throw AgentSpecError("agent 'nn': gumbel must be 0 or 1");
  m.gumbel = gumbel == 1;
  m.gumbelRoot.actions = p.has("actions") ? p.getInt("actions", 16) : stored.getInt("actions", 16);
  m.gumbelRoot.noise = false;
  if (m.gumbelRoot.actions < 2) throw AgentSpecError("agent 'nn': actions must be at least 2");
  if (m.gumbel && m.timed()) throw AgentSpecError("agent 'nn': gumbel=1 needs sims (not seconds)");
}

// Hybrid (netdepth given): the network's priors near the root only, plain
// mcts (UCT with `uct`, static leaves) elsewhere (search/flip/flip_mcts.h).
// Each setting from the spec, else from the weights file's (a hybrid run's
// generations carry netdepth and netvisits, training/training_config.h).
// netdepth=none: the plain search, whatever the weights file carries.
void readHybrid(const AgentParams& p, const AgentParams& stored, FlipMctsParams& m) {
  const bool off = p.has("netdepth") && p.getString("netdepth", "") == "none";
  const auto from = [&](const char* key) -> const AgentParams& { return p.has(key) || off ? p : stored; };
  if (off || !from("netdepth").has("netdepth")) {
    for (const char* key : {"netvisits", "ptemp", "uct"})
      if (from(key).has(key))
        throw AgentSpecError(fmt::format("agent 'nn': {} needs netdepth (the hybrid search)", key));
    return;
  }
  m.netDepth = from("netdepth").getInt("netdepth", 0);
  m.netVisits = from("netvisits").getInt("netvisits", 0);
  m.netPriorTemperature = from("ptemp").getDouble("ptemp", 1.0);
  m.exploration = from("uct").getDouble("uct", 0.1);
  if (m.netDepth < 0) throw AgentSpecError("agent 'nn': netdepth must be 0 or more");
  if (m.netVisits < 0) throw AgentSpecError("agent 'nn': netvisits must be 0 or more");
  if (!(m.netPriorTemperature > 0)) throw AgentSpecError("agent 'nn': ptemp must be above 0");
  if (!(m.exploration >= 0)) throw AgentSpecError("agent 'nn': uct must be 0 or more");
  if (m.gumbel) throw AgentSpecError("agent 'nn': netdepth (the hybrid search) needs gumbel=0");
}

// The spec's settings, else the weights file's (those it was rated with), else the defaults.
FlipMctsParams searchOf(const AgentParams& p, const WeightsFile& w, std::shared_ptr<FlipLeafEvaluator> evaluator) {
  AgentParams stored = AgentParams::parse(w.search.empty() ? "nn" : "nn:" + w.search);
  const int sims = p.has("sims") ? p.getInt("sims", 200) : stored.getInt("sims", 200);
  const double c = p.has("c") ? p.getDouble("c", 1.5) : stored.getDouble("c", 1.5);
  if (sims < 1) throw AgentSpecError("agent 'nn': sims must be at least 1");
  if (c <= 0) throw AgentSpecError("agent 'nn': c must be above 0");
  FlipMctsParams m = flipNetSearch(std::move(evaluator), sims, c, p.getSeed("seed", 1));
  m.staticMix = p.has("mix") ? p.getDouble("mix", 0) : stored.getDouble("mix", 0);
  if (!(m.staticMix >= 0 && m.staticMix <= 1)) throw AgentSpecError("agent 'nn': mix must be between 0 and 1");
  m.drawClock = p.has("drawclock") ? p.getInt("drawclock", 0) : stored.getInt("drawclock", 0);
  if (m.drawClock < 0) throw AgentSpecError("agent 'nn': drawclock must be 0 or more");
  m.decisiveFlips = readFlipSwitch(p.has("decisive") ? p : stored, "decisive", "nn");
  m.flagWins = readFlipSwitch(p.has("takeflag") ? p : stored, "takeflag", "nn");
  m.flagLosses = readFlipSwitch(p.has("lostflag") ? p : stored, "lostflag", "nn");
  m.cover = p.has("cover") ? p.getDouble("cover", 0) : stored.getDouble("cover", 0);
  if (!(m.cover >= 0)) throw AgentSpecError("agent 'nn': cover must be 0 or more");
  m.seconds = p.getDouble("seconds", 0);
  m.cpuSeconds = p.getDouble("cpuseconds", 0);
  checkSearchTimes(m.seconds, m.cpuSeconds, "nn");
  readGumbel(p, stored, m);
  readHybrid(p, stored, m);
  return m;
}

std::pair<FlipMctsParams, std::string> flipSearchFromSpec(const AgentParams& p) {
  const std::string weights = p.getString("weights", "");
  if (weights.empty()) throw AgentSpecError("agent 'nn' needs weights=FILE (an exported flip weights file)");
  checkWeightsPathForSpec(weights);
  WeightsFile file;
  std::shared_ptr<Backend> backend;
  try {
    file = loadFlipWeights(weights);
    backend = makeBackend("eigen", file);
  } catch (const std::exception& e) {
    throw AgentSpecError(fmt::format("agent 'nn': {}", e.what()));
  }
  FlipMctsParams m = searchOf(p, file, std::make_shared<FlipNetEvaluator>(backend));
  const std::string budget = budgetSpecItem(m.seconds, m.cpuSeconds, m.simulations);
  // mix appears only when used, so the specs of networks without it read as before.
  const std::string mix = m.staticMix > 0 ? fmt::format(",mix={}", m.staticMix) : "";
  const std::string gumbel = m.gumbel ? fmt::format(",gumbel=1,actions={}", m.gumbelRoot.actions) : "";
  // A hybrid the weights carry but the spec turned off stays off when the spec is read back.
  const bool storedHybrid = AgentParams::parse(file.search.empty() ? "nn" : "nn:" + file.search).has("netdepth");
  const std::string hybrid = m.netDepth >= 0 ? fmt::format(",netdepth={},netvisits={},ptemp={},uct={}", m.netDepth,
                                                           m.netVisits, m.netPriorTemperature, m.exploration)
                             : storedHybrid ? ",netdepth=none"
                                            : "";
  const std::string clock = m.drawClock > 0 ? fmt::format(",drawclock={}", m.drawClock) : "";
  const std::string decisive = m.decisiveFlips ? ",decisive=1" : "";
  const std::string takeFlag = m.flagWins ? ",takeflag=1" : "";
  const std::string lostFlag = m.flagLosses ? ",lostflag=1" : "";
  const std::string cover = m.cover > 0 ? fmt::format(",cover={}", m.cover) : "";
  std::string spec = fmt::format("nn:weights={},{},c={}{}{}{}{}{}{}{}{},seed={}", weights, budget, m.priorWeight,
                                 mix, gumbel, hybrid, clock, decisive, takeFlag, lostFlag, cover, m.seed);
  return {std::move(m), std::move(spec)};
}

}  // namespace

FlipNetAgent::FlipNetAgent(const AgentParams& p) : FlipNetAgent(flipSearchFromSpec(p)) {}

void registerFlipNetAgent() {
  registerFlipAgentKind(
      {"nn", "the mcts search guided by a trained flip network: policy priors (PUCT), value-head leaves, or with "
             "netdepth only near the root (*: unless the weights file carries the settings it was rated with)",
       [](const AgentParams& p) -> std::unique_ptr<FlipAgent> {
         if (p.has("worldatplay")) return std::make_unique<FlipPresetNetAgent>(p);
         return std::make_unique<FlipNetAgent>(p);
       },
       {{"weights", "FILE", "required: an exported Flip Junqi weights file (junqi train --rules flip-...)"},
        {"sims", "200*", "simulations per action"},
        {"seconds", "0", "search each action this long instead (0: count sims; games then not reproducible)"},
        {"cpuseconds", "0", "search each action for this much CPU time of its thread instead (equal work on a loaded machine; not reproducible)"},
        {"c", "1.5*", "PUCT exploration constant"},
        {"mix", "0*", "share of the static material value (mcts's leaf value) in leaf values, the rest the value head's"},
        {"gumbel", "0*", "1: Gumbel AlphaZero's root (sequential halving over the policy's top candidates), no noise"},
        {"actions", "16*", "candidates of that root"},
        {"netdepth", "none*",
         "hybrid: the network's priors only down to this depth (0: the root), plain mcts elsewhere; none: the "
         "plain search even with weights that carry a hybrid"},
        {"netvisits", "0*",
         "hybrid: passes through a node before it gets priors (0: at expansion, with the value head)"},
        {"ptemp", "1", "hybrid: prior temperature (priors as p^(1/ptemp))"},
        {"uct", "0.1", "hybrid: UCT constant of the nodes without priors (mcts's)"},
        {"drawclock", "0*", kFlipDrawClockHelp},
        {"decisive", "0*", kFlipDecisiveHelp},
        {"takeflag", "0*", kFlipTakeFlagHelp},
        {"lostflag", "0*", kFlipLostFlagHelp},
        {"cover", "0*", kFlipCoverHelp},
        {"worldatplay", "none",
         "a second flip weights file, played with its stored settings in World at Play games (the spec's seed and "
         "budget apply to both)"},
        {"seed", "1", "random seed"}}});
}

}  // namespace junqi::nets
