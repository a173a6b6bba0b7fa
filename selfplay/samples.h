// Building blocks of training samples, shared by self-play and teacher games.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/flip/flip_position.h"
#include "core/classic/info_state.h"
#include "core/random.h"
#include "core/reservoir.h"  // reservoirSlot, for the teacher games
#include "core/outcome.h"
#include "nets/training_sample.h"

namespace junqi {

// A network input quantized as shards store it: round(255 x), x clamped to [0, 1].
std::vector<std::uint8_t> quantized(std::span<const float> input);

// The seat's network input for its current decision, quantized.
std::vector<std::uint8_t> quantizedInput(const InfoState& view, const MoveList& legal);

// The mover's Flip Junqi network input (nets/flip/flip_encoding.h), quantized alike.
std::vector<std::uint8_t> quantizedFlipInput(const FlipPosition& pos);

// The enemy's pieces as the seat's identity targets (PositionSample::hidden),
// from the true position: what the seat does not know, for training only.
std::vector<std::pair<std::uint8_t, std::int8_t>> hiddenIdentities(const Position& truth, Seat seat);

// An index drawn in proportion to `weights` (summing to 1).
std::size_t drawIndex(const std::vector<double>& weights, Rng& rng);

// The game's result for a seat as win/draw/loss.
std::array<float, 3> resultFor(const Outcome& outcome, Seat seat);

// The game's layouts as samples, learned from the side that did well with
// them: the winner's with weight 1, both with 1/2 after a draw, never the
// loser's.
void addLayoutSamples(const std::array<Layout, kSeats>& layouts, const Outcome& outcome,
                      std::vector<nets::LayoutSample>& out);

}  // namespace junqi
