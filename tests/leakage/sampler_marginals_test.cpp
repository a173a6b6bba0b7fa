// InfoState's sampler (the worlds every searcher determinizes) draws each
// enemy piece's identity with its exact probability (InfoState::marginals,
// counted by dynamic programming). A sampler told what the seat has not seen
// draws otherwise, even when the exact marginals stay honest: Pearson's
// chi-square over many draws with a fixed seed tells them apart. The
// threshold is proven both ways here (a correct sampler passes, a sampler
// with a small bias fails) and by scripts/check-planted-leaks.sh (the classic
// planted leak, core/planted_leak.h, fails the first test).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <string>
#include <vector>

#include "core/classic/auto_layout.h"
#include "core/classic/info_state.h"
#include "core/classic/movegen.h"
#include "tests/leakage/chi_square.h"

namespace junqi {
namespace {

using Types = std::array<PieceType, kMaxPiecesPerSide>;
using Sampler = std::function<void(Rng&, Types&)>;
constexpr long kDraws = 20000;

// The seat to move's view at a few plies of random games of two presets.
std::vector<InfoState> viewsOfRandomGames() {
  std::vector<InfoState> views;
  for (const Ruleset& ruleset : {Ruleset::hiddenFront(), Ruleset::worldAtPlay()})
    for (const int plies : {40, 80, 140}) {
      Rng rng(static_cast<std::uint64_t>(plies) * 13 + 1);
      Game game(ruleset, randomLayout(ruleset, rng), randomLayout(ruleset, rng));
      MoveList moves;
      while (!game.isOver() && static_cast<int>(game.history().size()) < plies) {
        generateMoves(game.position(), moves);
        const Move m = moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))];
        game.apply(Action::makeMove(game.position().sideToMove(), m));
      }
      if (!game.isOver()) views.push_back(InfoState::of(game, game.position().sideToMove()));
    }
  return views;
}

// The enemy pieces on the board whose identity is not certain.
std::vector<int> uncertainPieces(const InfoState& view) {
  std::vector<int> pieces;
  for (int k = 0; k < view.knowledge().pieceCount(); ++k)
    if (view.observation().isAlive(pieceOf(view.enemy(), k)) && std::popcount(view.support(k)) > 1) pieces.push_back(k);
  return pieces;
}

// The pieces whose draws do not fit the exact marginals, in words.
std::string misfits(const InfoState& view, const Sampler& sample, Rng& rng) {
  const std::vector<int> pieces = uncertainPieces(view);
  std::vector<std::array<long, kPieceTypes>> counts(pieces.size());
  Types types{};
  for (long d = 0; d < kDraws; ++d) {
    sample(rng, types);
    for (std::size_t i = 0; i < pieces.size(); ++i) ++counts[i][static_cast<std::size_t>(types[pieces[i]])];
  }
  std::string out;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const leakage::ChiSquare fit = leakage::chiSquare(counts[i], view.marginals()[pieces[i]], kDraws);
    if (fit.statistic > leakage::chiSquareThreshold(fit.degrees))
      out += " piece " + std::to_string(pieces[i]) + ": chi-square " + std::to_string(fit.statistic) + " on " +
             std::to_string(fit.degrees) + " degrees;";
  }
  return out;
}

TEST(SamplerMarginals, DrawsMatchTheExactMarginals) {
  Rng rng(4040);
  int tested = 0;
  for (const InfoState& view : viewsOfRandomGames()) {
    EXPECT_EQ(misfits(view, [&](Rng& r, Types& t) { view.sampleEnemyTypes(r, t); }, rng), "")
        << view.observation().toText();
    tested += static_cast<int>(uncertainPieces(view).size());
  }
  EXPECT_GE(tested, 60);
}

// The threshold is not so loose that it lets a biased sampler through: one
// that redraws a fifth of the draws where a single piece gets its likeliest
// identity (a shift of a few points in one probability) fails in every view.
TEST(SamplerMarginals, ASlightlyBiasedSamplerFails) {
  Rng rng(4041);
  for (const InfoState& view : viewsOfRandomGames()) {
    const int piece = uncertainPieces(view).front();
    const auto& p = view.marginals()[piece];
    const auto likeliest = typeFromIndex(static_cast<int>(std::max_element(p.begin(), p.end()) - p.begin()));
    const Sampler biased = [&](Rng& r, Types& t) {
      do view.sampleEnemyTypes(r, t);
      while (t[piece] == likeliest && r.below(5) == 0);
    };
    EXPECT_NE(misfits(view, biased, rng), "") << view.observation().toText();
  }
}

}  // namespace
}  // namespace junqi
