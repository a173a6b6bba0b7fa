#include "server/game_session.h"

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

}  // namespace junqi::server
