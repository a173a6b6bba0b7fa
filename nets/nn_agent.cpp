#include "nets/nn_agent.h"

#include <cmath>

#include <fmt/format.h>

#include "nets/flip/flip_nn_agent.h"
#include "nets/four/four_nn_agent.h"
#include "nets/layout_policy.h"
#include "nets/weights_file.h"
#include "search/classic/mcts_agent.h"

namespace junqi::nets {

namespace {

// The search settings a weights file carries, checked like a spec's.
AgentParams storedSearch(const std::string& weights, const std::string& settings) {
  try {
    AgentParams stored = AgentParams::parse(settings.empty() ? "nn" : "nn:" + settings);
    for (const char* key : {"sims", "c", "mix", "depth", "rollout"}) (void)stored.getString(key, "");
    stored.checkAllUsed();
    return stored;
  } catch (const AgentSpecError& e) {
    throw AgentSpecError(fmt::format("agent 'nn': {}: its search settings '{}': {}", weights, settings, e.what()));
  }
}

}  // namespace

NetAgent::NetAgent(const AgentParams& p) : BasicAgent(p, LayoutStyle::Balanced, "net") {
  const std::string weights = p.getString("weights", "");
  if (weights.empty()) throw AgentSpecError("agent 'nn' needs weights=FILE (an exported weights file)");
  const std::string backend = p.getString("backend", "eigen");
  std::string settings;  // the weights file's search settings
  try {
    const WeightsFile file = loadWeights(weights);
    if (file.variant == kFlipVariant)
      throw WeightsError(fmt::format("{} is a Flip Junqi network: play it in a flip game (--rules flip-...)", weights));
    backend_ = makeBackend(backend, file);
    settings = file.search;
  } catch (const std::exception& e) {
    throw AgentSpecError(fmt::format("agent 'nn': {}", e.what()));
  }
  evaluator_ = std::make_shared<NetEvaluator>(backend_, 1);
  // Parameters not in the spec: the weights file's search settings (those it
  // was rated with), then the built-in defaults.
  const AgentParams stored = storedSearch(weights, settings);
  const auto number = [&](const char* key, double fallback) {
    return p.has(key) ? p.getDouble(key, fallback) : stored.getDouble(key, fallback);
  };
  search_.iterations = p.has("sims") ? p.getInt("sims", 200) : stored.getInt("sims", 200);
  search_.seconds = p.getDouble("seconds", 0);
  search_.exploration = number("c", 1.5);
  search_.rolloutMix = number("mix", 0.0);
  search_.rolloutDepth = p.has("depth") ? p.getInt("depth", 30) : stored.getInt("depth", 30);
  search_.threads = p.getInt("threads", 1);
  const auto rollout = parseRolloutPolicy(p.has("rollout") ? p.getString("rollout", "random")
                                                            : stored.getString("rollout", "random"));
  if (!rollout) throw AgentSpecError("agent 'nn': rollout must be random or greedy");
  search_.rollout = *rollout;
  readChoiceParams(p, search_);
  netLayouts_ = layoutName_ == "net";
  layoutTemperature_ = p.getDouble("temp", 1.0);
  spec_ = fmt::format("nn:weights={},backend={},sims={},c={},mix={},depth={},rollout={},threads={},temp={},{},{}",
                      weights, backend, search_.iterations, search_.exploration, search_.rolloutMix,
                      search_.rolloutDepth, rolloutPolicyName(search_.rollout), search_.threads, layoutTemperature_,
                      choiceSpec(search_), commonSpec());
  if (search_.seconds > 0) spec_ += fmt::format(",seconds={}", search_.seconds);
  readGumbelParams(p);
}

// gumbel=1: Gumbel AlphaZero's root (search/gumbel_root.h) without noise: the
// policy's top candidates, halved by their searched values.
void NetAgent::readGumbelParams(const AgentParams& p) {
  const int gumbel = p.getInt("gumbel", 0);
  if (gumbel != 0 && gumbel != 1) throw AgentSpecError("agent 'nn': gumbel must be 0 or 1");
  search_.gumbel = gumbel == 1;
  search_.gumbelRoot.actions = p.getInt("actions", 16);
  search_.gumbelRoot.noise = false;
  if (search_.gumbelRoot.actions < 2) throw AgentSpecError("agent 'nn': actions must be at least 2");
  if (!search_.gumbel) return;
  if (search_.seconds > 0 || search_.threads != 1 || search_.iterations <= 0)
    throw AgentSpecError("agent 'nn': gumbel=1 needs sims above 0 (not seconds) and threads=1");
  spec_ += fmt::format(",gumbel=1,actions={}", search_.gumbelRoot.actions);
}

namespace {
AgentParams seedOnly(std::uint64_t seed) { return AgentParams::parse(fmt::format("nn:seed={}", seed)); }
}  // namespace

NetAgent::NetAgent(std::shared_ptr<Evaluator> evaluator, std::shared_ptr<Backend> backend, const SearchParams& search,
                   std::uint64_t seed, bool netLayouts)
    : BasicAgent(seedOnly(seed), LayoutStyle::Balanced),
      backend_(std::move(backend)),
      evaluator_(std::move(evaluator)),
      search_(search),
      netLayouts_(netLayouts),
      spec_(fmt::format("nn(self-play):sims={},seed={}", search.iterations, seed)) {}

Layout NetAgent::chooseLayout(const Ruleset& ruleset, Seat seat) {
  if (!netLayouts_) return BasicAgent::chooseLayout(ruleset, seat);
  std::vector<float> input(kInputSize), policy(kPolicySize), layout(kSquares * kPieceTypes);
  float wdl[3];
  encodeDeployment(ruleset, input);
  backend_->forward(input.data(), 1, policy.data(), wdl, layout.data());
  return sampleLayout(layout.data(), ruleset, rng_, layoutTemperature_);
}

Action NetAgent::chooseAction(const InfoState& state) {
  report_ = {};
  MoveList legal;
  state.legalMoves(legal);
  if (search_.iterations <= 0 && search_.seconds <= 0) {
    // The policy alone.
    const EvalQuery q = rootQuery(state, &legal);
    EvalResult r;
    evaluator_->evaluate(std::span<const EvalQuery>(&q, 1), std::span<EvalResult>(&r, 1));
    // The favourite move, through the same root choice as a search (priors as
    // visits, scaled by 2^40 so that two priors a float tells apart stay apart).
    last_ = {};
    for (int i = 0; i < legal.size(); ++i)
      last_.root.push_back({legal[i], std::llround(static_cast<double>(r.priors[i]) * 0x1p40), 0.0});
    last_.best = last_.root[chooseRootMove(state, last_.root, search_.choice)].move;
    for (RootMoveStats& s : last_.root) s.visits = 0;
    report_.value = r.value;
    report_.simulations = 1;
    return Action::makeMove(state.seat(), last_.best);
  }
  SearchParams params = search_;
  params.evaluator = evaluator_.get();
  last_ = search(state, params, rng_.next());
  report_.simulations = last_.iterations;
  report_.depth = last_.maxDepth;
  report_.seconds = last_.seconds;
  report_.value = last_.value;
  report_.principalLine = last_.principalLine;
  report_.rootShares = rootVisitShares(last_.root);
  report_.rootValues = rootShareValues(last_.root, report_.rootShares);
  return Action::makeMove(state.seat(), last_.best);
}

void checkWeightsPathForSpec(const std::string& path, const std::string& what) {
  if (path.find(',') != std::string::npos)
    throw AgentSpecError(fmt::format("{} '{}' holds a ',', which an agent spec cannot carry (',' separates its "
                                     "parameters): choose a path without one",
                                     what, path));
}

void registerNetAgent() {
  registerFlipNetAgent();  // the programs that play networks play flip and four-player ones too
  registerFourNetAgent();
  registerAgentKind(
      {"nn",
       "ISMCTS guided by a trained network (*: unless the weights file carries the search settings it was rated "
       "with)",
       [](const AgentParams& p) { return std::make_unique<NetAgent>(p); },
       {{"weights", "FILE", "required: the exported weights file (`junqi export`)"},
        {"backend", "eigen", "inference backend: eigen, or torch (only in junqi-train)"},
        {"sims", "200*", "simulations per move (0: play the policy's favourite move)"},
        {"seconds", "0", "above 0: search this many seconds per move instead of `sims`"},
        {"c", "1.5*", "PUCT exploration constant"},
        {"mix", "0*", "share of a rollout in a leaf's value (0: the value head alone)"},
        {"depth", "30*", "rollout plies before the static evaluation"},
        {"rollout", "random*", "rollout policy: random or greedy"},
        {"threads", "1", "search threads"},
        {"gumbel", "0", "1: Gumbel AlphaZero's root (sequential halving over the policy's top candidates)"},
        {"actions", "16", "with gumbel=1: candidates at the root"},
        {"discount", "0.995", "each ply to a result multiplies its value by this, in (0, 1]"},
        {"guard", "1", "1: flag guard (take a sure flag capture, stop the enemy's); 0: off"},
        {"reversals", "0", "1: allow a quiet move that undoes the previous one; 0: avoid it"},
        {"material", "0.3",
         "material rules (trade when clearly ahead, not when behind, no losing fight) where the search "
         "values their move within this of its pick; 0: off"},
        {"seed", "1", "seed of the agent's choices (mixed with each game's seed)"},
        {"layout", "net", "when the agent chooses its layout: net (sampled from the network's layout head) or a style"},
        {"temp", "1", "temperature of the layout head's sampling"}}});
}

}  // namespace junqi::nets
