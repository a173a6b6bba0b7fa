// What the built-in agents share: a seed, a layout style, and the random
// stream of the current game (derived from the seed and the game's seed, so
// that the same agent plays the same game the same way).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/classic/auto_layout.h"
#include "search/agent.h"
#include "search/registry.h"

namespace junqi {

class BasicAgent : public Agent {
 public:
  void newGame(const Ruleset& ruleset, Seat seat, std::uint64_t gameSeed) override;
  Layout chooseLayout(const Ruleset& ruleset, Seat seat) override;

 protected:
  // `ownLayout`: a further value of the layout parameter that the subclass
  // handles itself (e.g. "net": the network's layout head); then layoutName_ holds it.
  BasicAgent(const AgentParams& params, LayoutStyle defaultStyle, const std::string& ownLayout = {});
  // "seed=..,layout=.." for spec().
  std::string commonSpec() const;
  // For the one-ply players: the best-scored move after `noise` times a uniform
  // jitter, among the `allowed` ones (all when empty); fills the report.
  Action playBestScored(const InfoState& state, const std::vector<std::pair<Move, double>>& scored,
                        const std::vector<bool>& allowed, double noise);

  std::uint64_t seed_;
  LayoutStyle style_;
  std::string layoutName_;  // the layout parameter as given (a style name, or ownLayout)
  Seat seat_ = Seat::Red;
  Rng rng_;
};

}  // namespace junqi
