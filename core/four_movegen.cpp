#include "core/four_movegen.h"

#include <bit>

#include "core/cross_board.h"

namespace junqi {

namespace {

// Where the army's pieces stand, and what they may move onto.
struct FourView {
  const CrossTopology& t = CrossTopology::get();
  CrossBitboard friendly;    // the army's and its ally's pieces
  CrossBitboard occupied;    // every piece
  CrossBitboard attackable;  // enemy pieces outside camps
};

FourView viewOf(const FourPosition& pos, int army) {
  FourView v;
  v.friendly = pos.occupied(army) | pos.occupied(allyOf(army));
  v.occupied = pos.occupied();
  v.attackable = v.occupied & ~v.friendly & ~v.t.camps;
  return v;
}

bool canMove(const FourPosition& pos, const FourView& v, int from) {
  if (isImmobile(pos.typeAt(from))) return false;
  return !(pos.headquartersFreeze() && v.t.headquarters.contains(from));
}

// An engineer's railway paths: every point reachable through empty points,
// and the first enemy piece on each path.
CrossBitboard engineerTargets(const FourView& v, int from) {
  const CrossTopology& t = v.t;
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
  const CrossTopology& t = v.t;
  CrossBitboard reached;
  for (int w = t.walksFrom[static_cast<std::size_t>(from)]; w < t.walksFrom[static_cast<std::size_t>(from) + 1]; ++w) {
    const CrossTopology::Walk walk = t.walks[static_cast<std::size_t>(w)];
    int k = 0;
    while (k + 1 < walk.length && !v.occupied.contains(t.walkPoints[walk.first + static_cast<std::size_t>(k)])) ++k;
    reached |= t.walkPrefix[walk.first + static_cast<std::size_t>(k)];
  }
  return reached & (~v.occupied | v.attackable);
}

// Writes a move from `from` to each point of `targets`, a word at a time.
void pushMoves(MoveList& out, int from, const CrossBitboard& targets) {
  const auto& words = targets.words();
  for (std::size_t i = 0; i < words.size(); ++i)
    for (std::uint64_t w = words[i]; w; w &= w - 1)
      out.push({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(64 * i + static_cast<std::size_t>(std::countr_zero(w)))});
}

CrossBitboard targetsOf(const FourPosition& pos, const FourView& v, int from) {
  const CrossTopology& t = v.t;
  CrossBitboard targets = t.stepNeighbours[static_cast<std::size_t>(from)] & (~v.occupied | v.attackable);
  if (t.railway.contains(from))
    targets |= pos.typeAt(from) == PieceType::Engineer ? engineerTargets(v, from) : slideTargets(v, from);
  return targets;
}

}  // namespace

CrossBitboard fourTargets(const FourPosition& pos, int from) {
  if (pos.isEmpty(from) || pos.armyAt(from) != pos.toMove() || !canMove(pos, viewOf(pos, pos.toMove()), from)) return {};
  return targetsOf(pos, viewOf(pos, pos.toMove()), from);
}

void generateFourMoves(const FourPosition& pos, MoveList& out) {
  out.clear();
  const FourView v = viewOf(pos, pos.toMove());
  for (CrossBitboard own = pos.occupied(pos.toMove()); own;) {
    const int from = popLsb(own);
    if (!canMove(pos, v, from)) continue;
    pushMoves(out, from, targetsOf(pos, v, from));
  }
}

bool fourHasLegalMove(const FourPosition& pos, int army) {
  const FourView v = viewOf(pos, army);
  for (CrossBitboard own = pos.occupied(army); own;) {
    const int from = popLsb(own);
    if (canMove(pos, v, from) && targetsOf(pos, v, from)) return true;
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
