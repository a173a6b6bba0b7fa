#include "search/styles/style_settings.h"

#include <cmath>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace junqi {

namespace {

double checkedValue(const std::string& agent, const std::string& key, double value) {
  if (!(value >= 0) || !std::isfinite(value))
    throw AgentSpecError(fmt::format("agent '{}': {}={} must be a number of at least 0", agent, key, value));
  return value;
}

}  // namespace

StyleSettings::StyleSettings(std::string agent, const AgentParams& spec, std::vector<StyleParam> params)
    : agent_(std::move(agent)), params_(std::move(params)) {
  for (StyleParam& p : params_) p.value = checkedValue(agent_, p.key, spec.getDouble(p.key, p.value));
  noise_ = checkedValue(agent_, "noise", spec.getDouble("noise", 0.05));
}

double StyleSettings::param(const std::string& key) const {
  for (const StyleParam& p : params_)
    if (p.key == key) return p.value;
  throw std::logic_error(fmt::format("agent '{}' has no style parameter '{}'", agent_, key));
}

std::string StyleSettings::spec() const {
  std::string s = agent_ + ":";
  for (const StyleParam& p : params_) s += fmt::format("{}={},", p.key, p.value);
  return s + fmt::format("noise={}", noise_);
}

std::vector<AgentParamHelp> styleParamHelp(const std::vector<StyleParam>& params) {
  std::vector<AgentParamHelp> help;
  for (const StyleParam& p : params) help.push_back({p.key, fmt::format("{}", p.value), p.meaning});
  return help;
}

}  // namespace junqi
