// The search agents and the heuristic beat a random player clearly: 20 games
// each from fixed seeds, seats alternating, at most 600 plies a game (a capped
// game, a draw or a loss is not a win). Small budgets keep the whole file to
// some 30 s in Release on two cores.
#include <gtest/gtest.h>

#include <iostream>
#include <string>

#include "search/registry.h"
#include "tests/search/play.h"

namespace junqi {
namespace {

using searchtest::withParam;

constexpr int kGames = 20;
constexpr int kMaxPlies = 600;

struct Score {
  int wins = 0, draws = 0, losses = 0, capped = 0;
};

Score againstRandom(const std::string& spec) {
  Score s;
  for (int g = 0; g < kGames; ++g) {
    auto player = makeAgent(withParam(spec, "seed", 7));
    auto random = makeAgent(withParam("random", "seed", static_cast<std::uint64_t>(1000 + g)));
    const bool red = g % 2 == 0;
    const Seat seat = red ? Seat::Red : Seat::Blue;
    const auto played = red ? searchtest::playGame(*player, *random, Ruleset(), 500 + g, kMaxPlies)
                            : searchtest::playGame(*random, *player, Ruleset(), 500 + g, kMaxPlies);
    if (played.capped) {
      ++s.capped;
    } else if (played.game.outcome().isDraw()) {
      ++s.draws;
    } else if (played.game.outcome().winner == seat) {
      ++s.wins;
    } else {
      ++s.losses;
    }
  }
  std::cout << spec << " vs random: " << s.wins << " wins, " << s.draws << " draws, " << s.losses << " losses, "
            << s.capped << " capped\n";
  return s;
}

TEST(SearchStrength, IsmctsBeatsRandom) {
  const Score s = againstRandom("ismcts:sims=200");
  EXPECT_GE(s.wins, 15);
  EXPECT_LE(s.losses, 2);
}

TEST(SearchStrength, PimcBeatsRandom) {
  // 400 iterations over 8 worlds: with the default 20 worlds each tree would
  // get fewer iterations than the root has moves, and PIMC plays little better
  // than chance.
  const Score s = againstRandom("pimc:sims=400,worlds=8");
  EXPECT_GE(s.wins, 15);
  EXPECT_LE(s.losses, 2);
}

TEST(SearchStrength, HeuristicBeatsRandom) {
  // The heuristic's games that are not wins are mostly quiet-move draws.
  const Score s = againstRandom("heuristic");
  EXPECT_GE(s.wins, 14);
  EXPECT_LE(s.losses, 3);
}

}  // namespace
}  // namespace junqi
