#include "server/board_json.h"

#include <fmt/format.h>

#include "core/classic/classic_board.h"
#include "core/classic/notation.h"
#include "core/four/cross_board.h"

namespace junqi::server {

namespace {

nlohmann::json names(const std::vector<int>& points) {
  nlohmann::json out = nlohmann::json::array();
  for (const int p : points) out.push_back(squareName(Square(p)));
  return out;
}

nlohmann::json pieceJson(Square square, Seat side, PieceId id) {
  return {{"square", squareName(square)}, {"side", seatName(side)}, {"id", id}};
}

void addType(nlohmann::json& piece, PieceType type) {
  piece["type"] = typeName(type);
  piece["symbol"] = std::string(1, typeSymbol(type));
}

// "your major-general" or "red's piece" (an enemy piece is a piece, nothing more).
std::string pieceWords(const Observation& view, PieceId piece, bool ownShown) {
  if (ownShown && view.isOwn(piece)) return fmt::format("your {}", typeName(view.ownType(piece)));
  if (view.shownFlag(sideOfPiece(piece)) == piece) return fmt::format("{}'s flag", seatName(sideOfPiece(piece)));
  return fmt::format("{}'s piece", seatName(sideOfPiece(piece)));
}

std::string fightWords(Combat combat) {
  switch (combat) {
    case Combat::DefenderRemoved: return "the defender is removed";
    case Combat::AttackerRemoved: return "the attacker is removed";
    case Combat::BothRemoved: return "both are removed";
    case Combat::None: break;
  }
  return "";
}

std::string eventSentence(const PublicEvent& e, const Observation& view, bool ownShown) {
  const std::string who(seatName(e.side));
  switch (e.type) {
    case ActionType::Move: {
      std::string text = fmt::format("{}: {} {}", who, pieceWords(view, e.mover, ownShown), moveName(e.move));
      if (e.combat != Combat::None)
        text += fmt::format(" attacks {}: {}", pieceWords(view, e.target, ownShown), fightWords(e.combat));
      if (e.flagCaptured) text += "; the flag is captured";
      for (const Seat s : {Seat::Red, Seat::Blue})
        if (e.flagShown[index(s)] != kNoPiece)
          text += fmt::format("; {} lost its marshal and shows its flag on {}", seatName(s),
                              squareName(view.startSquare(e.flagShown[index(s)])));
      return text;
    }
    case ActionType::Timeout: return who + " ran out of time";
    case ActionType::OfferDraw: return who + " offers a draw";
    case ActionType::AcceptDraw: return who + " accepts the draw";
    case ActionType::DeclineDraw: return who + " declines the draw";
    case ActionType::Resign: return who + " resigns";
  }
  return who;
}

nlohmann::json eventJsonShowing(const PublicEvent& e, const Observation& view, bool ownShown) {
  nlohmann::json out = {{"ply", e.ply}, {"side", seatName(e.side)}, {"text", eventSentence(e, view, ownShown)}};
  if (e.type == ActionType::Move) {
    out["from"] = squareName(e.move.from);
    out["to"] = squareName(e.move.to);
    out["combat"] = combatName(e.combat);
  }
  return out;
}

}  // namespace

nlohmann::json boardGeometryJson(const Ruleset& ruleset) { return boardGeometryJson(ruleset.centreCrossingRailway); }

nlohmann::json boardGeometryJson(bool centreCrossingRailway) {
  const BoardGeometry& board = classicBoard(centreCrossingRailway);
  nlohmann::json roads = nlohmann::json::array(), railways = nlohmann::json::array();
  for (const auto& [a, b] : board.roads()) roads.push_back({squareName(Square(a)), squareName(Square(b))});
  for (const auto& line : board.railways()) railways.push_back(names(line));
  return {{"columns", board.columns()}, {"rows", board.rows()},        {"roads", roads},
          {"railways", railways},       {"camps", names(board.camps())}, {"headquarters", names(board.headquarters())}};
}

nlohmann::json crossBoardGeometryJson() {
  const BoardGeometry& board = crossBoard();
  const auto named = [&](const std::vector<int>& points) {
    nlohmann::json out = nlohmann::json::array();
    for (const int p : points) out.push_back(board.pointName(p));
    return out;
  };
  nlohmann::json points = nlohmann::json::array(), roads = nlohmann::json::array(), railways = nlohmann::json::array();
  for (int p = 0; p < board.pointCount(); ++p)
    points.push_back({{"point", board.pointName(p)}, {"column", board.column(p)}, {"row", board.row(p)}});
  for (const auto& [a, b] : board.roads()) roads.push_back({board.pointName(a), board.pointName(b)});
  for (const auto& line : board.railways()) railways.push_back(named(line));
  return {{"columns", board.columns()}, {"rows", board.rows()},       {"points", points},
          {"roads", roads},             {"railways", railways},       {"camps", named(board.camps())},
          {"headquarters", named(board.headquarters())}};
}

namespace {

// The pieces a view holds, typed where it knows them: a flag the rules showed,
// and the seat's own pieces when `ownTypes` (never for a spectator).
nlohmann::json viewPiecesJson(const Observation& view, bool ownTypes) {
  nlohmann::json pieces = nlohmann::json::array();
  for (Square square{}; square < kSquares; ++square) {
    const PieceId id = view.pieceAt(square);
    if (id == kNoPiece) continue;
    const Seat side = sideOfPiece(id);
    nlohmann::json piece = pieceJson(square, side, id);
    if (ownTypes && view.isOwn(id)) addType(piece, view.ownType(id));
    else if (view.shownFlag(side) == id) addType(piece, PieceType::Flag);
    pieces.push_back(std::move(piece));
  }
  return pieces;
}

}  // namespace

nlohmann::json seatPiecesJson(const Observation& view) { return viewPiecesJson(view, true); }

nlohmann::json publicPiecesJson(const Observation& view) { return viewPiecesJson(view, false); }

nlohmann::json fullPiecesJson(const Position& position) {
  nlohmann::json pieces = nlohmann::json::array();
  for (Square square{}; square < kSquares; ++square) {
    if (position.isEmpty(square)) continue;
    nlohmann::json piece = pieceJson(square, position.sideAt(square), position.pieceAt(square));
    addType(piece, position.typeAt(square));
    pieces.push_back(std::move(piece));
  }
  return pieces;
}

nlohmann::json eventJson(const PublicEvent& e, const Observation& view) { return eventJsonShowing(e, view, true); }

nlohmann::json publicEventJson(const PublicEvent& e, const Observation& view) {
  return eventJsonShowing(e, view, false);
}

nlohmann::json outcomeJson(const Outcome& outcome) {
  if (!outcome.isOver()) return nullptr;
  return {{"reason", terminationName(outcome.reason)},
          {"winner", outcome.winner ? nlohmann::json(seatName(*outcome.winner)) : nlohmann::json(nullptr)}};
}

nlohmann::json layoutJson(const Layout& layout) {
  nlohmann::json cells = nlohmann::json::array();
  for (const auto& cell : layout.at) cells.push_back(cell ? std::string(1, typeSymbol(*cell)) : std::string("."));
  return {{"text", formatLayout(layout)}, {"cells", cells}};
}

}  // namespace junqi::server
