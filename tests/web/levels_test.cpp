// The playing levels of each game (tools/levels.h): every level makes its
// game's agent, a level a game lacks is refused in one line naming the game,
// and the page's menu offers each game's levels as level-1 ... .
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include <gtest/gtest.h>

#include "search/flip/flip_agent.h"
#include "search/four/four_agent.h"
#include "search/registry.h"
#include "server/agent_menu.h"
#include "tests/web/server_fixture.h"
#include "tools/best_network.h"
#include "tools/levels.h"

namespace junqi::webtest {
namespace {

std::string levelRefusal(const std::string& game, int level) {
  try {
    tools::levelSpec(game, level);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "accepted";
}

std::vector<std::string> menuNames(const server::AgentMenu& menu, server::GameKind game) {
  std::vector<std::string> names;
  for (const auto& agent : menu.agents(game)) names.push_back(agent.name);
  return names;
}

TEST(Levels, EachLevelOfEachGameMakesItsGamesAgent) {
  registerSlowAgent();  // and the nn kinds, as junqi registers them
  EXPECT_EQ(tools::levelCount("classic"), 5);
  EXPECT_EQ(tools::levelCount("flip"), 4);
  EXPECT_EQ(tools::levelCount("four"), 4);
  EXPECT_EQ(tools::levelCount("chess"), 0);
  for (int level = 1; level <= 5; ++level) EXPECT_NE(makeAgent(tools::levelSpec("classic", level)), nullptr);
  for (int level = 1; level <= 4; ++level) {
    EXPECT_NE(makeFlipAgent(tools::levelSpec("flip", level)), nullptr) << level;
    EXPECT_NE(makeFourAgent(tools::levelSpec("four", level)), nullptr) << level;
  }
  EXPECT_EQ(tools::levelSpec("flip", 1), "random");
  EXPECT_EQ(tools::levelSpec("four", 1), "heuristic");
  EXPECT_NE(tools::levelSpec("classic", 5).find("/classic.jqw,backend=eigen"), std::string::npos);
  EXPECT_NE(tools::levelSpec("flip", 4).find("/flip.jqw,worldatplay="), std::string::npos);
  EXPECT_NE(tools::levelSpec("flip", 4).find("/flip-worldatplay.jqw"), std::string::npos);
}

TEST(Levels, ALevelAGameLacksIsRefusedInOneLineNamingTheGame) {
  EXPECT_EQ(levelRefusal("flip", 5), "--level: the flip game has no level 5 (its levels are 1-4)");
  EXPECT_EQ(levelRefusal("four", 5), "--level: the four game has no level 5 (its levels are 1-4)");
  EXPECT_EQ(levelRefusal("classic", 6), "--level: the classic game has no level 6 (its levels are 1-5)");
  EXPECT_EQ(levelRefusal("classic", 0), "--level: the classic game has no level 0 (its levels are 1-5)");
  EXPECT_EQ(levelRefusal("chess", 1), "no levels for the game 'chess'");
}

TEST(Levels, TheMenuOffersEachGamesLevels) {
  registerSlowAgent();
  const auto menu = server::AgentMenu::of({});
  using server::GameKind;
  EXPECT_EQ(menuNames(menu, GameKind::Classic), (std::vector<std::string>{"random", "heuristic", "tactical", "ismcts",
                                                                          "level-1", "level-2", "level-3", "level-4",
                                                                          "level-5"}));
  EXPECT_EQ(menuNames(menu, GameKind::Flip),
            (std::vector<std::string>{"heuristic", "mcts", "level-1", "level-2", "level-3", "level-4"}));
  EXPECT_EQ(menuNames(menu, GameKind::Four),
            (std::vector<std::string>{"heuristic", "ismcts", "level-1", "level-2", "level-3", "level-4"}));
  // The page plays what `junqi play --level` plays.
  EXPECT_EQ(menu.find("level-2", GameKind::Flip).spec, tools::levelSpec("flip", 2));
  EXPECT_EQ(menu.find("level-3", GameKind::Four).spec, tools::levelSpec("four", 3));
  EXPECT_EQ(menu.find("level-5").spec, tools::levelSpec("classic", 5));
  EXPECT_EQ(menu.find("level-2", GameKind::Flip).help, "level 2 of 4: " + tools::levelWords("flip", 2));
  // An operator's list for a game replaces its levels too.
  EXPECT_EQ(menuNames(server::AgentMenu::of({"flip:easy=random"}), GameKind::Flip), std::vector<std::string>{"easy"});
}

// Without the best networks (an install that lacks them) the server still
// starts: the network levels are left out.
TEST(Levels, TheMenuLeavesOutALevelWhoseNetworkIsMissing) {
  registerSlowAgent();
  ::setenv("JUNQI_BEST_NETWORKS", "/nonexistent", 1);
  const auto menu = server::AgentMenu::of({});
  ::unsetenv("JUNQI_BEST_NETWORKS");
  EXPECT_EQ(menuNames(menu, server::GameKind::Classic).back(), "level-4");
  EXPECT_EQ(menuNames(menu, server::GameKind::Flip).back(), "level-3");
  EXPECT_EQ(menuNames(menu, server::GameKind::Four).back(), "level-4");
}

// An install with the Kawu network alone: level 4 plays it in every flip game.
TEST(Levels, WithoutTheWorldAtPlayNetworkTheFlipLevelPlaysTheOther) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "junqi-levels-flip-only";
  fs::create_directories(dir);
  fs::copy_file(tools::bestNetworkPath("flip"), dir / "flip.jqw", fs::copy_options::overwrite_existing);
  ::setenv("JUNQI_BEST_NETWORKS", dir.c_str(), 1);
  const std::string spec = tools::levelSpec("flip", 4);
  ::unsetenv("JUNQI_BEST_NETWORKS");
  EXPECT_EQ(spec, "nn:weights=" + (dir / "flip.jqw").string());
}

}  // namespace
}  // namespace junqi::webtest
