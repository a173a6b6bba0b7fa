#include "tests/support/four_reference.h"

#include <algorithm>
#include <vector>

#include "core/four/cross_board.h"

namespace junqi::reference {

namespace {

bool has(const std::vector<int>& points, int p) { return std::find(points.begin(), points.end(), p) != points.end(); }

struct Reference {
  const FourPosition& pos;
  const BoardGeometry& board = crossBoard();
  int army = pos.toMove();

  bool friendly(int p) const { return !pos.isEmpty(Square(p)) && teamOfArmy(pos.armyAt(Square(p))) == teamOfArmy(army); }
  bool open(int p) const { return pos.isEmpty(Square(p)) || (!friendly(p) && !has(board.camps(), p)); }

  void slides(int from, FourMoveSet& out) const {
    for (const std::vector<int>& line : board.railways()) {
      const auto at = std::find(line.begin(), line.end(), from);
      if (at == line.end()) continue;
      for (const int step : {1, -1})
        for (auto i = at - line.begin() + step; i >= 0 && i < static_cast<long>(line.size()); i += step) {
          const int q = line[static_cast<std::size_t>(i)];
          if (open(q)) out.insert({from, q});
          if (!pos.isEmpty(Square(q))) break;
        }
    }
  }

  void engineerPaths(int from, FourMoveSet& out) const {
    std::vector<int> todo = {from}, seen = {from};
    while (!todo.empty()) {
      const int p = todo.back();
      todo.pop_back();
      for (const std::vector<int>& line : board.railways())
        for (std::size_t k = 0; k < line.size(); ++k) {
          if (line[k] != p) continue;
          for (const std::size_t n : {k - 1, k + 1}) {
            if (n >= line.size() || has(seen, line[n])) continue;
            const int q = line[n];
            seen.push_back(q);
            if (open(q)) out.insert({from, q});
            if (pos.isEmpty(Square(q))) todo.push_back(q);
          }
        }
    }
  }

  FourMoveSet moves() const {
    FourMoveSet out;
    for (Square from{}; from < kCrossPoints; ++from) {
      if (pos.isEmpty(from) || pos.armyAt(from) != army) continue;
      const PieceType type = pos.typeAt(from);
      if (type == PieceType::Landmine || type == PieceType::Flag || has(board.headquarters(), from)) continue;
      for (const auto& [a, b] : board.roads()) {
        if (a == from && open(b)) out.insert({from, b});
        if (b == from && open(a)) out.insert({from, a});
      }
      if (type == PieceType::Engineer) engineerPaths(from, out);
      else slides(from, out);
    }
    return out;
  }
};

}  // namespace

FourMoveSet slowFourMoves(const FourPosition& pos) { return Reference{pos}.moves(); }

namespace {
// Read from the pieces, not from the position's own record of armies in.
bool aTeamIsGone(const FourPosition& pos) {
  for (int team = 0; team < 2; ++team)
    if (!pos.occupied(team) && !pos.occupied(team + 2)) return true;
  return false;
}
}  // namespace

std::uint64_t slowFourPerft(const FourPosition& pos, int depth) {
  if (depth == 0) return 1;
  if (aTeamIsGone(pos)) return 0;  // the game is over: no move
  std::uint64_t n = 0;
  for (const auto& [from, to] : slowFourMoves(pos)) {
    FourPosition next = pos;
    next.play({Square(from), Square(to)});
    n += aTeamIsGone(next) ? 1 : slowFourPerft(next, depth - 1);  // the game's last move: one leaf
  }
  return n;
}

}  // namespace junqi::reference
