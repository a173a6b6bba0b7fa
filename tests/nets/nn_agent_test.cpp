// The "nn" agent: legal play, the same game for the same seed, the policy's
// favourite without search, and a clear error for a missing weights file.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "nets/eigen_model.h"
#include "nets/nn_agent.h"
#include "nets/torch_backend.h"
#include "search/registry.h"
#include "tests/nets/nets_test_util.h"

namespace junqi::nets {
namespace {

using netstest::TempDir;
using ::testing::HasSubstr;

struct Played {
  std::array<Layout, 2> layouts;
  std::vector<Action> actions;
  bool over = false;
};

// Plays up to `plies` actions; every layout and action must be legal.
Played play(Agent& red, Agent& blue, const Ruleset& r, std::uint64_t gameSeed, int plies) {
  Played p;
  std::array<Agent*, 2> agents = {&red, &blue};
  for (const Seat s : {Seat::Red, Seat::Blue}) {
    agents[index(s)]->newGame(r, s, gameSeed);
    p.layouts[index(s)] = agents[index(s)]->chooseLayout(r, s);
    const auto why = validateLayout(p.layouts[index(s)], r);
    EXPECT_FALSE(why) << seatName(s) << " chose an illegal layout: " << why->message;
    if (why) return p;
  }
  Game game(r, p.layouts[0], p.layouts[1]);
  std::array<InfoState, 2> views = {InfoState::of(game, Seat::Red), InfoState::of(game, Seat::Blue)};
  while (!game.isOver() && game.position().ply() < plies) {
    const Seat s = game.position().sideToMove();
    const Action a = agents[index(s)]->chooseAction(views[index(s)]);
    const auto why = game.whyIllegal(a);
    EXPECT_FALSE(why) << seatName(s) << " at ply " << game.position().ply() << ": " << *why;
    if (why) break;
    game.apply(a);
    p.actions.push_back(a);
    for (InfoState& v : views) v.apply(publicEvent(game, game.history().size() - 1));
  }
  p.over = game.isOver();
  return p;
}

class NetAgentTest : public ::testing::Test {
 protected:
  void SetUp() override {
    registerNetAgent();
    registerTorchBackend();
    netstest::writeRandomWeights(NetworkShape::tiny(), 41, weights());
  }
  std::string weights() const { return dir_.file("net.jqw"); }
  TempDir dir_{"agent"};
};

TEST_F(NetAgentTest, PlaysLegalMovesAndTheSameGameForASeed) {
  const std::string spec = "nn:weights=" + weights() + ",sims=20,seed=5";
  auto nn = makeAgent(spec);
  auto random = makeAgent("random:seed=2");
  EXPECT_EQ(nn->name(), "nn");
  const Played a = play(*nn, *random, Ruleset{}, 11, 60);
  EXPECT_GE(a.actions.size(), 20u);
  // Again, with fresh agents and with an agent made from the first one's spec.
  auto nn2 = makeAgent(spec);
  auto random2 = makeAgent("random:seed=2");
  const Played b = play(*nn2, *random2, Ruleset{}, 11, 60);
  EXPECT_EQ(a.layouts, b.layouts);
  EXPECT_EQ(a.actions, b.actions);
  // The network on both seats, LibTorch for one of them, another ruleset.
  auto red = makeAgent("nn:weights=" + weights() + ",sims=12,seed=1,backend=torch");
  auto blue = makeAgent("nn:weights=" + weights() + ",sims=12,seed=2,layout=defensive");
  const Played d = play(*red, *blue, Ruleset::refereed(), 3, 40);
  EXPECT_GE(d.actions.size(), 10u);
}

TEST_F(NetAgentTest, ItsSpecRecreatesTheAgentAndLayoutNetIsAccepted) {
  // Agent::spec() promises a spec that makes an identical agent; "layout=net"
  // is the documented default of the nn agent.
  auto nn = makeAgent("nn:weights=" + weights() + ",sims=20,seed=5");
  auto random = makeAgent("random:seed=2");
  const Played a = play(*nn, *random, Ruleset{}, 11, 40);
  std::unique_ptr<Agent> again;
  try {
    again = makeAgent(nn->spec());
  } catch (const std::exception& e) {
    ADD_FAILURE() << "makeAgent(\"" << nn->spec() << "\") fails: " << e.what();
  }
  if (again) {
    auto random2 = makeAgent("random:seed=2");
    EXPECT_EQ(play(*again, *random2, Ruleset{}, 11, 40).actions, a.actions);
  }
  EXPECT_NO_THROW(makeAgent("nn:weights=" + weights() + ",layout=net"));
}

TEST_F(NetAgentTest, WithoutSearchItPlaysThePolicysFavourite) {
  const EigenModel model(loadWeights(weights()));
  std::vector<float> input(kInputSize), policy(kPolicySize);
  float wdl[3];
  int decisions = 0;
  for (std::uint64_t seed = 0; seed < 3; ++seed)
    netstest::randomGame(Ruleset::worldAtPlay(), seed, 90, [&](const Game& game) {
      if (game.isOver() || game.position().ply() % 9 != 0) return;
      const Seat s = game.position().sideToMove();
      const InfoState view = InfoState::of(game, s);
      MoveList legal;
      view.legalMoves(legal);
      encode(rootQuery(view, &legal), input);
      model.forward(input.data(), 1, policy.data(), wdl);
      Move best = legal[0];
      for (const Move m : legal)
        if (policy[policyIndex(s, m)] > policy[policyIndex(s, best)]) best = m;
      for (const std::string backend : {"eigen", "torch"}) {
        // Without the flag guard and the material rules, with reversals allowed:
        // the root choice may overrule the policy otherwise.
        auto agent =
            makeAgent("nn:weights=" + weights() + ",sims=0,guard=0,reversals=1,material=0,backend=" + backend);
        agent->newGame(Ruleset::worldAtPlay(), s, 1);
        const Action a = agent->chooseAction(view);
        EXPECT_EQ(a.type, ActionType::Move);
        EXPECT_EQ(a.move, best) << backend << " at ply " << game.position().ply() << ": played " << moveName(a.move)
                                << ", the policy prefers " << moveName(best);
      }
      ++decisions;
    });
  EXPECT_GE(decisions, 20);
}

TEST_F(NetAgentTest, AMissingOrDamagedWeightsFileIsAnAgentSpecErrorNamingIt) {
  const std::string missing = dir_.file("no-such-file.jqw");
  try {
    makeAgent("nn:weights=" + missing + ",sims=20");
    ADD_FAILURE() << "no error for a missing weights file";
  } catch (const AgentSpecError& e) {
    EXPECT_THAT(e.what(), HasSubstr(missing));
  }
  try {
    makeAgent("nn:sims=20");
    ADD_FAILURE() << "no error without weights";
  } catch (const AgentSpecError& e) {
    EXPECT_THAT(e.what(), HasSubstr("weights=FILE"));
  }
  std::string bytes = netstest::readBytes(weights());
  bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x40);
  netstest::writeBytes(dir_.file("damaged.jqw"), bytes);
  try {
    makeAgent("nn:weights=" + dir_.file("damaged.jqw"));
    ADD_FAILURE() << "no error for a damaged weights file";
  } catch (const AgentSpecError& e) {
    EXPECT_THAT(e.what(), HasSubstr("checksum"));
    EXPECT_THAT(e.what(), HasSubstr("damaged.jqw"));
  }
  EXPECT_THROW(makeAgent("nn:weights=" + weights() + ",backend=cuda-magic"), AgentSpecError);
}

TEST_F(NetAgentTest, TheWeightsFilesSearchSettingsAreItsDefaultsAndTheSpecOverridesThem) {
  WeightsFile w = loadWeights(weights());
  w.search = "sims=7,c=0.9,mix=0.25,depth=12,rollout=greedy";
  saveWeights(w, dir_.file("rated.jqw"));
  const auto specOf = [](const std::string& spec) { return makeAgent(spec)->spec(); };
  const std::string rated = specOf("nn:weights=" + dir_.file("rated.jqw"));
  for (const char* part : {"sims=7,", "c=0.9,", "mix=0.25,", "depth=12,", "rollout=greedy,"})
    EXPECT_THAT(rated, HasSubstr(part));
  const std::string overridden = specOf("nn:weights=" + dir_.file("rated.jqw") + ",sims=9,mix=0,rollout=random");
  for (const char* part : {"sims=9,", "c=0.9,", "mix=0,", "depth=12,", "rollout=random,"})
    EXPECT_THAT(overridden, HasSubstr(part));
  // Without settings in the file, the built-in defaults.
  EXPECT_THAT(specOf("nn:weights=" + weights()), HasSubstr("sims=200,c=1.5,mix=0,depth=30,rollout=random,"));
  // Settings an agent cannot use are an error naming the file.
  w.search = "sims=7,colour=red";
  saveWeights(w, dir_.file("odd.jqw"));
  try {
    makeAgent("nn:weights=" + dir_.file("odd.jqw"));
    ADD_FAILURE() << "no error for unknown search settings";
  } catch (const AgentSpecError& e) {
    EXPECT_THAT(e.what(), HasSubstr("odd.jqw"));
    EXPECT_THAT(e.what(), HasSubstr("colour"));
  }
}

}  // namespace
}  // namespace junqi::nets
