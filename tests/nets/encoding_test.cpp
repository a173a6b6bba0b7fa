// The network's input: it keeps what the seat knows (own identities, where the
// enemy stands, the exact beliefs), in the seat's orientation, and holds
// nothing the seat was not shown.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <set>

#include "core/classic/auto_layout.h"
#include "core/classic/movegen.h"
#include "nets/encoding.h"
#include "search/classic/ismcts.h"
#include "tests/nets/nets_test_util.h"
#include "tests/support/alternate_world.h"
#include "tests/support/permuted_world.h"

namespace junqi::nets {
namespace {

using netstest::presets;
using netstest::randomGame;

std::vector<float> encoded(const InfoState& view, const MoveList* legal = nullptr) {
  std::vector<float> input(kInputSize);
  encode(rootQuery(view, legal), input);
  return input;
}

float at(const std::vector<float>& in, int plane, int point) { return in[plane * kBoardPoints + point]; }

TEST(Encoding, DecodeGivesBackOwnIdentitiesEnemyOccupancyAndBeliefsForBothSeats) {
  int checked = 0, failures = 0;
  const auto fail = [&]() -> bool { return failures++ < 8; };
  for (const Ruleset& r : presets())
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
      std::optional<InfoState> views[2];
      randomGame(r, seed, 300, [&](const Game& game) {
        for (const Seat seat : {Seat::Red, Seat::Blue}) {
          auto& view = views[index(seat)];
          if (!view) view.emplace(InfoState::of(game, seat));
          else view->apply(publicEvent(game, game.history().size() - 1));
          const std::vector<float> in = encoded(*view);
          for (std::size_t i = 0; i < in.size(); ++i)
            if (!(in[i] >= 0.0f && in[i] <= 1.0f) && fail())
              ADD_FAILURE() << "value " << in[i] << " outside [0, 1] at plane " << i / kBoardPoints;
          const DecodedInput d = decode(in, seat);
          const Position& pos = game.position();
          const Seat them = opposite(seat);
          if (d.enemies != pos.occupied(them) && fail()) ADD_FAILURE() << "enemy occupancy lost, seed " << seed;
          for (Square s{}; s < kSquares; ++s) {
            const bool own = !pos.isEmpty(s) && pos.sideAt(s) == seat;
            const int want = own ? typeIndex(pos.typeAt(s)) : -1;
            if (d.ownType[s] != want && fail())
              ADD_FAILURE() << seatName(seat) << " point " << s << ": decoded own identity " << d.ownType[s]
                            << ", the piece is " << want;
            const bool enemy = !pos.isEmpty(s) && pos.sideAt(s) == them;
            for (int t = 0; t < kPieceTypes; ++t) {
              const float want = enemy ? static_cast<float>(
                                             view->marginals()[pos.pieceAt(s) - index(them) * kMaxPiecesPerSide][t])
                                       : 0.0f;
              if (d.belief[s][t] != want && fail())
                ADD_FAILURE() << seatName(seat) << " point " << s << " identity " << t << ": decoded belief "
                              << d.belief[s][t] << ", the InfoState says " << want;
            }
          }
          // The seat's own half is at the bottom (points 0..29) for both seats.
          for (Square o{}; o < kSquares; ++o)
            if (at(in, kOwnHalf, o) != (o < kSquares / 2 ? 1.0f : 0.0f) && fail())
              ADD_FAILURE() << seatName(seat) << ": own-half plane wrong at " << o;
          if (at(in, kSeatToMove, 0) != (pos.sideToMove() == seat ? 1.0f : 0.0f) && fail())
            ADD_FAILURE() << "seat-to-move plane wrong";
          // The last move, in the seat's orientation.
          const Move last = game.history().back().action.move;
          if ((at(in, kRecentFrom, orient(seat, last.from)) != 1.0f || at(in, kRecentTo, orient(seat, last.to)) != 1.0f) &&
              fail())
            ADD_FAILURE() << "the last move is not where it should be";
          ++checked;
        }
      });
    }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(checked, 3000);
}

TEST(Encoding, PolicyIndexAndOrientAreConsistentForAMoveAndItsRotatedTwin) {
  for (Square s{}; s < kSquares; ++s) {
    EXPECT_EQ(orient(Seat::Red, s), s);
    EXPECT_EQ(orient(Seat::Blue, s), kSquares - 1 - s);
    EXPECT_EQ(orient(Seat::Blue, orient(Seat::Blue, s)), s);
  }
  // Along random games: every legal move has its own index, from one of the
  // seat's pieces (as the input shows it) to a point without one; its rotated
  // twin played by the other seat has the same index.
  int moves = 0;
  for (const Ruleset& r : presets())
    for (std::uint64_t seed = 10; seed < 13; ++seed)
      randomGame(r, seed, 200, [&](const Game& game) {
        if (game.isOver() || game.position().ply() % 5 != 0) return;
        const Seat seat = game.position().sideToMove();
        const InfoState view = InfoState::of(game, seat);
        MoveList legal;
        view.legalMoves(legal);
        const std::vector<float> in = encoded(view, &legal);
        std::set<int> seen;
        for (const Move m : legal) {
          const int i = policyIndex(seat, m);
          ASSERT_GE(i, 0);
          ASSERT_LT(i, kPolicySize);
          EXPECT_EQ(i, orient(seat, m.from) * kSquares + orient(seat, m.to));
          EXPECT_TRUE(seen.insert(i).second) << "two legal moves share policy index " << i;
          const Move twin{Square(rotate180(m.from)), Square(rotate180(m.to))};
          EXPECT_EQ(policyIndex(opposite(seat), twin), i);
          float ownFrom = 0, ownTo = 0;
          for (int t = 0; t < kPieceTypes; ++t) {
            ownFrom += at(in, kOwnPiece + t, i / kSquares);
            ownTo += at(in, kOwnPiece + t, i % kSquares);
          }
          EXPECT_EQ(ownFrom, 1.0f) << "the policy's from-point holds no own piece in the input";
          EXPECT_EQ(ownTo, 0.0f) << "the policy's to-point holds an own piece in the input";
          ++moves;
        }
      });
  EXPECT_GT(moves, 3000);
}

TEST(Encoding, MirroredStartsLookTheSameToRedAndToBlue) {
  // Red with layouts (A vs B) and Blue with layouts (B vs A) see the same
  // board from their side: the same input except whose turn it is, and moves
  // that are rotated twins get the same policy indices.
  for (const Ruleset& r : presets()) {
    Rng rng(5);
    const Layout a = styledLayout(LayoutStyle::Aggressive, r, rng), b = styledLayout(LayoutStyle::Defensive, r, rng);
    const Game redGame(r, a, b), blueGame(r, b, a);
    const std::vector<float> red = encoded(InfoState::of(redGame, Seat::Red));
    const std::vector<float> blue = encoded(InfoState::of(blueGame, Seat::Blue));
    for (int p = 0; p < kInputPlanes; ++p)
      for (int o = 0; o < kBoardPoints; ++o)
        if (p != kSeatToMove) {
          ASSERT_EQ(at(red, p, o), at(blue, p, o)) << "plane " << p << " point " << o;
        }
    EXPECT_EQ(at(red, kSeatToMove, 0), 1.0f);
    EXPECT_EQ(at(blue, kSeatToMove, 0), 0.0f);

    MoveList redMoves, blueMoves;
    generateMoves(redGame.position(), redMoves);
    Position turned = blueGame.position();
    turned.setSideToMove(Seat::Blue);
    generateMoves(turned, blueMoves);
    std::set<int> redIndices, blueIndices;
    for (const Move m : redMoves) redIndices.insert(policyIndex(Seat::Red, m));
    for (const Move m : blueMoves) blueIndices.insert(policyIndex(Seat::Blue, m));
    EXPECT_EQ(redIndices, blueIndices);
    EXPECT_FALSE(redIndices.empty());
  }
}

TEST(Encoding, HoldsNoHiddenEnemyIdentityAlternateWorldsEncodeBitIdentically) {
  // Worlds that differ from the game only in what the seat cannot see (the
  // enemy's identities redrawn from its InfoState, the same actions replayed;
  // or, sound even if the InfoState leaked, the untouched enemy pieces'
  // identities permuted in the referee's game, when any are left) must give
  // the seat's root query the very same bytes.
  Rng rng(77);
  int worlds = 0, differentTruth = 0, permutedWorlds = 0;
  for (const Ruleset& r : presets())
    for (std::uint64_t seed = 100; seed < 106; ++seed)
      randomGame(r, seed, 400, [&](const Game& game) {
        if (game.isOver() || game.position().ply() % 37 != 0) return;
        for (const Seat seat : {Seat::Red, Seat::Blue}) {
          const InfoState view = InfoState::of(game, seat);
          MoveList legal;
          view.legalMoves(legal);
          const std::vector<float> seen = encoded(view, &legal);
          for (int w = 0; w < 6; ++w) {
            std::string why;
            const bool permuted = w >= 4;
            const std::optional<Game> world = permuted ? test_support::permutedWorld(game, seat, rng, &why)
                                                       : test_support::alternateWorld(game, view, rng, &why);
            if (permuted && !world) continue;  // every enemy piece touched: no such world
            ASSERT_TRUE(world) << why;
            permutedWorlds += permuted;
            const Seat them = opposite(seat);
            bool differs = false;
            for (int k = 0; k < game.start().pieceCount(them); ++k) {
              const PieceId id = pieceOf(them, k);
              differs |= world->start().typeOf(id) != game.start().typeOf(id);
            }
            differentTruth += differs;
            const InfoState other = InfoState::of(*world, seat);
            MoveList otherLegal;
            other.legalMoves(otherLegal);
            const std::vector<float> there = encoded(other, &otherLegal);
            ASSERT_EQ(std::memcmp(seen.data(), there.data(), seen.size() * sizeof(float)), 0)
                << seatName(seat) << " at ply " << game.position().ply() << " (preset " << r.preset << ", seed " << seed
                << "): the encoding changes with the enemy's hidden identities";
            ++worlds;
          }
        }
      });
  EXPECT_GT(worlds, 200);
  EXPECT_GT(permutedWorlds, 50);
  EXPECT_GT(differentTruth, worlds / 2) << "the worlds should mostly hold other enemy identities than the game";
}

// Encodes every query it is asked (and answers with uniform priors and a
// value of zero), so a search's network inputs can be compared.
class RecordingEvaluator : public Evaluator {
 public:
  void evaluate(std::span<const EvalQuery> queries, std::span<EvalResult> results) override {
    std::vector<float> input(kInputSize);
    for (std::size_t i = 0; i < queries.size(); ++i) {
      encode(queries[i], input);
      inputs.push_back(input);
      results[i].value = 0;
      results[i].priors.assign(queries[i].legal ? queries[i].legal->size() : 0,
                               queries[i].legal && !queries[i].legal->empty() ? 1.0f / queries[i].legal->size() : 0.0f);
    }
  }
  std::vector<std::vector<float>> inputs;
};

TEST(Encoding, ASearchsNetworkInputsAreTheSameInWorldsTheSeatCannotTellApart) {
  // Inside the search too (determinized worlds, moves below the root), the
  // network sees only what the seat knows: the same seed in an alternate
  // world gives the very same sequence of inputs.
  Rng rng(91);
  int searches = 0;
  for (const Ruleset& r : presets())
    for (std::uint64_t seed = 200; seed < 203; ++seed)
      randomGame(r, seed, 250, [&](const Game& game) {
        if (game.isOver() || game.position().ply() % 61 != 0) return;
        const Seat seat = game.position().sideToMove();
        const InfoState view = InfoState::of(game, seat);
        SearchParams params;
        params.iterations = 40;
        params.rolloutMix = 0;
        RecordingEvaluator truth;
        params.evaluator = &truth;
        search(view, params, 5);
        ASSERT_GE(truth.inputs.size(), 10u);
        for (int w = 0; w < 3; ++w) {
          std::string why;
          const bool permuted = w == 2;  // built from the referee's game: sound even if the InfoState leaked
          const std::optional<Game> world = permuted ? test_support::permutedWorld(game, seat, rng, &why)
                                                     : test_support::alternateWorld(game, view, rng, &why);
          if (permuted && !world) continue;  // every enemy piece touched: no such world
          ASSERT_TRUE(world) << why;
          const InfoState other = InfoState::of(*world, seat);
          RecordingEvaluator there;
          params.evaluator = &there;
          search(other, params, 5);
          ASSERT_EQ(there.inputs.size(), truth.inputs.size());
          for (std::size_t i = 0; i < truth.inputs.size(); ++i)
            ASSERT_EQ(std::memcmp(truth.inputs[i].data(), there.inputs[i].data(), kInputSize * sizeof(float)), 0)
                << "query " << i << " of the search differs with the enemy's hidden identities (preset " << r.preset
                << ", seed " << seed << ", ply " << game.position().ply() << ")";
          ++searches;
        }
      });
  EXPECT_GE(searches, 20);
}

TEST(Encoding, DeploymentInputIsTheSameForBothSeats) {
  // One input serves both seats: it equals the board part of what Red and
  // Blue see at the start, each in its own orientation, and holds no pieces.
  for (const Ruleset& r : presets()) {
    std::vector<float> deploy(kInputSize);
    encodeDeployment(r, deploy);
    const Game game = randomGame(r, 3, 0);
    for (const Seat seat : {Seat::Red, Seat::Blue}) {
      const std::vector<float> in = encoded(InfoState::of(game, seat));
      for (const int p : {int(kOwnHalf), int(kRailway), int(kCamp), int(kHeadquarters), int(kQuietCounter), int(kPlyCounter)})
        for (int o = 0; o < kBoardPoints; ++o)
          EXPECT_EQ(at(deploy, p, o), at(in, p, o)) << seatName(seat) << " plane " << p << " point " << o;
    }
    for (int p = kOwnPiece; p < kSeatToMove; ++p)
      if (p != kQuietCounter && p != kPlyCounter) {
        for (int o = 0; o < kBoardPoints; ++o) EXPECT_EQ(at(deploy, p, o), 0.0f) << "plane " << p;
      }
    EXPECT_EQ(at(deploy, kSeatToMove, 0), 1.0f);
    float own = 0;
    for (int o = 0; o < kBoardPoints; ++o) own += at(deploy, kOwnHalf, o);
    EXPECT_EQ(own, 30.0f);
  }
}

}  // namespace
}  // namespace junqi::nets
