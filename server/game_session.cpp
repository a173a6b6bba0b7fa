#include "server/game_session.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <thread>

#include <fmt/format.h>

#include "core/files.h"
#include "core/classic/info_state.h"
#include "core/classic/record.h"
#include "search/registry.h"
#include "server/board_json.h"
#include "server/http_util.h"

namespace junqi::server {

GameSession::GameSession(std::string id, const NewGame& setup)
    : id_(std::move(id)), setup_(setup), agentSeat_(opposite(setup.personSeat)) {
  if (const auto violation = validateLayout(setup.personLayout, setup.ruleset))
    throw ApiError(400, violation->message);
  try {
    agent_ = makeAgent(setup.agentSpec);
  } catch (const std::exception& e) {  // the operator's spec, checked at start: a weights file gone since
    throw ApiError(500, fmt::format("the agent '{}' cannot be made: {}", setup.agentName, e.what()));
  }
  agent_->newGame(setup.ruleset, agentSeat_, setup.seed);
  const Layout agentLayout = agent_->chooseLayout(setup.ruleset, agentSeat_);
  const bool personIsRed = setup.personSeat == Seat::Red;
  try {
    game_ = std::make_unique<Game>(setup.ruleset, personIsRed ? setup.personLayout : agentLayout,
                                   personIsRed ? agentLayout : setup.personLayout);
  } catch (const IllegalAction& e) {
    throw ApiError(500, fmt::format("the agent chose a layout the rules refuse: {}", e.what()));
  }
  turnStarted_ = std::chrono::steady_clock::now();  // the agent's layout took no time of the person's
}

void GameSession::start() {
  std::lock_guard lock(mutex_);
  startAgentIfItsTurn();
}

nlohmann::json GameSession::state() {
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
                        {"rules", setup_.ruleset.toString()},
                        {"agent", setup_.agentName},
                        {"seat", seatName(setup_.personSeat)},
                        {"toMove", seatName(now.sideToMove())},
                        {"ply", now.ply()},
                        {"quietPlies", now.quietPlies()},
                        {"quietMoveLimit", setup_.ruleset.quietMoveLimit},
                        {"agreedDraws", setup_.ruleset.agreedDraws},
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
bool GameSession::checkClock() {
  const int limit = setup_.ruleset.moveSeconds;
  if (limit <= 0 || game_->isOver() || thinking_ || game_->position().sideToMove() != setup_.personSeat) return false;
  if (std::chrono::steady_clock::now() - turnStarted_ < std::chrono::seconds(limit)) return false;
  game_->apply(Action::timeout(setup_.personSeat));
  finishIfOver();
  startAgentIfItsTurn();
  return true;
}

// The agent's time for its move is over: it loses (as a bot that overruns
// its time in a match does), and its thread is let go.
bool GameSession::checkAgentTime() {
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

void GameSession::letAgentGo() {
  if (!thinking_) return;
  thinking_ = false;
  ++turn_;
}

void GameSession::abandon() {
  std::lock_guard lock(mutex_);
  letAgentGo();
}

nlohmann::json GameSession::clockJson() const {
  const Ruleset& rules = setup_.ruleset;
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

void GameSession::apply(const Action& action) {
  if (game_->isOver()) throw ApiError(409, "the game is over");
  if (const auto why = game_->whyIllegal(action)) throw ApiError(400, *why);
  game_->apply(action);
  finishIfOver();
}

void GameSession::move(Move m) {
  std::lock_guard lock(mutex_);
  checkAgentTime();
  if (checkClock())
    throw ApiError(409, fmt::format("your {} seconds for the move ran out: {}", setup_.ruleset.moveSeconds,
                                    game_->isOver() ? "the game is lost" : "the turn passed"));
  if (game_->isOver()) throw ApiError(409, "the game is over");
  if (thinking_ || game_->position().sideToMove() != setup_.personSeat)
    throw ApiError(409, fmt::format("it is not your turn: {} is to move", seatName(game_->position().sideToMove())));
  apply(Action::makeMove(setup_.personSeat, m));
  startAgentIfItsTurn();
}

void GameSession::resign() {
  std::lock_guard lock(mutex_);
  checkAgentTime();  // a timeout that came first decides first
  checkClock();
  apply(Action::resign(setup_.personSeat));
  letAgentGo();  // its search is dropped, and the person's answer does not wait for it
}

void GameSession::offerDraw() {
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

void GameSession::answerDraw(bool accept) {
  std::lock_guard lock(mutex_);
  checkAgentTime();
  checkClock();
  apply(accept ? Action::acceptDraw(setup_.personSeat) : Action::declineDraw(setup_.personSeat));
}

std::string GameSession::record() const {
  std::lock_guard lock(mutex_);
  if (!game_->isOver()) throw ApiError(409, "the record is there once the game is over (it shows both layouts)");
  return recordText();
}

bool GameSession::isOver() const {
  std::lock_guard lock(mutex_);
  return game_->isOver();
}

void GameSession::startAgentIfItsTurn() {
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
void GameSession::agentTurns(std::uint64_t turn) {
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

std::string GameSession::recordText() const {
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  const std::string person = "person", agent = setup_.agentName;
  const bool personIsRed = setup_.personSeat == Seat::Red;
  return formatRecord(recordOf(*game_,
                               {{"red-player", personIsRed ? person : agent},
                                {"blue-player", personIsRed ? agent : person},
                                {"site", "junqi-serve"},
                                {"date", date}},
                               note_));
}

void GameSession::finishIfOver() {
  if (!game_->isOver() || written_ || setup_.gamesDir.empty()) return;
  written_ = true;
  const std::string path = (std::filesystem::path(setup_.gamesDir) / fmt::format("game-{}.jqr", id_)).string();
  try {
    std::filesystem::create_directories(setup_.gamesDir);
    writeFileAtomically(path, recordText());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "junqi serve: cannot write %s: %s\n", path.c_str(), e.what());
  }
}

}  // namespace junqi::server
