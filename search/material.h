// Material: what pieces are worth, and the static evaluation of a full
// position (a determinization) by it, for truncated rollouts and the one-ply
// players. (The network's evaluation is search/evaluator.h.)
#pragma once

#include <array>

#include "core/classic/position.h"

namespace junqi {

// What a piece is worth, roughly in lieutenants. Engineers are worth more than
// their rank (only they clear landmines and turn on railways); bombs trade for
// anything; the flag is the game and is not counted.
constexpr std::array<double, kPieceTypes> kPieceValue = {
    // E    P    C    J    R    I    D    G    M     B    L    F
    3.0, 1.0, 1.5, 2.0, 3.0, 4.0, 5.5, 7.5, 10.0, 5.0, 2.5, 0.0};

constexpr double pieceValue(PieceType t) { return kPieceValue[typeIndex(t)]; }

// The material of one side still on the board.
double material(const Position& pos, Seat side);
// In [-1, 1], from `perspective`'s side: tanh of the material difference / scale.
double staticEvaluation(const Position& pos, Seat perspective, double scale = 12.0);

}  // namespace junqi
