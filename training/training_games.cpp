// The three games of the training run (training/training_game.h): classic
// Junqi (self-play by ISMCTS with the network, teacher games of `tactical`),
// and Flip Junqi and four-player Junqi, which share their self-play figures
// and their kind of match and differ in encoding, agents and teacher.
#include "training/training_game.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "arena/match.h"
#include "core/files.h"
#include "core/random.h"
#include "nets/flip/flip_encoding.h"
#include "nets/flip/flip_nn_agent.h"
#include "nets/four/four_encoding.h"
#include "nets/four/four_identity_error.h"
#include "nets/four/four_nn_agent.h"
#include "nets/nn_agent.h"
#include "nets/torch_backend.h"
#include "search/flip/flip_agent.h"
#include "search/four/four_agent.h"
#include "search/registry.h"
#include "selfplay/classic/league_games.h"
#include "selfplay/classic/teacher_games.h"
#include "selfplay/flip/flip_teacher_games.h"
#include "selfplay/selfplay_worker.h"
#include "training/game_settings.h"

namespace junqi {

namespace fs = std::filesystem;
using json = nlohmann::json;

void checkCommonTrainingConfig(const TrainingConfig& c, const std::function<void(const std::string&)>& makeAgent) {
  const auto bad = [](const std::string& option, const std::string& why) {
    return std::invalid_argument(fmt::format("{}: {}", option, why));
  };
  try {
    nets::NetworkShape::parse(c.shape);
  } catch (const std::exception& e) {
    throw bad("--shape", e.what());
  }
  if (c.optimizer != "adam" && c.optimizer != "sgd")
    throw bad("--optimizer", fmt::format("'{}' is not an optimizer: use adam or sgd", c.optimizer));
  if (!std::isfinite(c.learningRate) || c.learningRate <= 0)
    throw bad("--lr", fmt::format("must be a number above 0, not '{}'", c.learningRate));
  if (!std::isfinite(c.weightDecay) || c.weightDecay < 0)
    throw bad("--weight-decay", fmt::format("must be a number of at least 0, not '{}'", c.weightDecay));
  try {
    const torch::Device device(c.device);
    if (!device.is_cpu() && !device.is_cuda()) throw std::invalid_argument("use cpu or cuda");
    if (device.is_cuda() && !torch::cuda::is_available())
      throw std::invalid_argument("this LibTorch has no CUDA device (it may be a CPU-only build)");
    (void)torch::zeros({1}, torch::TensorOptions().device(device));  // e.g. cuda:7 on a one-GPU machine
  } catch (const std::exception& e) {
    std::string why = e.what();
    why = why.substr(0, why.find('\n'));  // LibTorch's messages go on with a stack trace
    throw bad("--device", fmt::format("'{}' is not a usable device: {}", c.device, why));
  }
  if (c.fastSims > 0 && c.fastSims >= c.sims)
    throw bad("--fast-sims", fmt::format("{} is not fewer than --sims {}", c.fastSims, c.sims));
  if (c.fastSims > 0 && !(c.fullSearchShare > 0 && c.fullSearchShare <= 1))
    throw bad("--full-search-share", fmt::format("must be in (0, 1], not '{}'", c.fullSearchShare));
  for (const int h : c.anchorGenerations)
    if (h < 0 || h > c.generations)
      throw bad("--anchor-generations", fmt::format("{} is not a generation of this run (0-{})", h, c.generations));
  std::set<std::string> names;
  for (const std::string& b : c.baselines) {
    try {
      makeAgent(b);
    } catch (const std::exception& e) {
      throw bad("--baselines", fmt::format("'{}': {}", b, e.what()));
    }
    const std::string name = b.substr(0, b.find(':'));  // the baseline's name in the rating tables
    if (!names.insert(name).second)
      throw bad("--baselines", fmt::format("two baselines are called '{}' (a baseline is named by its kind)", name));
  }
}

namespace {

// Waits, with external rating, until all games of the match are recorded elsewhere.
template <class MatchT>
void waitForRecords(const MatchT& match, int g, const TrainingConfig& c, const TrainingLog& log,
                    const std::atomic<bool>* stop) {
  if (!c.externalRating) return;
  waitForRatingRecords(g, c.generations, static_cast<int>(match.schedule().size()),
                       [&] { return match.recordedGames(); }, [stop] { return stop && stop->load(); }, log);
}

// ---- classic Junqi ----

json classicFigures(const SelfPlayStats& s) {
  return {{"games", s.games},
          {"positions", s.positions},
          {"moves", s.moves},
          {"seconds", s.seconds},
          {"cpu_seconds", s.cpuSeconds},
          {"red_wins", s.redWins},
          {"blue_wins", s.blueWins},
          {"draws", s.draws},
          {"resignations", s.resignations},
          {"checked_resignations", s.checkedResignations},
          {"wrong_resignations", s.wrongResignations}};
}

SelfPlayStats classicStatsOf(const json& j) {
  SelfPlayStats s;
  s.games = j.value("games", 0), s.positions = j.value("positions", 0LL), s.seconds = j.value("seconds", 0.0);
  s.moves = j.value("moves", 0LL);
  s.cpuSeconds = j.value("cpu_seconds", 0.0);
  s.redWins = j.value("red_wins", 0), s.blueWins = j.value("blue_wins", 0), s.draws = j.value("draws", 0);
  s.resignations = j.value("resignations", 0), s.checkedResignations = j.value("checked_resignations", 0);
  s.wrongResignations = j.value("wrong_resignations", 0);
  return s;
}

// The league's opponents are agents of the run's game (`makeOpponent` makes
// one or throws) or past generations, and its games are the trainer's.
void checkLeagueOpponents(const TrainingConfig& c, const std::function<void(const std::string&)>& makeOpponent) {
  checkLeague(c.league);
  if (!c.league.empty() && c.externalSelfPlay)
    throw std::invalid_argument("--league: not with --external-selfplay (the workers play plain self-play)");
  for (const LeagueOpponent& o : c.league) {
    if (leaguePastGeneration(o.opponent)) continue;
    try {
      makeOpponent(o.opponent);
    } catch (const std::exception& e) {
      throw std::invalid_argument(fmt::format("--league: '{}': {}", o.opponent, e.what()));
    }
  }
}

class ClassicGame final : public TrainingGame {
 public:
  void check(const TrainingConfig& c) const override {
    checkCommonTrainingConfig(c, [](const std::string& spec) { makeAgent(spec); });
    if (c.gumbel && c.gumbelActions < 2) throw std::invalid_argument("--gumbel-actions: must be at least 2");
    if (c.selfPlayBackend != "eigen" && c.selfPlayBackend != "torch")
      throw std::invalid_argument(fmt::format("--selfplay-backend: '{}': use eigen or torch", c.selfPlayBackend));
    checkLeagueOpponents(c, [](const std::string& spec) { makeAgent(spec); });
  }
  nets::NetworkShape shape(const TrainingConfig& c) const override { return nets::NetworkShape::parse(c.shape); }
  nets::WeightsFile weightsOf(nets::Trainer& trainer, const TrainingConfig& c, const std::string& note) const override {
    nets::WeightsFile w = trainer.model()->exportWeights(c.ruleset.toString(), note);
    w.search = ratedSearchSettings(c);
    return w;
  }
  void checkWeights(const nets::WeightsFile& w, const std::string& source) const override {
    if (w.variant != "classic")
      throw std::runtime_error(fmt::format("{}: a {} network, not a classic one", source, w.variant));
  }
  Shard readShard(const std::string& path) const override { return junqi::readShard(path); }
  std::uint64_t gamesSeed(const TrainingConfig& c, int g, bool teacher) const override {
    return teacher ? Rng::mix(c.seed, 0x7eac4e7) : Rng::mix(c.seed, static_cast<std::uint64_t>(g));
  }
  PlayedGames play(const TrainingConfig& c, const GenerationGames& r, const TrainingLog& log,
                   const std::atomic<bool>* stop) const override;
  void playRatingMatch(const std::string& dir, int g, const TrainingConfig& c, const TrainingLog& log,
                       const std::atomic<bool>* stop) const override;
  std::vector<RatingGame> ratingGames(const std::string& dir, int g, const TrainingConfig& c) const override {
    const MatchOptions o = ratingMatchOptions(dir, g, c);
    std::vector<RatingGame> games;
    for (const MatchGameResult& r : Match(o).run().results)
      games.push_back({o.players[r.game.red].name, o.players[r.game.blue].name,
                       r.outcome.scoreFor(Seat::Red), r.game.pair});
    return games;
  }
};

// Self-play inference: Eigen is several times faster than LibTorch for the
// small networks of short runs (a batch of a few positions); LibTorch for big
// networks or a GPU.
std::shared_ptr<nets::Backend> selfPlayBackend(const TrainingConfig& c, const std::string& weights) {
  if (c.selfPlayBackend == "torch") return std::make_shared<nets::TorchBackend>(nets::loadWeights(weights), c.device);
  return nets::makeBackend(c.selfPlayBackend, weights);
}

// Adds `more`'s games, positions and layouts to `shard`.
void appendShard(Shard& shard, Shard more) {
  shard.games += more.games;
  for (PositionSample& p : more.positions) shard.positions.push_back(std::move(p));
  for (const nets::LayoutSample& l : more.layouts) shard.layouts.push_back(l);
}

// Adds league games against `name` and the learner's points in them to the
// figures: in all and by opponent ("league_games:tactical"), sums as every
// figure of a generation.
void addLeagueFigures(json& f, const std::string& name, int games, double score) {
  f["league_games"] = f.value("league_games", 0) + games;
  f["league_score"] = f.value("league_score", 0.0) + score;
  f["league_games:" + name] = f.value("league_games:" + name, 0) + games;
  f["league_score:" + name] = f.value("league_score:" + name, 0.0) + score;
}

// A classic generation's league figures (addLeagueFigures), zero without league games.
json leagueFigures(const std::vector<LeagueGameRecord>& records, const std::vector<LeagueOpponent>& league,
                   const std::function<std::size_t(int)>& opponentIndex) {
  json f = {{"league_games", 0}, {"league_score", 0.0}};
  for (const LeagueGameRecord& g : records) {
    const double score = g.outcome.scoreFor(g.learner);
    addLeagueFigures(f, league[opponentIndex(g.game)].opponent, 1, score);
  }
  return f;
}

// The agent spec of a league opponent in generation r.generation's games: a
// past generation is the run's weights file of that generation (played with
// the search settings it was rated with).
std::string leagueOpponentSpec(const LeagueOpponent& o, const GenerationGames& r) {
  const auto k = leaguePastGeneration(o.opponent);
  if (!k) return o.opponent;
  const int h = std::max(0, r.generation - 1 - *k);
  return fmt::format("nn:weights={}", (fs::path(r.weights).parent_path() / (generationName(h) + ".jqw")).string());
}

// A generation with a league: self-play, then each opponent's games
// (leagueOpponentOfGame), the games of each kind from its first unplayed one.
PlayedGames playLeagueMix(const TrainingConfig& c, const GenerationGames& r, const SelfPlayStats& kept,
                          const TrainingLog& log, const std::atomic<bool>* stop) {
  const int selfPlayGames = leagueSelfPlayGames(c.league, r.games);
  const auto backend = selfPlayBackend(c, r.weights);
  SelfPlayStats stats;
  SelfPlayStats before = kept;  // the games before the current kind's
  const auto line = [&](const SelfPlayStats& s, const char* kind) {
    SelfPlayStats all = before;
    all.add(s);
    log(selfPlayLine(r.who, all, r.games, kind));
  };
  PlayedGames out;
  SelfPlayOptions so = selfPlayOptions(c, r.seed);
  if (r.first < selfPlayGames) {
    so.games = selfPlayGames, so.firstGame = r.first;
    out.shard = playSelfPlay(backend, so, stats, [&](const SelfPlayStats& s) { line(s, "self-play"); }, stop);
  }
  const int first = std::max(r.first, selfPlayGames);
  if (static_cast<int>(out.shard.games) == std::max(0, selfPlayGames - r.first) && first < r.games) {
    so.games = r.games, so.firstGame = first, so.seed = Rng::mix(r.seed, 0x1ea9);
    std::vector<std::string> specs;
    for (const LeagueOpponent& o : c.league) specs.push_back(leagueOpponentSpec(o, r));
    const auto opponentIndex = [&](int game) {
      return static_cast<std::size_t>(leagueOpponentOfGame(c.league, r.games, game));
    };
    SelfPlayStats league;
    before.add(stats);
    LeagueGames games = playLeagueGames(backend, so, [&](int game) { return makeAgent(specs[opponentIndex(game)]); },
                                        league, [&](const SelfPlayStats& s) { line(s, "league"); }, stop);
    appendShard(out.shard, std::move(games.shard));
    stats.add(league);
    out.figures = leagueFigures(games.records, c.league, opponentIndex);
  }
  out.shard.ruleset = c.ruleset.toString();
  const json figures = classicFigures(stats);  // (items() would not keep a temporary alive)
  for (const auto& [key, value] : figures.items()) out.figures[key] = value;
  return out;
}

PlayedGames ClassicGame::play(const TrainingConfig& c, const GenerationGames& r, const TrainingLog& log,
                              const std::atomic<bool>* stop) const {
  const SelfPlayStats kept = classicStatsOf(r.kept);
  const auto withKept = [&kept](const SelfPlayStats& s) {
    SelfPlayStats all = kept;
    all.add(s);
    return all;
  };
  SelfPlayStats stats;
  PlayedGames out;
  if (r.teacher) {
    TeacherOptions to;
    to.ruleset = c.ruleset;
    to.games = r.games;
    to.firstGame = r.first;
    to.positionsPerGame = c.teacherPositions;
    to.maxPlies = c.maxPlies;
    to.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    to.seed = r.seed;
    out.shard = playTeacherGames(to, stats, [&](const SelfPlayStats& s) {
      const SelfPlayStats all = withKept(s);
      if (all.games % 100 == 0 || all.games == to.games) log(selfPlayLine(r.who, all, to.games, "teacher games"));
    }, stop);
  } else if (c.league.empty()) {
    SelfPlayOptions so = selfPlayOptions(c, r.seed);
    so.games = r.games;
    so.firstGame = r.first;
    out.shard = playSelfPlay(selfPlayBackend(c, r.weights), so, stats,
                             [&](const SelfPlayStats& s) { log(selfPlayLine(r.who, withKept(s), r.games)); }, stop);
  } else {
    return playLeagueMix(c, r, kept, log, stop);
  }
  out.figures = classicFigures(stats);
  return out;
}

// A stop (Ctrl-C) reaches the match too: it stops after its games in
// progress, and resumes from its records.
void ClassicGame::playRatingMatch(const std::string& dir, int g, const TrainingConfig& c, const TrainingLog& log,
                                  const std::atomic<bool>* stop) const {
  Match match(ratingMatchOptions(dir, g, c));
  waitForRecords(match, g, c, log, stop);  // games played elsewhere: the match below only reads them
  const auto stopped = [stop] { return stop && stop->load(); };
  std::atomic<bool> over{false};
  std::thread watcher([&] {
    while (!over && !stopped()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (stopped()) match.requestStop();
  });
  try {
    match.run([&](const std::string& line) { log(fmt::format("gen {}/{} | rating | {}", g, c.generations, line)); });
  } catch (...) {
    over = true;
    watcher.join();
    throw;
  }
  over = true;
  watcher.join();
}

// ---- Flip Junqi and four-player Junqi ----

// The generation's figures; with league games also the network's games and
// points against each opponent, as a classic run's (addLeagueFigures).
json seatFigures(const FlipSelfPlayStats& s) {
  json f = {{"games", s.games},         {"positions", s.positions},     {"moves", s.moves},  {"seconds", s.seconds},
            {"first_wins", s.firstWins}, {"second_wins", s.secondWins}, {"draws", s.draws}};
  for (const auto& [name, t] : s.league) addLeagueFigures(f, name, t.games, t.score);
  return f;
}

// A game of `Traits` (FlipTraits, FourTraits): its encoding, agents, teacher and match.
template <class Traits>
class SeatGame final : public TrainingGame {
 public:
  void check(const TrainingConfig& c) const override;
  nets::NetworkShape shape(const TrainingConfig& c) const override {
    nets::NetworkShape s = nets::NetworkShape::parse(c.shape);
    Traits::shapeInputs(s);
    return s;
  }
  // exportWeights names the variant of a classic ruleset: the game's name and rules replace them.
  nets::WeightsFile weightsOf(nets::Trainer& trainer, const TrainingConfig& c, const std::string& note) const override {
    nets::WeightsFile w = trainer.model()->exportWeights(Ruleset{}.toString(), note);
    w.variant = Traits::variant();
    w.ruleset = rulesText(c);
    w.search = ratedSearchSettings(c);
    return w;
  }
  void checkWeights(const nets::WeightsFile& w, const std::string& source) const override {
    Traits::checkWeights(w, source);
  }
  Shard readShard(const std::string& path) const override { return Traits::readShard(path); }
  std::uint64_t gamesSeed(const TrainingConfig& c, int g, bool teacher) const override {
    return teacher ? Rng::mix(c.seed, 0x7eac) : Rng::mix(c.seed, 0x5e1f + static_cast<std::uint64_t>(g));
  }
  PlayedGames play(const TrainingConfig& c, const GenerationGames& r, const TrainingLog& log,
                   const std::atomic<bool>* stop) const override {
    FlipSelfPlayStats s;
    const char* games = r.teacher ? "teacher games" : c.league.empty() ? "self-play" : "self-play and league";
    const FlipProgress progress = flipProgressLines(log, fmt::format("{} | {}", r.who, games), r.games, r.first);
    PlayedGames out;
    if (r.teacher) {
      out.shard = Traits::teacherGames(c, r, s, stop, progress);
    } else {
      const std::string bytes = readFile(r.weights);
      const nets::WeightsFile weights = nets::parseWeights(bytes, r.weights);
      Traits::checkWeights(weights, r.weights);
      out.shard = playSeatSelfPlay(nets::makeBackend("eigen", weights), c, r.seed, r.first, r.games, s, stop, progress,
                                   Traits::leagueOpponents(c, r));
    }
    out.figures = seatFigures(s);
    return out;
  }
  void addWeightsFigures(const std::string& weights, int g, const TrainingConfig& c, const TrainingLog& log,
                         nlohmann::json& record) const override {
    Traits::addWeightsFigures(weights, g, c, log, record);
  }
  void playRatingMatch(const std::string& dir, int g, const TrainingConfig& c, const TrainingLog& log,
                       const std::atomic<bool>* stop) const override {
    typename Traits::Match match(Traits::ratingMatch(dir, g, c));
    if constexpr (requires { match.recordedGames(); }) waitForRecords(match, g, c, log, stop);
    if (stop && *stop) return;
    match.run([&](const std::string& line) { log(fmt::format("gen {}/{} | rating | {}", g, c.generations, line)); });
  }
  std::vector<RatingGame> ratingGames(const std::string& dir, int g, const TrainingConfig& c) const override {
    const auto o = Traits::ratingMatch(dir, g, c);
    std::vector<RatingGame> games;
    for (const auto& r : typename Traits::Match(o).run().results)  // finished matches: their records, read back
      games.push_back({o.players[r.game.first].name, o.players[r.game.second].name, Traits::firstScore(r), r.game.pair});
    return games;
  }
};

// What a flip or four-player run cannot do (yet), named with the game.
template <class Traits>
void SeatGame<Traits>::check(const TrainingConfig& c) const {
  checkCommonTrainingConfig(c, [](const std::string& spec) { Traits::makeAgent(spec); });
  const std::string title = gameTitle(c.variant);
  const auto lacks = [&](const char* option, const char* what) {
    return std::invalid_argument(fmt::format("{}: not available in a {} run ({})", option, title, what));
  };
  if (!(c.cpuct > 0)) throw std::invalid_argument(fmt::format("--cpuct: must be a number above 0, not '{}'", c.cpuct));
  if (!(c.rolloutMix >= 0 && c.rolloutMix <= 1))
    throw std::invalid_argument(fmt::format("--rollout-mix: must be between 0 and 1, not '{}'", c.rolloutMix));
  if (!(c.rootNoise >= 0)) throw std::invalid_argument(fmt::format("--root-noise: must be 0 or more, not '{}'", c.rootNoise));
  if (c.gumbel && c.gumbelActions < 2) throw std::invalid_argument("--gumbel-actions: must be at least 2");
  if (!(c.valueOutcomeShare >= 0 && c.valueOutcomeShare <= 1))
    throw std::invalid_argument(fmt::format("--value-target: must be between 0 and 1, not '{}'", c.valueOutcomeShare));
  if (c.identityLoss != 0 && !Traits::kIdentityTargets)
    throw lacks("--identity-loss", "its self-play records no hidden identities");
  if (!(c.identityLoss >= 0))
    throw std::invalid_argument(fmt::format("--identity-loss: must be 0 or more, not '{}'", c.identityLoss));
  if (c.selfPlayBackend != "eigen") throw lacks("--selfplay-backend", "its self-play plays with eigen");
  if (c.dataParallelSize > 1) throw lacks("--trainers", "it trains on one rank");
  Traits::checkMore(c);
}

struct FlipTraits {
  using Match = FlipMatch;
  static constexpr bool kIdentityTargets = false;  // both seats see the same: nothing to learn
  static void addWeightsFigures(const std::string&, int, const TrainingConfig&, const TrainingLog&, nlohmann::json&) {}
  static const std::string& variant() { return nets::kFlipVariant; }
  static void shapeInputs(nets::NetworkShape& s) { s.inputPlanes = nets::kFlipInputPlanes; }
  static Shard readShard(const std::string& p) {
    return junqi::readShard(p, nets::kFlipEncodingVersion, nets::kFlipInputSize);
  }
  static void checkWeights(const nets::WeightsFile& w, const std::string& path) { nets::checkFlipWeights(w, path); }
  static void makeAgent(const std::string& spec) { makeFlipAgent(spec); }
  // League games (--league): game n's opponent, as in a classic run
  // (leagueOpponentOfGame, leagueOpponentSpec), made afresh for each game.
  static std::function<FlipLeagueOpponent(int)> leagueOpponents(const TrainingConfig& c, const GenerationGames& r) {
    if (c.league.empty()) return {};
    std::vector<std::string> specs;
    for (const LeagueOpponent& o : c.league) specs.push_back(leagueOpponentSpec(o, r));
    return [league = c.league, specs, games = r.games](int game) -> FlipLeagueOpponent {
      const int k = leagueOpponentOfGame(league, games, game);
      if (k < 0) return {};
      return {league[static_cast<std::size_t>(k)].opponent, makeFlipAgent(specs[static_cast<std::size_t>(k)])};
    };
  }
  // The hybrid search, as the nn agent takes it (nets/flip/flip_nn_agent.h):
  // its root is PUCT's, so no Gumbel root with it. A league's opponents are
  // flip agents (or past generations), and its games the trainer's.
  static void checkMore(const TrainingConfig& c) {
    const auto refuse = [](const std::string& why) { throw std::invalid_argument(why); };
    checkLeagueOpponents(c, [](const std::string& spec) { makeFlipAgent(spec); });
    if (c.netDepth < -1) refuse(fmt::format("--net-depth: must be 0 or more, not '{}'", c.netDepth));
    if (c.netVisits < 0) refuse(fmt::format("--net-visits: must be 0 or more, not '{}'", c.netVisits));
    if (c.netDepth < 0 && c.netVisits != 0) refuse("--net-visits: needs --net-depth (the hybrid search)");
    if (c.netDepth >= 0 && c.gumbel)
      refuse("--gumbel: not with --net-depth (the hybrid search's root is PUCT's: its visits are the targets)");
  }
  static FlipMatchOptions ratingMatch(const std::string& dir, int g, const TrainingConfig& c) {
    return flipRatingMatchOptions(dir, g, c);
  }
  static double firstScore(const FlipMatchResult& r) {
    return r.outcome.scoreFor(Seat::Red);
  }
  static Shard teacherGames(const TrainingConfig& c, const GenerationGames& r, FlipSelfPlayStats& s,
                            const std::atomic<bool>* stop, const FlipProgress& progress) {
    FlipTeacherOptions t;
    t.rules = c.flipRules;
    t.games = r.games;
    t.firstGame = r.first;
    t.positionsPerGame = c.teacherPositions;
    t.maxPlies = c.maxPlies;
    t.threads = c.parallelGames;
    t.seed = r.seed;
    return playFlipTeacherGames(t, s, stop, progress);
  }
};

struct FourTraits {
  using Match = FourMatch;
  static constexpr bool kIdentityTargets = true;  // the pieces the mover's seat does not see (--identity-loss)
  // With --identity-loss, the identity head against the exact beliefs (the
  // input has no belief planes, so the held-out losses cannot give it): the
  // generation's weights on the same held-back heuristic games every
  // generation (nets/four/four_identity_error.h), about a second.
  static void addWeightsFigures(const std::string& weights, int g, const TrainingConfig& c, const TrainingLog& log,
                                nlohmann::json& record) {
    if (!(c.identityLoss > 0)) return;
    nets::FourIdentityErrorOptions o;
    o.rules = c.fourRules;
    o.games = 40, o.positionsPerGame = 8, o.seed = Rng::mix(c.seed, 0x1de7), o.threads = c.parallelGames;
    const auto network = nets::makeBackend("eigen", weights);
    const nets::FourIdentityErrorResult r = nets::measureFourIdentityError(*network, o);
    const auto figure = [](const nets::IdentityErrorFigure& f) { return nlohmann::json::array({f.mean, f.low, f.high}); };
    log(fmt::format("gen {}/{} | identity head against the exact beliefs: {:.4f} [{:.4f}, {:.4f}] (uniform over the "
                    "possible {:.4f}, prior {:.4f}; {} pieces)",
                    g, c.generations, r.head().mean, r.head().low, r.head().high, r.uniform().mean, r.prior().mean,
                    r.total.pieces));
    record["identity_vs_beliefs"] = {{"head", figure(r.head())}, {"uniform", figure(r.uniform())},
                                     {"prior", figure(r.prior())}, {"pieces", r.total.pieces}, {"games", o.games}};
  }
  static const std::string& variant() { return Variant::four().name(); }
  static void shapeInputs(nets::NetworkShape& s) {
    s.inputPlanes = nets::kFourInputPlanes;
    s.grid = nets::gridOfVariant(variant());
  }
  static Shard readShard(const std::string& p) {
    return junqi::readShard(p, nets::kFourEncodingVersion, nets::kFourInputSize, nets::kFourPolicySize);
  }
  static void checkWeights(const nets::WeightsFile& w, const std::string& path) { nets::checkFourWeights(w, path); }
  static void makeAgent(const std::string& spec) { makeFourAgent(spec); }
  static std::function<FlipLeagueOpponent(int)> leagueOpponents(const TrainingConfig&, const GenerationGames&) {
    return {};
  }
  // Its self-play and rating games may be played elsewhere (workers, MPI ranks), as a flip run's.
  static void checkMore(const TrainingConfig& c) {
    if (!c.league.empty()) throw std::invalid_argument("--league: not available in a four-player run");
    if (c.rolloutDepth < 0)
      throw std::invalid_argument(fmt::format("--rollout-depth: must be 0 or more, not '{}'", c.rolloutDepth));
  }
  static FourMatchOptions ratingMatch(const std::string& dir, int g, const TrainingConfig& c) {
    return fourRatingMatchOptions(dir, g, c);
  }
  static double firstScore(const FourMatchResult& r) {
    return !r.outcome.winningTeam ? 0.5 : *r.outcome.winningTeam == 0 ? 1.0 : 0.0;
  }
  static Shard teacherGames(const TrainingConfig& c, const GenerationGames& r, FlipSelfPlayStats& s,
                            const std::atomic<bool>* stop, const FlipProgress& progress) {
    FourSelfPlayOptions o = fourSelfPlayOptions(c, r.seed, true);
    o.games = r.games;
    o.firstGame = r.first;
    return playFourSelfPlay(nullptr, o, s, stop, progress);
  }
};

}  // namespace

const TrainingGame& trainingGame(const std::string& variant) {
  static const ClassicGame classic;
  static const SeatGame<FlipTraits> flip;
  static const SeatGame<FourTraits> four;
  if (variant == "classic") return classic;
  if (variant == "flip") return flip;
  if (variant == "four") return four;
  throw std::invalid_argument(fmt::format("unknown game '{}': classic, flip or four", variant));
}

}  // namespace junqi
