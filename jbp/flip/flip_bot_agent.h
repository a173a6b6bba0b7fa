// The arbiter end of JBP for Flip Junqi: a FlipAgent whose decisions come
// from an external bot (docs/protocol.md, "Flip Junqi"). Both players see
// the whole board, so before each `go` the bot is sent the position as text;
// the deal is never sent.
#pragma once

#include <memory>
#include <string>

#include "jbp/bot_connection.h"
#include "search/flip/flip_agent.h"

namespace junqi {

class FlipExternalAgent : public FlipAgent {
 public:
  // Starts the bot and shakes hands; throws BotFailure if it fails or the bot
  // does not list the variant "flip".
  FlipExternalAgent(std::string name, std::string command, double hangSeconds = 30, std::string stderrPath = {});

  std::string name() const override { return name_; }
  std::string spec() const override { return command_; }
  void newGame(const FlipRuleset& rules, Seat seat, std::uint64_t gameSeed) override;
  Move chooseAction(const FlipPosition& pos) override;
  // Tells the bot how the game ended (it may be gone already).
  void gameOver(const Outcome& outcome);

 private:
  std::string name_, command_;
  double hangSeconds_;
  std::unique_ptr<BotConnection> bot_;
};

}  // namespace junqi
