#include "jbp/four/four_bot_agent.h"

#include <fmt/format.h>

#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/four/four_record.h"
#include "core/text.h"

namespace junqi {

FourExternalAgent::FourExternalAgent(std::string name, std::string command, double hangSeconds, std::string stderrPath)
    : name_(std::move(name)),
      command_(std::move(command)),
      hangSeconds_(hangSeconds),
      bot_(std::make_unique<BotConnection>(command_, hangSeconds, stderrPath)) {
  for (const auto v : words(bot_->variants()))
    if (v == "four") return;
  throw BotFailure(fmt::format("does not play four-player Junqi (its variants: {})", bot_->variants()));
}

void FourExternalAgent::newGame(const FourRuleset& rules, int army, std::uint64_t gameSeed) {
  eventsSent_ = 0;
  bot_->send(fmt::format("newgame variant four ruleset {} seat {} movetime 0 seed {}", rules.toString(), armyName(army),
                         gameSeed));
  const std::string reply = bot_->expect("'ready'", hangSeconds_);
  if (reply != "ready")
    throw BotFailure(fmt::format("answered newgame with '{}' instead of 'ready'", quotedBotLine(reply)));
}

Move FourExternalAgent::chooseMove(const FourObservation& obs) {
  for (; eventsSent_ < obs.history().size(); ++eventsSent_)
    bot_->send("event " + formatFourPublicMove(obs.history()[eventsSent_]));
  bot_->send("board " + obs.boardText());
  bot_->send("go");
  const std::string reply = bot_->expect("a move", hangSeconds_);
  bot_->takeInfo();
  const auto w = words(reply);
  if (w.size() != 2 || w[0] != "move") throw BotFailure(fmt::format("answered 'go' with '{}'", quotedBotLine(reply)));
  const auto m = parseFourMove(w[1]);
  if (!m) throw BotFailure(fmt::format("sent a malformed move '{}'", quotedBotLine(w[1])));
  return *m;
}

void FourExternalAgent::gameOver(const FourOutcome& o) {
  bot_->sendIfAlive(
      fmt::format("gameover {} {}", o.winningTeam ? teamName(*o.winningTeam) : "draw", terminationName(o.reason)));
}

}  // namespace junqi
