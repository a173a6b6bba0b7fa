#include "tests/support/alternate_world.h"

#include <array>

#include "core/classic/observation.h"

namespace junqi::test_support {

std::optional<Game> alternateWorld(const Game& game, const InfoState& view, Rng& rng, std::string* why) {
  const Seat seat = view.seat(), them = view.enemy();
  std::array<PieceType, kMaxPiecesPerSide> enemyTypes{};
  view.sampleEnemyTypes(rng, enemyTypes, /*lostToo=*/true);
  Layout enemy;
  for (int k = 0; k < game.start().pieceCount(them); ++k)
    enemy.at[Layout::relative(them, game.start().squareOf(pieceOf(them, k)))] = enemyTypes[k];
  const Layout& own = *game.layout(seat);
  Game world(game.rules().ruleset(), seat == Seat::Red ? own : enemy, seat == Seat::Red ? enemy : own);
  for (std::size_t i = 0; i < game.history().size(); ++i) {
    const Action& a = game.history()[i].action;
    if (const auto illegal = world.whyIllegal(a)) {
      if (why) *why = "action " + std::to_string(i + 1) + " is illegal in a sampled world: " + *illegal;
      return std::nullopt;
    }
    world.apply(a);
    if (!(publicEvent(world, i) == publicEvent(game, i))) {
      if (why) *why = "action " + std::to_string(i + 1) + " shows another result in a sampled world";
      return std::nullopt;
    }
  }
  return world;
}

}  // namespace junqi::test_support
