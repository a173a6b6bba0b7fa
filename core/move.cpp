#include "core/move.h"

namespace junqi {

std::string moveName(Move m) { return squareName(m.from) + "-" + squareName(m.to); }

std::optional<Move> parseMove(std::string_view text) {
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const auto from = parseSquare(text.substr(0, dash));
  const auto to = parseSquare(text.substr(dash + 1));
  if (!from || !to || *from == *to) return std::nullopt;
  return Move{Square(*from), Square(*to)};
}

}  // namespace junqi
