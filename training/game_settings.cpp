// What a flip or four-player run's settings make: its self-play and its rating matches.
#include "training/game_settings.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "core/random.h"
#include "nets/flip/flip_nn_agent.h"
#include "nets/four/four_nn_agent.h"

namespace junqi {

namespace fs = std::filesystem;

namespace {

// The gauntlet of generation g against its panel and the baselines, for either game's match.
template <class MatchOptions, class Rules>
MatchOptions ratingMatchOptions(const std::string& dir, int g, const TrainingConfig& c, const Rules& rules) {
  MatchOptions o;
  o.rules = rules;
  o.schedule = MatchSchedule::Gauntlet;
  o.pairs = c.ratingPairs;
  o.concurrency = c.ratingConcurrency;
  o.seed = Rng::mix(c.seed, 0xa7c4 + static_cast<std::uint64_t>(g));
  o.maxPlies = c.maxPlies;
  o.outDir = (fs::path(dir) / "matches" / generationName(g)).string();
  std::vector<int> players = {g};
  for (const int h : ratingGenerations(g, c)) players.push_back(h);
  for (const int h : players) {
    // The network plays with the search settings its weights file carries.
    const fs::path weights = fs::path(dir) / "weights" / (generationName(h) + ".jqw");
    o.players.push_back({generationName(h), fmt::format("nn:weights={},seed={}", weights.string(), c.seed + h), ""});
  }
  for (const std::string& b : c.baselines) o.players.push_back({b.substr(0, b.find(':')), b, ""});
  return o;
}

}  // namespace

FlipMatchOptions flipRatingMatchOptions(const std::string& dir, int g, const TrainingConfig& c) {
  return ratingMatchOptions<FlipMatchOptions>(dir, g, c, c.flipRules);
}

FourMatchOptions fourRatingMatchOptions(const std::string& dir, int g, const TrainingConfig& c) {
  return ratingMatchOptions<FourMatchOptions>(dir, g, c, c.fourRules);
}

FourSelfPlayOptions fourSelfPlayOptions(const TrainingConfig& c, std::uint64_t seed, bool teacher) {
  FourSelfPlayOptions o;
  o.rules = c.fourRules;
  o.games = teacher ? c.teacherGames : c.gamesPerGeneration;
  o.threads = c.parallelGames;
  o.sims = c.sims;
  o.cpuct = c.cpuct;
  o.rootNoise = c.rootNoise;
  o.temperaturePlies = c.temperaturePlies;
  o.maxPlies = c.maxPlies;
  o.seed = seed;
  o.teacher = teacher;
  o.teacherPositions = c.teacherPositions;
  o.fastSims = c.fastSims;
  o.fullSearchShare = c.fullSearchShare;
  o.gumbel = c.gumbel;
  o.gumbelActions = c.gumbelActions;
  o.outcomeShare = c.valueOutcomeShare;
  o.rolloutShare = c.rolloutMix;
  o.rolloutDepth = c.rolloutDepth;
  return o;
}

FlipSelfPlayOptions flipSelfPlayOptions(const TrainingConfig& c, std::uint64_t seed) {
  FlipSelfPlayOptions o;
  o.rules = c.flipRules;
  o.games = c.gamesPerGeneration;
  o.threads = c.parallelGames;
  o.sims = c.sims;
  o.cpuct = c.cpuct;
  o.staticMix = c.rolloutMix;
  o.rootNoise = c.rootNoise;
  o.temperaturePlies = c.temperaturePlies;
  o.maxPlies = c.maxPlies;
  o.seed = seed;
  o.fastSims = c.fastSims;
  o.fullSearchShare = c.fullSearchShare;
  o.gumbel = c.gumbel;
  o.gumbelActions = c.gumbelActions;
  o.outcomeShare = c.valueOutcomeShare;
  o.netDepth = c.netDepth;
  o.netVisits = c.netVisits;
  o.flagTactics = c.flagTactics;
  return o;
}

Shard playSeatSelfPlay(std::shared_ptr<nets::Backend> network, const TrainingConfig& c, std::uint64_t seed,
                       int first, int games, FlipSelfPlayStats& stats, const std::atomic<bool>* stop,
                       const FlipProgress& progress, std::function<FlipLeagueOpponent(int)> opponentOf) {
  if (c.variant == "four") {
    FourSelfPlayOptions o = fourSelfPlayOptions(c, seed, false);
    o.games = games, o.firstGame = first;
    return playFourSelfPlay(std::move(network), o, stats, stop, progress);
  }
  FlipSelfPlayOptions o = flipSelfPlayOptions(c, seed);
  o.games = games, o.firstGame = first;
  o.opponentOf = std::move(opponentOf);
  return playFlipSelfPlay(std::move(network), o, stats, stop, progress);
}

void checkSeatWeights(const TrainingConfig& c, const nets::WeightsFile& weights, const std::string& source) {
  if (c.variant == "four") nets::checkFourWeights(weights, source);
  else nets::checkFlipWeights(weights, source);
}

FlipProgress flipProgressLines(const std::function<void(const std::string&)>& log, const std::string& what, int games,
                               int first) {
  const int every = std::max(1, games / 20);
  return [=](const FlipSelfPlayStats& r) {
    const int done = first + r.games;
    if (done % every != 0 && done != games) return;
    const double rate = r.games / std::max(1e-9, r.seconds);
    log(fmt::format("{} {}/{} games | {:.1f} games/min, {:.0f} positions/s | ETA of these games {}", what, done,
                    games, 60 * rate, r.positions / std::max(1e-9, r.seconds),
                    eta((games - done) / std::max(1e-9, rate))));
  };
}

}  // namespace junqi
