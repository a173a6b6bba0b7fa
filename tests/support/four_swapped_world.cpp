#include "tests/support/four_swapped_world.h"

#include <utility>
#include <vector>

#include "core/four/four_observation.h"

namespace junqi::test_support {
namespace {

// The game's moves replayed from these layouts, if `seat` sees it all alike.
std::optional<FourGame> replayedAlike(const FourGame& game, int seat, const std::array<Layout, kArmies>& layouts,
                                      const std::string& seen) {
  try {
    FourGame world(game.rules(), layouts);
    for (const FourPlayedMove& m : game.history()) world.play(m.move);
    if (FourObservation::of(world, seat).toString() != seen || world.outcome().reason != game.outcome().reason ||
        world.outcome().winningTeam != game.outcome().winningTeam)
      return std::nullopt;
    return world;
  } catch (const FourGameError&) {  // a layout broken by the trade, or a move it made illegal
    return std::nullopt;
  }
}

}  // namespace

std::optional<FourGame> swappedFourWorld(const FourGame& game, int seat, Rng& rng, int swaps, std::string* why) {
  std::vector<int> unseen;
  for (int a = 0; a < kArmies; ++a)
    if (!seesArmy(seat, a, game.rules().visibility)) unseen.push_back(a);
  const std::string seen = FourObservation::of(game, seat).toString();
  std::array<Layout, kArmies> layouts = game.layouts();
  std::optional<FourGame> world;
  int kept = 0;
  for (int attempt = 0; !unseen.empty() && attempt < 40 * swaps && kept < swaps; ++attempt) {
    Layout& army = layouts[static_cast<std::size_t>(unseen[rng.below(unseen.size())])];
    const std::size_t a = rng.below(army.at.size()), b = rng.below(army.at.size());
    if (!army.at[a] || !army.at[b] || army.at[a] == army.at[b]) continue;
    std::swap(army.at[a], army.at[b]);
    if (auto replayed = replayedAlike(game, seat, layouts, seen)) {
      world = std::move(replayed);
      ++kept;
    } else {
      std::swap(army.at[a], army.at[b]);
    }
  }
  if (!world && why) *why = "no trade of unseen identities keeps the game as the seat saw it";
  return world;
}

}  // namespace junqi::test_support
