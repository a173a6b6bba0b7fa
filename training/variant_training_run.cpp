#include "training/variant_training_run.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "arena/flip_match.h"
#include "arena/rating_report.h"
#include "core/binary_io.h"
#include "core/files.h"
#include "core/ruleset.h"
#include "core/random.h"
#include "nets/flip_encoding.h"
#include "nets/flip_nn_agent.h"
#include "nets/four_encoding.h"
#include "nets/four_nn_agent.h"
#include "nets/torch_trainer.h"
#include "search/flip_agent.h"
#include "search/four_agent.h"
#include "selfplay/flip_selfplay.h"
#include "selfplay/flip_teacher_games.h"
#include "training/variant_training_json.h"
#include "training/worker_shard_lists.h"
#include "training/run_report.h"
#include "training/training_run.h"

namespace junqi {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

std::string gen(int g) { return fmt::format("gen-{:04}", g); }
void writeText(const fs::path& p, const std::string& text) { writeFileAtomically(p.string(), text); }

template <class Config>
bool teacherGeneration(const Config& c, int g) { return g == 1 && c.teacherGames > 0; }
// Training steps of generation g: the teacher's generation may have its own count.
template <class Config>
int stepsOf(const Config& c, int g) {
  return teacherGeneration(c, g) && c.teacherSteps > 0 ? c.teacherSteps : c.stepsPerGeneration;
}

// The game's part of a run: its encoding, network, weights file, games and matches.
struct FlipRunGame {
  using Config = FlipTrainingConfig;
  using Match = FlipMatch;
  using MatchOptions = FlipMatchOptions;
  static constexpr const char* kTitle = "Flip Junqi";
  static constexpr const char* kName = "flip";
  static constexpr const char* kSides[2] = {"first player", "second"};  // as the self-play log counts wins
  static const std::string& variant() { return nets::kFlipVariant; }
  static void shapeInputs(nets::NetworkShape& s) { s.inputPlanes = nets::kFlipInputPlanes; }
  static Shard readShard(const fs::path& p) {
    return junqi::readShard(p.string(), nets::kFlipEncodingVersion, nets::kFlipInputSize);
  }
  static json toJson(const Config& c) { return flipConfigToJson(c); }
  static Config fromJson(const json& j) { return flipConfigFromJson(j); }
  static std::optional<json> settings(const std::string& dir) { return flipRunSettings(dir); }
  static std::string searchSettings(const Config& c) { return flipSearchSettings(c); }
  static void checkWeights(const nets::WeightsFile& w, const std::string& path) { nets::checkFlipWeights(w, path); }
  static void makeAgent(const std::string& spec) { makeFlipAgent(spec); }
  static void check(const Config& c) { checkFlipTrainingConfig(c); }
  static MatchOptions ratingMatch(const std::string& dir, int g, const Config& c) {
    return flipRatingMatchOptions(dir, g, c);
  }
  static double firstScore(const FlipMatchResult& r) {
    return !r.outcome.winner ? 0.5 : *r.outcome.winner == Seat::Red ? 1.0 : 0.0;
  }
  static Shard teacherGames(const Config& c, FlipSelfPlayStats& s, const std::atomic<bool>* stop,
                            const FlipProgress& progress) {
    FlipTeacherOptions t;
    t.rules = c.rules;
    t.games = c.teacherGames;
    t.positionsPerGame = c.teacherPositions;
    t.maxPlies = c.maxPlies;
    t.threads = c.parallelGames;
    t.seed = Rng::mix(c.seed, 0x7eac);
    Shard shard = playFlipTeacherGames(t, s, stop, progress);
    shard.seed = t.seed;
    return shard;
  }
  static Shard selfPlay(std::shared_ptr<nets::Backend> network, const Config& c, std::uint64_t seed,
                        FlipSelfPlayStats& s, const std::atomic<bool>* stop, const FlipProgress& progress) {
    return playFlipSelfPlay(std::move(network), flipSelfPlayOptions(c, seed), s, stop, progress);
  }
};

struct FourRunGame {
  using Config = FourTrainingConfig;
  using Match = FourMatch;
  using MatchOptions = FourMatchOptions;
  static constexpr const char* kTitle = "four-player";
  static constexpr const char* kName = "four";
  static constexpr const char* kSides[2] = {"team south-north", "east-west"};
  static const std::string& variant() { return Variant::four().name(); }
  static void shapeInputs(nets::NetworkShape& s) {
    s.inputPlanes = nets::kFourInputPlanes;
    s.grid = nets::gridOfVariant(variant());
  }
  static Shard readShard(const fs::path& p) {
    return junqi::readShard(p.string(), nets::kFourEncodingVersion, nets::kFourInputSize, nets::kFourPolicySize);
  }
  static json toJson(const Config& c) { return fourConfigToJson(c); }
  static Config fromJson(const json& j) { return fourConfigFromJson(j); }
  static std::optional<json> settings(const std::string& dir) { return fourRunSettings(dir); }
  static std::string searchSettings(const Config& c) { return fourSearchSettings(c); }
  static void checkWeights(const nets::WeightsFile& w, const std::string& path) { nets::checkFourWeights(w, path); }
  static void makeAgent(const std::string& spec) { makeFourAgent(spec); }
  static void check(const Config& c) { checkFourTrainingConfig(c); }
  static MatchOptions ratingMatch(const std::string& dir, int g, const Config& c) {
    return fourRatingMatchOptions(dir, g, c);
  }
  static double firstScore(const FourMatchResult& r) {
    return !r.outcome.winningTeam ? 0.5 : *r.outcome.winningTeam == 0 ? 1.0 : 0.0;
  }
  static Shard teacherGames(const Config& c, FlipSelfPlayStats& s, const std::atomic<bool>* stop,
                            const FlipProgress& progress) {
    const FourSelfPlayOptions o = fourSelfPlayOptions(c, Rng::mix(c.seed, 0x7eac), true);
    Shard shard = playFourSelfPlay(nullptr, o, s, stop, progress);
    shard.seed = o.seed;
    return shard;
  }
  static Shard selfPlay(std::shared_ptr<nets::Backend> network, const Config& c, std::uint64_t seed,
                        FlipSelfPlayStats& s, const std::atomic<bool>* stop, const FlipProgress& progress) {
    return playFourSelfPlay(std::move(network), fourSelfPlayOptions(c, seed, false), s, stop, progress);
  }
};

// The trainer of the run's network: the game's inputs, the run's shape and optimizer.
template <class Game>
nets::TrainerOptions trainerOptionsOf(const typename Game::Config& c) {
  nets::TrainerOptions o;
  o.shape = nets::NetworkShape::parse(c.shape);
  Game::shapeInputs(o.shape);
  o.optimizer = c.optimizer;
  o.learningRate = c.learningRate;
  o.weightDecay = c.weightDecay;
  o.totalSteps = 0;
  for (int g = 1; g <= c.generations; ++g) o.totalSteps += stepsOf(c, g);
  o.threads = c.trainThreads;
  o.seed = c.seed;
  return o;
}

// The trainer's network as the run's weights file. exportWeights names the
// variant of a classic ruleset: the game's name and rules replace them.
template <class Game>
nets::WeightsFile weightsOf(nets::Trainer& trainer, const typename Game::Config& c, const std::string& note) {
  nets::WeightsFile w = trainer.model()->exportWeights(Ruleset{}.toString(), note);
  w.variant = Game::variant();
  w.ruleset = c.rules.toString();
  w.search = Game::searchSettings(c);
  return w;
}

template <class Game>
class GameTrainingRun {
 public:
  using Config = typename Game::Config;
  GameTrainingRun(const std::string& dir, const Config& c, const std::function<void(const std::string&)>& log,
                  const std::atomic<bool>* stop)
      : dir_(dir), c_(c), log_(log), stop_(stop) {}
  void run();

 private:
  bool stopped() const { return stop_ && *stop_; }
  bool teacherGeneration(int g) const { return junqi::teacherGeneration(c_, g); }
  int stepsOf(int g) const { return junqi::stepsOf(c_, g); }
  // Generation g's games are the trainer's (its own shard), not the workers'.
  bool ownGames(int g) const { return !c_.externalSelfPlay || teacherGeneration(g); }
  fs::path shardPath(int g) const { return dir_ / "shards" / (gen(g) + ".jqs"); }
  fs::path checkpoint(int g) const { return dir_ / "checkpoints" / gen(g); }
  fs::path weightsPath(int g) const { return dir_ / "weights" / (gen(g) + ".jqw"); }
  void prepareDirectory();
  nets::TrainerOptions trainerOptions() const;
  void exportWeights(int g);
  json selfPlay(int g);
  Shard playGeneration(int g, FlipSelfPlayStats& stats);
  std::vector<std::string> workerShards(int g);
  std::vector<std::string> shardNames(int g) const;
  std::vector<PositionSample> replayWindow(int g, const std::vector<std::string>& shards) const;
  json train(int g, const std::vector<std::string>& shards);
  typename Game::MatchOptions ratingMatch(int g) const { return Game::ratingMatch(dir_.string(), g, c_); }
  void rate(int g);
  std::vector<RatedGame> ratedGames(int g, const std::vector<std::string>& names) const;
  std::string rateAllGenerations(int g);

  fs::path dir_;
  Config c_;
  std::function<void(const std::string&)> log_;
  const std::atomic<bool>* stop_;
  std::unique_ptr<nets::Trainer> trainer_;
  int loaded_ = 0;  // the generation the trainer holds (0: the untrained network)
  WorkerShardLists workerShardLists_{dir_};
};

// Refuses a directory holding another run: a classic one, or a run of
// other settings (the number of generations may differ: it extends the run).
template <class Game>
void GameTrainingRun<Game>::prepareDirectory() {
  Game::check(c_);
  if (fs::exists(dir_ / "config.json")) {
    auto settings = Game::settings(dir_.string());
    if (!settings)
      throw std::runtime_error(
          fmt::format("{} holds another game's training run, not a {} one", dir_.string(), Game::kTitle));
    json run = Game::toJson(Game::fromJson(*settings));  // with the settings it was started without
    json asked = Game::toJson(c_);
    run["generations"] = asked["generations"];
    if (run != asked)
      throw std::runtime_error(
          fmt::format("{} holds a {} run of other settings; use a new directory", dir_.string(), Game::kName));
  }
  for (const char* sub : {"shards", "checkpoints", "weights", "matches", "log"}) fs::create_directories(dir_ / sub);
  writeText(dir_ / "config.json", Game::toJson(c_).dump(2) + "\n");
}

template <class Game>
nets::TrainerOptions GameTrainingRun<Game>::trainerOptions() const { return trainerOptionsOf<Game>(c_); }

template <class Game>
void GameTrainingRun<Game>::exportWeights(int g) {
  if (fs::exists(weightsPath(g))) return;
  if (loaded_ != g) trainer_->load(checkpoint(g).string()), loaded_ = g;
  nets::saveWeights(weightsOf<Game>(*trainer_, c_, fmt::format("{} generation {}", Game::kName, g)),
                    weightsPath(g).string());
}

// Generation g's games: the teacher's for generation 1 when the run has
// teacher games, else self-play with generation g-1.
template <class Game>
Shard GameTrainingRun<Game>::playGeneration(int g, FlipSelfPlayStats& s) {
  const char* kind = teacherGeneration(g) ? "teacher games" : "self-play";
  const int games = teacherGeneration(g) ? c_.teacherGames : c_.gamesPerGeneration;
  const FlipProgress progress = flipProgressLines(log_, fmt::format("gen {}/{} | {}", g, c_.generations, kind), games);
  if (teacherGeneration(g)) return Game::teacherGames(c_, s, stop_, progress);
  const std::uint64_t seed = Rng::mix(c_.seed, 0x5e1f + static_cast<std::uint64_t>(g));
  const std::string path = weightsPath(g - 1).string();
  const std::string bytes = readFile(path);  // read once: the network, and its digest for the shard
  const nets::WeightsFile weights = nets::parseWeights(bytes, path);
  Game::checkWeights(weights, path);
  Shard shard = Game::selfPlay(nets::makeBackend("eigen", weights), c_, seed, s, stop_, progress);
  shard.generation = g - 1;
  shard.weightsDigest = weightsDigest(bytes);
  shard.seed = seed;
  return shard;
}

// Shard g and its figures (json), read back on a resumed run.
template <class Game>
json GameTrainingRun<Game>::selfPlay(int g) {
  const fs::path figures = dir_ / "shards" / (gen(g) + ".json");
  if (fs::exists(shardPath(g)) && fs::exists(figures)) return json::parse(readFile(figures.string()));
  FlipSelfPlayStats s;
  const Shard shard = playGeneration(g, s);
  if (stopped()) return {};
  const json out = {{"games", s.games},         {"positions", s.positions}, {"seconds", s.seconds},
                    {"first_wins", s.firstWins}, {"second_wins", s.secondWins}, {"draws", s.draws}};
  writeText(figures, out.dump() + "\n");  // first: a shard without its figures is played again
  writeShard(shard, shardPath(g).string());
  log_(fmt::format("gen {}/{} | {} {} games, {} positions in {:.0f} s | {} {} wins, {} {}, draws {}", g,
                   c_.generations, teacherGeneration(g) ? "teacher" : "self-play", s.games, s.positions, s.seconds,
                   Game::kSides[0], s.firstWins, Game::kSides[1], s.secondWins, s.draws));
  return out;
}

// External self-play: the workers' shards no earlier generation took, once
// they hold a generation's games; their names are kept in log/gen-NNNN.shards
// before training, so a resumed trainer trains on the same games.
template <class Game>
std::vector<std::string> GameTrainingRun<Game>::workerShards(int g) {
  return workerShardLists_.take(g, c_.gamesPerGeneration, [this] { return stopped(); }, [&](long long games) {
    log_(fmt::format("gen {}/{} | waiting for self-play workers: {}/{} new games (junqi selfplay --run {})", g,
                     c_.generations, games, c_.gamesPerGeneration, dir_.string()));
  });
}

// The shards generation g trained on: its own, or the workers' of its list.
template <class Game>
std::vector<std::string> GameTrainingRun<Game>::shardNames(int g) const {
  if (ownGames(g)) return {gen(g) + ".jqs"};
  return workerShardLists_.listed(g);
}

// The newest positions, up to the window: generation g's shards, then those
// earlier generations trained on, newest first.
template <class Game>
std::vector<PositionSample> GameTrainingRun<Game>::replayWindow(int g, const std::vector<std::string>& shards) const {
  std::vector<PositionSample> positions;
  for (int h = g; h >= 1 && static_cast<int>(positions.size()) < c_.replayWindow; --h)
    for (const std::string& name : h == g ? shards : shardNames(h))
      for (auto& p : Game::readShard(dir_ / "shards" / name).positions)
        if (static_cast<int>(positions.size()) < c_.replayWindow) positions.push_back(std::move(p));
  return positions;
}

// Generation g trained from the previous checkpoint on the replay window;
// the losses go with the checkpoint.
template <class Game>
json GameTrainingRun<Game>::train(int g, const std::vector<std::string>& shards) {
  const fs::path saved = checkpoint(g) / "training.json";
  if (fs::exists(saved)) return json::parse(readFile(saved.string()));
  if (loaded_ != g - 1) trainer_->load(checkpoint(g - 1).string()), loaded_ = g - 1;
  const std::vector<PositionSample> positions = replayWindow(g, shards);
  Rng rng(Rng::mix(c_.seed, 0x7a1 + static_cast<std::uint64_t>(g)));  // the same batches on a resumed run
  const auto start = std::chrono::steady_clock::now();
  json losses = json::array();
  double policy = 0, value = 0;
  const int steps = stepsOf(g);
  for (int step = 1; step <= steps && !stopped(); ++step) {
    std::vector<const PositionSample*> batch;
    for (int i = 0; i < c_.batchSize && !positions.empty(); ++i) batch.push_back(&positions[rng.below(positions.size())]);
    const nets::TrainStats s = trainer_->step(batch, {});
    policy += s.policyLoss, value += s.valueLoss;
    if (step % 25 == 0 || step == steps) {
      const int n = step % 25 == 0 ? 25 : step % 25;
      losses.push_back({trainer_->steps(), policy / n, value / n});
      log_(fmt::format("gen {}/{} | train step {}/{} | loss policy {:.3f} value {:.3f} | {} positions", g,
                       c_.generations, step, steps, policy / n, value / n, positions.size()));
      policy = value = 0;
    }
  }
  if (stopped()) return {};  // a generation's training is redone whole
  const json training = {
      {"losses", losses}, {"seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()}};
  trainer_->save(checkpoint(g).string(), {{"training.json", training.dump() + "\n"}});
  loaded_ = g;
  return training;
}

// Generation g's rating match, or with external rating its records, once
// every game has one (the match then only reads them).
template <class Game>
void GameTrainingRun<Game>::rate(int g) {
  typename Game::Match match(ratingMatch(g));
  if constexpr (requires { match.recordedGames(); })  // games on MPI ranks: flip runs only (four-player ones refuse it)
    if (c_.externalRating)
      waitForRatingRecords(g, c_.generations, static_cast<int>(match.schedule().size()),
                           [&] { return match.recordedGames(); }, [this] { return stopped(); }, log_);
  if (stopped()) return;
  match.run([&](const std::string& line) { log_(fmt::format("gen {}/{} | rating | {}", g, c_.generations, line)); });
}

// Every generation's rating games, players numbered as in `names`.
template <class Game>
std::vector<RatedGame> GameTrainingRun<Game>::ratedGames(int g, const std::vector<std::string>& names) const {
  std::map<std::string, int> number;
  for (std::size_t k = 0; k < names.size(); ++k) number[names[k]] = static_cast<int>(k);
  std::vector<RatedGame> games;
  for (int h = 1; h <= g; ++h) {
    const typename Game::MatchOptions o = ratingMatch(h);
    for (const auto& r : typename Game::Match(o).run().results) {  // finished matches: their records, read back
      games.push_back({number.at(o.players[r.game.first].name), number.at(o.players[r.game.second].name),
                       Game::firstScore(r),
                       h * 100000 + r.game.pair});
    }
  }
  return games;
}

// All generations and baselines rated together (random at 0 when it plays):
// ratings.txt/json/csv, log.jsonl and the report (report.svg, report.html).
template <class Game>
std::string GameTrainingRun<Game>::rateAllGenerations(int g) {
  std::vector<std::string> names;
  for (int h = 0; h <= g; ++h) names.push_back(gen(h));
  for (const std::string& b : c_.baselines) names.push_back(b.substr(0, b.find(':')));
  EloFitOptions fitOptions;
  const auto random = std::find(names.begin(), names.end(), "random");
  fitOptions.anchor = random == names.end() ? -1 : static_cast<int>(random - names.begin());
  const EloFit fit = fitElo(static_cast<int>(names.size()), ratedGames(g, names), fitOptions);
  const RatingTable table = makeRatingTable(names, fit);
  for (const auto& [file, text] : {std::pair{"ratings.txt", formatRatingTable(table)},
                                   std::pair{"ratings.json", ratingTableToJson(table).dump(2) + "\n"},
                                   std::pair{"ratings.csv", ratingTableToCsv(table)}})
    writeText(dir_ / file, text);
  RunReport report;
  report.run = dir_.string();
  for (int h = 0; h <= g; ++h)
    if (fit.players[static_cast<std::size_t>(h)].games) report.elo.emplace_back(h, fit.players[static_cast<std::size_t>(h)]);
  for (std::size_t b = static_cast<std::size_t>(g) + 1; b < names.size(); ++b)
    if (fit.players[b].games) report.baselines.emplace_back(names[b], fit.players[b].elo);
  report.settings = json::parse(readFile((dir_ / "config.json").string()));
  report.ratings = formatRatingTable(table);
  std::string lines;
  for (int h = 1; h <= g; ++h) {
    const fs::path p = dir_ / "log" / (gen(h) + ".json");
    if (!fs::exists(p)) continue;
    const json record = json::parse(readFile(p.string()));
    lines += record.dump() + "\n";
    for (const json& l : record.value("training", json::object()).value("losses", json::array())) report.losses.push_back(l);
    report.generations.push_back(record);
  }
  writeText(dir_ / "log.jsonl", lines);
  writeText(dir_ / "report.svg", runReportSvg(report));
  writeText(dir_ / "report.html", runReportHtml(report));
  return report.ratings;
}

template <class Game>
void GameTrainingRun<Game>::run() {
  prepareDirectory();
  torch::set_num_threads(c_.trainThreads);
  trainer_ = std::make_unique<nets::Trainer>(trainerOptions());
  exportWeights(0);
  for (int g = 1; g <= c_.generations && !stopped(); ++g) {
    const auto start = std::chrono::steady_clock::now();
    json record = {{"generation", g}};
    std::vector<std::string> shards;  // the games generation g trains on
    if (ownGames(g)) {
      record["selfplay"] = selfPlay(g);
      shards = {gen(g) + ".jqs"};
    } else {
      record["shards"] = shards = workerShards(g);
    }
    if (stopped()) break;
    record["training"] = train(g, shards);
    if (stopped()) break;
    exportWeights(g);
    rate(g);
    if (stopped()) break;
    const fs::path logPath = dir_ / "log" / (gen(g) + ".json");
    if (!fs::exists(logPath)) {
      record["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      writeText(logPath, record.dump() + "\n");
    }
    log_(fmt::format("gen {}/{} done\n{}", g, c_.generations, rateAllGenerations(g)));
  }
}


// The trainer's settings are checked as a classic run checks them (the same
// messages); the baselines must be the game's agents, one of each name.
template <class Game>
void checkGameConfig(const typename Game::Config& c) {
  TrainingConfig trainer;
  trainer.shape = c.shape;
  trainer.optimizer = c.optimizer;
  trainer.learningRate = c.learningRate;
  trainer.weightDecay = c.weightDecay;
  trainer.device = c.device;
  trainer.baselines = {};
  checkTrainingConfig(trainer);
  if (!(c.cpuct > 0)) throw std::invalid_argument(fmt::format("--cpuct: must be a number above 0, not '{}'", c.cpuct));
  if (!(c.rolloutMix >= 0 && c.rolloutMix <= 1))
    throw std::invalid_argument(fmt::format("--rollout-mix: must be between 0 and 1, not '{}'", c.rolloutMix));
  if (!(c.rootNoise >= 0)) throw std::invalid_argument(fmt::format("--root-noise: must be 0 or more, not '{}'", c.rootNoise));
  std::set<std::string> names;
  for (const std::string& b : c.baselines) {
    const std::string name = b.substr(0, b.find(':'));  // its name in the rating tables
    try {
      Game::makeAgent(b);
    } catch (const std::exception& e) {
      throw std::invalid_argument(fmt::format("--baselines: '{}': {}", b, e.what()));
    }
    if (!names.insert(name).second)
      throw std::invalid_argument(fmt::format("--baselines: two baselines are called '{}'", name));
  }
}

}  // namespace

void checkFlipTrainingConfig(const FlipTrainingConfig& c) { checkGameConfig<FlipRunGame>(c); }

// A four-player run trains where it plays: no workers, no rating on MPI ranks
// (their games and ratings are flip and classic runs' only, for now).
void checkFourTrainingConfig(const FourTrainingConfig& c) {
  checkGameConfig<FourRunGame>(c);
  if (c.rolloutMix != 0) throw std::invalid_argument("--rollout-mix: not available in a four-player run");
  if (c.externalSelfPlay || c.externalRating)
    throw std::invalid_argument("--external-selfplay, --mpi: not available in a four-player run yet");
}

std::string fourSearchSettings(const FourTrainingConfig& c) {
  return fmt::format("sims={},pc={}", c.ratingSims, c.cpuct);
}

void runFourTraining(const std::string& dir, const FourTrainingConfig& config,
                     const std::function<void(const std::string&)>& log, const std::atomic<bool>* stop) {
  GameTrainingRun<FourRunGame>(dir, config, log, stop).run();
}

// mix only when used: the weights files of runs without it read as before.
std::string flipSearchSettings(const FlipTrainingConfig& c) {
  const std::string mix = c.rolloutMix > 0 ? fmt::format(",mix={}", c.rolloutMix) : "";
  return fmt::format("sims={},c={}{}", c.ratingSims, c.cpuct, mix);
}

namespace {

// The settings of the game's run a checkpoint directory (DIR/checkpoints/gen-NNNN) belongs to.
template <class Game>
std::optional<typename Game::Config> runConfigOfCheckpoint(const std::string& checkpoint) {
  fs::path dir = fs::absolute(checkpoint).lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();  // a trailing '/'
  if (dir.parent_path().filename() != "checkpoints") return std::nullopt;
  const auto run = Game::settings(dir.parent_path().parent_path().string());
  if (!run) return std::nullopt;
  return Game::fromJson(*run);
}

template <class Game>
long long exportCheckpoint(const std::string& checkpoint, const typename Game::Config& config,
                           const std::string& note, const std::string& out) {
  nets::Trainer trainer(trainerOptionsOf<Game>(config));
  trainer.load(checkpoint);
  nets::saveWeights(weightsOf<Game>(trainer, config, note), out);
  return trainer.steps();
}

}  // namespace

std::optional<FlipTrainingConfig> flipRunConfigOfCheckpoint(const std::string& checkpoint) {
  return runConfigOfCheckpoint<FlipRunGame>(checkpoint);
}

long long exportFlipCheckpoint(const std::string& checkpoint, const FlipTrainingConfig& config,
                               const std::string& note, const std::string& out) {
  return exportCheckpoint<FlipRunGame>(checkpoint, config, note, out);
}

std::optional<FourTrainingConfig> fourRunConfigOfCheckpoint(const std::string& checkpoint) {
  return runConfigOfCheckpoint<FourRunGame>(checkpoint);
}

long long exportFourCheckpoint(const std::string& checkpoint, const FourTrainingConfig& config,
                               const std::string& note, const std::string& out) {
  return exportCheckpoint<FourRunGame>(checkpoint, config, note, out);
}

void runFlipTraining(const std::string& dir, const FlipTrainingConfig& config,
                     const std::function<void(const std::string&)>& log, const std::atomic<bool>* stop) {
  GameTrainingRun<FlipRunGame>(dir, config, log, stop).run();
}

}  // namespace junqi
