// The agent registry: every command creates agents from spec strings,
// "name" or "name:key=value,key=value" (e.g. "ismcts:sims=2000,c=0.7,seed=3").
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
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

// One parameter of a kind of agent, as `junqi agents` lists it.
struct AgentParamHelp {
  std::string key;
  std::string fallback;  // its value when the spec leaves it out
  std::string meaning;
};

// A kind of agent of one game: its name, what it is, how to make one from a
// spec, and every parameter it reads. AgentT is the game's agent interface
// (Agent, FlipAgent, FourAgent).
template <class AgentT>
struct AgentKindOf {
  std::string name;
  std::string help;  // one line: what it is
  std::function<std::unique_ptr<AgentT>(const AgentParams&)> make;
  std::vector<AgentParamHelp> params = {};
};

// The kinds of agent of one game: its built-in kinds (listed on first use),
// then those added later (search/ cannot link the networks, so the programs
// that link nets/ add the "nn" kinds). Safe to use from several threads.
template <class AgentT>
class AgentKinds {
 public:
  using Kind = AgentKindOf<AgentT>;
  // `what` names an agent of this game in errors ("flip agent").
  AgentKinds(std::string what, std::function<std::vector<Kind>()> builtins)
      : what_(std::move(what)), builtins_(std::move(builtins)) {}

  // Adds a kind, or replaces the kind of its name.
  void add(Kind kind) {
    std::lock_guard lock(mutex_);
    for (Kind& k : loaded())
      if (k.name == kind.name) {
        k = std::move(kind);
        return;
      }
    kinds_.push_back(std::move(kind));
  }

  std::vector<Kind> all() const {
    std::lock_guard lock(mutex_);
    return loaded();
  }

  // Throws AgentSpecError for an unknown name, key or value.
  std::unique_ptr<AgentT> make(std::string_view spec) const {
    const AgentParams params = AgentParams::parse(spec);
    std::function<std::unique_ptr<AgentT>(const AgentParams&)> make;
    {
      std::lock_guard lock(mutex_);
      std::string known;
      for (const Kind& k : loaded()) {
        if (k.name == params.name()) make = k.make;
        known += (known.empty() ? "" : ", ") + k.name;
      }
      if (!make) throw AgentSpecError("unknown " + what_ + " '" + params.name() + "' (known: " + known + ")");
    }
    auto agent = make(params);  // outside the lock: a kind may make other agents
    params.checkAllUsed();
    return agent;
  }

 private:
  // The kinds, with the built-in ones listed the first time (under the lock).
  std::vector<Kind>& loaded() const {
    if (!builtinsLoaded_) {
      kinds_ = builtins_();
      builtinsLoaded_ = true;
    }
    return kinds_;
  }

  std::string what_;
  std::function<std::vector<Kind>()> builtins_;
  mutable std::mutex mutex_;
  mutable std::vector<Kind> kinds_;
  mutable bool builtinsLoaded_ = false;
};

// The classic game's kinds.
using AgentKind = AgentKindOf<Agent>;
// Adds a kind of agent (the built-in ones are listed on first use).
void registerAgentKind(AgentKind kind);
std::vector<AgentKind> agentKinds();
// Creates an agent from a spec; throws AgentSpecError for unknown names, keys or values.
std::unique_ptr<Agent> makeAgent(std::string_view spec);

}  // namespace junqi
