#include "core/piece.h"

namespace junqi {

namespace {
constexpr std::array<std::string_view, kPieceTypes> kTypeNames = {
    "engineer", "lieutenant",    "captain", "major",   "colonel", "brigadier",
    "major-general", "general", "marshal", "bomb", "landmine", "flag"};
constexpr std::string_view kSymbols = "EPCJRIDGMBLF";
}  // namespace

std::string_view seatName(Seat s) { return s == Seat::Red ? "red" : "blue"; }

std::optional<Seat> parseSeat(std::string_view text) {
  if (text == "red" || text == "r") return Seat::Red;
  if (text == "blue" || text == "b") return Seat::Blue;
  return std::nullopt;
}

std::string_view typeName(PieceType t) { return kTypeNames[typeIndex(t)]; }

std::optional<PieceType> parseTypeName(std::string_view name) {
  for (int i = 0; i < kPieceTypes; ++i)
    if (kTypeNames[i] == name) return typeFromIndex(i);
  return std::nullopt;
}

char typeSymbol(PieceType t) { return kSymbols[typeIndex(t)]; }

std::optional<PieceType> parseTypeSymbol(char c) {
  if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  const auto i = kSymbols.find(c);
  if (i == std::string_view::npos) return std::nullopt;
  return typeFromIndex(static_cast<int>(i));
}

}  // namespace junqi
