#include "server/classic/classic_session.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include <fmt/format.h>

#include "core/classic/info_state.h"
#include "core/classic/notation.h"
#include "core/classic/record.h"
#include "search/registry.h"
#include "server/board_json.h"
#include "server/http_util.h"

namespace junqi::server {

ClassicSession::ClassicSession(std::string id, const NewGame& setup)
    : id_(std::move(id)), setup_(setup), ruleset_(Ruleset::parse(setup.rules)), agentSeat_(opposite(setup.personSeat)) {
  if (const auto violation = validateLayout(setup.personLayout, ruleset_))
    throw ApiError(400, violation->message);
  try {
    agent_ = makeAgent(setup.agentSpec);
  } catch (const std::exception& e) {  // the operator's spec, checked at start: a weights file gone since
    throw ApiError(500, fmt::format("the agent '{}' cannot be made: {}", setup.agentName, e.what()));
  }
  agent_->newGame(ruleset_, agentSeat_, setup.seed);
  const Layout agentLayout = agent_->chooseLayout(ruleset_, agentSeat_);
  const bool personIsRed = setup.personSeat == Seat::Red;
  try {
    game_ = std::make_unique<Game>(ruleset_, personIsRed ? setup.personLayout : agentLayout,
                                   personIsRed ? agentLayout : setup.personLayout);
  } catch (const IllegalAction& e) {
    throw ApiError(500, fmt::format("the agent chose a layout the rules refuse: {}", e.what()));
  }
  turnStarted_ = std::chrono::steady_clock::now();  // the agent's layout took no time of the person's
}

void ClassicSession::start() {
  std::lock_guard lock(mutex_);
  startAgentIfItsTurn();
}

nlohmann::json ClassicSession::state() {
  std::lock_guard lock(mutex_);
  checkAgentTime();
  checkClock();
  const Observation view = Observation::of(*game_, setup_.personSeat);
  const Position& now = game_->position();
  nlohmann::json events = nlohmann::json::array();
  for (const PublicEvent& e : view.events()) events.push_back(eventJson(e, view));
  nlohmann::json legal = nlohmann::json::array();
  MoveList moves;
  if (!thinking_) view.legalMoves(moves);
  for (const Move m : moves) legal.push_back(moveName(m));
  const auto offer = game_->pendingDrawOffer();
  nlohmann::json out = {{"id", id_},
                        {"rules", ruleset_.toString()},
                        {"agent", setup_.agentName},
                        {"seat", seatName(setup_.personSeat)},
                        {"toMove", seatName(now.sideToMove())},
                        {"ply", now.ply()},
                        {"quietPlies", now.quietPlies()},
                        {"quietMoveLimit", ruleset_.quietMoveLimit},
                        {"agreedDraws", ruleset_.agreedDraws},
                        {"thinking", thinking_},
                        {"drawOffer", offer ? nlohmann::json(seatName(*offer)) : nlohmann::json(nullptr)},
                        {"pieces", seatPiecesJson(view)},
                        {"events", events},
                        {"legal", legal},
                        {"outcome", outcomeJson(game_->outcome())},
                        {"clock", clockJson()}};
  if (game_->isOver()) {  // the full reveal: the referee's board and both layouts
    out["reveal"] = fullPiecesJson(now);
    out["note"] = note_;
  }
  return out;
}

// The person's time for this move is over: the rules' timeout (the turn
// passes, and the n-th loses the game, or the first loses it at once, as the
// ruleset says), then the agent's turn. Checked lazily, on each request: the
// page asks for the state when its countdown ends.
bool ClassicSession::checkClock() {
  const int limit = ruleset_.moveSeconds;
  if (limit <= 0 || game_->isOver() || thinking_ || game_->position().sideToMove() != setup_.personSeat) return false;
  if (std::chrono::steady_clock::now() - turnStarted_ < std::chrono::seconds(limit)) return false;
  game_->apply(Action::timeout(setup_.personSeat));
  finishIfOver();
  startAgentIfItsTurn();
  return true;
}

// The agent's time for its move is over: it loses (as a bot that overruns
// its time in a match does), and its thread is let go.
bool ClassicSession::checkAgentTime() {
  if (!thinking_ || setup_.agentSeconds <= 0) return false;
  if (std::chrono::steady_clock::now() - thinkStarted_ < std::chrono::duration<double>(setup_.agentSeconds))
    return false;
  letAgentGo();
  note_ = fmt::format("the agent thought for more than {} s over a move, the server's limit: it loses",
                      setup_.agentSeconds);
  game_->forfeit(agentSeat_);
  finishIfOver();
  return true;
}

void ClassicSession::letAgentGo() {
  if (!thinking_) return;
  thinking_ = false;
  ++turn_;
}

void ClassicSession::abandon() {
  std::lock_guard lock(mutex_);
  letAgentGo();
}

nlohmann::json ClassicSession::clockJson() const {
  const Ruleset& rules = ruleset_;
  if (rules.moveSeconds <= 0) return nullptr;
  nlohmann::json left = nullptr;  // counted only on the person's turn
  if (!game_->isOver() && !thinking_ && game_->position().sideToMove() == setup_.personSeat) {
    const double used = std::chrono::duration<double>(std::chrono::steady_clock::now() - turnStarted_).count();
    left = std::max(0.0, std::round(10 * (rules.moveSeconds - used)) / 10);
  }
  return {{"moveSeconds", rules.moveSeconds},
          {"secondsLeft", left},
          {"timeouts", game_->timeouts(setup_.personSeat)},
          {"timeoutPassesTurn", rules.timeoutPassesTurn},
          {"timeoutsToForfeit", rules.timeoutsToForfeit}};
}

void ClassicSession::apply(const Action& action) {
  if (game_->isOver()) throw ApiError(409, "the game is over");
  if (const auto why = game_->whyIllegal(action)) throw ApiError(400, *why);
  game_->apply(action);
  finishIfOver();
}

void ClassicSession::move(const std::string& text) {
  const auto parsed = parseMove(text);
  if (!parsed) throw ApiError(400, fmt::format("'{}' is not a move: write it as C4-C5", text));
  const Move m = *parsed;
  std::lock_guard lock(mutex_);
  checkAgentTime();
  if (checkClock())
    throw ApiError(409, fmt::format("your {} seconds for the move ran out: {}", ruleset_.moveSeconds,
                                    game_->isOver() ? "the game is lost" : "the turn passed"));
  if (game_->isOver()) throw ApiError(409, "the game is over");
  if (thinking_ || game_->position().sideToMove() != setup_.personSeat)
    throw ApiError(409, fmt::format("it is not your turn: {} is to move", seatName(game_->position().sideToMove())));
  apply(Action::makeMove(setup_.personSeat, m));
  startAgentIfItsTurn();
}

void ClassicSession::resign() {
  std::lock_guard lock(mutex_);
  checkAgentTime();  // a timeout that came first decides first
  checkClock();
  apply(Action::resign(setup_.personSeat));
  letAgentGo();  // its search is dropped, and the person's answer does not wait for it
}

void ClassicSession::offerDraw() {
  std::lock_guard lock(mutex_);
  checkAgentTime();
  checkClock();
  if (thinking_) throw ApiError(409, "the agent is thinking: offer a draw on your turn");
  apply(Action::offerDraw(setup_.personSeat));
  // The agent answers at once (as in a match); it is not thinking, so it is free.
  const bool accept = agent_->acceptDraw(InfoState::of(*game_, agentSeat_));
  game_->apply(accept ? Action::acceptDraw(agentSeat_) : Action::declineDraw(agentSeat_));
  finishIfOver();
}

void ClassicSession::answerDraw(bool accept) {
  std::lock_guard lock(mutex_);
  checkAgentTime();
  checkClock();
  apply(accept ? Action::acceptDraw(setup_.personSeat) : Action::declineDraw(setup_.personSeat));
}

std::string ClassicSession::record() const {
  std::lock_guard lock(mutex_);
  if (!game_->isOver()) throw ApiError(409, "the record is there once the game is over (it shows both layouts)");
  return recordText();
}

bool ClassicSession::isOver() const {
  std::lock_guard lock(mutex_);
  return game_->isOver();
}

void ClassicSession::startAgentIfItsTurn() {
  if (game_->isOver() || thinking_ || game_->position().sideToMove() != agentSeat_) return;
  thinking_ = true;
  thinkStarted_ = std::chrono::steady_clock::now();
  std::shared_ptr<Thinkers> thinkers = setup_.thinkers;
  thinkers->begin();
  std::thread([self = shared_from_this(), turn = ++turn_, thinkers]() mutable {
    self->agentTurns(turn);
    self.reset();  // the last holder of an ended game lets it go here, before the count says so
    thinkers->end();
  }).detach();
}

// The agent's turn (several actions when it offers a draw first): it thinks
// without the lock, on its own InfoState, so the person's page stays live.
void ClassicSession::agentTurns(std::uint64_t turn) {
  for (;;) {
    std::unique_ptr<InfoState> view;
    {
      std::lock_guard lock(mutex_);
      if (turn != turn_) return;  // let go: the game ended, timed the agent out or expired
      if (game_->isOver() || game_->position().sideToMove() != agentSeat_) {
        thinking_ = false;
        turnStarted_ = std::chrono::steady_clock::now();  // the person's turn (and clock) begins
        return;
      }
      view = std::make_unique<InfoState>(InfoState::of(*game_, agentSeat_));
    }
    Action action;
    std::string failure;
    try {
      action = agent_->chooseAction(*view);
    } catch (const std::exception& e) {
      failure = fmt::format("the agent failed: {}", e.what());
    }
    std::lock_guard lock(mutex_);
    if (turn != turn_) return;  // let go meanwhile: the move is dropped
    if (game_->isOver()) {
      thinking_ = false;
      return;
    }
    action.side = agentSeat_;
    if (const auto why = failure.empty() ? game_->whyIllegal(action) : std::nullopt)
      failure = fmt::format("the agent chose an illegal action: {}", *why);
    if (!failure.empty()) {
      note_ = failure;
      game_->forfeit(agentSeat_);
      finishIfOver();
      thinking_ = false;
      return;
    }
    game_->apply(action);
    finishIfOver();
  }
}

std::string ClassicSession::recordText() const {
  const std::string person = "person", agent = setup_.agentName;
  const bool personIsRed = setup_.personSeat == Seat::Red;
  return formatRecord(recordOf(*game_,
                               {{"red-player", personIsRed ? person : agent},
                                {"blue-player", personIsRed ? agent : person},
                                {"site", "junqi-serve"},
                                {"date", recordDate()}},
                               note_));
}

void ClassicSession::finishIfOver() {
  if (!game_->isOver() || written_ || setup_.gamesDir.empty()) return;
  written_ = true;
  writeFinishedRecord(setup_.gamesDir, id_, "jqr", recordText());
}

}  // namespace junqi::server
