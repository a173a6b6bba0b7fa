#include "training/training_run.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/files.h"
#include "core/stopwatch.h"
#include "nets/nn_agent.h"
#include "nets/torch_backend.h"
#include "nets/torch_data_parallel.h"
#include "nets/torch_trainer.h"
#include "search/registry.h"
#include "arena/match.h"
#include "arena/rating_report.h"
#include "training/run_report.h"
#include "training/worker_shard_lists.h"
#include "selfplay/selfplay_worker.h"
#include "selfplay/teacher_games.h"

namespace junqi {

namespace fs = std::filesystem;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

std::string gen(int g) { return generationName(g); }

// A self-play's figures as kept beside its shard, and back.
json figuresJson(const SelfPlayStats& s) {
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

SelfPlayStats statsOf(const json& j) {
  SelfPlayStats s;
  s.games = j.at("games"), s.positions = j.value("positions", 0LL), s.seconds = j.value("seconds", 0.0);
  s.moves = j.value("moves", 0LL);
  s.cpuSeconds = j.value("cpu_seconds", 0.0);
  s.redWins = j.value("red_wins", 0), s.blueWins = j.value("blue_wins", 0), s.draws = j.value("draws", 0);
  s.resignations = j.value("resignations", 0), s.checkedResignations = j.value("checked_resignations", 0);
  s.wrongResignations = j.value("wrong_resignations", 0);
  return s;
}

// Self-play inference: Eigen is several times faster than LibTorch for the
// small networks of short runs (a batch of a few positions); LibTorch for big
// networks or a GPU.
std::shared_ptr<nets::Backend> selfPlayBackend(const TrainingConfig& c, const std::string& weights) {
  if (c.selfPlayBackend == "torch") return std::make_shared<nets::TorchBackend>(nets::loadWeights(weights), c.device);
  return nets::makeBackend(c.selfPlayBackend, weights);
}

std::string readText(const fs::path& p) { return readFile(p.string()); }

void writeText(const fs::path& p, const std::string& text) { writeFileAtomically(p.string(), text); }

// This trainer's place in a data-parallel group (null: it trains alone).
// Ranks on one machine meet on the loopback, others at their hostnames.
std::shared_ptr<nets::GradientAverager> joinDataParallelGroup(const TrainingConfig& c,
                                                              const std::function<void(const std::string&)>& log) {
  if (c.dataParallelSize <= 1) return nullptr;
  if (!nets::GradientAverager::available())
    throw std::runtime_error("--trainers: this junqi-train was built without Gloo (apt-get install libgloo-dev, then rebuild)");
  const std::size_t colon = c.dataParallelStore.rfind(':');
  const std::string host = c.dataParallelStore.substr(0, colon);
  const std::string portText = colon == std::string::npos ? "" : c.dataParallelStore.substr(colon + 1);
  int port = 0;
  const auto [end, error] = std::from_chars(portText.data(), portText.data() + portText.size(), port);
  if (host.empty() || error != std::errc() || end != portText.data() + portText.size() || port < 1 || port > 65535)
    throw std::invalid_argument(fmt::format("--data-parallel-store '{}': use host:port", c.dataParallelStore));
  log(fmt::format("data parallel | trainer {} of {} joins the group at {}", c.dataParallelRank, c.dataParallelSize,
                  c.dataParallelStore));
  const auto store = nets::tcpStore(host, port, c.dataParallelRank, c.dataParallelSize);
  return std::make_shared<nets::GradientAverager>(c.dataParallelRank, c.dataParallelSize, store,
                                                  host == "127.0.0.1" ? host : "");
}

}  // namespace

std::optional<TrainingConfig> runConfigOfCheckpoint(const std::string& checkpoint) {
  fs::path dir = fs::absolute(checkpoint).lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();  // a trailing '/'
  const fs::path config = dir.parent_path().parent_path() / "config.json";
  if (dir.parent_path().filename() != "checkpoints" || !fs::exists(config)) return std::nullopt;
  return trainingConfigOf(readRunSettings(config.string()));
}

namespace {

// --init-weights: a classic network of the run's shape.
void checkInitWeights(const TrainingConfig& c) {
  nets::WeightsFile w;
  try {
    w = nets::loadWeights(c.initWeights);
  } catch (const std::exception& e) {
    throw std::invalid_argument(fmt::format("--init-weights: {}", e.what()));
  }
  if (w.variant != "classic")
    throw std::invalid_argument(fmt::format("--init-weights: {}: a {} network, not a classic one", c.initWeights, w.variant));
  if (!(w.shape == nets::NetworkShape::parse(c.shape)))
    throw std::invalid_argument(fmt::format("--init-weights: {}: its network is {}, not the run's --shape {}",
                                            c.initWeights, w.shape.toString(), c.shape));
}

}  // namespace

void checkTrainingConfig(const TrainingConfig& c) {
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
  if (c.gumbel && c.gumbelActions < 2) throw bad("--gumbel-actions", "must be at least 2");
  for (const int h : c.anchorGenerations)
    if (h < 0 || h > c.generations)
      throw bad("--anchor-generations", fmt::format("{} is not a generation of this run (0-{})", h, c.generations));
  if (c.selfPlayBackend != "eigen" && c.selfPlayBackend != "torch")
    throw bad("--selfplay-backend", fmt::format("'{}': use eigen or torch", c.selfPlayBackend));
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

// One run of runTraining: its directory, settings and trainer, and the steps
// of a generation, each of which first looks for the files it would write.
class TrainingRun {
 public:
  TrainingRun(const std::string& dirName, const TrainingConfig& c, const std::function<void(const std::string&)>& log,
              const std::atomic<bool>* stop);
  void run();

 private:
  bool stopped() const { return stop_ && stop_->load(); }
  // A data-parallel partner: trains what rank 0 hands it and keeps nothing.
  bool follows() const { return c_.dataParallelRank > 0; }
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }
  fs::path weightsPath(int g) const { return dir_ / "weights" / (gen(g) + ".jqw"); }
  std::string checkpoint(int g) const { return (dir_ / "checkpoints" / gen(g)).string(); }
  bool teacherGeneration(int g) const { return g == 1 && c_.teacherGames > 0; }
  // The seed of the games the trainer plays for generation g.
  std::uint64_t shardSeed(int g) const {
    return teacherGeneration(g) ? Rng::mix(c_.seed, 0x7eac4e7) : Rng::mix(c_.seed, static_cast<std::uint64_t>(g));
  }
  int stepsOf(int g) const {
    return teacherGeneration(g) && c_.teacherSteps > 0 ? c_.teacherSteps : c_.stepsPerGeneration;
  }

  void prepareDirectory();
  nets::TrainerOptions trainerOptions() const;
  void makeGenerationZero();
  std::vector<std::string> ownShard(int g, json& record);
  fs::path keptPath(int g, const char* extension) const {
    return dir_ / "shards" / (gen(g) + ".part" + extension);
  }
  Shard keptGames(int g, SelfPlayStats& stats) const;
  void keepGames(int g, const Shard& shard, const SelfPlayStats& stats) const;
  Shard playShard(int g, const SelfPlayStats& kept, SelfPlayStats& stats);
  void warnIfLong(double secondsLeft, const std::string& rates);
  void estimateFromFirstSteps(int g, int step, double secondsPerStep);
  std::vector<std::string> workerShards(int g);
  std::vector<std::string> shardNames(int g) const;
  // The newest positions first (generation g's: `newest` of them), up to the window.
  std::vector<PositionSample> replayWindow(int g, const std::vector<std::string>& shards,
                                           std::vector<LayoutSample>& layouts, std::size_t& newest) const;
  json heldOutLosses(const std::vector<PositionSample>& positions, std::size_t newest);
  void train(int g, const std::vector<std::string>& shards);
  bool stepsStop();
  void follow();
  void exportWeights(int g);
  MatchSummary playRatingMatch(int g);
  std::string rateAllGenerations(int g);

  std::string dirName_;
  fs::path dir_;
  TrainingConfig c_;
  std::function<void(const std::string&)> log_;
  const std::atomic<bool>* stop_;
  Clock::time_point started_ = Clock::now();
  std::unique_ptr<nets::Trainer> trainer_;
  std::shared_ptr<nets::GradientAverager> averager_;  // null: no data-parallel partners
  int loaded_ = -1;  // the generation whose checkpoint the trainer holds
  // The run's length, estimated from what this session measured: self-play
  // seconds per game (-1: unknown), generations done here and their seconds.
  double selfPlaySecondsPerGame_ = -1;
  int generationsTimed_ = 0;
  double generationSeconds_ = 0;
  bool estimated_ = false;  // the estimate from the first training steps is made once
  bool warned_ = false;
  WorkerShardLists workerShardLists_{""};  // (made for dir_ once it is known)
};

TrainingRun::TrainingRun(const std::string& dirName, const TrainingConfig& c,
                         const std::function<void(const std::string&)>& log, const std::atomic<bool>* stop)
    : dirName_(dirName), c_(c), log_(log), stop_(stop) {}

// Checks the settings and the directory (a rerun must match its config.json).
void TrainingRun::prepareDirectory() {
  checkTrainingConfig(c_);
  // The imported weights matter only until generation 0 is made from them: a
  // resumed run (or its committed state, unpacked elsewhere) no longer needs them.
  if (!c_.initWeights.empty() && !fs::exists(fs::path(dirName_) / "checkpoints" / gen(0))) checkInitWeights(c_);
  // One spelling of the directory: the rating matches' identity names the
  // weights files under it (as "$ROOT", so that the directory may move).
  // Its rating matches name the weights files in agent specs, which cannot hold a ','.
  nets::checkWeightsPathForSpec(fs::weakly_canonical(fs::absolute(dirName_)).string(), "the run directory");
  fs::create_directories(dirName_);
  dir_ = fs::canonical(dirName_);
  workerShardLists_ = WorkerShardLists(dir_);
  for (const char* sub : {"shards", "checkpoints", "weights", "matches", "log"}) fs::create_directories(dir_ / sub);
  const json config = trainingConfigJson(c_);
  if (fs::exists(dir_ / "config.json")) {
    json old = json::parse(readText(dir_ / "config.json"));
    const bool extended = old.value("generations", 0) != c_.generations;
    old["generations"] = c_.generations;
    if (old != config)
      throw std::runtime_error(fmt::format(
          "{} holds a run with other settings (see its config.json); resume it with `junqi train --run {}` alone "
          "(--generations may change), or use a new directory", dirName_, dirName_));
    if (extended) writeText(dir_ / "config.json", config.dump(2) + "\n");
  } else {
    writeText(dir_ / "config.json", config.dump(2) + "\n");
  }
}

nets::TrainerOptions TrainingRun::trainerOptions() const {
  nets::TrainerOptions to;
  to.shape = nets::NetworkShape::parse(c_.shape);
  to.optimizer = c_.optimizer;
  to.learningRate = c_.learningRate;
  to.weightDecay = c_.weightDecay;
  to.totalSteps = 0;
  for (int g = 1; g <= c_.generations; ++g) to.totalSteps += stepsOf(g);
  to.threads = c_.trainThreads;
  to.device = c_.device;
  to.seed = c_.seed;
  to.dataParallel = averager_;
  to.frozenNorms = !c_.initWeights.empty();
  to.identityLossWeight = c_.identityLoss;
  return to;
}

// Generation 0: the untrained (or the imported) network's checkpoint and weights.
void TrainingRun::makeGenerationZero() {
  if (!fs::exists(checkpoint(0))) {
    if (!c_.initWeights.empty()) trainer_->model()->loadFolded(nets::loadWeights(c_.initWeights));
    trainer_->save(checkpoint(0));
  }
  if (!fs::exists(weightsPath(0))) {
    trainer_->load(checkpoint(0));
    loaded_ = 0;
    nets::WeightsFile w = trainer_->model()->exportWeights(
        c_.ruleset.toString(), c_.initWeights.empty() ? "generation 0 (untrained)" : "generation 0 (" + c_.initWeights + ")");
    w.search = ratedSearchSettings(c_);
    saveWeights(w, weightsPath(0).string());
  }
}

// Generation g's games played by the trainer: teacher games for generation 1
// when the run has them, else self-play with generation g-1; the games after
// the `kept` ones of an interrupted session.
Shard TrainingRun::playShard(int g, const SelfPlayStats& kept, SelfPlayStats& stats) {
  const std::string who = fmt::format("gen {}/{}", g, c_.generations);
  const auto withKept = [&kept](const SelfPlayStats& s) {
    SelfPlayStats all = kept;
    all.add(s);
    return all;
  };
  if (teacherGeneration(g)) {
    TeacherOptions to;
    to.ruleset = c_.ruleset;
    to.games = c_.teacherGames;
    to.firstGame = kept.games;
    to.positionsPerGame = c_.teacherPositions;
    to.maxPlies = c_.maxPlies;
    to.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    to.seed = shardSeed(g);
    return playTeacherGames(to, stats, [&](const SelfPlayStats& s) {
      const SelfPlayStats all = withKept(s);
      if (all.games % 100 == 0 || all.games == to.games) log_(selfPlayLine(who, all, to.games, "teacher games"));
    }, stop_);
  }
  const auto backend = selfPlayBackend(c_, weightsPath(g - 1).string());
  SelfPlayOptions so = selfPlayOptions(c_, shardSeed(g));
  so.firstGame = kept.games;
  return playSelfPlay(backend, so, stats,
                      [&](const SelfPlayStats& s) { log_(selfPlayLine(who, withKept(s), c_.gamesPerGeneration)); },
                      stop_);
}

// The games an interrupted session of generation g kept, with their figures
// in `stats` (none: an empty shard).
Shard TrainingRun::keptGames(int g, SelfPlayStats& stats) const {
  if (!fs::exists(keptPath(g, ".jqs")) || !fs::exists(keptPath(g, ".json"))) return {};
  Shard kept = readShard(keptPath(g, ".jqs").string());
  stats = statsOf(json::parse(readText(keptPath(g, ".json"))));
  if (stats.games != static_cast<int>(kept.games)) {  // stopped between the two writes: play them again
    stats = {};
    return {};
  }
  log_(fmt::format("gen {}/{} | self-play goes on after the {} games kept by an interrupted session", g,
                   c_.generations, kept.games));
  return kept;
}

// Ctrl-C during self-play: the finished games are kept for the next session
// (the figures first: the shard is only taken with figures of as many games).
void TrainingRun::keepGames(int g, const Shard& shard, const SelfPlayStats& stats) const {
  if (shard.games == 0) return;
  writeText(keptPath(g, ".json"), figuresJson(stats).dump() + "\n");
  writeShard(shard, keptPath(g, ".jqs").string());
  log_(fmt::format("gen {}/{} | self-play stopped: {} of {} games kept in {}", g, c_.generations, shard.games,
                   teacherGeneration(g) ? c_.teacherGames : c_.gamesPerGeneration, keptPath(g, ".jqs").string()));
}

// The shard the trainer plays for generation g (once), with its figures.
std::vector<std::string> TrainingRun::ownShard(int g, json& record) {
  const fs::path shardPath = dir_ / "shards" / (gen(g) + ".jqs");
  const fs::path figuresPath = dir_ / "shards" / (gen(g) + ".json");
  if (!fs::exists(shardPath)) {
    SelfPlayStats stats, played;
    Shard shard = keptGames(g, stats);
    Shard more = playShard(g, stats, played);
    stats.add(played);
    shard.ruleset = more.ruleset;
    shard.games += more.games;
    std::move(more.positions.begin(), more.positions.end(), std::back_inserter(shard.positions));
    std::move(more.layouts.begin(), more.layouts.end(), std::back_inserter(shard.layouts));
    shard.worker = teacherGeneration(g) ? "teacher" : "train";
    shard.index = static_cast<std::uint64_t>(g);
    shard.seed = shardSeed(g);
    if (!teacherGeneration(g)) {
      shard.generation = g - 1;
      shard.weightsDigest = weightsDigest(readText(weightsPath(g - 1)));
    }
    if (stopped()) {
      keepGames(g, shard, stats);  // an unfinished shard is never taken for training
      return {};
    }
    // The figures first, then the shard: a shard on disk always has its figures.
    writeText(figuresPath, figuresJson(stats).dump() + "\n");
    writeShard(shard, shardPath.string());
  }
  for (const char* extension : {".jqs", ".json"}) {  // the games kept are in the shard now
    std::error_code ignored;
    fs::remove(keptPath(g, extension), ignored);
  }
  if (fs::exists(figuresPath)) {
    record["selfplay"] = json::parse(readText(figuresPath));
    const SelfPlayStats figures = statsOf(record["selfplay"]);
    if (!teacherGeneration(g) && figures.games > 0) selfPlaySecondsPerGame_ = figures.seconds / figures.games;
  }
  return {shardPath.filename().string()};
}

// External self-play: the workers' shards no generation has taken yet, once
// they hold a generation's games (the list is kept in DIR/log/gen-NNNN.shards).
std::vector<std::string> TrainingRun::workerShards(int g) {
  return workerShardLists_.take(g, c_.gamesPerGeneration, [this] { return stopped(); }, [&](long long games) {
    log_(fmt::format("gen {}/{} | waiting for self-play workers: {}/{} new games (junqi selfplay --run {})", g,
                     c_.generations, games, c_.gamesPerGeneration, dirName_));
  });
}

// The shards generation g trained on (its own shard, or the workers' list).
std::vector<std::string> TrainingRun::shardNames(int g) const {
  if (!c_.externalSelfPlay || teacherGeneration(g)) return {gen(g) + ".jqs"};
  return workerShardLists_.listed(g);
}

// The newest generations' positions first, up to the window; every layout of those generations.
std::vector<PositionSample> TrainingRun::replayWindow(int g, const std::vector<std::string>& shards,
                                                      std::vector<LayoutSample>& layouts, std::size_t& newest) const {
  std::vector<PositionSample> positions;
  for (int h = g; h >= 1 && static_cast<int>(positions.size()) < c_.replayWindow; --h) {
    for (const std::string& name : h == g ? shards : shardNames(h)) {
      Shard s = readShard((dir_ / "shards" / name).string());
      for (auto& p : s.positions)
        if (static_cast<int>(positions.size()) < c_.replayWindow) positions.push_back(std::move(p));
      for (auto& l : s.layouts) layouts.push_back(l);
    }
    if (h == g) newest = positions.size();
  }
  return positions;
}

// Generation g-1 on the first `newest` positions of the window: generation
// g's games, which it played (or the teacher did) but never trained on, so
// its losses there are held-out figures, measured before any step of g.
json TrainingRun::heldOutLosses(const std::vector<PositionSample>& positions, std::size_t newest) {
  constexpr std::size_t kMost = 4096, kBatch = 256;
  nets::TrainStats sum;
  std::size_t counted = 0;
  for (std::size_t from = 0; from < std::min(newest, kMost); from += kBatch) {
    std::vector<const PositionSample*> batch;
    for (std::size_t i = from; i < std::min({newest, kMost, from + kBatch}); ++i) batch.push_back(&positions[i]);
    const nets::TrainStats s = trainer_->evaluate(batch);
    const double n = static_cast<double>(batch.size());
    sum.policyLoss += s.policyLoss * n, sum.valueLoss += s.valueLoss * n, sum.valueAccuracy += s.valueAccuracy * n;
    sum.identityBeliefError += s.identityBeliefError * s.identities, sum.identities += s.identities;
    counted += batch.size();
  }
  if (counted == 0) return nullptr;
  const double n = static_cast<double>(counted);
  json out = {{"positions", counted}, {"policy_loss", sum.policyLoss / n}, {"value_loss", sum.valueLoss / n},
              {"value_accuracy", sum.valueAccuracy / n}};
  if (sum.identities > 0) out["identity_belief_error"] = sum.identityBeliefError / sum.identities;
  return out;
}

// Training generation g from the previous checkpoint; the checkpoint holds the losses.
void TrainingRun::train(int g, const std::vector<std::string>& shards) {
  if (loaded_ != g - 1) trainer_->load(checkpoint(g - 1));
  std::vector<LayoutSample> layouts;
  std::size_t newest = 0;
  const std::vector<PositionSample> positions = replayWindow(g, shards, layouts, newest);
  const json heldOut = follows() ? json() : heldOutLosses(positions, newest);
  // Each data-parallel rank draws its own share of the step's batch.
  const std::uint64_t batchSeed = Rng::mix(c_.seed, 0x7a1 + static_cast<std::uint64_t>(g));
  Rng rng(follows() ? Rng::mix(batchSeed, static_cast<std::uint64_t>(c_.dataParallelRank)) : batchSeed);
  json losses = json::array();
  const double trainStart = elapsed();
  const int steps = stepsOf(g);
  nets::TrainStats sum;
  int summed = 0;
  bool interrupted = false;
  for (int step = 1; step <= steps; ++step) {
    if ((interrupted = stepsStop())) break;
    std::vector<const PositionSample*> batch;
    std::vector<const LayoutSample*> layoutBatch;
    for (int i = 0; i < c_.batchSize && !positions.empty(); ++i) batch.push_back(&positions[rng.below(positions.size())]);
    for (int i = 0; i < c_.batchSize / 8 && !layouts.empty(); ++i)
      layoutBatch.push_back(&layouts[rng.below(layouts.size())]);
    const nets::TrainStats s = trainer_->step(batch, layoutBatch);
    sum.policyLoss += s.policyLoss, sum.valueLoss += s.valueLoss, sum.layoutLoss += s.layoutLoss;
    sum.policyEntropy += s.policyEntropy, sum.valueAccuracy += s.valueAccuracy;
    sum.identityLoss += s.identityLoss, sum.identityBeliefError += s.identityBeliefError;
    ++summed;
    if (step % 25 == 0 || step == steps) {
      const double perSecond = step / std::max(1e-9, elapsed() - trainStart);
      losses.push_back({trainer_->steps(), sum.policyLoss / summed, sum.valueLoss / summed, sum.layoutLoss / summed,
                        sum.policyEntropy / summed, sum.valueAccuracy / summed, sum.identityLoss / summed,
                        sum.identityBeliefError / summed});
      log_(fmt::format("gen {}/{} | train step {}/{} | {:.1f} steps/s, {:.0f} positions/s | loss policy {:.3f} value "
                       "{:.3f} layout {:.3f} identity {:.3f} | entropy {:.2f} | value accuracy {:.0f}% | lr {:.2g} | ETA {}",
                       g, c_.generations, step, steps, perSecond, perSecond * c_.batchSize, sum.policyLoss / summed,
                       sum.valueLoss / summed, sum.layoutLoss / summed, sum.identityLoss / summed,
                       sum.policyEntropy / summed, 100 * sum.valueAccuracy / summed, s.learningRate,
                       eta((steps - step) / perSecond)));
      sum = {};
      summed = 0;
      estimateFromFirstSteps(g, step, 1 / perSecond);
    }
  }
  if (averager_)
    log_(fmt::format("gen {}/{} | trained with {} data-parallel ranks: parameters digest {:016x}", g, c_.generations,
                     c_.dataParallelSize, nets::parametersDigest(*trainer_->model())));
  if (follows()) {  // rank 0 keeps the checkpoint, and forwards it as the next generation's start
    loaded_ = -1;
    return;
  }
  if (stopped()) return;  // the partial training is redone from the previous checkpoint
  if (interrupted) throw std::runtime_error("training stopped: a data-parallel partner stopped");
  // The losses go with the checkpoint, so a resumed run still has them.
  const json training = {{"losses", losses}, {"seconds", elapsed() - trainStart}, {"held_out_previous", heldOut}};
  trainer_->save(checkpoint(g), {{"training.json", training.dump() + "\n"}});
  loaded_ = g;
}

// Whether the training steps stop here: on a stop, and with data-parallel
// partners on any rank's stop (a collective call: the ranks stop together,
// none is left waiting for an average).
bool TrainingRun::stepsStop() { return averager_ ? averager_->anyRank(stopped()) : stopped(); }

// A data-parallel partner (trainer rank > 0): trains each generation rank 0's
// relay forwards into this directory (its shards and list, and rank 0's
// checkpoint to start from), log/forwarded naming it, written last.
void TrainingRun::follow() {
  const fs::path forwarded = dir_ / "log" / "forwarded";
  for (int trained = 0; !stopped();) {
    const int g = fs::exists(forwarded) ? std::stoi(readText(forwarded)) : 0;
    if (g > trained) {
      train(g, shardNames(g));
      trained = g;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// A warning, once, when the rest of the run would take over an hour at this rate.
void TrainingRun::warnIfLong(double secondsLeft, const std::string& rates) {
  if (warned_ || !(secondsLeft > 3600)) return;
  warned_ = true;
  log_(fmt::format("warning: at this rate the run will take about {:.1f} hours more ({}); fewer --generations, "
                   "--games, --sims or --steps make it shorter",
                   secondsLeft / 3600, rates));
}

// The first estimate, as soon as this session has trained a few steps: the
// generation's self-play and training rates for the generations left (their
// rating matches come on top). Later estimates use whole generations.
void TrainingRun::estimateFromFirstSteps(int g, int step, double secondsPerStep) {
  if (estimated_) return;
  estimated_ = true;
  const bool selfPlayKnown = !c_.externalSelfPlay && selfPlaySecondsPerGame_ >= 0;
  const double selfPlay = selfPlayKnown ? selfPlaySecondsPerGame_ * c_.gamesPerGeneration : 0;
  const double left = (stepsOf(g) - step) * secondsPerStep +
                      (c_.generations - g) * (selfPlay + secondsPerStep * c_.stepsPerGeneration);
  const std::string selfPlayRate = selfPlayKnown ? fmt::format("{:.3g} s a self-play game, ", selfPlaySecondsPerGame_) : "";
  warnIfLong(left, fmt::format("{}{:.3g} s a training step, before rating matches", selfPlayRate, secondsPerStep));
}

// Generation g's rating match. A stop (Ctrl-C) reaches it too: it stops after
// its games in progress, and resumes from its records.
MatchSummary TrainingRun::playRatingMatch(int g) {
  Match match(ratingMatchOptions(dir_.string(), g, c_));
  // Games played elsewhere: once all are recorded, the match below only reads them.
  if (c_.externalRating)
    waitForRatingRecords(g, c_.generations, static_cast<int>(match.schedule().size()),
                         [&] { return match.recordedGames(); }, [this] { return stopped(); }, log_);
  std::atomic<bool> over{false};
  std::thread watcher([&] {
    while (!over && !stopped()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (stopped()) match.requestStop();
  });
  try {
    const MatchSummary summary = match.run(
        [&](const std::string& line) { log_(fmt::format("gen {}/{} | rating | {}", g, c_.generations, line)); });
    over = true;
    watcher.join();
    return summary;
  } catch (...) {
    over = true;
    watcher.join();
    throw;
  }
}

void TrainingRun::exportWeights(int g) {
  if (fs::exists(weightsPath(g))) return;
  if (loaded_ != g) trainer_->load(checkpoint(g)), loaded_ = g;
  nets::WeightsFile w = trainer_->model()->exportWeights(c_.ruleset.toString(), fmt::format("generation {}", g));
  w.search = ratedSearchSettings(c_);
  saveWeights(w, weightsPath(g).string());
}
// Every generation's rating games rated together: the tables, log.jsonl and the report.
std::string TrainingRun::rateAllGenerations(int g) {
  std::vector<std::string> names;
  for (int h = 0; h <= g; ++h) names.push_back(gen(h));
  for (const std::string& b : c_.baselines) names.push_back(b.substr(0, b.find(':')));
  const auto indexOf = [&](const std::string& n) {
    return static_cast<int>(std::find(names.begin(), names.end(), n) - names.begin());
  };
  std::vector<RatedGame> games;
  for (int h = 1; h <= g; ++h) {
    const MatchOptions o = ratingMatchOptions(dir_.string(), h, c_);
    Match old(o);
    for (const MatchGameResult& r : old.run().results) {
      const double score = !r.outcome.winner ? 0.5 : *r.outcome.winner == Seat::Red ? 1.0 : 0.0;
      games.push_back({indexOf(o.players[r.game.red].name), indexOf(o.players[r.game.blue].name), score,
                       h * 100000 + r.game.pair});
    }
  }
  EloFitOptions fo;
  fo.anchor = indexOf("random") < static_cast<int>(names.size()) ? indexOf("random") : -1;
  const EloFit fit = fitElo(static_cast<int>(names.size()), games, fo);
  const RatingTable ratingTable = makeRatingTable(names, fit);
  const std::string table = formatRatingTable(ratingTable);
  writeText(dir_ / "ratings.txt", table);
  writeText(dir_ / "ratings.json", ratingTableToJson(ratingTable).dump(2) + "\n");
  writeText(dir_ / "ratings.csv", ratingTableToCsv(ratingTable));
  std::vector<std::pair<int, PlayerRating>> byGeneration;
  for (int h = 0; h <= g; ++h)
    if (fit.players[h].games) byGeneration.emplace_back(h, fit.players[h]);
  std::vector<std::pair<std::string, double>> baselines;
  for (std::size_t b = g + 1; b < names.size(); ++b)
    if (fit.players[b].games) baselines.emplace_back(names[b], fit.players[b].elo);
  RunReport report;
  report.run = dirName_;
  report.elo = std::move(byGeneration);
  report.baselines = std::move(baselines);
  report.settings = json::parse(readText(dir_ / "config.json"));
  report.ratings = table;
  std::string logLines;
  for (int h = 1; h <= g; ++h) {
    const fs::path p = dir_ / "log" / (gen(h) + ".json");
    if (!fs::exists(p)) continue;
    const json r = json::parse(readText(p));
    logLines += r.dump() + "\n";
    if (r.contains("losses"))
      for (const auto& l : r["losses"]) report.losses.push_back(l);
    report.generations.push_back(r);
  }
  writeText(dir_ / "log.jsonl", logLines);
  writeText(dir_ / "learning-curve.csv", learningCurveCsv(report));
  writeText(dir_ / "report.svg", runReportSvg(report));
  writeText(dir_ / "report.html", runReportHtml(report));
  return table;
}

void TrainingRun::run() {
  prepareDirectory();
  torch::set_num_threads(c_.trainThreads);
  averager_ = joinDataParallelGroup(c_, log_);
  trainer_ = std::make_unique<nets::Trainer>(trainerOptions());
  if (follows()) return follow();
  makeGenerationZero();
  for (int g = 1; g <= c_.generations && !stopped(); ++g) {
    const double generationStart = elapsed(), generationCpuStart = processCpuSeconds();
    json record = {{"generation", g}};
    // 1. The generation's games: the trainer's own (or the teacher's), or the workers'.
    const std::vector<std::string> shards =
        !c_.externalSelfPlay || teacherGeneration(g) ? ownShard(g, record) : workerShards(g);
    if (stopped()) break;
    record["shards"] = shards;
    // 2. Training on the replay window; 3. export.
    if (!fs::exists(checkpoint(g))) train(g, shards);
    if (stopped()) break;
    if (fs::exists(fs::path(checkpoint(g)) / "training.json")) {
      const json training = json::parse(readText(fs::path(checkpoint(g)) / "training.json"));
      record["losses"] = training.at("losses");
      record["training_seconds"] = training.at("seconds");
      if (training.contains("held_out_previous")) record["held_out_previous"] = training["held_out_previous"];
    }
    exportWeights(g);
    // 4. The rating match (resumable on its own).
    const MatchSummary summary = playRatingMatch(g);
    if (stopped()) break;
    // 5. The generation's log line, written once; then every generation rated together.
    const fs::path logPath = dir_ / "log" / (gen(g) + ".json");
    if (!fs::exists(logPath)) {
      record["seconds"] = elapsed() - generationStart;
      // The CPU time of this session's part of the generation (all of it unless it was resumed).
      record["cpu_seconds"] = processCpuSeconds() - generationCpuStart;
      writeText(logPath, record.dump() + "\n");
    }
    const std::string table = rateAllGenerations(g);
    // The rest at the mean pace of the generations this session worked on.
    generationSeconds_ += elapsed() - generationStart;
    const double perGeneration = generationSeconds_ / ++generationsTimed_;
    log_(fmt::format("gen {}/{} done in {:.0f} s | {} | ETA of the run {}", g, c_.generations,
                     elapsed() - generationStart, summary.table.empty() ? "" : "ratings updated",
                     eta(perGeneration * (c_.generations - g))));
    log_("\n" + table);
    warnIfLong(perGeneration * (c_.generations - g), fmt::format("{:.0f} s a generation", perGeneration));
  }
}

}  // namespace

TrainingConfig resumedConfig(const std::string& dir, const TrainingConfig& config,
                             const std::vector<std::pair<std::string, std::string>>& given) {
  const fs::path path = fs::path(dir) / "config.json";
  if (!fs::exists(path)) return config;
  json run = readRunSettings(path.string());
  const json asked = trainingConfigJson(config);
  for (const auto& [key, option] : given) {
    if (!asked.contains(key)) continue;  // a setting the run does not keep (threads, device, ...)
    if (key != "generations" && run.value(key, json()) != asked.at(key))
      throw std::invalid_argument(fmt::format("{}: the run in {} was started with {} = {}, not {}; use a new directory",
                                              option, dir, key, run.value(key, json()).dump(), asked.at(key).dump()));
    run[key] = asked.at(key);
  }
  TrainingConfig out = trainingConfigOf(run);
  // What config.json does not keep comes from this command.
  out.trainThreads = config.trainThreads;
  out.device = config.device;
  out.ratingConcurrency = config.ratingConcurrency;
  out.externalRating = config.externalRating;
  out.dataParallelRank = config.dataParallelRank;
  out.dataParallelSize = config.dataParallelSize;
  out.dataParallelStore = config.dataParallelStore;
  return out;
}

void runTraining(const std::string& dirName, const TrainingConfig& c, const std::function<void(const std::string&)>& log,
                 const std::atomic<bool>* stop) {
  if (c.dataParallelRank == 0) return TrainingRun(dirName, c, log, stop).run();
  const auto partnerLog = [&log, rank = c.dataParallelRank](const std::string& line) {
    log(fmt::format("rank {} | trainer | {}", rank, line));
  };
  TrainingRun(dirName, c, partnerLog, stop).run();
}


}  // namespace junqi
