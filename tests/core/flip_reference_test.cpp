// Flip Junqi's action generator against a slow reference written from the
// texts (the board of tests/support/reference_rules.h, which shares nothing
// with the bitboard tables; the attack rules below written anew), over every
// position of random games under both presets; game invariants on the way;
// the perft table (docs/perft.md) and its cross-check by the reference.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/flip_game.h"
#include "core/flip_movegen.h"
#include "core/flip_notation.h"
#include "core/flip_perft.h"
#include "tests/support/reference_rules.h"

namespace junqi {
namespace {

namespace ref = junqi::reference;

using ActionSet = std::set<std::pair<int, int>>;

bool enemyFaceUp(const FlipPosition& pos, int square, Colour own) {
  return !pos.isEmpty(square) && !pos.isFaceDown(square) && pos.identityAt(square).colour != own;
}

// 001: "only an Engineer or a Bomb can go onto a Landmine, and a piece cannot
// attack one that outranks it"; "While any enemy Landmine remains, the enemy
// Flag cannot be touched". 004: any attack.
bool referenceMayAttack(const FlipPosition& pos, PieceType a, Identity d) {
  if (pos.rules().minesGuardFlag && d.type == PieceType::Flag) {
    int mines = pos.pool(d.colour)[typeIndex(PieceType::Landmine)];
    for (int s = 0; s < kSquares; ++s)
      mines += !pos.isEmpty(s) && !pos.isFaceDown(s) && pos.identityAt(s) == Identity{d.colour, PieceType::Landmine};
    if (mines > 0) return false;
  }
  if (pos.rules().throwAwayMoves || d.type == PieceType::Flag) return true;
  if (d.type == PieceType::Landmine) return a == PieceType::Engineer || a == PieceType::Bomb;
  if (a == PieceType::Bomb || d.type == PieceType::Bomb) return true;
  return ref::officerRank(a) >= ref::officerRank(d.type);
}

// Where the piece on `from` can go by the board alone: road steps, straight
// slides along each railway line through empty points, an engineer's search
// through the railway network.
std::set<int> reach(const FlipPosition& pos, int from, bool engineer) {
  std::set<int> out(ref::roadNeighbours(from).begin(), ref::roadNeighbours(from).end());
  for (const auto& line : ref::railwayLines(true))
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (line[i] != from) continue;
      for (const int step : {-1, +1})
        for (int k = static_cast<int>(i) + step; k >= 0 && k < static_cast<int>(line.size()); k += step) {
          out.insert(line[k]);
          if (!pos.isEmpty(line[k])) break;
        }
    }
  if (!engineer) return out;
  std::vector<int> frontier{from};
  std::set<int> seen{from};
  while (!frontier.empty()) {
    const int p = frontier.back();
    frontier.pop_back();
    for (const int q : ref::railwayNeighbours(p, true)) {
      if (!seen.insert(q).second) continue;
      out.insert(q);
      if (pos.isEmpty(q)) frontier.push_back(q);
    }
  }
  return out;
}

ActionSet referenceActions(const FlipPosition& pos) {
  ActionSet out;
  for (int s = 0; s < kSquares; ++s)
    if (pos.isFaceDown(s)) out.insert({s, s});
  const auto own = pos.colourOf(pos.toMove());
  if (!own) return out;
  for (int from = 0; from < kSquares; ++from) {
    if (pos.isEmpty(from) || pos.isFaceDown(from)) continue;
    const Identity mover = pos.identityAt(from);
    if (mover.colour != *own || mover.type == PieceType::Landmine || mover.type == PieceType::Flag) continue;
    for (const int to : reach(pos, from, mover.type == PieceType::Engineer)) {
      if (to == from || pos.isFaceDown(to)) continue;
      if (pos.isEmpty(to)) {
        out.insert({from, to});
      } else if (enemyFaceUp(pos, to, *own) && !ref::isCamp(to) &&
                 referenceMayAttack(pos, mover.type, pos.identityAt(to))) {
        out.insert({from, to});
      }
    }
  }
  return out;
}

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
      EXPECT_EQ(engine, referenceActions(pos)) << formatFlipPosition(pos);
      if (::testing::Test::HasFailure()) return positions;
      expectConserved(pos);
      ++positions;
      auto it = engine.begin();
      std::advance(it, rng.below(engine.size()));
      game.apply(Action::makeMove(pos.toMove(), {static_cast<std::uint8_t>(it->first),
                                                 static_cast<std::uint8_t>(it->second)}));
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

std::uint64_t referencePerft(const FlipPosition& pos, const FlipDeal& deal, int depth) {
  if (depth == 0) return 1;
  std::uint64_t leaves = 0;
  for (const auto& [from, to] : referenceActions(pos)) {
    FlipPosition next = pos;
    if (from == to) {
      next.flip(from, *deal.under[from]);
    } else if (next.move({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)}).flagCaptured) {
      ++leaves;
      continue;
    }
    leaves += referencePerft(next, deal, depth - 1);
  }
  return leaves;
}

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
  EXPECT_EQ(flipPerft(start, deal, 4), referencePerft(start, deal, 4));
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
    EXPECT_EQ(flipPerft(mid.position(), mid.deal(), d), referencePerft(mid.position(), mid.deal(), d)) << d;
}

}  // namespace
}  // namespace junqi
