// random: a uniformly random legal move; random legal layouts.
#pragma once

#include "search/basic_agent.h"

namespace junqi {

class RandomAgent : public BasicAgent {
 public:
  explicit RandomAgent(const AgentParams& params) : BasicAgent(params, LayoutStyle::Random) {}
  std::string name() const override { return "random"; }
  std::string spec() const override { return "random:" + commonSpec(); }
  Action chooseAction(const InfoState& state) override;
};

}  // namespace junqi
