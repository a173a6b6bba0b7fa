// Legal moves of four-player Junqi, with the cross board's bitboards.
//
// As on the two-army board: a road step to a neighbouring point; on a railway
// a slide along one line (curves included) up to the first piece, or for an
// engineer any path of railway links through empty points; a move ends on an
// empty point or attacks the first enemy piece met. An ally's piece is like
// one's own: it blocks and is never attacked (001: "You cannot capture your
// ally's pieces or move onto them"). A piece in a camp cannot be attacked;
// landmines, flags and (under the two-army rules) pieces in a headquarters
// never move. Moves come piece by piece as the classic generator gives them:
// pieces off the railway, then non-engineers on it, then engineers on it;
// within a kind by point, and each piece's targets in point order.
//
// Inside, points 0-127 are one 128-bit word (every railway point is among
// them; point 128 is taken on its own): slides are branch-free over tables of
// runs (core/four/cross_topology.h); every mover's targets are found first, then
// its moves written four at a time or, where the CPU has AVX-512 VBMI2 and
// GFNI, by word compress (with slides four runs to a vector), as the classic
// generator's writers do (core/move.h).
#pragma once

#include "core/four/four_position.h"
#include "core/classic/movegen.h"

namespace junqi {

// The points the piece on `from` may move to (none if it is not the army to move's).
CrossBitboard fourTargets(const FourPosition& pos, int from);
void generateFourMoves(const FourPosition& pos, MoveList& out);
// With a chosen writer (core/classic/movegen.h: Best is the compressed one where the
// CPU has it); every writer gives the same list. Compressed needs AVX-512
// VBMI2 and GFNI (it also slides with AVX-512: cpuHasFourCompressed()) and
// throws std::logic_error in a build or on a CPU without them.
void generateFourMoves(const FourPosition& pos, MoveList& out, MoveWriter writer);
bool cpuHasFourCompressed();
bool fourHasLegalMove(const FourPosition& pos, int army);
bool isLegalFourMove(const FourPosition& pos, Move m);

// "G4-G9": the move's points by their names on the cross board.
std::string fourMoveName(Move m);
std::optional<Move> parseFourMove(std::string_view text);

}  // namespace junqi
