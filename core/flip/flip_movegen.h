// Legal actions of Flip Junqi: flips and moves.
//
// Any face-down piece may be flipped, by either player. Once the colours are
// decided, the side to move may instead move one of its face-up pieces as in
// the classic game (the same board, railways and engineers; a face-down piece
// blocks like any other and cannot be attacked), headquarters being ordinary
// points. Which attacks are allowed is the ruleset's: 001 forbids throwing a
// piece away and guards the flag with its side's landmines; 004 allows any.
#pragma once

#include <optional>
#include <string>

#include "core/flip/flip_position.h"
#include "core/classic/movegen.h"

namespace junqi {

// The points the face-up piece on `from` may move to (0 unless it belongs to
// the side to move, whose colour is decided, and can move).
Bitboard flipMoveTargets(const FlipPosition& pos, Square from);

// Flips of every face-down point by point, then the moves in the classic
// generator's order (core/classic/movegen.h: pieces by kind, each by point, targets
// by point).
void generateFlipActions(const FlipPosition& pos, MoveList& out);
int countFlipActions(const FlipPosition& pos);
// The moves piece by piece without a list (MoverTargets: each mover with its
// targets, in generateFlipActions' order); `moves` counts moves, not flips.
void collectFlipMoveTargets(const FlipPosition& pos, MoverTargets& out);
bool hasLegalFlipAction(const FlipPosition& pos);
bool isLegalFlipAction(const FlipPosition& pos, Move m);
// Empty when legal, else why not in one sentence naming the point and the rule.
std::optional<std::string> whyIllegalFlipAction(const FlipPosition& pos, Move m);

}  // namespace junqi
