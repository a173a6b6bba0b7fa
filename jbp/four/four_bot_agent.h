// The arbiter end of JBP for four-player Junqi: a FourAgent whose moves come
// from an external bot (docs/protocol.md, "Four-player Junqi"). Before each
// `go` the bot is sent the moves since its last turn as its seat saw them
// (`event` lines) and its board (`board`, a position with '?' for every
// identity the seat does not see): nothing its observation does not hold.
#pragma once

#include <memory>
#include <string>

#include "jbp/bot_connection.h"
#include "search/four/four_agent.h"

namespace junqi {

class FourExternalAgent : public FourAgent {
 public:
  // Starts the bot and shakes hands; throws BotFailure if it fails or the bot
  // does not list the variant "four".
  FourExternalAgent(std::string name, std::string command, double hangSeconds = 30, std::string stderrPath = {});

  std::string name() const override { return name_; }
  std::string spec() const override { return command_; }
  void newGame(const FourRuleset& rules, int army, std::uint64_t gameSeed) override;
  // Throws BotFailure for a bot that fails or answers with no move.
  Move chooseMove(const FourObservation& obs) override;
  // Tells the bot how the game ended (it may be gone already).
  void gameOver(const FourOutcome& outcome);

 private:
  std::string name_, command_;
  double hangSeconds_;
  std::unique_ptr<BotConnection> bot_;
  std::size_t eventsSent_ = 0;
};

}  // namespace junqi
