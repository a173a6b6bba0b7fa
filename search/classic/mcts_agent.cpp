#include "search/classic/mcts_agent.h"

#include <algorithm>

#include <fmt/format.h>

namespace junqi {

void readChoiceParams(const AgentParams& p, SearchParams& search) {
  search.discount = p.getDouble("discount", search.discount);
  search.choice.flagGuard = p.getInt("guard", search.choice.flagGuard ? 1 : 0) != 0;
  search.choice.avoidReversal = p.getInt("reversals", search.choice.avoidReversal ? 0 : 1) == 0;
  search.choice.materialMargin = p.getDouble("material", search.choice.materialMargin);
  if (!(search.discount > 0 && search.discount <= 1))
    throw AgentSpecError(fmt::format("agent '{}': discount={} is not in (0, 1]", p.name(), search.discount));
  if (!(search.choice.materialMargin >= 0 && search.choice.materialMargin <= 2))
    throw AgentSpecError(fmt::format("agent '{}': material={} is not in [0, 2]", p.name(), search.choice.materialMargin));
}

std::string choiceSpec(const SearchParams& search) {
  return fmt::format("discount={},guard={},reversals={},material={}", search.discount,
                     search.choice.flagGuard ? 1 : 0, search.choice.avoidReversal ? 0 : 1, search.choice.materialMargin);
}

MctsAgent::MctsAgent(const std::string& kind, const AgentParams& p) : BasicAgent(p, LayoutStyle::Balanced), kind_(kind) {
  params_.iterations = p.getInt("sims", 2000);
  params_.seconds = p.getDouble("seconds", 0);
  params_.exploration = p.getDouble("c", 0.7);
  params_.rolloutDepth = p.getInt("depth", 50);
  params_.threads = p.getInt("threads", 1);
  params_.rollout = rolloutPolicyOfSpec(p, kind);
  if (kind == "pimc") {
    params_.worlds = p.getInt("worlds", 20);
    params_.vote = p.getInt("vote", 0) != 0;
    if (params_.worlds < 1) throw AgentSpecError("agent 'pimc': worlds must be at least 1");
  } else {
    params_.multipleObserver = p.getInt("mo", 0) != 0;
    params_.opponentViews = p.getInt("views", 8);
    params_.opponentFraction = p.getDouble("opp", 0.5);
  }
  readChoiceParams(p, params_);
  const std::string prior = p.getString("prior", "tactical");
  if (prior != "none" && prior != "tactical")
    throw AgentSpecError(fmt::format("agent '{}': prior={} is not none or tactical", kind, prior));
  params_.tacticalPriors = prior == "tactical";
  params_.priorTemperature = p.getDouble("ptemp", params_.priorTemperature);
  params_.priorExploration = p.getDouble("pc", params_.priorExploration);
  if (!(params_.priorTemperature > 0)) throw AgentSpecError(fmt::format("agent '{}': ptemp must be positive", kind));
  if (params_.iterations < 1 && params_.seconds <= 0)
    throw AgentSpecError(fmt::format("agent '{}': needs sims >= 1 or seconds > 0", kind));
  if (params_.threads < 1) throw AgentSpecError(fmt::format("agent '{}': threads must be at least 1", kind));
}

std::string MctsAgent::spec() const {
  std::string s = fmt::format("{}:sims={},c={},depth={},rollout={},threads={}", kind_, params_.iterations,
                              params_.exploration, params_.rolloutDepth, rolloutPolicyName(params_.rollout),
                              params_.threads);
  if (params_.seconds > 0) s += fmt::format(",seconds={}", params_.seconds);
  if (kind_ == "pimc")
    s += fmt::format(",worlds={},vote={}", params_.worlds, params_.vote ? 1 : 0);
  else
    s += fmt::format(",mo={},views={},opp={}", params_.multipleObserver ? 1 : 0, params_.opponentViews,
                     params_.opponentFraction);
  s += params_.tacticalPriors ? fmt::format(",prior=tactical,ptemp={},pc={}", params_.priorTemperature, params_.priorExploration)
                              : std::string(",prior=none");
  return s + "," + choiceSpec(params_) + "," + commonSpec();
}

std::vector<std::pair<Move, double>> rootVisitShares(const std::vector<RootMoveStats>& root) {
  long long total = 0;
  for (const RootMoveStats& s : root) total += s.visits;
  std::vector<std::pair<Move, double>> shares;
  if (total <= 0) return shares;
  for (const RootMoveStats& s : root)
    if (s.visits > 0) shares.emplace_back(s.move, static_cast<double>(s.visits) / static_cast<double>(total));
  // Stable: equal shares keep the root's (generation) order.
  std::stable_sort(shares.begin(), shares.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return shares;
}

std::vector<double> rootShareValues(const std::vector<RootMoveStats>& root,
                                    const std::vector<std::pair<Move, double>>& shares) {
  std::vector<double> values;
  for (const auto& [move, share] : shares)
    for (const RootMoveStats& s : root)
      if (s.move == move) {
        values.push_back(s.value);
        break;
      }
  return values;
}

Action MctsAgent::chooseAction(const InfoState& state) {
  const SearchResult r = search(state, params_, rng_.next());
  report_ = {};
  report_.simulations = r.iterations;
  report_.depth = r.maxDepth;
  report_.seconds = r.seconds;
  report_.value = r.value;
  report_.principalLine = r.principalLine;
  report_.rootShares = rootVisitShares(r.root);
  report_.rootValues = rootShareValues(r.root, report_.rootShares);
  report_.note = fmt::format("nodes {} edges {} tree {} KiB", r.nodes, r.edges, r.treeBytes / 1024);
  return Action::makeMove(state.seat(), r.best);
}

}  // namespace junqi
