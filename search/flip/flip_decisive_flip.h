// The outcomes of a flip that end the game, weighed by their exact chances.
//
// A flip reveals one identity of the pools, each with its count's chance
// (FlipPosition::flipProbability). Two of them can decide the game: the
// mover's own flag, revealed where the opponent takes it with the next
// move, and the enemy's flag, revealed where the mover takes it whatever the
// opponent replies. Each has a chance of a few percent, so a search that
// samples outcomes meets them about once in twenty-five passes: a flip that
// gets a few of a network search's few hundred simulations is valued
// without its risk or its chance. With FlipMctsParams::decisiveFlips the
// search weighs them exactly and samples only the other outcomes
// (experiments/flip-decisive-flips).
#pragma once

#include "core/flip/flip_game.h"
#include "core/flip/flip_position.h"
#include "core/random.h"

namespace junqi {

struct DecisiveFlip {
  double win = 0;   // chance the flip reveals the enemy flag where the mover takes it whatever the reply
  double loss = 0;  // chance it reveals the mover's flag where the opponent takes it at once
  bool any() const { return win > 0 || loss > 0; }
  // The flip's value for the mover, given the value of its other outcomes.
  double value(double otherOutcomes) const { return win - loss + (1 - win - loss) * otherOutcomes; }
};

// The decisive outcomes of the mover's flip of `point` (face down): none
// while the colours are undecided (a flag revealed then decides them).
DecisiveFlip decisiveFlip(const FlipPosition& pos, Square point);

// Makes `world` (a deal of pos's pools) one whose flip of `point` is not
// decisive: a decisive identity there trades places with a uniformly drawn
// face-down point of another identity. If `world` was drawn uniformly, the
// result is drawn uniformly from the deals with another outcome there.
void dealOtherOutcome(const FlipPosition& pos, Square point, const DecisiveFlip& odds, FlipDeal& world, Rng& rng);

}  // namespace junqi
