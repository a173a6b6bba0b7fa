#include "tests/support/flip_redealt_world.h"

#include <utility>
#include <vector>

namespace junqi::test_support {

FlipGame redealtFlipWorld(const FlipGame& game, Rng& rng) {
  std::vector<Square> points;
  for (Bitboard b = game.position().faceDown(); b;) points.push_back(popLsb(b));
  FlipDeal deal = game.deal();
  for (std::size_t i = points.size(); i > 1; --i) std::swap(deal.under[points[i - 1]], deal.under[points[rng.below(i)]]);
  FlipGame world(game.start(), deal);
  for (const FlipActionRecord& r : game.history()) world.apply(r.action);
  return world;
}

}  // namespace junqi::test_support
