// perft for Flip Junqi: the action sequences of a given length, counting a
// flip in one of two ways (docs/perft.md, "Flip Junqi"):
//   flipPerft: one action per face-down point, revealing what the deal put
//     there (the game as the referee plays it; the counts depend on the deal);
//   flipPerftExpanded (`junqi perft --expand-chance`): one action per
//     identity the pools can reveal there (distinct identities, unweighted),
//     so the counts depend only on what both players know.
// As in classic perft, a taken flag ends its line as one leaf, a side without
// an action ends its line with no leaf, and the quiet-turn draw is ignored.
#pragma once

#include <cstdint>

#include <vector>

#include "core/flip/flip_game.h"
#include "core/classic/perft.h"

namespace junqi {

std::uint64_t flipPerft(const FlipPosition& pos, const FlipDeal& deal, int depth);
std::uint64_t flipPerftExpanded(const FlipPosition& pos, int depth);
// Either split by the first action, in generation order (a flip is one entry
// holding all its outcomes' leaves). `deal` is unused when expanding.
std::vector<PerftDivide> flipPerftDivide(const FlipPosition& pos, const FlipDeal& deal, int depth, bool expandChance);

}  // namespace junqi
