#include "server/game_session.h"

#include <cstdio>
#include <ctime>
#include <filesystem>

#include <fmt/format.h>

#include "core/files.h"

#include "core/flip/flip_ruleset.h"
#include "core/four/four_ruleset.h"
#include "server/classic/classic_session.h"
#include "server/flip/flip_session.h"
#include "server/four/four_session.h"

namespace junqi::server {

std::shared_ptr<GameSession> makeGameSession(std::string id, const NewGame& setup) {
  if (FourRuleset::namesFour(setup.rules)) return std::make_shared<FourSession>(std::move(id), setup);
  if (FlipRuleset::namesFlip(setup.rules)) return std::make_shared<FlipSession>(std::move(id), setup);
  return std::make_shared<ClassicSession>(std::move(id), setup);
}

std::string recordDate() {
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  return date;
}

void writeFinishedRecord(const std::string& dir, const std::string& id, const std::string& extension,
                         const std::string& text) {
  const std::string path = (std::filesystem::path(dir) / fmt::format("game-{}.{}", id, extension)).string();
  try {
    std::filesystem::create_directories(dir);
    writeFileAtomically(path, text);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "junqi serve: cannot write %s: %s\n", path.c_str(), e.what());
  }
}

}  // namespace junqi::server
