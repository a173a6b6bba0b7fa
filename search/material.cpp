#include "search/material.h"

#include <cmath>

namespace junqi {

double material(const Position& pos, Seat side) {
  double total = 0;
  for (Bitboard b = pos.occupied(side); b;) total += pieceValue(pos.typeAt(popLsb(b)));
  return total;
}

double staticEvaluation(const Position& pos, Seat perspective, double scale) {
  return std::tanh((material(pos, perspective) - material(pos, opposite(perspective))) / scale);
}

}  // namespace junqi
