#include "core/classic/rules.h"

#include <map>
#include <memory>
#include <mutex>

namespace junqi {

Rules::Rules(const Ruleset& ruleset)
    : ruleset_(ruleset),
      topology_(&Topology::classic(ruleset.centreCrossingRailway)),
      frozen_(ruleset.headquartersFreeze ? topology_->headquarters : 0) {
  for (int a = 0; a < kPieceTypes; ++a)
    for (int d = 0; d < kPieceTypes; ++d)
      combat_[a][d] = resolveCombat(typeFromIndex(a), typeFromIndex(d), ruleset.landmineSurvivesAttack);
}

const Rules& Rules::of(const Ruleset& ruleset) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<Rules>> interned;
  const std::string key = ruleset.toString();
  std::lock_guard lock(mutex);
  auto& slot = interned[key];
  if (!slot) slot = std::make_unique<Rules>(ruleset);
  return *slot;
}

const Rules& Rules::standard() {
  static const Rules& rules = of(Ruleset{});
  return rules;
}

}  // namespace junqi
