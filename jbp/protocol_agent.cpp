#include "jbp/protocol_agent.h"

#include <fmt/format.h>

#include "core/classic/notation.h"
#include "core/text.h"
#include "core/variant.h"
#include "jbp/protocol.h"

namespace junqi {

ExternalAgent::ExternalAgent(std::string name, std::string command, double hangSeconds, std::string stderrPath)
    : name_(std::move(name)),
      command_(std::move(command)),
      hangSeconds_(hangSeconds),
      bot_(std::make_unique<BotConnection>(command_, hangSeconds, stderrPath)) {}

void ExternalAgent::send(const std::string& line) { bot_->send(line); }

std::string ExternalAgent::expect(std::string_view what, double seconds) {
  // The bot's last info line goes into the report, whether or not an answer comes.
  struct KeepInfo {
    ExternalAgent& agent;
    ~KeepInfo() {
      if (std::string info = agent.bot_->takeInfo(); !info.empty()) agent.report_.note = std::move(info);
    }
  } keep{*this};
  return bot_->expect(what, seconds);
}

void ExternalAgent::newGame(const Ruleset& ruleset, Seat seat, std::uint64_t gameSeed) {
  ruleset_ = ruleset;
  started_ = false;
  eventsSent_ = 0;
  staleReplies_ = 0;
  send(fmt::format("newgame variant {} ruleset {} seat {} movetime {:g} seed {}", Variant::of(ruleset).name(),
                   ruleset.toString(), seatName(seat), moveSeconds_, gameSeed));
  const std::string reply = expect("'ready'", hangSeconds_);
  if (reply != "ready") throw BotFailure(fmt::format("answered newgame with '{}' instead of 'ready'", quotedBotLine(reply)));
}

Layout ExternalAgent::chooseLayout(const Ruleset&, Seat) {
  send("layout");
  const std::string reply = expect("a layout", moveSeconds_ > 0 ? std::max(moveSeconds_, 1.0) : hangSeconds_);
  const auto w = words(reply);
  if (w.size() != 2 || w[0] != "layout") throw BotFailure(fmt::format("answered 'layout' with '{}'", quotedBotLine(reply)));
  try {
    return parseLayout(w[1]);
  } catch (const std::exception& e) {
    throw BotFailure(fmt::format("sent a malformed layout: {}", quotedBotLine(e.what())));
  }
}

void ExternalAgent::catchUp(const InfoState& state) {
  const Observation& obs = state.observation();
  if (!started_) {
    send(fmt::format("start {}", jbp::startBoard(obs)));
    started_ = true;
  }
  for (; eventsSent_ < obs.events().size(); ++eventsSent_)
    send(fmt::format("event {}", Observation::eventText(obs.events()[eventsSent_])));
}

Action ExternalAgent::chooseAction(const InfoState& state) {
  catchUp(state);
  report_ = {};
  send(moveSeconds_ > 0 ? fmt::format("go time {:g}", moveSeconds_) : std::string("go"));
  const double limit = moveSeconds_ > 0 ? moveSeconds_ : hangSeconds_;
  // The answer to this request is owed from now on; answers to earlier
  // requests that timed out arrive first: skip them. A timeout anywhere here
  // leaves every owed answer counted.
  ++staleReplies_;
  for (; staleReplies_ > 1; --staleReplies_) expect("a late answer", limit);
  const std::string reply = expect("a move", limit);
  --staleReplies_;
  const auto w = words(reply);
  if (w.size() == 1 && w[0] == "resign") return Action::resign(state.seat());
  if (w.size() == 1 && w[0] == "offer-draw") return Action::offerDraw(state.seat());
  if (w.size() != 2 || w[0] != "move") throw BotFailure(fmt::format("answered 'go' with '{}'", quotedBotLine(reply)));
  const auto m = parseMove(w[1]);
  if (!m) throw BotFailure(fmt::format("sent a malformed move '{}'", quotedBotLine(w[1])));
  return Action::makeMove(state.seat(), *m);
}

bool ExternalAgent::acceptDraw(const InfoState& state) {
  catchUp(state);
  send("drawoffer");
  const double limit = moveSeconds_ > 0 ? moveSeconds_ : hangSeconds_;
  ++staleReplies_;
  for (; staleReplies_ > 1; --staleReplies_) expect("a late answer", limit);
  const std::string reply = expect("an answer to the draw offer", limit);
  --staleReplies_;
  if (reply == "accept-draw") return true;
  if (reply == "decline-draw") return false;
  throw BotFailure(fmt::format("answered 'drawoffer' with '{}'", quotedBotLine(reply)));
}

void ExternalAgent::gameOver(const Outcome& o, const Position& reveal) {
  // The bot may already be gone (it may be why the game ended): ignore failures.
  bot_->sendIfAlive(fmt::format("gameover {} {}", o.winner ? seatName(*o.winner) : "draw", terminationName(o.reason)));
  bot_->sendIfAlive(fmt::format("reveal {}", formatPosition(reveal)));
}

}  // namespace junqi
