#include "tests/support/flip_reference.h"

#include <vector>

#include "tests/support/reference_rules.h"

namespace junqi::reference {

namespace {

bool enemyFaceUp(const FlipPosition& pos, int square, Colour own) {
  return !pos.isEmpty(Square(square)) && !pos.isFaceDown(Square(square)) && pos.identityAt(Square(square)).colour != own;
}

// 001: "only an Engineer or a Bomb can go onto a Landmine, and a piece cannot
// attack one that outranks it"; "While any enemy Landmine remains, the enemy
// Flag cannot be touched". 004: any attack.
bool mayAttack(const FlipPosition& pos, PieceType a, Identity d) {
  if (pos.rules().minesGuardFlag && d.type == PieceType::Flag) {
    int mines = pos.pool(d.colour)[typeIndex(PieceType::Landmine)];
    for (Square s{}; s < kSquares; ++s)
      mines += !pos.isEmpty(s) && !pos.isFaceDown(s) && pos.identityAt(s) == Identity{d.colour, PieceType::Landmine};
    if (mines > 0) return false;
  }
  if (pos.rules().throwAwayMoves || d.type == PieceType::Flag) return true;
  if (d.type == PieceType::Landmine) return a == PieceType::Engineer || a == PieceType::Bomb;
  if (a == PieceType::Bomb || d.type == PieceType::Bomb) return true;
  return officerRank(a) >= officerRank(d.type);
}

// Where the piece on `from` can go by the board alone: road steps, straight
// slides along each railway line through empty points, an engineer's search
// through the railway network.
std::set<int> reach(const FlipPosition& pos, int from, bool engineer) {
  std::set<int> out(roadNeighbours(from).begin(), roadNeighbours(from).end());
  for (const auto& line : railwayLines(true))
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (line[i] != from) continue;
      for (const int step : {-1, +1})
        for (int k = static_cast<int>(i) + step; k >= 0 && k < static_cast<int>(line.size()); k += step) {
          out.insert(line[k]);
          if (!pos.isEmpty(Square(line[k]))) break;
        }
    }
  if (!engineer) return out;
  std::vector<int> frontier{from};
  std::set<int> seen{from};
  while (!frontier.empty()) {
    const int p = frontier.back();
    frontier.pop_back();
    for (const int q : railwayNeighbours(p, true)) {
      if (!seen.insert(q).second) continue;
      out.insert(q);
      if (pos.isEmpty(Square(q))) frontier.push_back(q);
    }
  }
  return out;
}

}  // namespace

FlipActionSet slowFlipActions(const FlipPosition& pos) {
  FlipActionSet out;
  for (Square s{}; s < kSquares; ++s)
    if (pos.isFaceDown(s)) out.insert({s, s});
  const auto own = pos.colourOf(pos.toMove());
  if (!own) return out;
  for (Square from{}; from < kSquares; ++from) {
    if (pos.isEmpty(from) || pos.isFaceDown(from)) continue;
    const Identity mover = pos.identityAt(from);
    if (mover.colour != *own || mover.type == PieceType::Landmine || mover.type == PieceType::Flag) continue;
    for (const int to : reach(pos, from, mover.type == PieceType::Engineer)) {
      if (to == from || pos.isFaceDown(Square(to))) continue;
      if (pos.isEmpty(Square(to))) {
        out.insert({from, to});
      } else if (enemyFaceUp(pos, to, *own) && !isCamp(to) && mayAttack(pos, mover.type, pos.identityAt(Square(to)))) {
        out.insert({from, to});
      }
    }
  }
  return out;
}

std::uint64_t slowFlipPerft(const FlipPosition& pos, const FlipDeal& deal, int depth) {
  if (depth == 0) return 1;
  std::uint64_t leaves = 0;
  for (const auto& [from, to] : slowFlipActions(pos)) {
    FlipPosition next = pos;
    if (from == to) {
      next.flip(Square(from), *deal.under[from]);
    } else if (next.move({Square(from), Square(to)}).flagCaptured) {
      ++leaves;
      continue;
    }
    leaves += slowFlipPerft(next, deal, depth - 1);
  }
  return leaves;
}

}  // namespace junqi::reference
