// heuristic: a rule-based player of the kind a club player would recognise.
// It scores every legal move with the exact beliefs about the enemy pieces:
//   - a fight is worth its expected material (a probable landmine or bomb
//     makes a big piece's attack a bad bet; a probable flag is the game);
//   - a piece steps out of reach of enemy pieces that probably beat it, and
//     does not step next to them;
//   - a piece attacking our flag's headquarters must be stopped;
//   - camps are taken (a piece in a camp cannot be attacked), the front is
//     pushed by small and middle officers, engineers stay back for the
//     landmines, nothing walks into its own headquarters;
// and it deploys with the automatic layout styles. Like every agent here it
// plays only moves the flag guard allows (search/classic/root_choice.h).
#pragma once

#include "search/basic_agent.h"

namespace junqi {

class HeuristicAgent : public BasicAgent {
 public:
  explicit HeuristicAgent(const AgentParams& params);
  std::string name() const override { return "heuristic"; }
  std::string spec() const override;
  Action chooseAction(const InfoState& state) override;

  // The score of every legal move (exposed for tests and for guided rollouts).
  std::vector<std::pair<Move, double>> scoreMoves(const InfoState& state) const;

 private:
  double noise_;  // random jitter added to scores, to vary play
};

}  // namespace junqi
