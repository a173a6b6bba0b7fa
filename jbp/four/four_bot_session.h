// The bot end of JBP for four-player Junqi (docs/protocol.md, "Four-player
// Junqi"): the moves the seat saw, as `event` lines, and its board before
// each `go`, rebuilt into the seat's FourObservation for a four-player agent.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "search/four/four_agent.h"

namespace junqi::jbp {

class FourBotSession {
 public:
  explicit FourBotSession(FourAgent& agent) : agent_(agent) {}

  // `newgame variant four ruleset R seat S movetime T seed N`; throws
  // std::invalid_argument naming a bad ruleset or seat.
  void newGame(const std::vector<std::string_view>& words);
  void event(std::string_view text);  // one move as the seat saw it
  void board(std::string_view text);  // the seat's board (a position with '?')
  // The answer to `go`: an info line and the move.
  std::vector<std::string> go();

 private:
  FourAgent& agent_;
  FourRuleset rules_;
  int army_ = 0;
  std::vector<FourPublicMove> history_;
  std::string board_;
};

}  // namespace junqi::jbp
