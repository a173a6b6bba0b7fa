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
#pragma once

#include "core/four_position.h"

namespace junqi {

// The points the piece on `from` may move to (none if it is not the army to move's).
CrossBitboard fourTargets(const FourPosition& pos, int from);
void generateFourMoves(const FourPosition& pos, MoveList& out);
bool fourHasLegalMove(const FourPosition& pos, int army);
bool isLegalFourMove(const FourPosition& pos, Move m);

// "G4-G9": the move's points by their names on the cross board.
std::string fourMoveName(Move m);
std::optional<Move> parseFourMove(std::string_view text);

}  // namespace junqi
