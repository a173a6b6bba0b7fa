// Each style of the panel shows in its play, measurably: over the same games
// against `heuristic`, a style's signature figure differs from both
// `heuristic`'s and `tactical`'s (the judgement every style builds on), and
// the same style with its own term turned off (the injected fault) does not.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>

#include "core/classic/topology.h"
#include "search/classic/one_ply.h"
#include "search/registry.h"
#include "tests/search/play.h"

namespace junqi {
namespace {

// Figures of one player's decisions over a few games against heuristic.
struct Profile {
  double openingApproach = 0;  // first 10 moves: mean steps gained toward the nearer enemy headquarters
  double awayShare = 0;        // plies 30-200: mean share of own pieces in the enemy half
  double bigMoveShare = 0;     // share of moves made by a general or marshal
  double smallChargeShare = 0; // share of moves that take a lieutenant, captain or major forward or into a fight
  double engineerRaids = 0;    // engineer moves a game that end in the enemy half
  double bombHunt = 0;         // a game: steps bombs gain toward the enemy piece likeliest to be big
  double minedFlagShare = 0;   // share of the player's layouts with a landmine a step from the flag
};

// An agent that passes every decision it makes to `watch`.
class Watched : public Agent {
 public:
  using Watch = std::function<void(const InfoState&, Move)>;
  Watched(std::unique_ptr<Agent> inner, Watch watch) : inner_(std::move(inner)), watch_(std::move(watch)) {}
  std::string name() const override { return inner_->name(); }
  std::string spec() const override { return inner_->spec(); }
  void newGame(const Ruleset& r, Seat s, std::uint64_t seed) override { inner_->newGame(r, s, seed); }
  Layout chooseLayout(const Ruleset& r, Seat s) override { return layout_ = inner_->chooseLayout(r, s); }
  Action chooseAction(const InfoState& state) override {
    const Action a = inner_->chooseAction(state);
    if (a.type == ActionType::Move) watch_(state, a.move);
    return a;
  }
  const Layout& layout() const { return layout_; }

 private:
  std::unique_ptr<Agent> inner_;
  Watch watch_;
  Layout layout_;
};

bool mineBesideFlag(const Layout& layout) {
  const Topology& topo = Topology::classic(true);
  for (int i = 0; i < kHalfSquares; ++i)
    if (layout.at[i] == PieceType::Flag)
      for (Bitboard b = topo.stepNeighbours[i]; b;) {
        const Square n = popLsb(b);
        if (n < kHalfSquares && layout.at[n] == PieceType::Landmine) return true;
      }
  return false;
}

Profile profileOf(const std::string& spec) {
  static std::map<std::string, Profile> cache;
  if (const auto it = cache.find(spec); it != cache.end()) return it->second;
  double approach = 0, away = 0, big = 0, charge = 0, raids = 0, bombed = 0, mined = 0;
  int openings = 0, awayCount = 0, moves = 0, layouts = 0;
  const auto watch = [&](const InfoState& state, Move m) {
    const Observation& obs = state.observation();
    const Topology& topo = obs.rules().topology();
    const Seat us = state.seat();
    const PieceType t = obs.ownType(obs.pieceAt(m.from));
    const auto steps = [](Square a, Square b) { return std::abs(rowOf(a) - rowOf(b)) + std::abs(columnOf(a) - columnOf(b)); };
    const auto toHeadquarters = [&](Square s) {
      int best = 99;
      for (Bitboard b = topo.headquarters & topo.home[index(state.enemy())]; b;) best = std::min(best, steps(s, popLsb(b)));
      return best;
    };
    if (obs.ply() < 20) approach += toHeadquarters(m.from) - toHeadquarters(m.to), ++openings;
    if (obs.ply() >= 30 && obs.ply() < 200) {
      const Bitboard own = obs.occupied(us);
      away += static_cast<double>(popcount(own & topo.home[index(state.enemy())])) / popcount(own), ++awayCount;
    }
    const int forward = us == Seat::Red ? rowOf(m.to) - rowOf(m.from) : rowOf(m.from) - rowOf(m.to);
    const bool small = t == PieceType::Lieutenant || t == PieceType::Captain || t == PieceType::Major;
    big += t == PieceType::General || t == PieceType::Marshal;
    charge += small && (forward > 0 || contains(obs.occupied(state.enemy()), m.to));
    raids += t == PieceType::Engineer && contains(topo.home[index(state.enemy())], m.to);
    if (t == PieceType::Bomb) {
      Square prey = kNoSquare;
      double most = 0;
      for (Bitboard b = obs.occupied(state.enemy()); b;) {
        const Square e = popLsb(b);
        const IdentityMarginals& q = enemyBelief(state, e);
        const double big = 10 * q[typeIndex(PieceType::Marshal)] + 7.5 * q[typeIndex(PieceType::General)];
        if (big > most) most = big, prey = e;
      }
      if (prey != kNoSquare) bombed += steps(m.from, prey) - steps(m.to, prey);
    }
    ++moves;
  };
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    Watched player(makeAgent(searchtest::withParam(spec, "seed", seed)), watch);
    auto opponent = makeAgent(searchtest::withParam("heuristic", "seed", seed));
    const bool red = seed % 2 == 1;
    searchtest::playGame(red ? static_cast<Agent&>(player) : *opponent, red ? *opponent : static_cast<Agent&>(player),
                         Ruleset(), seed, 240);
    mined += mineBesideFlag(player.layout()), ++layouts;
  }
  Profile p{approach / openings, away / awayCount, big / moves, charge / moves, raids / layouts, bombed / layouts,
            mined / layouts};
  return cache[spec] = p;
}

// A figure of a player, and the test that it shows the style: against both baselines.
using Figure = std::function<double(const Profile&)>;
bool above(const std::string& spec, const Figure& figure, double factor) {
  const double v = figure(profileOf(spec));
  return v > factor * std::max(figure(profileOf("heuristic")), figure(profileOf("tactical")));
}
bool below(const std::string& spec, const Figure& figure, double factor) {
  const double v = figure(profileOf(spec));
  return v < factor * std::min(figure(profileOf("heuristic")), figure(profileOf("tactical")));
}

// Statistical checks of play over many games: the Release build runs them,
// the sanitizer build (ten times slower) skips them.
class StyleSignature : public ::testing::Test {
 protected:
  void SetUp() override {
#ifdef JUNQI_SANITIZED_BUILD
    GTEST_SKIP() << "a statistical check of play, run in the Release build";
#endif
  }
};

TEST_F(StyleSignature, TheRushHeadsForTheEnemyHeadquarters) {
  const Figure f = [](const Profile& p) { return p.openingApproach; };
  EXPECT_TRUE(above("rush", f, 1.3)) << profileOf("rush").openingApproach << " vs heuristic "
                                     << profileOf("heuristic").openingApproach << ", tactical "
                                     << profileOf("tactical").openingApproach;
  EXPECT_FALSE(above("rush:drive=0", f, 1.3));
}

TEST_F(StyleSignature, TheTurtleStaysHome) {
  const Figure f = [](const Profile& p) { return p.awayShare; };
  EXPECT_TRUE(below("turtle", f, 0.6)) << profileOf("turtle").awayShare << " vs heuristic "
                                       << profileOf("heuristic").awayShare << ", tactical "
                                       << profileOf("tactical").awayShare;
  EXPECT_FALSE(below("turtle:home=0,guard=0,shy=0", f, 0.6));
}

TEST_F(StyleSignature, TheBlufferChargesSmallAndKeepsBigStill) {
  const Figure big = [](const Profile& p) { return p.bigMoveShare; };
  const Figure charge = [](const Profile& p) { return p.smallChargeShare; };
  EXPECT_TRUE(below("bluffer", big, 0.5)) << profileOf("bluffer").bigMoveShare << " vs heuristic "
                                          << profileOf("heuristic").bigMoveShare;
  EXPECT_TRUE(above("bluffer", charge, 1.2)) << profileOf("bluffer").smallChargeShare << " vs heuristic "
                                             << profileOf("heuristic").smallChargeShare;
  EXPECT_FALSE(below("bluffer:charge=0,still=0", big, 0.5) && above("bluffer:charge=0,still=0", charge, 1.2));
}

TEST_F(StyleSignature, TheRaiderSendsEngineersIntoTheEnemyHalf) {
  const Figure f = [](const Profile& p) { return p.engineerRaids; };
  EXPECT_TRUE(above("raider", f, 1.5)) << profileOf("raider").engineerRaids << " vs heuristic "
                                       << profileOf("heuristic").engineerRaids << ", tactical "
                                       << profileOf("tactical").engineerRaids;
  EXPECT_FALSE(above("raider:raid=0", f, 1.5));
}

TEST_F(StyleSignature, TheBomberHuntsTheLikeliestBigPiece) {
  const Figure f = [](const Profile& p) { return p.bombHunt; };
  EXPECT_TRUE(above("bomber", f, 1.5)) << profileOf("bomber").bombHunt << " vs heuristic "
                                       << profileOf("heuristic").bombHunt << ", tactical "
                                       << profileOf("tactical").bombHunt;
  EXPECT_FALSE(above("bomber:hunt=0", f, 1.5));
}

TEST_F(StyleSignature, TheDeployerLeavesItsFlagWithoutLandmines) {
  const Figure f = [](const Profile& p) { return p.minedFlagShare; };
  EXPECT_GT(profileOf("heuristic").minedFlagShare, 0.6);
  EXPECT_TRUE(below("deployer", f, 0.3)) << profileOf("deployer").minedFlagShare;
  EXPECT_TRUE(below("rush:deploy=decoy,layout=aggressive", f, 0.3));  // any style takes the decoy
  EXPECT_FALSE(below("deployer:deploy=usual", f, 0.3));
}

}  // namespace
}  // namespace junqi
