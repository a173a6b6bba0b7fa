// Random four-player games for the tests: four random legal layouts, then
// uniformly random legal moves.
#pragma once

#include "core/classic/auto_layout.h"
#include "core/four/four_game.h"
#include "core/four/four_movegen.h"

namespace junqi::fourgames {

// A game from four random layouts drawn from `rng`, each seat seeing by `visibility`.
inline FourGame randomFourStart(Rng& rng, Visibility visibility) {
  FourRuleset rules;
  rules.visibility = visibility;
  std::array<Layout, kArmies> layouts;
  for (Layout& l : layouts) l = randomLayout(rules.army, rng);
  return FourGame(rules, layouts);
}

inline void playRandomFourMove(FourGame& game, Rng& rng) {
  MoveList moves;
  generateFourMoves(game.position(), moves);
  game.play(moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]);
}

// The layouts and then `plies` random moves (fewer if the game ends) from one stream.
inline FourGame randomFourGame(std::uint64_t seed, int plies, Visibility visibility) {
  Rng rng(seed);
  FourGame game = randomFourStart(rng, visibility);
  for (int k = 0; k < plies && !game.isOver(); ++k) playRandomFourMove(game, rng);
  return game;
}

}  // namespace junqi::fourgames
