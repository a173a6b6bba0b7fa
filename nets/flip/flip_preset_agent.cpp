#include "nets/flip/flip_preset_agent.h"

#include "core/flip/flip_ruleset.h"
#include "nets/flip/flip_nn_agent.h"

namespace junqi::nets {

namespace {

// The keys that a spec with `worldatplay` gives both of its networks.
constexpr const char* kSharedKeys[] = {"seed", "sims", "seconds", "cpuseconds"};

std::string withKey(std::string spec, const AgentParams& params, const char* key) {
  return params.has(key) ? spec + "," + key + "=" + params.getString(key, "") : spec;
}

}  // namespace

FlipPresetNetAgent::FlipPresetNetAgent(const AgentParams& params) {
  std::string wap = "nn:weights=" + params.getString("worldatplay", "");
  for (const char* key : kSharedKeys) wap = withKey(wap, params, key);
  worldAtPlay_ = std::make_unique<FlipNetAgent>(AgentParams::parse(wap));
  other_ = std::make_unique<FlipNetAgent>(params);
  spec_ = other_->spec() + ",worldatplay=" + params.getString("worldatplay", "");
  playing_ = other_.get();
}

void FlipPresetNetAgent::newGame(const FlipRuleset& rules, Seat seat, std::uint64_t gameSeed) {
  playing_ = rules.preset == FlipRuleset::worldAtPlay().preset ? worldAtPlay_.get() : other_.get();
  playing_->newGame(rules, seat, gameSeed);
}

Move FlipPresetNetAgent::chooseAction(const FlipPosition& pos) {
  const Move action = playing_->chooseAction(pos);
  report_ = playing_->lastReport();
  return action;
}

}  // namespace junqi::nets
