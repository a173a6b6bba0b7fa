#include "server/classic/record_view.h"

#include <fmt/format.h>

#include "core/classic/info_state.h"
#include "server/board_json.h"

namespace junqi::server {

namespace {

// The game after the record's first `step` actions.
Game replayPrefix(const GameRecord& record, std::size_t step) {
  if (step >= record.actions.size()) return replay(record);
  GameRecord prefix = record;
  prefix.actions.resize(step);
  if (prefix.actionLines.size() > step) prefix.actionLines.resize(step);
  prefix.outcome = {};
  prefix.outcomeDetail.clear();
  return replay(prefix);
}

// The seat's view with, for each enemy piece on the board, the probability of every identity.
nlohmann::json seatView(const Game& game, Seat seat) {
  InfoState view = InfoState::of(game, seat);
  view.setOutcome({});  // beliefs as the seat held them while it played
  const Observation& obs = view.observation();
  nlohmann::json pieces = seatPiecesJson(obs);
  const int first = index(view.enemy()) * kMaxPiecesPerSide;
  for (auto& piece : pieces) {
    const auto id = PieceId(piece["id"].get<int>());
    if (sideOfPiece(id) == seat) continue;
    nlohmann::json beliefs = nlohmann::json::object();
    const auto& marginals = view.marginals()[id - first];
    for (int t = 0; t < kPieceTypes; ++t)
      if (marginals[t] > 0) beliefs[std::string(1, typeSymbol(typeFromIndex(t)))] = marginals[t];
    piece["beliefs"] = beliefs;
  }
  return pieces;
}

// Every action: as the seat was told it, or in full (both pieces of every fight named).
nlohmann::json actionsJson(const Game& whole, std::optional<Seat> seat) {
  const Observation told = Observation::of(whole, seat.value_or(Seat::Red));
  nlohmann::json actions = nlohmann::json::array();
  for (std::size_t i = 0; i < whole.history().size(); ++i) {
    const ActionRecord& a = whole.history()[i];
    nlohmann::json entry = eventJson(publicEvent(whole, i), told);
    if (!seat && a.action.type == ActionType::Move) {
      entry["text"] = fmt::format("{}: {} {}", seatName(a.action.side), typeName(a.attackerType),
                                  moveName(a.action.move));
      if (a.result.combat != Combat::None)
        entry["text"] = fmt::format("{} attacks {}: {}", entry["text"].get<std::string>(),
                                    typeName(a.defenderType), combatName(a.result.combat));
    }
    actions.push_back(std::move(entry));
  }
  return actions;
}

// The search note of the action that led to this step, for the full board
// or the seat that searched: the other seat must not read the searcher's
// principal line (it shows what that side's private information made it think).
nlohmann::json searchJson(const GameRecord& record, int step, std::optional<Seat> seat) {
  const auto i = static_cast<std::size_t>(step - 1);
  if (step < 1 || i >= record.searchNotes.size() || !record.searchNotes[i]) return nullptr;
  const Seat searcher = record.actions[i].action.side;
  if (seat && *seat != searcher) return nullptr;
  const SearchNote& note = *record.searchNotes[i];
  nlohmann::json line = nlohmann::json::array(), shares = nlohmann::json::array();
  for (const Move m : note.line) line.push_back(moveName(m));
  for (const auto& [m, share] : note.shares) shares.push_back({{"move", moveName(m)}, {"share", share}});
  return {{"seat", seatName(searcher)}, {"value", note.value}, {"simulations", note.simulations},
          {"line", line}, {"shares", shares}};
}

}  // namespace

nlohmann::json recordView(const GameRecord& record, int step, std::optional<Seat> seat) {
  const int total = static_cast<int>(record.actions.size());
  step = std::clamp(step, 0, total);
  const Game whole = replay(record);
  const Game game = replayPrefix(record, static_cast<std::size_t>(step));
  const nlohmann::json actions = actionsJson(whole, seat);
  nlohmann::json out = {{"game", "classic"},
                        {"step", step},
                        {"steps", total},
                        {"rules", record.ruleset.toString()},
                        {"seat", seat ? nlohmann::json(seatName(*seat)) : nlohmann::json("all")},
                        {"toMove", seatName(game.position().sideToMove())},
                        {"actions", actions},
                        {"outcome", outcomeJson(game.outcome())},
                        {"pieces", seat ? seatView(game, *seat) : fullPiecesJson(game.position())}};
  if (auto search = searchJson(record, step, seat); !search.is_null()) out["search"] = std::move(search);
  for (const auto& [key, value] : record.tags) out["tags"][key] = value;
  return out;
}

}  // namespace junqi::server
