// nn for Flip Junqi with a network per preset: `nn:weights=KAWU,worldatplay=WAP`
// plays WAP (with its stored settings) in games whose ruleset is World at Play's
// (its preset, overrides included) and the spec's own network everywhere else.
// The two presets play apart (World at Play draws three games in four
// between equals, and a network trained on one preset is weak on the other:
// experiments/flip-hybrid), so the strongest flip level carries both
// (experiments/best/README.md). The spec's seed and budget (sims, seconds,
// cpuseconds) apply to both networks; its other keys to the first.
#pragma once

#include <memory>
#include <string>

#include "search/flip/flip_agent.h"
#include "search/registry.h"

namespace junqi::nets {

class FlipPresetNetAgent : public FlipAgent {
 public:
  // `params` has `worldatplay`; throws AgentSpecError as the nn agent does.
  explicit FlipPresetNetAgent(const AgentParams& params);
  std::string name() const override { return "nn"; }
  std::string spec() const override { return spec_; }
  void newGame(const FlipRuleset& rules, Seat seat, std::uint64_t gameSeed) override;
  Move chooseAction(const FlipPosition& pos) override;

 private:
  std::unique_ptr<FlipAgent> other_, worldAtPlay_;
  FlipAgent* playing_ = nullptr;  // the one of this game
  std::string spec_;
};

}  // namespace junqi::nets
