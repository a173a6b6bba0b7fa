// Layout: one side's deployment, in that side's own coordinates.
//
// A layout is written as its owner sees it from its seat, so the same layout
// can be played by either side: relative point i is Red's point i (A1..E6, row
// 1 the back row, row 6 the front row) and Blue's point rotate180(i) (E12..A7).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/piece.h"
#include "core/classic/ruleset.h"
#include "core/square.h"

namespace junqi {

constexpr int kHalfSquares = kSquares / 2;  // 30 relative points, camps included

struct Layout {
  std::array<std::optional<PieceType>, kHalfSquares> at{};

  // The absolute point of relative point `i` for `side`.
  static constexpr Square absolute(Seat side, int i) { return side == Seat::Red ? Square(i) : rotate180(Square(i)); }
  // The relative point of absolute point `square` (which must be in side's half).
  static constexpr int relative(Seat side, Square square) { return side == Seat::Red ? square : rotate180(square); }
  bool operator==(const Layout&) const = default;
};

// A fixed layout, legal under every preset: the tools' "start" position (both
// sides deploy it) and the perft tables use it.
//   row 6  I P D E C      (front)
//   row 5  G ( ) J ( ) R
//   row 4  D M ( ) B C
//   row 3  R ( ) B ( ) I
//   row 2  C L E J P
//   row 1  L [F] L [P] E  (back; [ ] headquarters)
inline constexpr std::string_view kExampleLayout = "IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPE";

// Why a layout breaks the deployment rules: the piece, the point (named in the
// layout's own coordinates, as Red's) and the rule, in one sentence.
struct LayoutViolation {
  std::string message;
};

// Checks every deployment rule of the ruleset: piece counts, empty camps, the
// flag in a headquarters, landmines in the back rows (and headquarters only if
// allowed), bombs out of the front row. Returns the first rule broken.
std::optional<LayoutViolation> validateLayout(const Layout& layout, const Ruleset& ruleset);

// Can `type` start on relative point `i` under the ruleset's deployment rules?
// (Counts are not considered.) Shared by validation, generators and beliefs.
bool mayStartOn(PieceType type, int relativePoint, const Ruleset& ruleset);

}  // namespace junqi
