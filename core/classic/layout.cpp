#include "core/classic/layout.h"

#include <fmt/format.h>

#include "core/classic/topology.h"

namespace junqi {

namespace {
// Relative points are Red's points, so Red's masks describe them.
const Topology& board(const Ruleset& r) { return Topology::classic(r.centreCrossingRailway); }
}  // namespace

bool mayStartOn(PieceType type, int i, const Ruleset& ruleset) {
  const Topology& t = board(ruleset);
  if (contains(t.camps, i) || !contains(t.home[0], i)) return false;
  const bool hq = contains(t.headquarters, i);
  switch (type) {
    case PieceType::Flag:
      return hq;
    case PieceType::Landmine:
      return contains(t.rowsFromBack(Seat::Red, ruleset.landmineRows), i) &&
             (!hq || ruleset.landmineInHeadquarters);
    case PieceType::Bomb:
      return ruleset.bombInFrontRow || !contains(t.frontRow(Seat::Red), i);
    default:
      return true;
  }
}

std::optional<LayoutViolation> validateLayout(const Layout& layout, const Ruleset& ruleset) {
  const Topology& t = board(ruleset);
  PieceCounts seen{};
  for (int i = 0; i < kHalfSquares; ++i) {
    const auto piece = layout.at[i];
    if (!piece) continue;
    const auto name = typeName(*piece);
    const auto point = squareName(Square(i));
    ++seen[typeIndex(*piece)];
    if (contains(t.camps, i))
      return LayoutViolation{fmt::format("{} on {}: camps must be empty at the start", name, point)};
    if (mayStartOn(*piece, i, ruleset)) continue;
    switch (*piece) {
      case PieceType::Flag:
        return LayoutViolation{
            fmt::format("flag on {}: the flag must start in a headquarters (B1 or D1)", point)};
      case PieceType::Landmine:
        if (contains(t.headquarters, i))
          return LayoutViolation{fmt::format(
              "landmine on {}: this ruleset does not allow a landmine in a headquarters", point)};
        return LayoutViolation{fmt::format("landmine on {}: landmines must start in the back {} rows",
                                           point, ruleset.landmineRows)};
      case PieceType::Bomb:
        return LayoutViolation{fmt::format("bomb on {}: a bomb may not start in the front row", point)};
      default:
        break;  // mayStartOn allows every officer on every non-camp point
    }
  }
  for (int k = 0; k < kPieceTypes; ++k) {
    if (seen[k] == ruleset.counts[k]) continue;
    return LayoutViolation{fmt::format("the layout has {} {}(s); a side has exactly {}", seen[k],
                                       typeName(typeFromIndex(k)), ruleset.counts[k])};
  }
  return std::nullopt;
}

}  // namespace junqi
