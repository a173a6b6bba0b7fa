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

// The army's pieces that may move: not landmines or flags, nor (under the
// two-army rules) a piece in a headquarters.
CrossBitboard movers(const FourPosition& pos, const FourView& v, int army) {
  CrossBitboard m = pos.occupied(army) & ~pos.immobile();
  if (pos.headquartersFreeze()) m &= ~v.t.headquarters;
  return m;
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

// Slides along each railway walk from `from`, to the first piece: on each
// run of the walk the first piece met is the lowest (rising) or the highest
// (falling) occupied point.
CrossBitboard slideTargets(const FourView& v, int from) {
  const CrossTopology& t = v.t;
  CrossBitboard reached;
  for (int w = t.walksFrom[static_cast<std::size_t>(from)]; w < t.walksFrom[static_cast<std::size_t>(from) + 1]; ++w) {
    const CrossTopology::Walk walk = t.walks[static_cast<std::size_t>(w)];
    for (int r = walk.firstRun; r < walk.firstRun + walk.runs; ++r) {
      const CrossTopology::Run& run = t.runs[static_cast<std::size_t>(r)];
      const CrossBitboard blockers = run.points & v.occupied;
      if (!blockers) {
        reached |= run.points;
        continue;
      }
      const std::size_t first = static_cast<std::size_t>(run.rising ? blockers.lsb() : blockers.msb());
      reached |= run.points & (run.rising ? t.upTo[first] : t.downTo[first]);
      break;
    }
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

CrossBitboard stepTargets(const FourView& v, int from) {
  return v.t.stepNeighbours[static_cast<std::size_t>(from)] & (~v.occupied | v.attackable);
}

CrossBitboard targetsOf(const FourPosition& pos, const FourView& v, int from) {
  CrossBitboard targets = stepTargets(v, from);
  if (v.t.railway.contains(from))
    targets |= pos.engineers().contains(from) ? engineerTargets(v, from) : slideTargets(v, from);
  return targets;
}

}  // namespace

CrossBitboard fourTargets(const FourPosition& pos, int from) {
  const FourView v = viewOf(pos, pos.toMove());
  if (!movers(pos, v, pos.toMove()).contains(from)) return {};
  return targetsOf(pos, v, from);
}

// Pieces by kind, as the classic generator takes them: off the railway (road
// steps only), on it (slides), engineers on it (paths); each in point order.
void generateFourMoves(const FourPosition& pos, MoveList& out) {
  out.clear();
  const FourView v = viewOf(pos, pos.toMove());
  const CrossBitboard mobile = movers(pos, v, pos.toMove());
  for (CrossBitboard b = mobile & ~v.t.railway; b;) {
    const int from = popLsb(b);
    pushMoves(out, from, stepTargets(v, from));
  }
  for (CrossBitboard b = mobile & v.t.railway & ~pos.engineers(); b;) {
    const int from = popLsb(b);
    pushMoves(out, from, stepTargets(v, from) | slideTargets(v, from));
  }
  for (CrossBitboard b = mobile & v.t.railway & pos.engineers(); b;) {
    const int from = popLsb(b);
    pushMoves(out, from, stepTargets(v, from) | engineerTargets(v, from));
  }
}

bool fourHasLegalMove(const FourPosition& pos, int army) {
  const FourView v = viewOf(pos, army);
  for (CrossBitboard b = movers(pos, v, army); b;) {
    const int from = popLsb(b);
    if (targetsOf(pos, v, from)) return true;
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
