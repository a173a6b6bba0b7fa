#include "server/classic/classic_session.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/classic/info_state.h"
#include "core/classic/notation.h"
#include "core/classic/record.h"
#include "search/registry.h"
#include "server/analysis/analysis.h"
#include "server/board_json.h"
#include "server/http_util.h"

namespace junqi::server {

ClassicSession::ClassicSession(std::string id, const NewGame& setup)
    : id_(std::move(id)), setup_(setup), ruleset_(Ruleset::parse(setup.rules)), agentThread_(setup.thinkers) {
  if (const auto violation = validateLayout(setup.personLayout, ruleset_))
    throw ApiError(400, violation->message);
  people_[index(setup.personSeat)] = true;
  for (const int seat : setup.guestSeats) people_[seat] = true;
  const Seat other = opposite(setup.personSeat);
  Layout otherLayout;
  if (isPerson(other)) {  // the guest plays the server's balanced layout
    Rng rng(Rng::mix(setup.seed, 0x6775657374ULL));  // "guest"
    otherLayout = styledLayout(LayoutStyle::Balanced, ruleset_, rng);
  } else {
    agentSeat_ = other;
    try {
      agent_ = makeAgent(setup.agentSpec);
    } catch (const std::exception& e) {  // the operator's spec, checked at start: a weights file gone since
      throw ApiError(500, fmt::format("the agent '{}' cannot be made: {}", setup.agentName, e.what()));
    }
    agent_->newGame(ruleset_, agentSeat_, setup.seed);
    otherLayout = agent_->chooseLayout(ruleset_, agentSeat_);
  }
  const bool ownerIsRed = setup.personSeat == Seat::Red;
  try {
    game_ = std::make_unique<Game>(ruleset_, ownerIsRed ? setup.personLayout : otherLayout,
                                   ownerIsRed ? otherLayout : setup.personLayout);
  } catch (const IllegalAction& e) {
    throw ApiError(500, fmt::format("the agent chose a layout the rules refuse: {}", e.what()));
  }
  turnStarted_ = std::chrono::steady_clock::now();  // the agent's layout took no time of the person's
}

void ClassicSession::start() {
  std::lock_guard lock(mutex_);
  nextTurn();
}

nlohmann::json ClassicSession::state(int viewer) {
  std::lock_guard lock(mutex_);
  checkTimes();
  const bool spectator = viewer == kSpectator;
  const Seat seat = spectator ? Seat::Red : static_cast<Seat>(viewer);
  const Observation view = Observation::of(*game_, seat);
  const Position& now = game_->position();
  nlohmann::json events = nlohmann::json::array();
  for (const PublicEvent& e : view.events()) events.push_back(spectator ? publicEventJson(e, view) : eventJson(e, view));
  nlohmann::json legal = nlohmann::json::array();
  MoveList moves;
  if (!spectator && !agentThread_.thinking() && now.sideToMove() == seat) view.legalMoves(moves);
  for (const Move m : moves) legal.push_back(moveName(m));
  nlohmann::json players = nlohmann::json::object();
  for (const Seat s : {Seat::Red, Seat::Blue})
    players[std::string(seatName(s))] = isPerson(s) ? "person" : setup_.agentName;
  const auto offer = game_->pendingDrawOffer();
  nlohmann::json out = {{"id", id_},
                        {"rules", ruleset_.toString()},
                        {"agent", setup_.agentName},
                        {"players", players},
                        {"seat", spectator ? std::string("spectator") : std::string(seatName(seat))},
                        {"toMove", seatName(now.sideToMove())},
                        {"ply", now.ply()},
                        {"quietPlies", now.quietPlies()},
                        {"quietMoveLimit", ruleset_.quietMoveLimit},
                        {"agreedDraws", ruleset_.agreedDraws},
                        {"thinking", agentThread_.thinking()},
                        {"drawOffer", offer ? nlohmann::json(seatName(*offer)) : nlohmann::json(nullptr)},
                        {"pieces", spectator ? publicPiecesJson(view) : seatPiecesJson(view)},
                        {"events", events},
                        {"legal", legal},
                        {"outcome", outcomeJson(game_->outcome())},
                        {"clock", clockJson(viewer)}};
  if (game_->isOver()) {  // the full reveal: the referee's board and both layouts
    out["reveal"] = fullPiecesJson(now);
    out["note"] = note_;
  }
  return out;
}

bool ClassicSession::personToMove() const {
  return !game_->isOver() && !agentThread_.thinking() && isPerson(game_->position().sideToMove());
}

// After every action: a person's turn starts that person's clock, the agent's its thread.
void ClassicSession::nextTurn() {
  if (game_->isOver() || agentThread_.thinking()) return;
  if (isPerson(game_->position().sideToMove())) {
    turnStarted_ = std::chrono::steady_clock::now();
    return;
  }
  agentThread_.start(shared_from_this(), [this](std::uint64_t turn) { agentTurns(turn); });
}

void ClassicSession::checkTimes() {
  checkAgentTime();
  checkClock();
}

// The person's time for this move is over: the rules' timeout (the turn
// passes, and the n-th loses the game, or the first loses it at once, as the
// ruleset says), then the next turn. Checked lazily, on each request: the
// page asks for the state when its countdown ends.
bool ClassicSession::checkClock() {
  const int limit = ruleset_.moveSeconds;
  if (limit <= 0 || !personToMove()) return false;
  if (std::chrono::steady_clock::now() - turnStarted_ < std::chrono::seconds(limit)) return false;
  game_->apply(Action::timeout(game_->position().sideToMove()));
  finishIfOver();
  nextTurn();
  return true;
}

// The agent's time for its move is over: it loses (as a bot that overruns
// its time in a match does), and its thread is let go.
bool ClassicSession::checkAgentTime() {
  if (!agentThread_.overTime(setup_.agentSeconds)) return false;
  agentThread_.letGo();
  note_ = fmt::format("the agent thought for more than {} s over a move, the server's limit: it loses",
                      setup_.agentSeconds);
  game_->forfeit(agentSeat_);
  finishIfOver();
  return true;
}

void ClassicSession::abandon() {
  std::lock_guard lock(mutex_);
  agentThread_.letGo();
}

void ClassicSession::forfeitAbsent(int seat, const std::string& why) {
  std::lock_guard lock(mutex_);
  if (game_->isOver()) return;
  agentThread_.letGo();
  note_ = why;
  game_->forfeit(static_cast<Seat>(seat));
  finishIfOver();
}

nlohmann::json ClassicSession::clockJson(int viewer) const {
  const Ruleset& rules = ruleset_;
  if (rules.moveSeconds <= 0) return nullptr;
  const Seat toMove = game_->position().sideToMove();
  nlohmann::json left = nullptr;  // counted only on a person's turn
  if (personToMove()) {
    const double used = std::chrono::duration<double>(std::chrono::steady_clock::now() - turnStarted_).count();
    left = std::max(0.0, std::round(10 * (rules.moveSeconds - used)) / 10);
  }
  const Seat timed = viewer == kSpectator ? toMove : static_cast<Seat>(viewer);
  return {{"moveSeconds", rules.moveSeconds},
          {"secondsLeft", left},
          {"timeouts", game_->timeouts(timed)},
          {"timeoutPassesTurn", rules.timeoutPassesTurn},
          {"timeoutsToForfeit", rules.timeoutsToForfeit}};
}

void ClassicSession::apply(const Action& action) {
  if (game_->isOver()) throw ApiError(409, "the game is over");
  if (const auto why = game_->whyIllegal(action)) throw ApiError(400, *why);
  game_->apply(action);
  finishIfOver();
}

void ClassicSession::move(int seat, const std::string& text) {
  const auto parsed = parseMove(text);
  if (!parsed) throw ApiError(400, fmt::format("'{}' is not a move: write it as C4-C5", text));
  const Seat side = static_cast<Seat>(seat);
  std::lock_guard lock(mutex_);
  checkAgentTime();
  if (checkClock() && game_->position().sideToMove() != side)
    throw ApiError(409, fmt::format("the {} seconds for the move ran out: {}", ruleset_.moveSeconds,
                                    game_->isOver() ? "the game is over" : "the turn passed"));
  if (game_->isOver()) throw ApiError(409, "the game is over");
  if (agentThread_.thinking() || game_->position().sideToMove() != side)
    throw ApiError(409, fmt::format("it is not your turn: {} is to move", seatName(game_->position().sideToMove())));
  apply(Action::makeMove(side, *parsed));
  nextTurn();
}

void ClassicSession::resign(int seat) {
  std::lock_guard lock(mutex_);
  checkTimes();  // a timeout that came first decides first
  apply(Action::resign(static_cast<Seat>(seat)));
  agentThread_.letGo();  // its search is dropped, and the person's answer does not wait for it
}

void ClassicSession::offerDraw(int seat) {
  std::lock_guard lock(mutex_);
  checkTimes();
  if (agentThread_.thinking()) throw ApiError(409, "the agent is thinking: offer a draw on your turn");
  const Seat side = static_cast<Seat>(seat);
  apply(Action::offerDraw(side));
  if (isPerson(opposite(side))) return;  // the other person answers on their page
  // The agent answers at once (as in a match); it is not thinking, so it is free.
  const bool accept = agent_->acceptDraw(InfoState::of(*game_, agentSeat_));
  game_->apply(accept ? Action::acceptDraw(agentSeat_) : Action::declineDraw(agentSeat_));
  finishIfOver();
}

void ClassicSession::answerDraw(int seat, bool accept) {
  std::lock_guard lock(mutex_);
  checkTimes();
  const Seat side = static_cast<Seat>(seat);
  apply(accept ? Action::acceptDraw(side) : Action::declineDraw(side));
  nextTurn();
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

// The agent's turn (several actions when it offers a draw first): it thinks
// without the lock, on its own InfoState, so the people's pages stay live.
void ClassicSession::agentTurns(std::uint64_t turn) {
  for (;;) {
    std::unique_ptr<InfoState> view;
    {
      std::lock_guard lock(mutex_);
      if (!agentThread_.current(turn)) return;  // let go: the game ended, timed the agent out or expired
      if (game_->isOver() || game_->position().sideToMove() != agentSeat_) {
        agentThread_.finished();
        nextTurn();  // the person's turn (and clock) begins
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
    if (!agentThread_.current(turn)) return;  // let go meanwhile: the move is dropped
    if (game_->isOver()) {
      agentThread_.finished();
      return;
    }
    action.side = agentSeat_;
    if (const auto why = failure.empty() ? game_->whyIllegal(action) : std::nullopt)
      failure = fmt::format("the agent chose an illegal action: {}", *why);
    if (!failure.empty()) {
      note_ = failure;
      game_->forfeit(agentSeat_);
      finishIfOver();
      agentThread_.finished();
      return;
    }
    game_->apply(action);
    finishIfOver();
  }
}

std::string ClassicSession::recordText() const {
  const auto player = [&](Seat s) { return isPerson(s) ? std::string("person") : setup_.agentName; };
  return formatRecord(recordOf(*game_,
                               {{"red-player", player(Seat::Red)},
                                {"blue-player", player(Seat::Blue)},
                                {"site", "junqi-serve"},
                                {"date", recordDate()}},
                               note_));
}

void ClassicSession::finishIfOver() {
  if (!game_->isOver() || written_ || setup_.gamesDir.empty()) return;
  written_ = true;
  writeFinishedRecord(setup_.gamesDir, id_, "jqr", recordText());
}

// The seat's Observation is copied under the lock; its InfoState (exact
// beliefs) and the search are made outside it, so the game goes on meanwhile.
nlohmann::json ClassicSession::analyse(int seat, const std::string& spec, const AnalysisBudget& budget) {
  const Seat s = static_cast<Seat>(seat);
  std::unique_lock lock(mutex_);
  checkTimes();
  Observation view = Observation::of(*game_, s);  // the seat's own, nothing of the referee's
  const bool over = game_->isOver();
  const int ply = game_->position().ply();
  const Seat toMove = game_->position().sideToMove();
  lock.unlock();
  InfoState info(std::move(view));
  info.setOutcome({});  // beliefs as the seat holds them in play (the record's analysis does the same)
  nlohmann::json out = classicAnalysis(info, ruleset_, spec, over, budget);
  out["game"] = "classic";
  out["seat"] = seatName(s);
  out["toMove"] = seatName(toMove);
  out["ply"] = ply;
  return out;
}

}  // namespace junqi::server
