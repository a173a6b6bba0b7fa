// Agents the page may play (the operator's menu, never a spec from the page),
// agents let go when their game ends or their time is over, seeds the page
// cannot choose, and games that expire (issue 40).
#include <sys/stat.h>

#include <chrono>
#include <stdexcept>

#include "core/classic/notation.h"
#include "core/classic/record.h"
#include "server/agent_menu.h"
#include "tests/web/server_fixture.h"

namespace junqi::webtest {
namespace {

using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::string menuError(const std::vector<std::string>& entries) {
  try {
    server::AgentMenu::of(entries);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "accepted";
}

TEST(AgentMenu, OffersTheDefaultsOrTheOperatorsList) {
  registerSlowAgent();  // and the nn kind, which the classic level 5 plays
  std::vector<std::string> names;
  const auto defaults = server::AgentMenu::of({});
  for (const auto& a : defaults.agents()) names.push_back(a.name);
  EXPECT_EQ(names, (std::vector<std::string>{"random", "heuristic", "tactical", "ismcts", "level-1", "level-2",
                                             "level-3", "level-4", "level-5"}));
  const auto menu = server::AgentMenu::of({"strong=ismcts:sims=2000", "easy=random"});
  EXPECT_EQ(menu.find("strong").spec, "ismcts:sims=2000");
  EXPECT_EQ(menu.find("easy").help, "uniformly random legal moves");
}

TEST(AgentMenu, RefusesWhatItCannotOffer) {
  EXPECT_NE(menuError({"ismcts"}).find("--agent 'ismcts': is not NAME=SPEC"), std::string::npos);
  EXPECT_NE(menuError({"a=ismcts:sims=1000000"}).find("sims=1000000 is past the budget"), std::string::npos);
  EXPECT_NE(menuError({"a=ismcts:seconds=600"}).find("seconds=600 is past the budget"), std::string::npos);
  EXPECT_NE(menuError({"a=ismcts:threads=64"}).find("threads=64 is past the budget"), std::string::npos);
  EXPECT_NE(menuError({"a=nosuch"}).find("unknown agent 'nosuch'"), std::string::npos);
  EXPECT_NE(menuError({"a=random", "a=heuristic"}).find("listed twice"), std::string::npos);
  EXPECT_NE(menuError({"a b=random"}).find("the name must be"), std::string::npos);
  EXPECT_NE(menuError({"w=nn:weights=/no/such/bot.jqw"}).find("/no/such/bot.jqw"), std::string::npos);
}

using AgentsOnThePage = ServerTest;

// A spec sent by the page is a name the menu does not hold: no file is
// opened, so a file that is there, one that is not and a FIFO (which would
// block the reader) get the same answer, at once.
TEST_F(AgentsOnThePage, ASpecFromThePageOpensNothing) {
  const std::string fifo = (dir_ / "fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const std::string& path : {std::string("/etc/passwd"), std::string("/no/such/file"), fifo}) {
    const auto start = Clock::now();
    const Answer answer = newGame("nn:weights=" + path);
    EXPECT_LT(secondsSince(start), 1.0) << path;
    EXPECT_EQ(answer.status, 400) << answer.raw;
    EXPECT_EQ(answer.body.value("error", ""), "unknown agent 'nn:weights=" + path +
                                                  "': this server offers random, heuristic, slow, slow500, slow1500");
  }
  EXPECT_EQ(get("/api/agents").body.size(), 5u);  // the menu, not the kinds
}

// maxGames 1: a game whose agent thinks for 1.5 s is resigned; the next
// game takes its place at once (the ended game's agent is not waited for).
TEST_F(AgentsOnThePage, ResigningLetsTheAgentGoAndTheNextGameDoesNotWait) {
  server::ServerOptions options = options_;
  options.maxGames = 1;
  start(options);
  const Answer created = newGame("slow1500", "blue");  // red, the agent, thinks first
  ASSERT_EQ(created.status, 201) << created.raw;
  const std::string id = created.body["id"];
  auto start = Clock::now();
  const Answer resigned = post("/api/games/" + id + "/resign", nlohmann::json::object());
  EXPECT_FALSE(resigned.body["thinking"].get<bool>());
  EXPECT_EQ(resigned.body["outcome"]["winner"], "red");
  start = Clock::now();
  const Answer next = newGame("random");
  EXPECT_EQ(next.status, 201) << next.raw;
  EXPECT_LT(secondsSince(start), 0.5) << "the new game waited for the ended game's agent";
}

// Searches of ended games run out their budget: past twice the table's games
// of them, a new game waits (503) until they are done.
TEST_F(AgentsOnThePage, AgentsLetGoAreCappedUntilTheirSearchesEnd) {
  server::ServerOptions options = options_;
  options.maxGames = 1;
  start(options);
  for (int i = 0; i < 2; ++i) {
    const int begun = slowSearchesBegun();
    const Answer created = newGame("slow1500", "blue");
    ASSERT_EQ(created.status, 201) << created.raw;
    const auto started = Clock::now() + std::chrono::seconds(5);  // resigned earlier, the agent would never search
    while (slowSearchesBegun() == begun && Clock::now() < started)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_GT(slowSearchesBegun(), begun) << "the agent never began its search";
    post("/api/games/" + created.body["id"].get<std::string>() + "/resign", nlohmann::json::object());
  }
  const Answer refused = newGame("random");
  EXPECT_EQ(refused.status, 503);
  EXPECT_NE(refused.body.value("error", "").find("still finishing their moves"), std::string::npos) << refused.raw;
  // The searches end 1.5 s after they began; a loaded machine may add some
  // scheduling delay, so ask again until a deadline well past that.
  const auto deadline = Clock::now() + std::chrono::seconds(10);
  int status = 0;
  while ((status = newGame("random").status) != 201 && Clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(status, 201);
}

TEST_F(AgentsOnThePage, AnAgentPastItsTimeForAMoveLoses) {
  server::ServerOptions options = options_;
  options.agentSeconds = 0.3;
  start(options);
  const Answer created = newGame("slow1500", "blue");
  ASSERT_EQ(created.status, 201) << created.raw;
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const Answer state = get("/api/games/" + created.body["id"].get<std::string>());
  EXPECT_EQ(state.body["outcome"]["winner"], "blue") << state.raw;
  EXPECT_FALSE(state.body["thinking"].get<bool>());
  EXPECT_NE(state.body.value("note", "").find("more than 0.3 s"), std::string::npos) << state.raw;
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));  // its move, when it comes, is dropped
  EXPECT_EQ(get("/api/games/" + created.body["id"].get<std::string>()).body["events"], state.body["events"]);
}

using Seeds = ServerTest;

// The agent's layout follows from the game's seed: the page cannot choose it,
// and the same request twice meets two layouts.
TEST_F(Seeds, ThePageCannotReplayTheAgentsLayout) {
  const Answer seeded = post("/api/games", nlohmann::json{{"agent", "random"}, {"layout", kLayout}, {"seed", 3}});
  EXPECT_EQ(seeded.status, 400);
  EXPECT_NE(seeded.body.value("error", "").find("'seed' is the server's"), std::string::npos) << seeded.raw;
  std::vector<std::string> layouts;
  for (int i = 0; i < 2; ++i) {
    const std::string id = newGame("random").body["id"];
    post("/api/games/" + id + "/resign", nlohmann::json::object());
    const GameRecord record = parseRecord(client_->Get(("/api/games/" + id + "/record").c_str())->body);
    layouts.push_back(formatLayout(*record.blueLayout));
  }
  EXPECT_NE(layouts[0], layouts[1]);
}

using Expiry = ServerTest;

TEST_F(Expiry, AGameNobodyAsksAboutExpiresAndFreesItsPlace) {
  server::ServerOptions options = options_;
  options.maxGames = 1;
  options.gameIdleMinutes = 0.5 / 60;  // half a second
  start(options);
  const Answer first = newGame("random");
  ASSERT_EQ(first.status, 201);
  EXPECT_EQ(newGame("random").status, 503);  // still going, and just seen
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  const Answer gone = get("/api/games/" + first.body["id"].get<std::string>());
  EXPECT_EQ(gone.status, 404);
  EXPECT_NE(gone.body.value("error", "").find("expired"), std::string::npos) << gone.raw;
  EXPECT_EQ(newGame("random").status, 201);
}

}  // namespace
}  // namespace junqi::webtest
