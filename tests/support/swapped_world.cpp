#include "tests/support/swapped_world.h"

#include <utility>
#include <vector>

#include "core/classic/observation.h"

namespace junqi::test_support {
namespace {

// The game's actions replayed with this enemy layout, if `seat` sees every
// one of them (and the end) as in the game.
std::optional<Game> replayedAlike(const Game& game, Seat seat, const Layout& enemy) {
  const Layout& own = *game.layout(seat);
  Game world(game.rules().ruleset(), seat == Seat::Red ? own : enemy, seat == Seat::Red ? enemy : own);
  for (std::size_t i = 0; i < game.history().size(); ++i) {
    const Action& a = game.history()[i].action;
    if (world.whyIllegal(a)) return std::nullopt;
    world.apply(a);
    if (!(publicEvent(world, i) == publicEvent(game, i))) return std::nullopt;
  }
  if (!(world.outcome() == game.outcome())) return std::nullopt;
  return world;
}

}  // namespace

std::optional<Game> swappedWorld(const Game& game, Seat seat, Rng& rng, int swaps, std::string* why) {
  const Seat them = opposite(seat);
  const Ruleset& ruleset = game.rules().ruleset();
  std::vector<int> points;  // the enemy pieces' starting points, in layout coordinates
  for (int k = 0; k < game.start().pieceCount(them); ++k)
    points.push_back(Layout::relative(them, game.start().squareOf(pieceOf(them, k))));
  Layout enemy = *game.layout(them);
  std::optional<Game> world;
  int kept = 0;
  for (int attempt = 0; attempt < 40 * swaps && kept < swaps; ++attempt) {
    const int a = points[rng.below(points.size())], b = points[rng.below(points.size())];
    if (enemy.at[a] == enemy.at[b]) continue;
    Layout traded = enemy;
    std::swap(traded.at[a], traded.at[b]);
    if (validateLayout(traded, ruleset)) continue;
    if (auto replayed = replayedAlike(game, seat, traded)) {
      enemy = traded;
      world = std::move(replayed);
      ++kept;
    }
  }
  if (!world && why) *why = "no trade of enemy identities keeps the game as the seat saw it";
  return world;
}

bool aMovedEnemyDiffers(const Game& game, const Game& world, Seat seat) {
  const Seat them = opposite(seat);
  for (int k = 0; k < game.start().pieceCount(them); ++k) {
    const PieceId piece = pieceOf(them, k);
    const bool moved = game.position().isAlive(piece) && game.position().squareOf(piece) != game.start().squareOf(piece);
    if (moved && world.start().typeOf(piece) != game.start().typeOf(piece)) return true;
  }
  return false;
}

}  // namespace junqi::test_support
