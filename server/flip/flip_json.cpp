#include "server/flip/flip_json.h"

#include "core/classic/notation.h"
#include "core/flip/flip_record.h"

namespace junqi::server {

namespace {

std::string_view colourName(Colour c) { return c == Colour::Red ? "red" : "blue"; }

nlohmann::json optionalColour(std::optional<Colour> c) {
  return c ? nlohmann::json(colourName(*c)) : nlohmann::json(nullptr);
}

}  // namespace

nlohmann::json identityJson(Identity id) {
  return {{"colour", colourName(id.colour)}, {"type", typeName(id.type)}};
}

nlohmann::json flipBoardJson(const FlipPosition& pos) {
  nlohmann::json out = nlohmann::json::array();
  for (Square square{}; square < kSquares; ++square) {
    if (pos.isEmpty(square)) continue;
    nlohmann::json piece = {{"square", squareName(square)}};
    if (pos.isFaceDown(square)) piece["hidden"] = true;
    else piece.update(identityJson(pos.identityAt(square)));
    out.push_back(piece);
  }
  return out;
}

nlohmann::json flipDealJson(const FlipPosition& pos, const FlipDeal& deal) {
  nlohmann::json out = nlohmann::json::array();
  for (Square square{}; square < kSquares; ++square)
    if (pos.isFaceDown(square) && deal.under[square]) {
      nlohmann::json piece = identityJson(*deal.under[square]);
      piece["square"] = squareName(square);
      out.push_back(piece);
    }
  return out;
}

nlohmann::json flipActionJson(const FlipActionRecord& r) {
  nlohmann::json out = {{"ply", r.ply}, {"seat", seatNumber(r.action.side)}};
  if (r.action.type == ActionType::Resign) {
    out["action"] = "resign";
    return out;
  }
  out["action"] = flipActionName(r.action.move);
  if (r.revealed) out["revealed"] = identityJson(*r.revealed);
  if (r.result.combat != Combat::None) {
    out["combat"] = combatName(r.result.combat);
    out["attacker"] = identityJson(*r.result.attacker);
    out["defender"] = identityJson(*r.result.defender);
  }
  if (r.result.flagCaptured) out["flagCaptured"] = true;
  if (r.result.coloursDecidedBy) out["coloursDecided"] = true;
  return out;
}

nlohmann::json flipOutcomeJson(const Outcome& o) {
  if (!o.isOver()) return nullptr;
  return {{"reason", terminationName(o.reason)},
          {"winner", o.winner ? nlohmann::json(seatNumber(*o.winner)) : nlohmann::json(nullptr)}};
}

nlohmann::json flipColoursJson(const FlipPosition& pos) {
  return {{"1", optionalColour(pos.colourOf(Seat::Red))}, {"2", optionalColour(pos.colourOf(Seat::Blue))}};
}

}  // namespace junqi::server
