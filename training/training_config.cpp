#include "training/training_config.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "core/binary_io.h"
#include "core/files.h"
#include "core/random.h"

namespace junqi {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

json leagueJson(const std::vector<LeagueOpponent>& league) {
  json j = json::array();
  for (const LeagueOpponent& o : league) j.push_back({{"opponent", o.opponent}, {"share", o.share}});
  return j;
}

std::vector<LeagueOpponent> leagueOf(const json& j) {
  std::vector<LeagueOpponent> league;
  for (const json& o : j) league.push_back({o.at("opponent").get<std::string>(), o.at("share").get<double>()});
  checkLeague(league);
  return league;
}

// Every setting a run of any game may keep, whatever its value: what
// `junqi train`'s options ask for, and the run's started values to compare with.
json allSettingsJson(const TrainingConfig& c) {
  return {{"ruleset", rulesText(c)},
          {"shape", c.shape},
          {"generations", c.generations},
          {"games_per_generation", c.gamesPerGeneration},
          {"parallel_games", c.parallelGames},
          {"sims", c.sims},
          {"cpuct", c.cpuct},
          {"rollout_mix", c.rolloutMix},
          {"rollout_depth", c.rolloutDepth},
          {"temperature_plies", c.temperaturePlies},
          {"root_noise", c.rootNoise},
          {"value_outcome_share", c.valueOutcomeShare},
          {"max_plies", c.maxPlies},
          {"teacher_games", c.teacherGames},
          {"teacher_positions", c.teacherPositions},
          {"teacher_steps", c.teacherSteps},
          {"steps_per_generation", c.stepsPerGeneration},
          {"batch_size", c.batchSize},
          {"replay_window", c.replayWindow},
          {"optimizer", c.optimizer},
          {"learning_rate", c.learningRate},
          {"weight_decay", c.weightDecay},
          {"rating_pairs", c.ratingPairs},
          {"rating_sims", c.ratingSims},
          {"baselines", c.baselines},
          {"seed", c.seed},
          {"external_selfplay", c.externalSelfPlay},
          {"selfplay_backend", c.selfPlayBackend},
          {"gumbel", c.gumbel},
          {"gumbel_actions", c.gumbelActions},
          {"net_depth", c.netDepth},
          {"net_visits", c.netVisits},
          {"flag_tactics", c.flagTactics},
          {"full_search_share", c.fullSearchShare},
          {"fast_sims", c.fastSims},
          {"anchor_generations", c.anchorGenerations},
          {"rate_previous", c.ratePrevious},
          {"init_weights", c.initWeights},
          {"identity_loss", c.identityLoss},
          {"league", leagueJson(c.league)}};
}

// The keys a classic run keeps whatever their values (the others only when
// they differ from what the runs made before them did, so that those resume).
const std::set<std::string> kClassicAlways = {
    "ruleset", "shape", "generations", "games_per_generation", "parallel_games", "sims", "cpuct", "rollout_mix",
    "rollout_depth", "temperature_plies", "root_noise", "value_outcome_share", "max_plies", "steps_per_generation",
    "batch_size", "replay_window", "optimizer", "learning_rate", "weight_decay", "rating_pairs", "rating_sims",
    "baselines", "seed", "external_selfplay", "selfplay_backend"};
// The keys a Flip Junqi or four-player run keeps always (beside "variant"),
// as the first of them wrote them, and those it keeps when used.
const std::set<std::string> kGameAlways = {
    "ruleset", "shape", "generations", "games_per_generation", "parallel_games", "sims", "cpuct", "rollout_mix",
    "root_noise", "temperature_plies", "max_plies", "teacher_games", "teacher_positions", "teacher_steps",
    "steps_per_generation", "batch_size", "replay_window", "optimizer", "learning_rate", "weight_decay",
    "rating_pairs", "rating_sims", "baselines", "seed", "external_selfplay"};
const std::set<std::string> kGameWhenUsed = {"anchor_generations", "rate_previous", "init_weights", "fast_sims",
                                              "full_search_share", "gumbel", "gumbel_actions", "value_outcome_share",
                                              "rollout_depth", "identity_loss", "net_depth", "net_visits",
                                              "flag_tactics", "league"};

bool keptWhenUsed(const std::string& key) { return kGameWhenUsed.contains(key); }

// Is a setting other than the runs made before it did (then it is written)?
bool used(const TrainingConfig& c, const std::string& key) {
  if (key == "teacher_games" || key == "teacher_positions" || key == "teacher_steps") return c.teacherGames > 0;
  if (key == "gumbel" || key == "gumbel_actions") return c.gumbel;
  if (key == "fast_sims" || key == "full_search_share") return c.fastSims > 0;
  if (key == "anchor_generations") return !c.anchorGenerations.empty();
  if (key == "rate_previous") return !c.ratePrevious;
  if (key == "init_weights") return !c.initWeights.empty();
  if (key == "identity_loss") return c.identityLoss != 0;
  if (key == "league") return !c.league.empty();
  if (key == "value_outcome_share") return c.valueOutcomeShare != 1;  // flip and four-player: the result alone before
  if (key == "rollout_depth") return c.variant == "four" && c.rolloutMix > 0;  // four-player rollouts only
  if (key == "net_depth" || key == "net_visits") return c.netDepth != -1 || c.netVisits != 0;  // the flip hybrid
  if (key == "flag_tactics") return c.flagTactics;
  return false;
}

}  // namespace

std::string variantOfRules(const std::string& rules) {
  if (rules == "flip" || FlipRuleset::namesFlip(rules)) return "flip";
  if (rules == "four" || FourRuleset::namesFour(rules)) return "four";
  return "classic";
}

std::string gameTitle(const std::string& variant) {
  return variant == "flip" ? "Flip Junqi" : variant == "four" ? "four-player" : "classic";
}

std::string rulesText(const TrainingConfig& c) {
  if (c.variant == "flip") return c.flipRules.toString();
  if (c.variant == "four") return c.fourRules.toString();
  return c.ruleset.toString();
}

void setRules(TrainingConfig& c, const std::string& rules) {
  c.variant = variantOfRules(rules);
  if (c.variant == "flip")
    c.flipRules = rules == "flip" ? FlipRuleset::kawu() : FlipRuleset::parse(rules);
  else if (c.variant == "four")
    c.fourRules = rules == "four" ? FourRuleset::worldAtPlay() : FourRuleset::parse(rules);
  else
    c.ruleset = Ruleset::parse(rules);
}

// A flip or four-player run is a short one by default; four-player games are
// longer, with fewer and larger samples. Neither learns identities by default.
TrainingConfig trainingDefaults(const std::string& variant) {
  TrainingConfig c;
  c.variant = variant;
  if (variant == "classic") return c;
  c.generations = 2, c.gamesPerGeneration = 8, c.parallelGames = 2, c.sims = 32, c.rolloutMix = 0.25;
  c.temperaturePlies = 30, c.maxPlies = 400, c.teacherGames = 400, c.stepsPerGeneration = 60, c.batchSize = 64;
  c.replayWindow = 20000, c.ratingPairs = 2, c.ratingSims = 32, c.identityLoss = 0, c.valueOutcomeShare = 1;
  if (variant == "four") {
    c.rolloutMix = 0, c.maxPlies = 600, c.temperaturePlies = 40, c.teacherGames = 100, c.teacherPositions = 24;
    c.replayWindow = 6000, c.rolloutDepth = 40;  // ismcts's rollouts, for --rollout-mix
  }
  return c;
}

bool gameHasSetting(const std::string& variant, const std::string& key) {
  if (key == "net_depth" || key == "net_visits" || key == "flag_tactics")
    return variant == "flip";  // the flip nn agent's hybrid search and flag tactics
  if (key == "league") return variant != "four";  // four-player self-play has no league games
  static const json kClassic = allSettingsJson(trainingDefaults("classic"));
  if (variant == "classic") return kClassic.contains(key);
  if (key == "rollout_depth") return variant == "four";  // flip has no rollouts
  if (key == "identity_loss") return variant == "four";  // flip has no hidden identities
  return kGameAlways.contains(key) || keptWhenUsed(key);
}

json trainingConfigJson(const TrainingConfig& c) {
  const bool classic = c.variant == "classic";
  json j = json::object();
  const json all = allSettingsJson(c);  // (items() would not keep a temporary alive)
  for (const auto& [key, value] : all.items()) {
    const bool always = classic ? kClassicAlways.contains(key) : kGameAlways.contains(key);
    if (always || ((classic || keptWhenUsed(key)) && used(c, key))) j[key] = value;
  }
  if (!classic) j["variant"] = c.variant;
  return j;
}

TrainingConfig trainingConfigOf(const json& j) {
  const std::string variant = j.value("variant", "classic");
  if (variant != "classic" && variant != "flip" && variant != "four")
    throw std::runtime_error(fmt::format("unknown game '{}' (classic, flip or four)", variant));
  const bool classic = variant == "classic";
  TrainingConfig c = trainingDefaults(variant);
  setRules(c, j.at("ruleset").get<std::string>());
  if (c.variant != variant)
    throw std::runtime_error(fmt::format("ruleset {} is not a {} one", j.at("ruleset").dump(), gameTitle(variant)));
  c.shape = j.at("shape");
  c.generations = j.at("generations");
  c.gamesPerGeneration = j.at("games_per_generation");
  c.parallelGames = j.at("parallel_games");
  c.sims = j.at("sims");
  c.cpuct = j.at("cpuct");
  // Settings added after the first flip runs: those runs played without them.
  c.rolloutMix = classic ? j.at("rollout_mix").get<double>() : j.value("rollout_mix", 0.0);
  c.rootNoise = classic ? j.at("root_noise").get<double>() : j.value("root_noise", 0.0);
  c.temperaturePlies = j.at("temperature_plies");
  c.maxPlies = j.at("max_plies");
  c.stepsPerGeneration = j.at("steps_per_generation");
  c.batchSize = j.at("batch_size");
  c.replayWindow = j.at("replay_window");
  c.optimizer = j.at("optimizer");
  c.learningRate = j.at("learning_rate");
  c.weightDecay = j.at("weight_decay");
  c.ratingPairs = j.at("rating_pairs");
  c.ratingSims = j.at("rating_sims");
  c.baselines = j.at("baselines").get<std::vector<std::string>>();
  c.seed = j.at("seed");
  c.externalSelfPlay = j.value("external_selfplay", false);
  c.teacherGames = j.value("teacher_games", 0);
  c.teacherPositions = j.value("teacher_positions", 8);
  c.teacherSteps = j.value("teacher_steps", 0);
  c.valueOutcomeShare = j.value("value_outcome_share", classic ? 0.5 : 1.0);
  c.rolloutDepth = classic ? j.at("rollout_depth").get<int>() : j.value("rollout_depth", c.rolloutDepth);
  if (classic) c.selfPlayBackend = j.value("selfplay_backend", "eigen");
  c.gumbel = j.value("gumbel", false);
  c.gumbelActions = j.value("gumbel_actions", 16);
  c.netDepth = j.value("net_depth", -1);  // runs before the hybrid: the network at every node
  c.netVisits = j.value("net_visits", 0);
  c.flagTactics = j.value("flag_tactics", false);
  c.fullSearchShare = j.value("full_search_share", 1.0);
  c.fastSims = j.value("fast_sims", 0);
  c.anchorGenerations = j.value("anchor_generations", std::vector<int>{});
  c.ratePrevious = j.value("rate_previous", true);
  c.initWeights = j.value("init_weights", "");
  c.identityLoss = j.value("identity_loss", 0.0);
  c.league = leagueOf(j.value("league", json::array()));
  return c;
}

json readRunSettings(const std::string& config) {
  try {
    json settings = json::parse(readFile(config));
    (void)trainingConfigOf(settings);
    return settings;
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("{}: not a training run's settings ({})", config, e.what()));
  }
}

std::optional<std::string> runVariant(const std::string& dir) {
  const fs::path path = fs::path(dir) / "config.json";
  if (!fs::exists(path)) return std::nullopt;
  return readRunSettings(path.string()).value("variant", "classic");
}

// What config.json does not keep (threads, device, who plays the rating games,
// data-parallel partners) comes from this session.
static TrainingConfig withSession(TrainingConfig c, const TrainingConfig& session) {
  c.trainThreads = session.trainThreads;
  c.device = session.device;
  c.ratingConcurrency = session.ratingConcurrency;
  c.externalRating = session.externalRating;
  c.dataParallelRank = session.dataParallelRank;
  c.dataParallelSize = session.dataParallelSize;
  c.dataParallelStore = session.dataParallelStore;
  return c;
}

TrainingConfig configOfGame(TrainingConfig defaults, const TrainingConfig& asked, const GivenOptions& given) {
  json settings = allSettingsJson(defaults);
  const json from = allSettingsJson(asked);
  for (const auto& [key, option] : given) {
    if (key == "ruleset") continue;  // the defaults' rules: the game was chosen by them
    if (!gameHasSetting(defaults.variant, key))
      throw std::invalid_argument(fmt::format("{}: not available in a {} run", option, gameTitle(defaults.variant)));
    settings[key] = from.at(key);
  }
  settings["variant"] = defaults.variant;
  return withSession(trainingConfigOf(settings), asked);
}

bool mayChangeOnResume(const std::string& key) { return key == "generations" || key == "league"; }

TrainingConfig resumedConfig(const std::string& dir, const TrainingConfig& config, const GivenOptions& given) {
  const fs::path path = fs::path(dir) / "config.json";
  if (!fs::exists(path)) return config;
  json run = readRunSettings(path.string());
  if (run.value("variant", "classic") != config.variant) return config;  // another game's: the run refuses it
  const json started = allSettingsJson(trainingConfigOf(run));
  const json asked = allSettingsJson(config);
  for (const auto& [key, option] : given) {
    if (!asked.contains(key) || !gameHasSetting(config.variant, key)) continue;  // not kept (threads, device, ...)
    if (!mayChangeOnResume(key) && started.at(key) != asked.at(key))
      throw std::invalid_argument(fmt::format("{}: the run in {} was started with {} = {}, not {}; use a new directory",
                                              option, dir, key, started.at(key).dump(), asked.at(key).dump()));
    run[key] = asked.at(key);
  }
  return withSession(trainingConfigOf(run), config);
}

std::vector<std::string> splitAgentSpecs(const std::string& list) {
  std::vector<std::string> specs;
  std::size_t at = 0;
  while (at <= list.size()) {
    auto comma = list.find(',', at);
    if (comma == std::string::npos) comma = list.size();
    const std::string item = list.substr(at, comma - at);
    const auto eq = item.find('=');
    if (!specs.empty() && eq != std::string::npos && item.find(':') > eq)
      specs.back() += "," + item;  // a parameter of the spec before
    else if (!item.empty())
      specs.push_back(item);
    at = comma + 1;
  }
  return specs;
}

std::optional<int> leaguePastGeneration(const std::string& opponent) {
  if (!opponent.starts_with("gen-") || opponent.size() == 4) return std::nullopt;
  int k = 0;
  const char* end = opponent.data() + opponent.size();
  const auto [at, error] = std::from_chars(opponent.data() + 4, end, k);
  if (error != std::errc() || at != end || k < 1) return std::nullopt;
  return k;
}

void checkLeague(const std::vector<LeagueOpponent>& league) {
  double total = 0;
  for (const LeagueOpponent& o : league) {
    if (o.opponent.empty()) throw std::invalid_argument("--league: an item has no opponent (use SPEC@SHARE)");
    if (o.opponent.starts_with("gen-") && !leaguePastGeneration(o.opponent))
      throw std::invalid_argument(
          fmt::format("--league: '{}' is not a past generation (gen-K, K a whole number of at least 1)", o.opponent));
    if (!(o.share >= 0 && o.share <= 1))
      throw std::invalid_argument(fmt::format("--league: {}'s share {} is not in [0, 1]", o.opponent, o.share));
    total += o.share;
  }
  if (total > 1 + 1e-9)
    throw std::invalid_argument(fmt::format("--league: the shares sum to {}, over 1", total));
}

std::vector<LeagueOpponent> parseLeague(const std::string& text) {
  std::vector<LeagueOpponent> league;
  for (const std::string& item : splitAgentSpecs(text)) {
    const std::size_t at = item.rfind('@');
    if (at == std::string::npos)
      throw std::invalid_argument(fmt::format("--league: '{}' has no share (use SPEC@SHARE, e.g. tactical@0.25)", item));
    const std::string share = item.substr(at + 1);
    double value = 0;
    const auto [end, error] = std::from_chars(share.data(), share.data() + share.size(), value);
    if (error != std::errc() || end != share.data() + share.size())
      throw std::invalid_argument(fmt::format("--league: '{}' in '{}' is not a share (a number in [0, 1])", share, item));
    league.push_back({item.substr(0, at), value});
  }
  if (league.empty() && !text.empty()) throw std::invalid_argument(fmt::format("--league: '{}' names no opponent", text));
  checkLeague(league);
  return league;
}

std::string leagueText(const std::vector<LeagueOpponent>& league) {
  std::string text;
  for (const LeagueOpponent& o : league) text += fmt::format("{}{}@{}", text.empty() ? "" : ",", o.opponent, o.share);
  return text;
}

std::vector<int> leagueGameCounts(const std::vector<LeagueOpponent>& league, int games) {
  std::vector<int> counts;
  double sum = 0;
  long long before = 0;
  for (const LeagueOpponent& o : league) {
    sum += o.share;
    const long long upTo = std::min<long long>(games, std::llround(sum * games));
    counts.push_back(static_cast<int>(std::max(0LL, upTo - before)));
    before = std::max(before, upTo);
  }
  return counts;
}

int leagueSelfPlayGames(const std::vector<LeagueOpponent>& league, int games) {
  int selfPlay = games;
  for (const int n : leagueGameCounts(league, games)) selfPlay -= n;
  return selfPlay;
}

int leagueOpponentOfGame(const std::vector<LeagueOpponent>& league, int games, int game) {
  int end = leagueSelfPlayGames(league, games);
  if (game < end) return -1;
  const std::vector<int> counts = leagueGameCounts(league, games);
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (game < (end += counts[i])) return static_cast<int>(i);
  return -1;  // past the generation's games
}

std::string ratedSearchSettings(const TrainingConfig& c) {
  // flip: mix only when used, so that the weights files of runs without it read as before
  // and the hybrid's depth and visits only with the hybrid
  if (c.variant == "flip")
    return fmt::format("sims={},c={}{}{}{}", c.ratingSims, c.cpuct,
                       c.rolloutMix > 0 ? fmt::format(",mix={}", c.rolloutMix) : "",
                       c.netDepth >= 0 ? fmt::format(",netdepth={},netvisits={}", c.netDepth, c.netVisits) : "",
                       c.flagTactics ? ",decisive=1,takeflag=1,lostflag=1" : "");
  // four: the hybrid's leaf mix (the network's share) only when the run has rollouts
  if (c.variant == "four")
    return fmt::format("sims={},pc={}{}", c.ratingSims, c.cpuct,
                       c.rolloutMix > 0 ? fmt::format(",mix={},rollout=greedy,depth={}", 1 - c.rolloutMix, c.rolloutDepth)
                                        : "");
  return fmt::format("sims={},c={},mix={},depth={},rollout=greedy", c.ratingSims, c.cpuct, c.rolloutMix, c.rolloutDepth);
}

SelfPlayOptions selfPlayOptions(const TrainingConfig& c, std::uint64_t seed) {
  SelfPlayOptions so;
  so.ruleset = c.ruleset;
  so.games = c.gamesPerGeneration;
  so.parallelGames = c.parallelGames;
  so.search.iterations = c.sims;
  so.search.exploration = c.cpuct;
  so.search.rolloutMix = c.rolloutMix;
  so.search.rolloutDepth = c.rolloutDepth;
  so.search.rollout = RolloutPolicy::Greedy;
  so.search.rootNoiseAlpha = c.rootNoise;
  so.search.gumbel = c.gumbel;
  so.search.gumbelRoot.actions = c.gumbelActions;
  so.fullSearchShare = c.fullSearchShare;
  so.fastSims = c.fastSims;
  so.temperaturePlies = c.temperaturePlies;
  so.outcomeShare = c.valueOutcomeShare;
  so.maxPlies = c.maxPlies;
  so.seed = seed;
  return so;
}

std::string eta(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const long s = std::lround(seconds);
  return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

std::string selfPlayLine(const std::string& who, const SelfPlayStats& s, int games, const std::string& kind) {
  const double rate = s.games / std::max(1e-9, s.seconds);
  const std::string evals =
      s.evaluations > 0 ? fmt::format(", {:.0f} evals/s", s.evaluations / std::max(1e-9, s.seconds)) : "";
  const std::string cpu =
      s.cpuSeconds > 0 ? fmt::format(" ({:.0f} a CPU-second)", s.positions / s.cpuSeconds) : "";
  return fmt::format("{} | {} {}/{} games | {:.1f} games/min, {:.0f} positions/s{}{} | ETA of these games {}", who,
                     kind, s.games, games, 60 * rate, s.positions / std::max(1e-9, s.seconds), cpu, evals,
                     eta((games - s.games) / std::max(1e-9, rate)));
}

std::string generationName(int g) { return fmt::format("gen-{:04}", g); }

namespace {

// The network agent of generation g as a match player.
std::string netSpec(const fs::path& dir, int g, const TrainingConfig& c) {
  return fmt::format("nn:weights={},{},seed={}", (dir / "weights" / (generationName(g) + ".jqw")).string(),
                     ratedSearchSettings(c), c.seed + static_cast<std::uint64_t>(g));
}

}  // namespace

void waitForRatingRecords(int g, int generations, int games, const std::function<int()>& recorded,
                          const std::function<bool()>& stopped, const std::function<void(const std::string&)>& log) {
  for (int waited = 0; !stopped(); ++waited) {
    const int done = recorded();
    if (done >= games) return;
    if (waited % 30 == 0)
      log(fmt::format("gen {}/{} | rating | waiting for the rating games played elsewhere: {}/{}", g, generations, done,
                      games));
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
}

std::vector<int> ratingGenerations(int g, const TrainingConfig& c) {
  std::vector<int> opponents;
  if (c.ratePrevious) opponents.push_back(g - 1);
  for (const int h : c.anchorGenerations)
    if (h < g && std::find(opponents.begin(), opponents.end(), h) == opponents.end()) opponents.push_back(h);
  if (opponents.empty() && c.baselines.empty()) opponents.push_back(g - 1);  // someone to be rated against
  return opponents;
}

MatchOptions ratingMatchOptions(const std::string& dirName, int g, const TrainingConfig& c) {
  const fs::path dir(dirName);
  MatchOptions o;
  o.ruleset = c.ruleset;
  o.schedule = MatchSchedule::Gauntlet;
  o.pairs = c.ratingPairs;
  o.concurrency = c.ratingConcurrency;
  o.seed = Rng::mix(c.seed, 0xa7c4 + static_cast<std::uint64_t>(g));
  o.maxPlies = c.maxPlies;
  o.outDir = (dir / "matches" / generationName(g)).string();
  o.movableRoot = dir.string();  // the weights paths in the players' specs are under it
  o.players.push_back({generationName(g), netSpec(dir, g, c), ""});
  for (const int h : ratingGenerations(g, c)) o.players.push_back({generationName(h), netSpec(dir, h, c), ""});
  for (const std::string& b : c.baselines) o.players.push_back({b.substr(0, b.find(':')), b, ""});
  return o;
}

int newestGeneration(const std::string& dir) {
  int newest = -1;
  if (!fs::exists(fs::path(dir) / "weights")) return newest;
  for (const auto& e : fs::directory_iterator(fs::path(dir) / "weights")) {
    int g = -1;
    if (std::sscanf(e.path().filename().string().c_str(), "gen-%d.jqw", &g) == 1 && e.path().extension() == ".jqw")
      newest = std::max(newest, g);
  }
  return newest;
}

void checkWorkerName(const std::string& worker) {
  if (worker.empty() || worker.find_first_of("/ .") != std::string::npos)
    throw std::runtime_error(fmt::format("worker name '{}': one word without '/', ' ' or '.'", worker));
}

std::string workerShardName(const std::string& worker, int index) { return fmt::format("w-{}-{:06}.jqs", worker, index); }

int nextWorkerShardIndex(const std::string& dir, const std::string& worker) {
  int index = 0;
  while (fs::exists(fs::path(dir) / "shards" / workerShardName(worker, index))) ++index;
  return index;
}

std::uint64_t workerSeed(std::uint64_t runSeed, const std::string& worker, int index) {
  return Rng::mix(Rng::mix(runSeed, fnv1a(worker.data(), worker.size())), static_cast<std::uint64_t>(index));
}

}  // namespace junqi
