// The agent registry: every command creates agents from spec strings,
// "name" or "name:key=value,key=value" (e.g. "ismcts:sims=2000,c=0.7,seed=3").
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "search/agent.h"

namespace junqi {

struct AgentSpecError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A parsed spec: the name and its parameters, with typed access that records
// which keys were read so that unknown (mistyped) keys are an error.
class AgentParams {
 public:
  static AgentParams parse(std::string_view spec);  // throws AgentSpecError

  const std::string& name() const { return name_; }
  int getInt(const std::string& key, int fallback) const;
  double getDouble(const std::string& key, double fallback) const;
  std::uint64_t getSeed(const std::string& key, std::uint64_t fallback) const;
  std::string getString(const std::string& key, const std::string& fallback) const;
  bool has(const std::string& key) const { return values_.count(key) > 0; }
  // Throws AgentSpecError naming any key no getter asked for.
  void checkAllUsed() const;

 private:
  std::string name_;
  std::map<std::string, std::string> values_;
  mutable std::map<std::string, bool> used_;
};

using AgentFactory = std::function<std::unique_ptr<Agent>(const AgentParams&)>;

// One parameter of a kind of agent, as `junqi agents` lists it.
struct AgentParamHelp {
  std::string key;
  std::string fallback;  // its value when the spec leaves it out
  std::string meaning;
};

struct AgentKind {
  std::string name;
  std::string help;  // one line: what it is
  AgentFactory make;
  std::vector<AgentParamHelp> params = {};  // every parameter it reads
};

// Adds a kind of agent (the built-in ones are registered on first use).
void registerAgentKind(AgentKind kind);
std::vector<AgentKind> agentKinds();
// Creates an agent from a spec; throws AgentSpecError for unknown names, keys or values.
std::unique_ptr<Agent> makeAgent(std::string_view spec);

}  // namespace junqi
