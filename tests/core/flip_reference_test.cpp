// Flip Junqi's action generator against a slow reference written from the
// texts (tests/support/flip_reference.h, which shares nothing with the
// bitboard tables), over every position of random games under both presets;
// game invariants on the way;
// the perft table (docs/perft.md) and its cross-check by the reference.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/flip/flip_game.h"
#include "core/flip/flip_movegen.h"
#include "core/flip/flip_notation.h"
#include "core/flip/flip_perft.h"
#include "tests/support/flip_reference.h"

namespace junqi {
namespace {

using ActionSet = reference::FlipActionSet;

ActionSet engineActions(const FlipPosition& pos) {
  MoveList list;
  generateFlipActions(pos, list);
  ActionSet out;
  for (const Move m : list) EXPECT_TRUE(out.insert({m.from, m.to}).second) << "twice: " << moveName(m);
  EXPECT_EQ(list.size(), countFlipActions(pos));
  return out;
}

// Pieces are conserved: each identity is face up, face down or lost, never more.
void expectConserved(const FlipPosition& pos) {
  for (const Colour c : {Colour::Red, Colour::Blue}) {
    const PieceCounts lost = pos.lost(c);
    for (int t = 0; t < kPieceTypes; ++t) ASSERT_LE(lost[t], kClassicCounts[t]) << "more pieces than dealt";
  }
}

int playRandomGames(const FlipRuleset& rules, int games, std::uint64_t seed) {
  Rng rng(seed);
  int positions = 0;
  for (int g = 0; g < games; ++g) {
    FlipGame game(rules, randomFlipDeal(rng));
    PieceCounts lostBefore{};
    while (!game.isOver()) {
      const FlipPosition& pos = game.position();
      const ActionSet engine = engineActions(pos);
      EXPECT_EQ(engine, reference::slowFlipActions(pos)) << formatFlipPosition(pos);
      if (::testing::Test::HasFailure()) return positions;
      expectConserved(pos);
      ++positions;
      auto it = engine.begin();
      std::advance(it, rng.below(engine.size()));
      game.apply(Action::makeMove(pos.toMove(), {Square(it->first),
                                                 Square(it->second)}));
      const PieceCounts lostNow = game.position().lost(Colour::Red);
      for (int t = 0; t < kPieceTypes; ++t) EXPECT_GE(lostNow[t], lostBefore[t]) << "pieces only fall";
      lostBefore = lostNow;
      if (!game.isOver()) {  // a position text is one to play on
        EXPECT_EQ(parseFlipPosition(formatFlipPosition(game.position()), rules), game.position());
      }
    }
  }
  return positions;
}

TEST(FlipReference, EveryPositionOfRandomGamesAgreesUnderBothPresets) {
  for (const FlipRuleset& rules : {FlipRuleset::worldAtPlay(), FlipRuleset::kawu()}) {
    const int positions = playRandomGames(rules, 300, 11);
    EXPECT_GT(positions, 300 * 60) << rules.preset;  // every game ends, and they are not trivially short
  }
}

// ------------------------------------------------------------------ perft

FlipDeal dealOf(int seed) {
  Rng rng(seed);
  return randomFlipDeal(rng);
}

// A position 30 random actions into a game of flip-kawu (docs/perft.md), its
// face-down pieces dealt from its pools by seed 1, as `junqi perft` deals them.
constexpr std::string_view kMidGame =
    R"(flip ?????/??1L?/?1i2/??1?1/m1der/l??RJ/G??PL/B1?2/?C1?M/?1Pe?/????1/?c??c 1 b -- Jjr 2 30)";

FlipGame midGame() {
  const FlipPosition pos = parseFlipPosition(kMidGame, FlipRuleset::kawu());
  Rng rng(1);
  return FlipGame(pos, randomFlipDeal(pos, rng));
}

TEST(FlipPerft, FromTheStartOneActionPerFaceDownPoint) {
  const FlipPosition start(FlipRuleset::worldAtPlay());
  const FlipDeal deal = dealOf(1);
  EXPECT_EQ(flipPerft(start, deal, 1), 50u);
  EXPECT_EQ(flipPerft(start, deal, 2), 50u * 49u) << "until the colours are decided both only flip";
  EXPECT_EQ(flipPerft(start, deal, 3), 50u * 49u * 48u);
  EXPECT_EQ(flipPerftExpanded(start, 1), 50u * 24u) << "24 identities under each point";
  EXPECT_EQ(flipPerft(start, deal, 4), reference::slowFlipPerft(start, deal, 4));
}

TEST(FlipPerft, TheTableOfDocsPerftMd) {
  // docs/perft.md, "Flip Junqi": regression figures of this generator, from
  // the start of flip-kawu and from the middle of a game, both dealt by seed 1.
  const FlipPosition kawu(FlipRuleset::kawu());
  const FlipDeal deal = dealOf(1);
  EXPECT_EQ(flipPerft(kawu, deal, 3), 121534u);
  EXPECT_EQ(flipPerft(kawu, deal, 4), 5853822u);
  EXPECT_EQ(flipPerftExpanded(kawu, 2), 1396500u);
  EXPECT_EQ(flipPerftExpanded(kawu, 3), 1577396512u);
  const FlipGame mid = midGame();
  const std::vector<std::uint64_t> dealt = {47, 1892, 87688, 3530052}, expanded = {551, 280955, 136066064};
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(flipPerft(mid.position(), mid.deal(), d), dealt[d - 1]) << d;
  for (int d = 1; d <= 3; ++d) EXPECT_EQ(flipPerftExpanded(mid.position(), d), expanded[d - 1]) << d;
}

TEST(FlipPerft, TheReferenceCountsTheSameInTheMiddleOfAGame) {
  const FlipGame mid = midGame();
  for (int d = 1; d <= 3; ++d)
    EXPECT_EQ(flipPerft(mid.position(), mid.deal(), d), reference::slowFlipPerft(mid.position(), mid.deal(), d)) << d;
}

}  // namespace
}  // namespace junqi
