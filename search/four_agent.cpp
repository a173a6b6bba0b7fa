#include "search/four_agent.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/random.h"
#include "search/four_heuristic.h"

namespace junqi {

namespace {

class FourRandomAgent : public FourAgent {
 public:
  explicit FourRandomAgent(std::uint64_t seed) : seed_(seed), rng_(seed) {}
  std::string name() const override { return "random"; }
  std::string spec() const override { return fmt::format("random:seed={}", seed_); }
  void newGame(const FourRuleset&, int army, std::uint64_t gameSeed) override {
    rng_.reseed(Rng::mix(seed_ ^ static_cast<std::uint64_t>(army), gameSeed));
  }
  Move chooseMove(const FourObservation& obs) override {
    MoveList moves;
    obs.legalMoves(moves);
    return moves[static_cast<int>(rng_.below(static_cast<std::uint64_t>(moves.size())))];
  }

 private:
  std::uint64_t seed_;
  Rng rng_;
};

}  // namespace

std::vector<FourAgentKind> fourAgentKinds() {
  return {
      {"random", "a uniformly random legal move",
       [](const AgentParams& p) -> std::unique_ptr<FourAgent> {
         return std::make_unique<FourRandomAgent>(p.getSeed("seed", 1));
       },
       {{"seed", "1", "random seed"}}},
      {"heuristic", "one ply: shown flags taken, fights weighed by expected material, a push to the enemy",
       [](const AgentParams& p) -> std::unique_ptr<FourAgent> {
         const double noise = p.getDouble("noise", 0.05);
         if (!(noise >= 0)) throw AgentSpecError("agent 'heuristic': noise must be 0 or more");
         return std::make_unique<FourHeuristicAgent>(noise, p.getSeed("seed", 1));
       },
       {{"noise", "0.05", "random tie-break added to each score"}, {"seed", "1", "random seed"}}},
  };
}

std::unique_ptr<FourAgent> makeFourAgent(std::string_view spec) {
  const AgentParams params = AgentParams::parse(spec);
  std::vector<std::string> names;
  for (const FourAgentKind& kind : fourAgentKinds()) {
    names.push_back(kind.name);
    if (kind.name != params.name()) continue;
    auto agent = kind.make(params);
    params.checkAllUsed();
    return agent;
  }
  throw AgentSpecError(fmt::format("unknown four-player agent '{}' (known: {})", params.name(), fmt::join(names, ", ")));
}

}  // namespace junqi
