// A style's own parameters and its score noise, read from an agent spec: what
// the styles of every game share (search/styles/style_agent.h for the classic
// game, flip/flip_style_agent.h, four/four_style_agent.h).
#pragma once

#include <string>
#include <vector>

#include "search/registry.h"

namespace junqi {

// A style parameter: its key, value and meaning (for spec() and `junqi agents`).
struct StyleParam {
  std::string key;
  double value;
  std::string meaning;
};

class StyleSettings {
 public:
  // Each of `params` (its default in `value`) and `noise` (default 0.05) read
  // from `spec`; a negative value or one that is not a number is refused by name.
  StyleSettings(std::string agent, const AgentParams& spec, std::vector<StyleParam> params);

  const std::string& agent() const { return agent_; }
  // The value of the style's parameter `key` (a key it lacks is a bug: std::logic_error).
  double param(const std::string& key) const;
  // Up to this much random noise is added to each move's score.
  double noise() const { return noise_; }
  // "AGENT:key=value,...,noise=N": the start of the agent's spec, before what its game adds.
  std::string spec() const;

 private:
  std::string agent_;
  std::vector<StyleParam> params_;
  double noise_;
};

// The help of a style's own parameters.
std::vector<AgentParamHelp> styleParamHelp(const std::vector<StyleParam>& params);

}  // namespace junqi
