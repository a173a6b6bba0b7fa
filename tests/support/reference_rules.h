// A deliberately slow, simple reference implementation of the classic
// two-player movement and combat rules, written from the rule texts
// (shared/seeds/000, 001, 003) and NOT from core/classic/movegen.cpp or
// core/classic/topology.cpp. The tests compare the fast bitboard engine against it.
//
// The board is an explicit list of edges:
//   * road edges: orthogonal neighbours within each half, the front line
//     crossed only in columns A, C and E, and diagonal roads only to and from
//     the ten camps (B3 D3 C4 B5 D5 B8 D8 C9 B10 D10);
//   * railway edges: consecutive points of rows 2, 6, 7, 11 and of columns A
//     and E from row 2 to row 11, plus C6-C7 when the ruleset makes the centre
//     crossing a railway.
// Straight slides walk a railway line point by point; an engineer's railway
// moves are a breadth-first search through empty points.
//
// Only Position's plain accessors are read (isEmpty, sideAt, typeAt,
// sideToMove, rules().ruleset()); the reference keeps its own simple board
// (RefBoard) and its own move application for its perft, so it shares no
// logic with the engine's Position::play either.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "core/combat.h"
#include "core/move.h"
#include "core/piece.h"
#include "core/classic/position.h"
#include "core/classic/ruleset.h"

namespace junqi::reference {

// ---------------------------------------------------------------- the board

// Point names come from square.h ("A1".."E12"); the reference spells every
// special point out by name.
bool isCamp(int square);
bool isHeadquarters(int square);
bool isRailwayPoint(int square, bool centreCrossingRailway);

// Undirected edges, each listed once as (lower index, higher index).
const std::vector<std::pair<int, int>>& roadEdges();  // every one-step connection
const std::vector<std::pair<int, int>>& railwayEdges(bool centreCrossingRailway);
// The straight railway lines, each an ordered list of consecutive points.
const std::vector<std::vector<int>>& railwayLines(bool centreCrossingRailway);

// Adjacency lists built from the edge lists.
const std::vector<int>& roadNeighbours(int square);
const std::vector<int>& railwayNeighbours(int square, bool centreCrossingRailway);

// ---------------------------------------------------------------- combat

// The combat order of the texts: 1. a bomb removes both; 2. the flag is
// captured; 3. a landmine: an engineer clears it, anyone else dies (and the
// landmine too unless it survives); 4. the higher rank wins, equal ranks both
// go. Landmines and the flag never attack in play; for completeness of the
// 12x12 table they count as rank 0 ("no number") in step 4.
Combat combat(PieceType attacker, PieceType defender, bool landmineSurvivesAttack);
int officerRank(PieceType t);  // 9 for the marshal ... 1 for the engineer, 0 otherwise

// ---------------------------------------------------------------- positions

struct Cell {
  Seat side;
  PieceType type;
  bool operator==(const Cell&) const = default;
};

// The reference's own board: one optional cell per point.
struct RefBoard {
  Ruleset ruleset;
  std::array<std::optional<Cell>, kSquares> cells{};
  Seat toMove = Seat::Red;
  std::optional<Seat> flagTakenBy;

  static RefBoard of(const Position& pos);
  // Applies a move the reference generated (reference combat, no bitboards).
  void play(Move m);
};

struct MoveLess {
  bool operator()(Move a, Move b) const { return a.from != b.from ? a.from < b.from : a.to < b.to; }
};
using MoveSet = std::set<Move, MoveLess>;

// Every legal move of the side to move.
MoveSet legalMoves(const RefBoard& board);
MoveSet legalMoves(const Position& pos);
// The points the piece on `from` may move to (empty if it is not the side to
// move's, or cannot move).
std::set<int> targets(const RefBoard& board, int from);

// How a legal move travelled: Step (one road or railway edge), Straight (along
// one railway line through empty points), Turned (anything else: an engineer's
// path round corners).
enum class Path { Step, Straight, Turned };
Path classify(const RefBoard& board, Move m);

// perft on the reference generator and board: a flag capture ends its line
// and counts as one leaf; a side without a move ends its line with no leaf.
std::uint64_t perft(const RefBoard& board, int depth);
std::uint64_t perft(const Position& pos, int depth);

}  // namespace junqi::reference
