// The Gumbel AlphaZero root of the four-player search (search/four/four_ismcts.h,
// `gumbel`): every simulation goes through a candidate, the halving keeps the
// move whose positions the evaluator likes, the improved policy covers every
// move, and a timed search is refused. A stub evaluator stands in for the network.
#include <gtest/gtest.h>

#include <numeric>
#include <stdexcept>

#include "search/four/four_flag_safety.h"
#include "search/four/four_ismcts.h"
#include "tests/support/random_four_game.h"

namespace junqi {
namespace {

// Uniform priors; a position is worth 0, except one where `good` was played
// by `army` (its from-point empty, its to-point that army's): -1 for the army
// to move there, an enemy of `army`, so +1 for the searching team.
class LikesOneMove final : public FourLeafEvaluator {
 public:
  LikesOneMove(int army, Move good) : army_(army), good_(good) {}
  double evaluate(const FourPosition& pos, Visibility, const MoveList* moves, std::vector<double>* priors) override {
    if (moves && priors) priors->assign(static_cast<std::size_t>(moves->size()), 1.0 / moves->size());
    const bool played = pos.isEmpty(good_.from) && !pos.isEmpty(good_.to) && pos.armyAt(good_.to) == army_;
    return played && teamOfArmy(pos.toMove()) != teamOfArmy(army_) ? -1.0 : 0.0;
  }

 private:
  int army_;
  Move good_;
};

// Early in a game: no enemy near our flag, so the root flag guard leaves the choice alone.
struct GumbelCase {
  FourGame game = fourgames::randomFourGame(11, 8, Visibility::Own);
  FourObservation obs = FourObservation::of(game, game.position().toMove());
  MoveList legal;
  GumbelCase() { obs.legalMoves(legal); }

  FourSearchParams params(Move good, int sims) const {
    FourSearchParams p;
    p.iterations = sims;
    p.heuristicPriors = false;
    p.evaluator = std::make_shared<LikesOneMove>(obs.army(), good);
    p.gumbel = true;
    p.gumbelRoot.actions = legal.size();  // every move a candidate: the halving alone decides
    return p;
  }
};

TEST(FourGumbelRoot, TheHalvingKeepsTheMoveTheEvaluatorLikes) {
  const GumbelCase c;
  ASSERT_GE(c.legal.size(), 4);
  // Without the Gumbel noise (a large draw could outweigh sigma(q) among equally visited moves).
  const FourTacticsView view(c.obs, c.game.rules());
  for (const int pick : {0, c.legal.size() / 2, c.legal.size() - 1}) {
    const Move good = c.legal[pick];
    ASSERT_EQ(flagSafetyAfter(view, good), FourSafety::Safe) << "the root flag guard would not change the choice";
    FourSearchParams p = c.params(good, 64);
    p.gumbelRoot.noise = false;
    const FourSearchResult r = fourSearch(c.obs, c.game.rules(), p, 5);
    EXPECT_EQ(r.best, good) << "move " << pick;
    EXPECT_EQ(r.iterations, 64);
    const long long visits = std::accumulate(r.root.begin(), r.root.end(), 0LL,
                                             [](long long n, const FourRootMove& m) { return n + m.visits; });
    EXPECT_EQ(visits, 64) << "every simulation passes through one root move";
    ASSERT_EQ(r.improved.size(), r.root.size());
    EXPECT_NEAR(std::accumulate(r.improved.begin(), r.improved.end(), 0.0), 1.0, 1e-9);
    const auto top = std::max_element(r.improved.begin(), r.improved.end()) - r.improved.begin();
    EXPECT_EQ(r.root[static_cast<std::size_t>(top)].move, good) << "the improved policy prefers it too";
    for (const double p : r.improved) EXPECT_GT(p, 0) << "every move keeps a share";
  }
}

TEST(FourGumbelRoot, OnlyCandidatesAreVisitedAndTheSameSeedSearchesAlike) {
  const GumbelCase c;
  FourSearchParams p = c.params(c.legal[0], 16);
  p.gumbelRoot.actions = 3;
  const FourSearchResult a = fourSearch(c.obs, c.game.rules(), p, 8), b = fourSearch(c.obs, c.game.rules(), p, 8);
  int visited = 0;
  for (std::size_t i = 0; i < a.root.size(); ++i) {
    visited += a.root[i].visits > 0;
    EXPECT_EQ(a.root[i].visits, b.root[i].visits);
    EXPECT_DOUBLE_EQ(a.improved[i], b.improved[i]);
  }
  EXPECT_EQ(visited, 3);
}

TEST(FourGumbelRoot, NeedsAnEvaluatorAndASimulationCount) {
  const GumbelCase c;
  FourSearchParams timed = c.params(c.legal[0], 16);
  timed.seconds = 0.01;
  EXPECT_THROW(fourSearch(c.obs, c.game.rules(), timed, 1), std::invalid_argument);
  FourSearchParams blind = c.params(c.legal[0], 16);
  blind.evaluator = nullptr;
  EXPECT_THROW(fourSearch(c.obs, c.game.rules(), blind, 1), std::invalid_argument);
}

}  // namespace
}  // namespace junqi
