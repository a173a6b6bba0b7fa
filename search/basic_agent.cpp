#include "search/basic_agent.h"

#include <algorithm>

#include <fmt/format.h>

#include "search/noisy_best.h"

namespace junqi {

BasicAgent::BasicAgent(const AgentParams& params, LayoutStyle defaultStyle, const std::string& ownLayout)
    : seed_(params.getSeed("seed", 1)), style_(defaultStyle), rng_(seed_) {
  layoutName_ = params.getString("layout", ownLayout.empty() ? std::string(layoutStyleName(defaultStyle)) : ownLayout);
  if (!ownLayout.empty() && layoutName_ == ownLayout) return;
  const auto parsed = parseLayoutStyle(layoutName_);
  if (!parsed)
    throw AgentSpecError(fmt::format("agent '{}': layout={} is not {}random, aggressive, defensive or balanced",
                                     params.name(), layoutName_, ownLayout.empty() ? "" : ownLayout + ", "));
  style_ = *parsed;
}

void BasicAgent::newGame(const Ruleset&, Seat seat, std::uint64_t gameSeed) {
  seat_ = seat;
  rng_.reseed(Rng::mix(seed_, gameSeed));
}

Layout BasicAgent::chooseLayout(const Ruleset& ruleset, Seat) { return styledLayout(style_, ruleset, rng_); }

Action BasicAgent::playBestScored(const InfoState& state, const std::vector<std::pair<Move, double>>& scored,
                                  const std::vector<bool>& allowed, double noise) {
  report_ = {};
  std::vector<double> scores;
  for (const auto& [move, score] : scored) scores.push_back(score);
  const NoisyBest best = noisyBest(scores, noise, rng_, [&](std::size_t i) { return allowed.empty() || allowed[i]; });
  const Move choice = scored[static_cast<std::size_t>(std::max(best.index, 0))].first;
  report_.simulations = static_cast<long long>(scored.size());
  report_.value = std::clamp(best.score / 10.0, -1.0, 1.0);
  report_.principalLine = {choice};
  return Action::makeMove(state.seat(), choice);
}

std::string BasicAgent::commonSpec() const { return fmt::format("seed={},layout={}", seed_, layoutName_); }

}  // namespace junqi
