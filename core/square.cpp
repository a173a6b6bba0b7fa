#include "core/square.h"

#include "core/text.h"

namespace junqi {

std::string squareName(Square square) {
  std::string name(1, static_cast<char>('A' + columnOf(square)));
  name += std::to_string(rowOf(square) + 1);
  return name;
}

std::optional<Square> parseSquare(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char c = static_cast<char>(text[0] >= 'a' ? text[0] - 'a' + 'A' : text[0]);
  if (c < 'A' || c >= 'A' + kColumns) return std::nullopt;
  if (text[1] == '0') return std::nullopt;  // no leading zeros: "A01" is not a point
  const auto row = parseNumber(text.substr(1), 1, kRows);
  if (!row) return std::nullopt;
  return makeSquare(c - 'A', static_cast<int>(*row) - 1);
}

}  // namespace junqi
