#include "server/flip/flip_session.h"

#include <fmt/format.h>

#include "core/classic/notation.h"
#include "core/flip/flip_record.h"
#include "server/analysis/analysis.h"
#include "server/flip/flip_json.h"
#include "server/http_util.h"

namespace junqi::server {

namespace {

std::optional<Move> flipActionOf(const std::string& text) {
  if (const auto point = parseSquare(text)) return flipAt(*point);
  return parseMove(text);
}

}  // namespace

FlipSession::FlipSession(std::string id, const NewGame& setup)
    : id_(std::move(id)), setup_(setup), rules_(FlipRuleset::parse(setup.rules)), agentThread_(setup.thinkers) {
  people_[index(setup.personSeat)] = true;
  for (const int seat : setup.guestSeats) people_[seat] = true;
  if (!isPerson(opposite(setup.personSeat))) {
    agentSeat_ = opposite(setup.personSeat);
    try {
      agent_ = makeFlipAgent(setup.agentSpec);
    } catch (const std::exception& e) {
      throw ApiError(500, fmt::format("the agent '{}' cannot be made: {}", setup.agentName, e.what()));
    }
    agent_->newGame(rules_, agentSeat_, setup.seed);
  }
  Rng rng(Rng::mix(setup.seed, 0x666c6970ULL));  // "flip": the deal apart from the agent's seed
  game_ = std::make_unique<FlipGame>(rules_, randomFlipDeal(rng));
}

void FlipSession::start() {
  std::lock_guard lock(mutex_);
  startAgentIfItsTurn();
}

// Every viewer sees the one public board; a seat is sent its legal actions on its turn.
nlohmann::json FlipSession::state(int viewer) {
  std::lock_guard lock(mutex_);
  checkAgentTime();
  const FlipPosition& pos = game_->position();
  nlohmann::json legal = nlohmann::json::array();
  if (viewer != kSpectator && !agentThread_.thinking() && !game_->isOver() && index(pos.toMove()) == viewer) {
    MoveList actions;
    generateFlipActions(pos, actions);
    for (const Move m : actions) legal.push_back(flipActionName(m));
  }
  nlohmann::json history = nlohmann::json::array();
  for (const FlipActionRecord& r : game_->history()) history.push_back(flipActionJson(r));
  nlohmann::json players = nlohmann::json::object();
  for (const Seat s : {Seat::Red, Seat::Blue}) players[seatNumber(s)] = isPerson(s) ? "person" : setup_.agentName;
  nlohmann::json out = {{"id", id_},
                        {"game", "flip"},
                        {"rules", rules_.toString()},
                        {"agent", setup_.agentName},
                        {"players", players},
                        {"seat", viewer == kSpectator ? std::string("spectator") : seatLabel(viewer)},
                        {"toMove", seatNumber(pos.toMove())},
                        {"colours", flipColoursJson(pos)},
                        {"ply", pos.ply()},
                        {"quietPlies", pos.quietPlies()},
                        {"quietMoveLimit", rules_.quietMoveLimit},
                        {"thinking", agentThread_.thinking()},
                        {"board", flipBoardJson(pos)},
                        {"history", history},
                        {"legal", legal},
                        {"outcome", flipOutcomeJson(game_->outcome())}};
  if (game_->isOver()) {  // the referee's deal of the points still face down
    out["reveal"] = flipDealJson(pos, game_->deal());
    out["note"] = note_;
  }
  return out;
}

void FlipSession::move(int seat, const std::string& text) {
  const auto action = flipActionOf(text);
  if (!action) throw ApiError(400, fmt::format("'{}' is not a flip or a move: write C3 to flip, C3-C4 to move", text));
  const Seat side = static_cast<Seat>(seat);
  std::lock_guard lock(mutex_);
  checkAgentTime();
  if (game_->isOver()) throw ApiError(409, "the game is over");
  if (agentThread_.thinking() || game_->position().toMove() != side)
    throw ApiError(409, fmt::format("it is not your turn: seat {} is to move", seatNumber(game_->position().toMove())));
  const Action a = Action::makeMove(side, *action);
  if (const auto why = game_->whyIllegal(a)) throw ApiError(400, *why);
  game_->apply(a);
  finishIfOver();
  startAgentIfItsTurn();
}

void FlipSession::resign(int seat) {
  std::lock_guard lock(mutex_);
  checkAgentTime();
  if (game_->isOver()) throw ApiError(409, "the game is over");
  game_->apply(Action::resign(static_cast<Seat>(seat)));
  finishIfOver();
  agentThread_.letGo();  // the agent's search is dropped
}

void FlipSession::forfeitAbsent(int seat, const std::string& why) {
  std::lock_guard lock(mutex_);
  if (game_->isOver()) return;
  agentThread_.letGo();
  note_ = why;
  game_->forfeit(static_cast<Seat>(seat));
  finishIfOver();
}

void FlipSession::offerDraw(int) { throw ApiError(409, "Flip Junqi has no draw offers (a run of quiet turns draws)"); }

bool FlipSession::isOver() const {
  std::lock_guard lock(mutex_);
  return game_->isOver();
}

void FlipSession::abandon() {
  std::lock_guard lock(mutex_);
  agentThread_.letGo();
}

std::string FlipSession::record() const {
  std::lock_guard lock(mutex_);
  if (!game_->isOver()) throw ApiError(409, "the record is there once the game is over (it holds the deal)");
  return recordText();
}

bool FlipSession::checkAgentTime() {
  if (!agentThread_.overTime(setup_.agentSeconds)) return false;
  agentThread_.letGo();
  note_ = fmt::format("the agent thought for more than {} s over a move, the server's limit: it loses",
                      setup_.agentSeconds);
  game_->forfeit(agentSeat_);
  finishIfOver();
  return true;
}

void FlipSession::startAgentIfItsTurn() {
  if (game_->isOver() || agentThread_.thinking() || isPerson(game_->position().toMove())) return;
  agentThread_.start(shared_from_this(), [this](std::uint64_t turn) { agentTurn(turn); });
}

// The agent's turn: it thinks without the lock, on a copy of the public
// board (it never sees the deal).
void FlipSession::agentTurn(std::uint64_t turn) {
  std::optional<FlipPosition> view;
  {
    std::lock_guard lock(mutex_);
    if (!agentThread_.current(turn)) return;
    view = game_->position();
  }
  std::string failure;
  Action action;
  try {
    action = Action::makeMove(agentSeat_, agent_->chooseAction(*view));
  } catch (const std::exception& e) {
    failure = fmt::format("the agent failed: {}", e.what());
  }
  std::lock_guard lock(mutex_);
  if (!agentThread_.current(turn)) return;  // let go meanwhile: the move is dropped
  agentThread_.finished();
  if (game_->isOver()) return;
  if (const auto why = failure.empty() ? game_->whyIllegal(action) : std::nullopt)
    failure = fmt::format("the agent chose an illegal action: {}", *why);
  if (!failure.empty()) {
    note_ = failure;
    game_->forfeit(agentSeat_);
  } else {
    game_->apply(action);
  }
  finishIfOver();
}

std::string FlipSession::recordText() const {
  const auto player = [&](Seat s) { return isPerson(s) ? std::string("person") : setup_.agentName; };
  return formatFlipRecord(flipRecordOf(*game_, {{"seat1-player", player(Seat::Red)},
                                                {"seat2-player", player(Seat::Blue)},
                                                {"site", "junqi-serve"},
                                                {"date", recordDate()}}));
}

void FlipSession::finishIfOver() {
  if (!game_->isOver() || written_ || setup_.gamesDir.empty()) return;
  written_ = true;
  writeFinishedRecord(setup_.gamesDir, id_, "jqf", recordText());
}

// The public position (what every seat sees: the deal stays with the
// referee's FlipGame) is copied under the lock and searched outside it.
nlohmann::json FlipSession::analyse(int seat, const std::string& spec, const AnalysisBudget& budget) {
  std::unique_lock lock(mutex_);
  checkAgentTime();
  const FlipPosition pos = game_->position();
  const bool over = game_->isOver();
  const int ply = pos.ply();  // as state() counts them
  lock.unlock();
  nlohmann::json out = flipAnalysis(pos, rules_, static_cast<Seat>(seat), spec, over, budget);
  out["game"] = "flip";
  out["seat"] = seatNumber(static_cast<Seat>(seat));
  out["toMove"] = seatNumber(pos.toMove());
  out["ply"] = ply;
  return out;
}

}  // namespace junqi::server
