#include "search/registry.h"

#include <charconv>

#include <fmt/format.h>

#include "search/builtin_agents.h"

namespace junqi {

AgentParams AgentParams::parse(std::string_view spec) {
  AgentParams p;
  const auto colon = spec.find(':');
  p.name_ = std::string(spec.substr(0, colon));
  if (p.name_.empty()) throw AgentSpecError(fmt::format("agent spec '{}' has no name", spec));
  if (colon == std::string_view::npos) return p;
  std::string_view rest = spec.substr(colon + 1);
  for (bool more = true; more;) {
    const auto comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    more = comma != std::string_view::npos;
    if (more) rest = rest.substr(comma + 1);
    const auto eq = item.find('=');
    if (item.empty() || eq == std::string_view::npos || eq == 0)
      throw AgentSpecError(fmt::format("agent spec '{}': '{}' is not key=value", spec, item));
    const std::string key(item.substr(0, eq));
    if (p.values_.count(key)) throw AgentSpecError(fmt::format("agent spec '{}': '{}' given twice", spec, key));
    p.values_[key] = std::string(item.substr(eq + 1));
  }
  return p;
}

namespace {
template <class T>
T parseNumber(const std::string& name, const std::string& key, const std::string& text) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw AgentSpecError(fmt::format("agent '{}': {}={} is not a valid number", name, key, text));
  return value;
}
}  // namespace

int AgentParams::getInt(const std::string& key, int fallback) const {
  used_[key] = true;
  const auto it = values_.find(key);
  return it == values_.end() ? fallback : parseNumber<int>(name_, key, it->second);
}

double AgentParams::getDouble(const std::string& key, double fallback) const {
  used_[key] = true;
  const auto it = values_.find(key);
  return it == values_.end() ? fallback : parseNumber<double>(name_, key, it->second);
}

std::uint64_t AgentParams::getSeed(const std::string& key, std::uint64_t fallback) const {
  used_[key] = true;
  const auto it = values_.find(key);
  return it == values_.end() ? fallback : parseNumber<std::uint64_t>(name_, key, it->second);
}

std::string AgentParams::getString(const std::string& key, const std::string& fallback) const {
  used_[key] = true;
  const auto it = values_.find(key);
  return it == values_.end() ? fallback : it->second;
}

void AgentParams::checkAllUsed() const {
  for (const auto& [key, value] : values_)
    if (!used_.count(key)) throw AgentSpecError(fmt::format("agent '{}' has no parameter '{}'", name_, key));
}

namespace {
AgentKinds<Agent>& classicKinds() {
  static AgentKinds<Agent> kinds("agent", builtinAgentKinds);
  return kinds;
}
}  // namespace

void registerAgentKind(AgentKind kind) { classicKinds().add(std::move(kind)); }
std::vector<AgentKind> agentKinds() { return classicKinds().all(); }
std::unique_ptr<Agent> makeAgent(std::string_view spec) { return classicKinds().make(spec); }

}  // namespace junqi
