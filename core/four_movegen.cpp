#include "core/four_movegen.h"

#include "core/cross_board.h"

namespace junqi {

namespace {

// Where the army's pieces stand, and what they may move onto.
struct FourView {
  CrossBitboard friendly;    // the army's and its ally's pieces
  CrossBitboard occupied;    // every piece
  CrossBitboard attackable;  // enemy pieces outside camps
};

FourView viewOf(const FourPosition& pos, int army) {
  const CrossTopology& t = CrossTopology::get();
  FourView v;
  v.friendly = pos.occupied(army) | pos.occupied(allyOf(army));
  v.occupied = pos.occupied();
  v.attackable = v.occupied & ~v.friendly & ~t.camps;
  return v;
}

bool canMove(const FourPosition& pos, int from) {
  if (isImmobile(pos.typeAt(from))) return false;
  return !(pos.headquartersFreeze() && CrossTopology::get().headquarters.contains(from));
}

// An engineer's railway paths: every point reachable through empty points,
// and the first enemy piece on each path.
CrossBitboard engineerTargets(const FourView& v, int from) {
  const CrossTopology& t = CrossTopology::get();
  CrossBitboard seen = CrossBitboard::bit(from), reached, frontier = CrossBitboard::bit(from);
  while (frontier) {
    const int p = popLsb(frontier);
    const CrossBitboard next = t.railNeighbours[static_cast<std::size_t>(p)] & ~seen;
    seen |= next;
    reached |= next;
    frontier |= next & ~v.occupied;
  }
  return reached & (~v.occupied | v.attackable);
}

// Slides along each railway walk from `from`, to the first piece.
CrossBitboard slideTargets(const FourView& v, int from) {
  const CrossTopology& t = CrossTopology::get();
  CrossBitboard reached;
  const std::uint8_t* q = t.walkPoints.data() + t.walkStart[static_cast<std::size_t>(from)];
  const std::uint8_t* end = t.walkPoints.data() + t.walkStart[static_cast<std::size_t>(from) + 1];
  while (q < end) {
    for (; *q != CrossTopology::kWalkEnd; ++q) {
      reached |= CrossBitboard::bit(*q);
      if (v.occupied.contains(*q)) break;
    }
    while (*q != CrossTopology::kWalkEnd) ++q;  // the rest of a blocked walk
    ++q;
  }
  return reached & (~v.occupied | v.attackable);
}

CrossBitboard targetsOf(const FourPosition& pos, const FourView& v, int from) {
  const CrossTopology& t = CrossTopology::get();
  CrossBitboard targets = t.stepNeighbours[static_cast<std::size_t>(from)] & (~v.occupied | v.attackable);
  if (t.railway.contains(from))
    targets |= pos.typeAt(from) == PieceType::Engineer ? engineerTargets(v, from) : slideTargets(v, from);
  return targets;
}

}  // namespace

CrossBitboard fourTargets(const FourPosition& pos, int from) {
  if (pos.isEmpty(from) || pos.armyAt(from) != pos.toMove() || !canMove(pos, from)) return {};
  return targetsOf(pos, viewOf(pos, pos.toMove()), from);
}

void generateFourMoves(const FourPosition& pos, MoveList& out) {
  out.clear();
  const FourView v = viewOf(pos, pos.toMove());
  for (CrossBitboard own = pos.occupied(pos.toMove()); own;) {
    const int from = popLsb(own);
    if (!canMove(pos, from)) continue;
    for (CrossBitboard to = targetsOf(pos, v, from); to;)
      out.push({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(popLsb(to))});
  }
}

bool fourHasLegalMove(const FourPosition& pos, int army) {
  const FourView v = viewOf(pos, army);
  for (CrossBitboard own = pos.occupied(army); own;) {
    const int from = popLsb(own);
    if (canMove(pos, from) && targetsOf(pos, v, from)) return true;
  }
  return false;
}

bool isLegalFourMove(const FourPosition& pos, Move m) {
  if (m.from >= kCrossPoints || m.to >= kCrossPoints) return false;
  return fourTargets(pos, m.from).contains(m.to);
}

std::string fourMoveName(Move m) { return crossBoard().pointName(m.from) + "-" + crossBoard().pointName(m.to); }

std::optional<Move> parseFourMove(std::string_view text) {
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const auto from = crossBoard().point(text.substr(0, dash)), to = crossBoard().point(text.substr(dash + 1));
  if (!from || !to) return std::nullopt;
  return Move{static_cast<std::uint8_t>(*from), static_cast<std::uint8_t>(*to)};
}

}  // namespace junqi
