#include "jbp/flip/flip_bot_agent.h"

#include <fmt/format.h>

#include "core/flip/flip_notation.h"
#include "core/flip/flip_record.h"
#include "core/text.h"

namespace junqi {

FlipExternalAgent::FlipExternalAgent(std::string name, std::string command, double hangSeconds, std::string stderrPath)
    : name_(std::move(name)),
      command_(std::move(command)),
      hangSeconds_(hangSeconds),
      bot_(std::make_unique<BotConnection>(command_, hangSeconds, stderrPath)) {
  for (const auto v : words(bot_->variants()))
    if (v == "flip") return;
  throw BotFailure(fmt::format("does not play Flip Junqi (its variants: {})", bot_->variants()));
}

void FlipExternalAgent::newGame(const FlipRuleset& rules, Seat seat, std::uint64_t gameSeed) {
  bot_->send(fmt::format("newgame variant flip ruleset {} seat {} movetime 0 seed {}", rules.toString(),
                         seatNumber(seat), gameSeed));
  const std::string reply = bot_->expect("'ready'", hangSeconds_);
  if (reply != "ready")
    throw BotFailure(fmt::format("answered newgame with '{}' instead of 'ready'", quotedBotLine(reply)));
}

Move FlipExternalAgent::chooseAction(const FlipPosition& pos) {
  report_ = {};
  bot_->send(fmt::format("position {}", formatFlipPosition(pos)));
  bot_->send("go");
  const std::string reply = bot_->expect("a move", hangSeconds_);
  report_.note = bot_->takeInfo();
  const auto w = words(reply);
  if (w.size() != 2 || w[0] != "move") throw BotFailure(fmt::format("answered 'go' with '{}'", quotedBotLine(reply)));
  if (const auto square = parseSquare(w[1])) return flipAt(*square);
  if (const auto m = parseMove(w[1])) return *m;
  throw BotFailure(fmt::format("sent a malformed action '{}'", quotedBotLine(w[1])));
}

void FlipExternalAgent::gameOver(const Outcome& o) {
  bot_->sendIfAlive(fmt::format("gameover {} {}", o.winner ? seatNumber(*o.winner) : "draw", terminationName(o.reason)));
}

}  // namespace junqi
