#include "server/four/four_session.h"

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/four/four_observation.h"
#include "core/four/four_record.h"
#include "server/analysis/analysis.h"
#include "server/four/four_json.h"
#include "server/http_util.h"

namespace junqi::server {

FourSession::FourSession(std::string id, const NewGame& setup)
    : id_(std::move(id)), setup_(setup), rules_(FourRuleset::parse(setup.rules)), agentThread_(setup.thinkers) {
  people_[setup.personArmy] = true;
  for (const int army : setup.guestSeats) people_[army] = true;
  std::array<Layout, kArmies> layouts;
  for (int army = 0; army < kArmies; ++army) {
    Rng rng(Rng::mix(setup.seed ^ 0x666f7572ULL, army));  // "four": each army's layout apart
    layouts[army] = styledLayout(LayoutStyle::Balanced, rules_.army, rng);
    if (isPerson(army)) continue;
    try {
      agents_[army] = makeFourAgent(setup.agentSpec);
    } catch (const std::exception& e) {
      throw ApiError(500, fmt::format("the agent '{}' cannot be made: {}", setup.agentName, e.what()));
    }
    agents_[army]->newGame(rules_, army, Rng::mix(setup.seed, 100 + army));
  }
  game_ = std::make_unique<FourGame>(rules_, layouts);
}

void FourSession::start() {
  std::lock_guard lock(mutex_);
  startAgentsIfTheirTurn();
}

nlohmann::json FourSession::state(int viewer) {
  std::lock_guard lock(mutex_);
  const bool spectator = viewer == kSpectator;
  const FourObservation view = FourObservation::of(*game_, spectator ? 0 : viewer);
  nlohmann::json legal = nlohmann::json::array();
  if (!spectator && !agentThread_.thinking() && !game_->isOver() && view.toMove() == viewer) {
    MoveList moves;
    view.legalMoves(moves);
    for (const Move m : moves) legal.push_back(fourMoveName(m));
  }
  nlohmann::json history = nlohmann::json::array();
  for (FourPublicMove m : view.history()) {
    // A spectator is shown south's observation without its privileges: the
    // identities in its battles are south's own (and its ally's) to see.
    if (spectator) m.attackerType = m.defenderType = std::nullopt;
    history.push_back(formatFourPublicMove(m));
  }
  nlohmann::json players = nlohmann::json::object();
  for (int army = 0; army < kArmies; ++army)
    players[std::string(armyName(army))] = isPerson(army) ? "person" : setup_.agentName;
  nlohmann::json out = {{"id", id_},
                        {"game", "four"},
                        {"rules", rules_.toString()},
                        {"visibility", visibilityName(rules_.visibility)},
                        {"agent", setup_.agentName},
                        {"players", players},
                        {"seat", spectator ? std::string("spectator") : seatLabel(viewer)},
                        {"toMove", armyName(view.toMove())},
                        {"armiesIn", fourArmiesInJson(view)},
                        {"ply", view.ply()},
                        {"quietMoves", view.quietMoves()},
                        {"quietMoveLimit", rules_.quietMoveLimit},
                        {"thinking", agentThread_.thinking()},
                        {"pieces", spectator ? fourPublicPiecesJson(view, rules_.visibility) : fourPiecesJson(view)},
                        {"history", history},
                        {"legal", legal},
                        {"outcome", fourOutcomeJson(game_->outcome())}};
  if (game_->isOver()) {
    out["record"] = formatFourRecord(fourRecordOf(*game_));  // the referee's view: every layout
    out["note"] = note_;
  }
  return out;
}

void FourSession::move(int seat, const std::string& text) {
  const auto m = parseFourMove(text);
  if (!m) throw ApiError(400, fmt::format("'{}' is not a move: write it as the legal list does", text));
  std::lock_guard lock(mutex_);
  if (game_->isOver()) throw ApiError(409, "the game is over");
  if (agentThread_.thinking() || game_->position().toMove() != seat)
    throw ApiError(409, fmt::format("it is not your turn: {} is to move", armyName(game_->position().toMove())));
  if (!isLegalFourMove(game_->position(), *m)) throw ApiError(400, fmt::format("{} is not a legal move", text));
  game_->play(*m);
  finishIfOver();
  startAgentsIfTheirTurn();
}

void FourSession::resign(int seat) {
  std::lock_guard lock(mutex_);
  if (game_->isOver()) throw ApiError(409, "the game is over");
  note_ = fmt::format("{} (a person) resigned", armyName(seat));
  game_->forfeit(seat);
  agentThread_.letGo();
  finishIfOver();
}

void FourSession::forfeitAbsent(int seat, const std::string& why) {
  std::lock_guard lock(mutex_);
  if (game_->isOver()) return;
  note_ = why;
  game_->forfeit(seat);  // the absent person's team loses
  agentThread_.letGo();
  finishIfOver();
}

void FourSession::offerDraw(int) {
  throw ApiError(409, "four-player Junqi has no draw offers (a run of quiet moves draws)");
}

bool FourSession::isOver() const {
  std::lock_guard lock(mutex_);
  return game_->isOver();
}

void FourSession::abandon() {
  std::lock_guard lock(mutex_);
  agentThread_.letGo();
}

std::string FourSession::record() const {
  std::lock_guard lock(mutex_);
  if (!game_->isOver()) throw ApiError(409, "the record is there once the game is over (it shows every layout)");
  return formatFourRecord(fourRecordOf(*game_, {{"site", "junqi-serve"}}));
}

void FourSession::startAgentsIfTheirTurn() {
  if (game_->isOver() || agentThread_.thinking() || isPerson(game_->position().toMove())) return;
  agentThread_.start(shared_from_this(), [this](std::uint64_t turn) { agentTurns(turn); });
}

// The agents' armies in turn until a person's army is to move: each thinks
// without the lock on its own army's observation.
void FourSession::agentTurns(std::uint64_t turn) {
  for (;;) {
    std::optional<FourObservation> view;
    int army = 0;
    {
      std::lock_guard lock(mutex_);
      if (!agentThread_.current(turn)) return;
      army = game_->position().toMove();
      if (game_->isOver() || isPerson(army)) {
        agentThread_.finished();
        return;
      }
      view = FourObservation::of(*game_, army);
    }
    std::string failure;
    Move m{};
    try {
      m = agents_[army]->chooseMove(*view);
    } catch (const std::exception& e) {
      failure = fmt::format("the agent of {} failed: {}", armyName(army), e.what());
    }
    std::lock_guard lock(mutex_);
    if (!agentThread_.current(turn)) return;
    if (failure.empty() && !isLegalFourMove(game_->position(), m))
      failure = fmt::format("the agent of {} chose an illegal move", armyName(army));
    if (!failure.empty()) {
      note_ = failure;
      game_->forfeit(army);
    } else {
      game_->play(m);
    }
    finishIfOver();
  }
}

void FourSession::finishIfOver() {
  if (!game_->isOver() || written_ || setup_.gamesDir.empty()) return;
  written_ = true;
  const std::string record = formatFourRecord(fourRecordOf(*game_, {{"site", "junqi-serve"}}));
  writeFinishedRecord(setup_.gamesDir, id_, "jq4", record);
}

// The army's FourObservation is copied under the lock and searched outside it.
nlohmann::json FourSession::analyse(int seat, const std::string& spec, const AnalysisBudget& budget) {
  std::unique_lock lock(mutex_);
  const FourObservation view = FourObservation::of(*game_, seat);  // the army's own
  const bool over = game_->outcome().isOver();
  const int ply = view.ply();  // as state() counts them
  lock.unlock();
  nlohmann::json out = fourAnalysis(view, rules_, spec, over, budget);
  out["game"] = "four";
  out["seat"] = armyName(seat);
  out["toMove"] = armyName(view.toMove());
  out["ply"] = ply;
  return out;
}

}  // namespace junqi::server
