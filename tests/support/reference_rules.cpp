// The reference rules: see reference_rules.h. Written for obviousness, not
// speed: explicit edge lists, point-by-point walks, sets and queues.
#include "tests/support/reference_rules.h"

#include <algorithm>
#include <deque>
#include <stdexcept>
#include <string_view>

#include "core/square.h"

namespace junqi::reference {

namespace {

// A point from its column letter and row number as the texts write them.
int point(char column, int row) { return (row - 1) * 5 + (column - 'A'); }

int named(std::string_view name) {
  const auto s = parseSquare(name);
  if (!s) throw std::logic_error("reference: bad point name");
  return *s;
}

// "Five camps, drawn as circles" in each half (000); "10 camps" (001).
const std::vector<int>& camps() {
  static const std::vector<int> all = [] {
    std::vector<int> v;
    for (const char* n : {"B3", "D3", "C4", "B5", "D5", "B8", "D8", "C9", "B10", "D10"}) v.push_back(named(n));
    return v;
  }();
  return all;
}

// "Two headquarters in the back row at columns B and D" (000).
const std::vector<int>& headquarters() {
  static const std::vector<int> all = {named("B1"), named("D1"), named("B12"), named("D12")};
  return all;
}

std::pair<int, int> ordered(int a, int b) { return a < b ? std::pair{a, b} : std::pair{b, a}; }

std::vector<std::vector<int>> buildRailwayLines(bool centreCrossingRailway) {
  // "The railways are the whole of rows 2, 6, 7, and 11, plus the vertical
  // lines in columns 1 and 5 running from row 2 to row 11" (001).
  std::vector<std::vector<int>> lines;
  for (const int row : {2, 6, 7, 11}) {
    std::vector<int> line;
    for (char c = 'A'; c <= 'E'; ++c) line.push_back(point(c, row));
    lines.push_back(line);
  }
  for (const char c : {'A', 'E'}) {
    std::vector<int> line;
    for (int row = 2; row <= 11; ++row) line.push_back(point(c, row));
    lines.push_back(line);
  }
  // The middle front-line crossing: railway in 001 ("all three of those
  // connections count as railway"), a road in 003 ("The middle one is a road").
  if (centreCrossingRailway) lines.push_back({point('C', 6), point('C', 7)});
  return lines;
}

std::vector<std::pair<int, int>> buildRoadEdges() {
  std::set<std::pair<int, int>> edges;
  // Orthogonal neighbours within each half: rows 1-6 (Red) and 7-12 (Blue).
  for (const auto& [first, last] : {std::pair{1, 6}, std::pair{7, 12}}) {
    for (int row = first; row <= last; ++row)
      for (char c = 'A'; c <= 'E'; ++c) {
        if (c < 'E') edges.insert(ordered(point(c, row), point(static_cast<char>(c + 1), row)));
        if (row < last) edges.insert(ordered(point(c, row), point(c, row + 1)));
      }
  }
  // "the front line, which can only be crossed at three stations in columns
  // A, C and E; the gaps in columns B and D are mountains" (000).
  for (const char c : {'A', 'C', 'E'}) edges.insert(ordered(point(c, 6), point(c, 7)));
  // "A camp is also connected to the four points on its diagonals ... there are
  // no other diagonals anywhere on the board" (001).
  for (const int camp : camps()) {
    const int col = columnOf(Square(camp)), row = rowOf(Square(camp));
    for (const int dc : {-1, 1})
      for (const int dr : {-1, 1}) {
        const int c = col + dc, r = row + dr;
        if (c < 0 || c >= kColumns || r < 0 || r >= kRows) continue;
        if ((r < 6) != (row < 6)) continue;  // never across the front line
        edges.insert(ordered(camp, makeSquare(c, r)));
      }
  }
  return {edges.begin(), edges.end()};
}

std::vector<std::pair<int, int>> buildRailwayEdges(bool centreCrossingRailway) {
  std::set<std::pair<int, int>> edges;
  for (const auto& line : buildRailwayLines(centreCrossingRailway))
    for (std::size_t i = 0; i + 1 < line.size(); ++i) edges.insert(ordered(line[i], line[i + 1]));
  return {edges.begin(), edges.end()};
}

std::vector<std::vector<int>> adjacency(const std::vector<std::pair<int, int>>& edges) {
  std::vector<std::vector<int>> adj(kSquares);
  for (const auto& [a, b] : edges) {
    adj[a].push_back(b);
    adj[b].push_back(a);
  }
  for (auto& list : adj) std::sort(list.begin(), list.end());
  return adj;
}

const std::vector<std::vector<int>>& railAdjacency(bool centre) {
  static const auto withRailway = adjacency(railwayEdges(true));
  static const auto withRoad = adjacency(railwayEdges(false));
  return centre ? withRailway : withRoad;
}

}  // namespace

// ---------------------------------------------------------------- the board

bool isCamp(int square) { return std::find(camps().begin(), camps().end(), square) != camps().end(); }

bool isHeadquarters(int square) {
  return std::find(headquarters().begin(), headquarters().end(), square) != headquarters().end();
}

bool isRailwayPoint(int square, bool centre) { return !railwayNeighbours(square, centre).empty(); }

const std::vector<std::pair<int, int>>& roadEdges() {
  static const auto edges = buildRoadEdges();
  return edges;
}

const std::vector<std::pair<int, int>>& railwayEdges(bool centre) {
  static const auto withRailway = buildRailwayEdges(true);
  static const auto withRoad = buildRailwayEdges(false);
  return centre ? withRailway : withRoad;
}

const std::vector<std::vector<int>>& railwayLines(bool centre) {
  static const auto withRailway = buildRailwayLines(true);
  static const auto withRoad = buildRailwayLines(false);
  return centre ? withRailway : withRoad;
}

const std::vector<int>& roadNeighbours(int square) {
  static const auto adj = adjacency(roadEdges());
  return adj.at(square);
}

const std::vector<int>& railwayNeighbours(int square, bool centre) { return railAdjacency(centre).at(square); }

// ---------------------------------------------------------------- combat

int officerRank(PieceType t) {
  // The rank column of the texts' piece tables.
  switch (t) {
    case PieceType::Marshal: return 9;
    case PieceType::General: return 8;
    case PieceType::MajorGeneral: return 7;
    case PieceType::Brigadier: return 6;
    case PieceType::Colonel: return 5;
    case PieceType::Major: return 4;
    case PieceType::Captain: return 3;
    case PieceType::Lieutenant: return 2;
    case PieceType::Engineer: return 1;
    case PieceType::Bomb:
    case PieceType::Landmine:
    case PieceType::Flag: return 0;
  }
  return 0;
}

Combat combat(PieceType attacker, PieceType defender, bool landmineSurvivesAttack) {
  // "1. If either piece is a bomb, both are removed."
  const bool bombInvolved = attacker == PieceType::Bomb || defender == PieceType::Bomb;
  if (bombInvolved) return Combat::BothRemoved;
  // "2. If the defender is the flag, the attacker captures it."
  if (defender == PieceType::Flag) return Combat::DefenderRemoved;
  // "3. If the defender is a landmine: an attacking Engineer removes the
  // landmine and survives. Any other attacker is removed together with the
  // landmine" (000) / "The attacker is removed. The landmine stays." (001, 003)
  if (defender == PieceType::Landmine) {
    if (attacker == PieceType::Engineer) return Combat::DefenderRemoved;
    if (landmineSurvivesAttack) return Combat::AttackerRemoved;
    return Combat::BothRemoved;
  }
  // "4. Otherwise the higher rank survives and the lower rank is removed. If
  // the ranks are equal, both are removed."
  const int a = officerRank(attacker), d = officerRank(defender);
  if (a == d) return Combat::BothRemoved;
  return a > d ? Combat::DefenderRemoved : Combat::AttackerRemoved;
}

// ---------------------------------------------------------------- positions

RefBoard RefBoard::of(const Position& pos) {
  RefBoard b;
  b.ruleset = pos.rules().ruleset();
  for (Square s{}; s < kSquares; ++s)
    if (!pos.isEmpty(s)) b.cells[s] = Cell{pos.sideAt(s), pos.typeAt(s)};
  b.toMove = pos.sideToMove();
  b.flagTakenBy = pos.flagCapturedBy();
  return b;
}

void RefBoard::play(Move m) {
  const Cell attacker = cells[m.from].value();
  if (!cells[m.to]) {
    cells[m.to] = attacker;
    cells[m.from].reset();
  } else {
    const Cell defender = *cells[m.to];
    const Combat c = combat(attacker.type, defender.type, ruleset.landmineSurvivesAttack);
    const bool defenderGoes = c == Combat::DefenderRemoved || c == Combat::BothRemoved;
    const bool attackerGoes = c == Combat::AttackerRemoved || c == Combat::BothRemoved;
    if (defenderGoes && defender.type == PieceType::Flag) flagTakenBy = attacker.side;
    if (defenderGoes) cells[m.to].reset();
    cells[m.from].reset();
    if (!attackerGoes) cells[m.to] = attacker;
  }
  toMove = opposite(toMove);
}

std::set<int> targets(const RefBoard& b, int from) {
  std::set<int> out;
  const auto& mover = b.cells[from];
  // "Only the side to move moves."
  if (!mover || mover->side != b.toMove) return out;
  // "Landmines and the flag never move."
  if (mover->type == PieceType::Landmine || mover->type == PieceType::Flag) return out;
  // "A piece that has entered a headquarters never moves again."
  if (b.ruleset.headquartersFreeze && isHeadquarters(from)) return out;

  const Seat us = mover->side;
  const bool centre = b.ruleset.centreCrossingRailway;
  std::set<int> candidates;

  // One road step, on or off the railway.
  for (const int n : roadNeighbours(from)) candidates.insert(n);

  if (isRailwayPoint(from, centre)) {
    if (mover->type == PieceType::Engineer) {
      // "It may follow any connected railway path, turning as many corners as
      // it likes, again only through empty spaces": breadth-first search; an
      // enemy piece ends a path (it is attacked), a friendly one blocks it.
      std::array<bool, kSquares> seen{};
      std::deque<int> queue{from};
      seen[from] = true;
      while (!queue.empty()) {
        const int here = queue.front();
        queue.pop_front();
        for (const int n : railwayNeighbours(here, centre)) {
          if (seen[n]) continue;
          seen[n] = true;
          if (!b.cells[n]) {
            candidates.insert(n);
            queue.push_back(n);
          } else if (b.cells[n]->side != us) {
            candidates.insert(n);
          }
        }
      }
    } else {
      // "may slide any number of spaces along one straight railway line, as
      // long as every space it passes through is empty": walk each line through
      // `from` in both directions, stopping before a friend or on an enemy.
      for (const auto& line : railwayLines(centre)) {
        const auto it = std::find(line.begin(), line.end(), from);
        if (it == line.end()) continue;
        const int at = static_cast<int>(it - line.begin());
        for (const int step : {-1, 1}) {
          for (int i = at + step; i >= 0 && i < static_cast<int>(line.size()); i += step) {
            const int p = line[i];
            if (!b.cells[p]) {
              candidates.insert(p);
              continue;
            }
            if (b.cells[p]->side != us) candidates.insert(p);
            break;
          }
        }
      }
    }
  }

  for (const int to : candidates) {
    if (!b.cells[to]) {
      out.insert(to);  // any empty point, an empty camp or headquarters included
      continue;
    }
    if (b.cells[to]->side == us) continue;  // "You cannot move onto your own piece."
    if (isCamp(to)) continue;               // "You cannot move into a camp that has a piece in it."
    out.insert(to);
  }
  return out;
}

MoveSet legalMoves(const RefBoard& b) {
  MoveSet moves;
  for (Square from{}; from < kSquares; ++from)
    for (const int to : targets(b, from))
      moves.insert(Move{Square(from), Square(to)});
  return moves;
}

MoveSet legalMoves(const Position& pos) { return legalMoves(RefBoard::of(pos)); }

Path classify(const RefBoard& b, Move m) {
  const auto& steps = roadNeighbours(m.from);
  if (std::find(steps.begin(), steps.end(), m.to) != steps.end()) return Path::Step;
  for (const auto& line : railwayLines(b.ruleset.centreCrossingRailway)) {
    const auto f = std::find(line.begin(), line.end(), m.from), t = std::find(line.begin(), line.end(), m.to);
    if (f == line.end() || t == line.end()) continue;
    const auto lo = std::min(f, t), hi = std::max(f, t);
    if (std::all_of(lo + 1, hi, [&](int p) { return !b.cells[p]; })) return Path::Straight;
  }
  return Path::Turned;
}

std::uint64_t perft(const RefBoard& b, int depth) {
  if (depth <= 0) return 1;
  const MoveSet moves = legalMoves(b);
  if (depth == 1) return moves.size();
  std::uint64_t leaves = 0;
  for (const Move m : moves) {
    if (b.cells[m.to] && b.cells[m.to]->type == PieceType::Flag) {
      ++leaves;  // the flag is taken: the line ends here
      continue;
    }
    RefBoard next = b;
    next.play(m);
    leaves += perft(next, depth - 1);
  }
  return leaves;
}

std::uint64_t perft(const Position& pos, int depth) { return perft(RefBoard::of(pos), depth); }

}  // namespace junqi::reference
