#include "search/basic_agent.h"

#include <fmt/format.h>

namespace junqi {

BasicAgent::BasicAgent(const AgentParams& params, LayoutStyle defaultStyle)
    : seed_(params.getSeed("seed", 1)), style_(defaultStyle), rng_(seed_) {
  const std::string style = params.getString("layout", std::string(layoutStyleName(defaultStyle)));
  const auto parsed = parseLayoutStyle(style);
  if (!parsed)
    throw AgentSpecError(fmt::format("agent '{}': layout={} is not random, aggressive, defensive or balanced",
                                     params.name(), style));
  style_ = *parsed;
}

void BasicAgent::newGame(const Ruleset&, Side seat, std::uint64_t gameSeed) {
  seat_ = seat;
  rng_.reseed(Rng::mix(seed_, gameSeed));
}

Layout BasicAgent::chooseLayout(const Ruleset& ruleset, Side) { return styledLayout(style_, ruleset, rng_); }

std::string BasicAgent::commonSpec() const { return fmt::format("seed={},layout={}", seed_, layoutStyleName(style_)); }

}  // namespace junqi
