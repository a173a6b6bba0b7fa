// The seeds of a match's games. The openings are drawn from the match seed
// (Rng::mix(seed, pair)), and Rng::mix can be undone, so a game seed made with
// it would give a bot its opponent's layout. Game seeds are a keyed one-way
// hash of the game's number instead, keyed by a secret drawn from the match
// seed by another path: the same match seed still gives the same games.
#pragma once

#include <cstdint>
#include <string>

#include "core/piece.h"

namespace junqi {

// The seed every agent of game `game` gets in newGame.
std::uint64_t matchGameSeed(std::uint64_t matchSeed, int game);

// The seed the same game had in run directories written before game seeds were
// keyed (match.json without "game_seeds"): those still resume with it.
std::uint64_t legacyMatchGameSeed(std::uint64_t matchSeed, int game);

// The seed the agent in `seat` gets in newGame: one per seat, so that an agent
// cannot work out its opponent's (and with it a layout the opponent chooses
// itself): a keyed one-way hash of the seat, keyed by the game seed.
std::uint64_t seatSeed(std::uint64_t gameSeed, Seat seat);

// The seed of the layout `seat` deploys in game `game` when every game has
// layouts of its own (a match with external bots, docs/match.md "Pairing"):
// keyed like the game seeds and one per seat, so that a bot that worked back
// from its layout to the generator's state would still learn no other layout.
std::uint64_t gameLayoutSeed(std::uint64_t matchSeed, int game, Seat seat);

// What match.json keeps of the seed of a match with external bots, which may
// read the file: a one-way hash (16 hex digits) that tells a rerun whether it
// was given the same seed and a bot nothing it could not find by guessing.
std::string matchSeedCheck(std::uint64_t matchSeed);

}  // namespace junqi
