// The agent registry: every kind can be made, specs recreate their agents
// exactly, and every malformed spec is refused with a message naming the fault.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "search/classic/mcts_agent.h"
#include "search/registry.h"
#include "tests/search/spec_error.h"

namespace junqi {
namespace {

// The "key=value" items of a spec.
std::set<std::string> items(const std::string& spec) {
  std::set<std::string> out;
  std::string item;
  for (const char c : spec.substr(spec.find(':') + 1) + ",") {
    if (c == ',') {
      out.insert(item);
      item.clear();
    } else {
      item += c;
    }
  }
  return out;
}

#define EXPECT_SPEC_ERROR(spec, ...)                                                   \
  do {                                                                                 \
    const std::string message = specError(spec);                                       \
    EXPECT_FALSE(message.empty()) << "'" << (spec) << "' was accepted";                \
    for (const std::string part : {__VA_ARGS__})                                       \
      EXPECT_NE(message.find(part), std::string::npos)                                 \
          << "'" << (spec) << "': the message \"" << message << "\" does not name " << part; \
  } while (0)

TEST(Registry, EveryBuiltinKindIsThere) {
  std::set<std::string> names;
  for (const AgentKind& k : agentKinds()) {
    names.insert(k.name);
    EXPECT_FALSE(k.help.empty()) << k.name;
  }
  for (const char* n : {"random", "heuristic", "pimc", "ismcts"}) EXPECT_TRUE(names.count(n)) << n;
}

TEST(Registry, MakesEveryKindAndItsSpecRoundTrips) {
  for (const AgentKind& k : agentKinds()) {
    if (k.name.rfind("test-only", 0) == 0) continue;  // registered by a test below
    const auto a = makeAgent(k.name);
    ASSERT_TRUE(a) << k.name;
    EXPECT_EQ(a->name(), k.name);
    const std::string spec = a->spec();
    EXPECT_EQ(spec.rfind(k.name + ":", 0), 0u) << spec;
    EXPECT_EQ(makeAgent(spec)->spec(), spec);
  }
}

TEST(Registry, ParametersSurviveTheRoundTrip) {
  for (const std::string spec :
       {"random:seed=12,layout=defensive", "heuristic:noise=0.25,seed=3,layout=aggressive",
        "pimc:sims=123,worlds=7,vote=1,c=1.3,depth=17,rollout=greedy,threads=2,seed=99,layout=random",
        "ismcts:sims=77,mo=1,views=3,opp=0.25,c=0.45,depth=9,rollout=greedy,threads=3,seed=18446744073709551615",
        "ismcts:seconds=0.5", "pimc:seconds=1.25,sims=0"}) {
    const auto a = makeAgent(spec);
    const std::string canonical = a->spec();
    EXPECT_EQ(makeAgent(canonical)->spec(), canonical) << spec;
    // Every parameter given is in the canonical spec with its value.
    const std::set<std::string> given = items(spec), kept = items(canonical);
    for (const std::string& item : given) EXPECT_TRUE(kept.count(item)) << item << " is missing from " << canonical;
  }
  // The search parameters reach the search.
  const auto a = makeAgent("ismcts:sims=77,mo=1,views=3,opp=0.25,c=0.45,depth=9,rollout=greedy,threads=3");
  const SearchParams& p = dynamic_cast<const MctsAgent&>(*a).params();
  EXPECT_EQ(p.iterations, 77);
  EXPECT_TRUE(p.multipleObserver);
  EXPECT_EQ(p.opponentViews, 3);
  EXPECT_DOUBLE_EQ(p.opponentFraction, 0.25);
  EXPECT_DOUBLE_EQ(p.exploration, 0.45);
  EXPECT_EQ(p.rolloutDepth, 9);
  EXPECT_EQ(p.rollout, RolloutPolicy::Greedy);
  EXPECT_EQ(p.threads, 3);
  EXPECT_EQ(p.worlds, 0);
  const auto b = makeAgent("pimc:worlds=7,vote=1");
  EXPECT_EQ(dynamic_cast<const MctsAgent&>(*b).params().worlds, 7);
  EXPECT_TRUE(dynamic_cast<const MctsAgent&>(*b).params().vote);
}

TEST(Registry, DefaultsAreExplicitInTheSpec) {
  EXPECT_EQ(makeAgent("ismcts")->spec(), makeAgent("ismcts:sims=2000,c=0.7,seed=1")->spec());
  EXPECT_NE(makeAgent("ismcts:seed=2")->spec(), makeAgent("ismcts")->spec());
}

TEST(Registry, UnknownAgent) {
  EXPECT_SPEC_ERROR("alphazero", "alphazero", "ismcts");  // names the known ones too
  EXPECT_SPEC_ERROR("Random", "Random");
  EXPECT_SPEC_ERROR(":sims=3", "no name");
}

TEST(Registry, UnknownParameter) {
  EXPECT_SPEC_ERROR("ismcts:simz=100", "simz", "ismcts");
  EXPECT_SPEC_ERROR("random:sims=100", "sims", "random");
  EXPECT_SPEC_ERROR("heuristic:sims=100", "sims");
  // Each search kind has its own parameters.
  EXPECT_SPEC_ERROR("pimc:mo=1", "mo", "pimc");
  EXPECT_SPEC_ERROR("ismcts:worlds=5", "worlds", "ismcts");
}

TEST(Registry, BadValues) {
  EXPECT_SPEC_ERROR("ismcts:sims=abc", "sims", "abc");
  EXPECT_SPEC_ERROR("ismcts:sims=12x", "sims", "12x");
  EXPECT_SPEC_ERROR("ismcts:sims=", "sims");
  EXPECT_SPEC_ERROR("pimc:c=fast", "c=fast");
  EXPECT_SPEC_ERROR("random:seed=-1", "seed");
  EXPECT_SPEC_ERROR("random:seed=99999999999999999999999", "seed");
  EXPECT_SPEC_ERROR("heuristic:noise=0.1.2", "noise");
  EXPECT_SPEC_ERROR("ismcts:rollout=smart", "rollout", "smart");
  EXPECT_SPEC_ERROR("random:layout=clever", "layout", "clever");
  EXPECT_SPEC_ERROR("ismcts:threads=0", "threads");
  EXPECT_SPEC_ERROR("pimc:worlds=0", "worlds");
  EXPECT_SPEC_ERROR("ismcts:sims=0", "sims");
}

TEST(Registry, MalformedAndRepeatedKeys) {
  EXPECT_SPEC_ERROR("ismcts:sims=100,sims=200", "sims", "twice");
  EXPECT_SPEC_ERROR("ismcts:seed=1,c=0.5,seed=1", "seed", "twice");
  EXPECT_SPEC_ERROR("ismcts:sims", "sims", "key=value");
  EXPECT_SPEC_ERROR("ismcts:sims=1,,c=2", "key=value");
  EXPECT_SPEC_ERROR("ismcts:=5", "=5");
  EXPECT_SPEC_ERROR("ismcts:", "key=value");
}

TEST(Registry, ARegisteredKindCanBeMade) {
  registerAgentKind({"test-only-random", "a test kind", [](const AgentParams& p) {
                       return makeAgent("random:seed=" + std::to_string(p.getSeed("seed", 1)));
                     }});
  EXPECT_EQ(makeAgent("test-only-random:seed=5")->name(), "random");
  EXPECT_SPEC_ERROR("test-only-random:bogus=1", "bogus");
}

// One game's kinds (AgentKinds, shared by the classic, flip and four-player
// registries): built-in kinds first, added kinds after them, an added kind
// replaces the kind of its name in its place, and an unknown name is
// refused naming the game's agents and every kind.
TEST(Registry, OneGamesKindsListBuiltinsFirstAndAnAddedKindReplacesItsName) {
  struct Named : AgentBase {
    explicit Named(std::string n) : n_(std::move(n)) {}
    std::string name() const override { return n_; }
    std::string spec() const override { return n_; }
    std::string n_;
  };
  using Kind = AgentKindOf<Named>;
  const auto kind = [](std::string name, std::string made) {
    return Kind{name, "", [made](const AgentParams&) { return std::make_unique<Named>(made); }};
  };
  int builtinCalls = 0;
  AgentKinds<Named> kinds("test agent", [&] {
    ++builtinCalls;
    return std::vector<Kind>{kind("a", "builtin a"), kind("b", "builtin b")};
  });
  kinds.add(kind("c", "added c"));
  kinds.add(kind("a", "added a"));
  std::vector<std::string> names;
  for (const Kind& k : kinds.all()) names.push_back(k.name);
  EXPECT_EQ(names, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(kinds.make("a")->name(), "added a");
  kinds.add(kind("b", "added b"));
  EXPECT_EQ(kinds.make("b")->name(), "added b");
  EXPECT_EQ(kinds.all().size(), 3u);
  EXPECT_EQ(builtinCalls, 1);
  try {
    kinds.make("z");
    ADD_FAILURE() << "an unknown kind was made";
  } catch (const AgentSpecError& e) {
    EXPECT_STREQ(e.what(), "unknown test agent 'z' (known: a, b, c)");
  }
}

}  // namespace
}  // namespace junqi
