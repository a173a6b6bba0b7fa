// Legal move generation with bitboards.
//
// Per movable piece: its road steps, plus on a railway either its straight
// slides (stopping before a friendly piece or on the first enemy piece) or, for
// an engineer, a flood fill of the railway network through empty points. No
// move enters an occupied camp (pieces in camps cannot be attacked) or a point
// of one's own. Landmines, the flag and frozen pieces never move.
#pragma once

#include <array>

#include "core/move.h"
#include "core/classic/position.h"

namespace junqi {

// What move generation needs to know: the side to move's pieces (which of them
// may move, which are engineers) and where everything stands. Nothing about the
// enemy's identities, so an observation can generate its own moves too.
struct MoverView {
  Bitboard own = 0;        // the side to move's pieces
  Bitboard occupied = 0;   // every piece on the board
  Bitboard movable = 0;    // own pieces that may move (not landmines, flags or frozen)
  Bitboard engineers = 0;  // own engineers
};
MoverView moverView(const Position& pos);

void generateMoves(const Topology& topology, const MoverView& view, MoveList& out);
// How a move list is written: each piece's moves four at a time (any x86-64
// with AVX2), or compressed out of a vector without a branch (AVX-512 VBMI2).
// Best: the compressed writer where the CPU has it. The same list either way.
enum class MoveWriter { Best, Portable, Compressed };
bool cpuHasCompressedWriter();
void generateMoves(const Topology& topology, const MoverView& view, MoveList& out, MoveWriter writer);
bool hasLegalMove(const Topology& topology, const MoverView& view);
Bitboard legalTargets(const Topology& topology, const MoverView& view, Square from);

// Every point the piece on `from` may move to (0 if it cannot move, or if the
// point is empty or belongs to the side not to move).
Bitboard legalTargets(const Position& pos, Square from);

// Moves come piece by piece, in this order: pieces off the railway, then
// non-engineers on it, then engineers on it (the generator's three kinds of
// work, core/classic/movegen.cpp); within a kind by point, and each piece's targets by
// point (A1 first: docs/notation.md).
void generateMoves(const Position& pos, MoveList& out);
int countMoves(const Position& pos);  // == generateMoves(...).size(), without the list
bool hasLegalMove(const Position& pos);
bool isLegalMove(const Position& pos, Move m);

// The legal moves piece by piece, without writing them out: each mover that
// has a target, with its target points, in generateMoves' order. A random
// playout draws its move from these (nthMove) in a fraction of the time a
// move list takes, and draws the same move a list would give for the same k.
struct MoverTargets {
  int movers = 0;  // entries below
  int moves = 0;   // all their targets: the number of legal moves
  std::array<Square, kMaxPiecesPerSide> from{};
  std::array<Bitboard, kMaxPiecesPerSide> targets{};
};
void collectTargets(const Position& pos, MoverTargets& out);
void collectTargets(const Topology& topology, const MoverView& view, MoverTargets& out);
// The k-th legal move (0-based, k < moves) in generateMoves' order.
Move nthMove(const MoverTargets& targets, int k);

// The railway points an engineer on `from` reaches through empty points (the
// occupied points where paths end are included; the caller removes its own).
Bitboard engineerRailReach(const Topology& topology, Square from, Bitboard occupied);

// How a legal move travelled, as both players see it. A Step is one road or
// railway edge; a Straight move slides along one railway line; a Turned move
// follows a railway path no non-engineer could take, so the mover is an engineer.
enum class MovePath : std::uint8_t { Step, Straight, Turned };
MovePath classifyMove(const Topology& topology, Bitboard occupiedBefore, Move m);
MovePath classifyMove(const Position& before, Move m);

}  // namespace junqi
