// The four-player network: the cross board's encoding (nets/four/four_encoding.h,
// docs/encoding.md "Four-player Junqi"), the Eigen model on the 17 x 17
// grid, and the network agent (nets/four/four_nn_agent.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <set>
#include <vector>

#include <unistd.h>

#include "core/four/four_observation.h"
#include "nets/eigen_model.h"
#include "nets/four/four_encoding.h"
#include "nets/four/four_nn_agent.h"
#include "nets/nn_agent.h"
#include "tests/support/random_four_game.h"
#include "tests/support/random_weights.h"

namespace junqi::nets {
namespace {

using Input = std::vector<float>;

Input encoded(const FourPosition& pos, Visibility v) {
  Input in(kFourInputSize, -1.0f);  // every value must be written
  encodeFour(pos, v, in);
  return in;
}
float fourPlaneSum(const Input& in, int plane) {
  return std::accumulate(in.begin() + plane * kFourGridPlaces, in.begin() + (plane + 1) * kFourGridPlaces, 0.0f);
}

WeightsFile randomFourWeights(std::uint64_t seed) {
  NetworkShape shape = NetworkShape::tiny();
  shape.inputPlanes = kFourInputPlanes;
  shape.grid = gridOfVariant("four");
  WeightsFile w = randomWeights(shape, seed, 0.1);
  w.ruleset = "four-worldatplay";
  w.variant = "four";
  return w;
}

std::string fourWeightsPath() {
  static const std::string path = [] {
    const auto dir = std::filesystem::temp_directory_path() / ("junqi-four-nn-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::string p = (dir / "four.jqw").string();
    saveWeights(randomFourWeights(3), p);
    return p;
  }();
  return path;
}

// Every army's arm is turned onto south's, one quarter turn per army, and
// the 129 points onto 129 distinct places of the grid.
TEST(FourEncoding, EachArmySeesItsArmAtTheBottom) {
  for (int army = 0; army < kArmies; ++army) {
    std::set<int> places, points;
    for (Square p{}; p < kCrossPoints; ++p) {
      places.insert(fourPlace(army, p));
      points.insert(fourTurnedPoint(army, p));
    }
    EXPECT_EQ(places.size(), 129u);
    EXPECT_EQ(points.size(), 129u);
    for (int i = 0; i < 30; ++i) {
      EXPECT_EQ(fourTurnedPoint(army, armyPoint(army, i)), armyPoint(0, i)) << "army " << army << " point " << i;
      // The next army's arm is on the right, the ally's at the top.
      EXPECT_EQ(fourTurnedPoint(army, armyPoint((army + 1) % 4, i)), armyPoint(1, i));
      EXPECT_EQ(fourTurnedPoint(army, armyPoint((army + 2) % 4, i)), armyPoint(2, i));
    }
  }
}

TEST(FourEncoding, TheStartShowsTheMoversArmyAndHidesTheOthersUnderOwn) {
  Rng rng(5);
  const FourGame game = fourgames::randomFourStart(rng, Visibility::Own);
  const Input in = encoded(game.position(), Visibility::Own);
  for (const float v : in) ASSERT_TRUE(v >= 0 && v <= 1);
  EXPECT_EQ(fourPlaneSum(in, kFourOnBoard), 129);
  for (int r = 0; r < kRelativeArmies; ++r) EXPECT_EQ(fourPlaneSum(in, kFourArmyPiece + r), 25);
  float own = 0, ally = 0, enemy = 0;
  for (int t = 0; t < kPieceTypes; ++t)
    own += fourPlaneSum(in, kFourOwnType + t), ally += fourPlaneSum(in, kFourAllyType + t), enemy += fourPlaneSum(in, kFourEnemyType + t);
  EXPECT_EQ(own, 25);
  EXPECT_EQ(ally, 0);
  EXPECT_EQ(enemy, 0);
  EXPECT_EQ(fourPlaneSum(in, kFourVisibility + 0), 289);
  // South's pieces stand on the bottom six rows of the grid.
  for (int place = 6 * kCrossGrid; place < kFourGridPlaces; ++place) EXPECT_EQ(in[kFourArmyPiece * kFourGridPlaces + place], 0);
  const Input team = encoded(game.position(), Visibility::Team);
  float allySeen = 0;
  for (int t = 0; t < kPieceTypes; ++t) allySeen += fourPlaneSum(team, kFourAllyType + t);
  EXPECT_EQ(allySeen, 25);
}

// The input from a seat's own board (identities it does not see replaced by
// stand-ins) is the input from the true position: the network reads nothing
// the seat's mode hides, so every world the search draws encodes alike.
TEST(FourEncoding, ASeatsInputIsTheSameFromItsBoardAndFromTheTruth) {
  int compared = 0, differsWhenAllIsRead = 0;
  for (const Visibility v : {Visibility::Own, Visibility::Team, Visibility::All})
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      Rng rng(seed);
      FourGame game = fourgames::randomFourStart(rng, v);
      for (int ply = 0; ply < 240 && !game.isOver(); ++ply) {
        if (ply % 20 == 0) {
          const FourObservation obs = FourObservation::of(game, game.position().toMove());
          ASSERT_EQ(encoded(obs.board(), v), encoded(game.position(), v)) << "seed " << seed << " ply " << ply;
          ++compared;
          // The check has teeth: reading every identity tells the truth from the board.
          differsWhenAllIsRead += v != Visibility::All && encoded(obs.board(), Visibility::All) != encoded(game.position(), Visibility::All);
        }
        fourgames::playRandomFourMove(game, rng);
      }
    }
  EXPECT_GE(compared, 150);
  EXPECT_GE(differsWhenAllIsRead, 80);
}

TEST(FourEncoding, PolicyIndicesOfAPositionsMovesAreDistinctAndInRange) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const FourGame game = fourgames::randomFourGame(seed, 80, Visibility::Own);
    MoveList moves;
    generateFourMoves(game.position(), moves);
    std::set<int> seen;
    for (const Move m : moves) {
      const int i = fourPolicyIndex(game.position().toMove(), m);
      EXPECT_GE(i, 0);
      EXPECT_LT(i, kFourPolicySize);
      seen.insert(i);
    }
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(moves.size()));
  }
}

// The Winograd convolutions on the 17 x 17 grid (odd: the last row and column
// of blocks half off it) against a direct 3x3 convolution of the stem.
// Stem channel 0 at place q, directly: relu(bias + the 3x3 neighbourhood of every plane on the grid).
double directStem(const WeightsFile& w, const Input& in, int q) {
  const Tensor& stem = w.tensors.at("stem.weight");
  double sum = w.tensors.at("stem.bias").data[0];
  const int row = q / kCrossGrid, column = q % kCrossGrid;
  for (int c = 0; c < kFourInputPlanes; ++c)
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int r = row + dr, col = column + dc;
        if (r < 0 || r >= kCrossGrid || col < 0 || col >= kCrossGrid) continue;
        sum += stem.data[static_cast<std::size_t>(c * 9 + (dr + 1) * 3 + dc + 1)] *
               in[static_cast<std::size_t>(c * kFourGridPlaces + r * kCrossGrid + col)];
      }
  return std::max(0.0, sum);
}

// A network without blocks whose value head reads stem channel 0 at place q
// into the "win" logit.
WeightsFile stemProbe(int q) {
  WeightsFile w = randomFourWeights(9);
  w.shape.blocks = 0;
  std::erase_if(w.tensors, [](const auto& t) { return t.first.starts_with("block"); });
  const auto zero = [&](const char* name) {
    std::vector<float>& d = w.tensors.at(name).data;
    std::fill(d.begin(), d.end(), 0.0f);
    return &d;
  };
  w.tensors.at("stem.bias").data[0] = 3;  // above 0 wherever the stem reaches: the ReLU passes it
  (*zero("value.conv.weight"))[0] = 1;  // value channel 0 = stem channel 0
  zero("value.conv.bias");
  (*zero("value.fc1.weight"))[static_cast<std::size_t>(q)] = 1;  // hidden unit 0 = value channel 0 at q
  zero("value.fc1.bias");
  (*zero("value.fc2.weight"))[0] = 1;  // win = hidden unit 0
  zero("value.fc2.bias");
  return w;
}

// The Winograd convolutions on the 17 x 17 grid (odd: the last row and
// column of blocks half off it) against a direct 3x3 convolution.
TEST(FourNetwork, TheEigenModelConvolvesTheCrossGridAsADirectConvolutionDoes) {
  Rng rng(4);
  Input in(kFourInputSize);
  for (float& x : in) x = static_cast<float>(rng.uniform());
  for (const int q : {7 * kCrossGrid + 16, 16 * kCrossGrid + 8, 8 * kCrossGrid + 8, 0}) {
    const WeightsFile w = stemProbe(q);
    const EigenModel model(w);
    std::vector<float> policy(kFourPolicySize), wdl(3);
    model.forward(in.data(), 1, policy.data(), wdl.data());
    const double want = directStem(w, in, q);
    EXPECT_NEAR(wdl[0], want, 1e-4) << "place " << q;
    EXPECT_GT(want, 0.01) << "place " << q << ": the comparison says little";
  }
}

std::unique_ptr<FourAgent> fourNetAgent(const std::string& params) {
  registerNetAgent();
  return makeFourAgent("nn:weights=" + fourWeightsPath() + "," + params);
}

// nn plays south and north, random east and west: every move legal, and the same game for a seed.
std::vector<Move> playAgainstRandom(std::uint64_t seed, int plies) {
  auto nn = fourNetAgent("sims=12,seed=3");
  auto random = makeFourAgent("random:seed=2");
  Rng rng(seed);
  FourGame game = fourgames::randomFourStart(rng, Visibility::Own);
  for (int a = 0; a < kArmies; ++a) (a % 2 == 0 ? *nn : *random).newGame(game.rules(), a, seed);
  std::vector<Move> played;
  for (int ply = 0; ply < plies && !game.isOver(); ++ply) {
    const int army = game.position().toMove();
    const FourObservation obs = FourObservation::of(game, army);
    const Move m = (army % 2 == 0 ? *nn : *random).chooseMove(obs);
    MoveList legal;
    obs.legalMoves(legal);
    EXPECT_NE(std::find(legal.begin(), legal.end(), m), legal.end()) << "ply " << ply;
    game.play(m);
    played.push_back(m);
  }
  return played;
}

TEST(FourNetAgent, PlaysLegalMovesAndTheSameGameForASeed) {
  const std::vector<Move> a = playAgainstRandom(1, 60), b = playAgainstRandom(1, 60);
  EXPECT_EQ(a.size(), 60u);
  EXPECT_EQ(a, b);
  EXPECT_EQ(fourNetAgent("sims=5")->spec(), "nn:weights=" + fourWeightsPath() + ",sims=5,c=0.7,pc=1.5,seed=1");
}

// The moves two four-player agents make for the same seats of the same
// random-game positions, given the same game seed.
std::vector<Move> movesOfFourAgent(FourAgent& agent) {
  std::vector<Move> moves;
  for (const std::uint64_t seed : {2, 5, 8}) {
    const FourGame game = fourgames::randomFourGame(seed, 100, Visibility::Own);
    const FourObservation obs = FourObservation::of(game, game.position().toMove());
    agent.newGame(game.rules(), obs.army(), seed);
    moves.push_back(agent.chooseMove(obs));
  }
  return moves;
}

// The hybrid's two ends: mix=0 with the heuristic's priors is ismcts (the
// same moves for the same seed and budget), and mix=1 with the network's
// priors, named or not, is today's agent (the same spec and moves).
TEST(FourNetAgent, TheHybridsEndsAreIsmctsAndThePlainAgent) {
  auto hybrid = fourNetAgent("sims=60,mix=0,priors=heuristic,seed=4");
  auto ismcts = makeFourAgent("ismcts:sims=60,seed=4");
  EXPECT_EQ(movesOfFourAgent(*hybrid), movesOfFourAgent(*ismcts));
  auto plain = fourNetAgent("sims=60,seed=4"), named = fourNetAgent("sims=60,mix=1,priors=net,seed=4");
  EXPECT_EQ(named->spec(), plain->spec());
  EXPECT_EQ(movesOfFourAgent(*named), movesOfFourAgent(*plain));
  EXPECT_NE(movesOfFourAgent(*plain), movesOfFourAgent(*ismcts)) << "the comparison above says nothing";
}

TEST(FourNetAgent, TheHybridsSpecNamesItAndBadValuesAreRefused) {
  const std::string spec = fourNetAgent("cpuseconds=0.01,mix=0.25,priors=mix")->spec();
  EXPECT_EQ(spec, "nn:weights=" + fourWeightsPath() +
                      ",cpuseconds=0.01,c=0.7,pc=1.5,mix=0.25,rollout=greedy,depth=40,priors=mix,seed=1");
  EXPECT_EQ(makeFourAgent(spec)->spec(), spec);
  for (const char* bad : {"mix=1.5", "mix=-0.1", "priors=network", "rollout=smart", "depth=-1", "cpuseconds=-1",
                          "cpuseconds=0.01,seconds=0.01"}) {
    try {
      fourNetAgent(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const AgentSpecError& e) {
      const std::string key = std::string(bad).substr(0, std::string(bad).find('='));
      EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
    }
  }
}

TEST(FourNetAgent, ANetworkOfAnotherGameIsRefusedByName) {
  registerNetAgent();
  const std::string classic = std::filesystem::path(fourWeightsPath()).replace_filename("classic.jqw").string();
  saveWeights(randomWeights(NetworkShape::tiny(), 1), classic);
  try {
    makeFourAgent("nn:weights=" + classic);
    FAIL() << "a classic network played four-player Junqi";
  } catch (const AgentSpecError& e) {
    EXPECT_NE(std::string(e.what()).find("not for four-player Junqi"), std::string::npos) << e.what();
  }
  EXPECT_THROW(makeFourAgent("nn"), AgentSpecError);  // no weights
  EXPECT_THROW(makeFourAgent("nn:weights=" + fourWeightsPath() + ",sims=0"), AgentSpecError);
}

}  // namespace
}  // namespace junqi::nets
