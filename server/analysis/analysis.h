// The analysis view (docs/web.md, "The analysis view"): for one seat at one step of a
// record, that seat's exact beliefs about every piece it cannot see and the
// top moves of an agent of the operator's menu, searched from that seat's
// view alone. Each game's function takes only what its seat is shown (the
// classic InfoState, the four-player FourObservation, the public Flip Junqi
// position), so no referee fact can reach an answer.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/classic/info_state.h"
#include "core/flip/flip_position.h"
#include "core/flip/flip_ruleset.h"
#include "core/four/four_observation.h"
#include "core/four/four_ruleset.h"

namespace junqi::server {

// What one analysis may cost: its search is cut to these, whatever the
// menu's spec says (a menu spec may ask for 100,000 simulations or 60 s).
struct AnalysisBudget {
  int maxSims = 2000;
  double maxSeconds = 5;
};

// The spec with `sims` and `seconds` cut to the budget and `threads` set
// to 1 (one thread: the same view gives the same answer); with `addSims`, a
// spec without `sims` gets the budget's (for kinds whose default is larger).
std::string boundedAnalysisSpec(std::string_view spec, const AnalysisBudget& budget, bool addSims);

// {beliefs: [{square, beliefs: {symbol: p}}], moves: [{move, share, value?}],
//  choice, simulations, value, note}. `over`: the game has ended (no moves).
nlohmann::json classicAnalysis(const InfoState& view, const Ruleset& ruleset, const std::string& spec, bool over,
                               const AnalysisBudget& budget = {});
// Face-down points: the pools' distribution (red upper case, blue lower
// case), the same for both seats; moves from `seat`'s agent when it is to move.
nlohmann::json flipAnalysis(const FlipPosition& pos, const FlipRuleset& rules, Seat seat, const std::string& spec,
                            bool over, const AnalysisBudget& budget = {});
// Every piece whose identity the army's seat does not see: {point, army, beliefs}.
nlohmann::json fourAnalysis(const FourObservation& view, const FourRuleset& rules, const std::string& spec, bool over,
                            const AnalysisBudget& budget = {});

}  // namespace junqi::server
