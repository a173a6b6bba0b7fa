// Perft for four-player Junqi: the number of move sequences of a given length
// from a position, each army in turn (armies that leave the board are
// skipped, as in play). Counted as the classic perft counts (core/classic/perft.h):
// a move after which a team has no army left ends the game and its line as
// one leaf, however much depth is left (as a flag capture does there); a
// position whose game is over has no move; draw counters are ignored, so the
// 70-move draw ends no line. An army to move without a legal move (a position
// written out can give it the turn) leaves first, as in play
// (FourPosition::settleTurn). The table in docs/perft.md pins the generator;
// the tests cross-check it with a slow generator written from the board's text.
#pragma once

#include <cstdint>
#include <vector>

#include "core/four/four_position.h"
#include "core/classic/perft.h"
#include "core/random.h"

namespace junqi {

std::uint64_t fourPerft(const FourPosition& pos, int depth);
// fourPerft split by the first move, in generation order (none at depth 0);
// the counts add up to fourPerft's.
std::vector<PerftDivide> fourPerftDivide(const FourPosition& pos, int depth);

// Plays uniformly random legal moves from `pos` until the game ends or
// `maxPlies` moves were played; returns the number of moves played. `pos` is
// a position in play: its army to move has a move (as play() leaves it;
// settleTurn() for one written out).
int randomFourPlayout(FourPosition& pos, Rng& rng, int maxPlies);

}  // namespace junqi
