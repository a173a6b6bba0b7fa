#include "arena/match.h"

namespace junqi {

Match::Match(MatchOptions options) : PairedMatch(std::move(options)) {
  for (const PairedGame& g : PairedMatch::schedule()) {
    const ClassicMatchGame::Start start = startOf(g);
    schedule_.push_back({g.index, g.first, g.second, g.pair, start[0], start[1], g.seed});
  }
}

MatchSummary Match::run(const std::function<void(const std::string&)>& progress) {
  PairedMatchSummary<ClassicMatchGame> played = PairedMatch::run(progress);
  MatchSummary summary{{}, std::move(played.ratings), played.sprt, played.stoppedEarly, std::move(played.table)};
  for (auto& r : played.results)
    summary.results.push_back({schedule_[static_cast<std::size_t>(r.game.index)], r.outcome, std::move(r.detail),
                               r.plies, r.resumed, std::move(r.version)});
  return summary;
}

void Match::playElsewhere(RemotePlayer player, int places) {
  PairedMatch::playElsewhere(RemoteGames{[this, player = std::move(player)](int place, const PairedGame& g) {
                                           return player(place, schedule_[static_cast<std::size_t>(g.index)],
                                                         g.oneSeedForBoth);
                                         },
                                         places, true});
}

std::string Match::playRecord(const ScheduledGame& g, bool oneSeedForBoth) const {
  return PairedMatch::playRecord({g.index, g.red, g.blue, g.pair, g.seed, oneSeedForBoth});
}

}  // namespace junqi
