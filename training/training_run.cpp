#include "training/training_run.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "arena/rating_report.h"
#include "core/directory_lock.h"
#include "core/files.h"
#include "core/random.h"
#include "core/stopwatch.h"
#include "nets/nn_agent.h"
#include "nets/torch_data_parallel.h"
#include "nets/torch_trainer.h"
#include "training/generation_cpu.h"
#include "training/run_report.h"
#include "training/training_game.h"
#include "training/worker_shard_lists.h"

namespace junqi {

namespace fs = std::filesystem;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

std::string gen(int g) { return generationName(g); }

// Two sessions' figures of a generation's games: every figure is a sum.
json addedFigures(json a, const json& b) {
  for (const auto& [key, value] : b.items())
    if (value.is_number_integer()) a[key] = a.value(key, 0LL) + value.get<long long>();
    else if (value.is_number()) a[key] = a.value(key, 0.0) + value.get<double>();
  return a;
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

// --init-weights: a network of the run's game and shape.
void checkInitWeights(const TrainingConfig& c, const TrainingGame& game) {
  nets::WeightsFile w;
  try {
    w = nets::loadWeights(c.initWeights);
  } catch (const std::exception& e) {
    throw std::invalid_argument(fmt::format("--init-weights: {}", e.what()));
  }
  if (w.variant != c.variant)
    throw std::invalid_argument(fmt::format("--init-weights: {}: a {} network, not a {} one", c.initWeights, w.variant,
                                            gameTitle(c.variant)));
  if (!(w.shape == game.shape(c)))
    throw std::invalid_argument(fmt::format("--init-weights: {}: its network is {}, not the run's --shape {}",
                                            c.initWeights, w.shape.toString(), c.shape));
}

}  // namespace

void checkTrainingConfig(const TrainingConfig& c) { trainingGame(c.variant).check(c); }

long long exportCheckpoint(const std::string& checkpoint, const TrainingConfig& config, const std::string& note,
                           const std::string& out) {
  const TrainingGame& game = trainingGame(config.variant);
  nets::TrainerOptions o;
  o.shape = game.shape(config);
  o.optimizer = config.optimizer;
  nets::Trainer trainer(o);
  trainer.load(checkpoint);
  nets::saveWeights(game.weightsOf(trainer, config, note), out);
  return trainer.steps();
}

namespace {

// One run of runTraining: its directory, settings and trainer, and the steps
// of a generation, each of which first looks for the files it would write.
class TrainingRun {
 public:
  TrainingRun(const std::string& dirName, const TrainingConfig& c, const std::function<void(const std::string&)>& log,
              const std::atomic<bool>* stop)
      : dirName_(dirName), c_(c), game_(trainingGame(c.variant)), log_(log), stop_(stop) {}
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
  std::uint64_t shardSeed(int g) const { return game_.gamesSeed(c_, g, teacherGeneration(g)); }
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
  Shard keptGames(int g, json& figures) const;
  void keepGames(int g, const Shard& shard, const json& figures) const;
  PlayedGames playShard(int g, const Shard& kept, const json& keptFigures);
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
  std::string rateAllGenerations(int g);

  std::string dirName_;
  fs::path dir_;
  TrainingConfig c_;
  const TrainingGame& game_;  // what the run's game gives it
  std::function<void(const std::string&)> log_;
  const std::atomic<bool>* stop_;
  std::optional<DirectoryLock> lock_;  // one trainer at a time in the directory
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

// Checks the settings and the directory (a rerun must match its config.json).
void TrainingRun::prepareDirectory() {
  checkTrainingConfig(c_);
  // The imported weights matter only until generation 0 is made from them: a
  // resumed run (or its committed state, unpacked elsewhere) no longer needs them.
  if (!c_.initWeights.empty() && !fs::exists(fs::path(dirName_) / "checkpoints" / gen(0))) checkInitWeights(c_, game_);
  // One spelling of the directory: the rating matches' identity names the
  // weights files under it (as "$ROOT", so that the directory may move).
  // Its rating matches name the weights files in agent specs, which cannot hold a ','.
  nets::checkWeightsPathForSpec(fs::weakly_canonical(fs::absolute(dirName_)).string(), "the run directory");
  lock_.emplace(dirName_, "training run");  // creates the directory
  dir_ = fs::canonical(dirName_);
  workerShardLists_ = WorkerShardLists(dir_);
  for (const char* sub : {"shards", "checkpoints", "weights", "matches", "log"}) fs::create_directories(dir_ / sub);
  const json config = trainingConfigJson(c_);
  if (fs::exists(dir_ / "config.json")) {
    const json old = json::parse(readText(dir_ / "config.json"));
    const std::string variant = old.value("variant", "classic");
    if (variant != c_.variant)
      throw std::runtime_error(fmt::format("{} holds a {} training run, not a {} one", dirName_, gameTitle(variant),
                                           gameTitle(c_.variant)));
    // As the run reads its settings (with those it was started without), the generations aside.
    json started;
    try {
      started = trainingConfigJson(trainingConfigOf(old));
    } catch (const std::exception&) {
      started = old;
    }
    // The started settings with those that may change taken from this
    // session's (each generation's log counts its league games by opponent).
    json changed = started;
    for (auto it = changed.begin(); it != changed.end();) it = mayChangeOnResume(it.key()) ? changed.erase(it) : ++it;
    for (const auto& [key, value] : config.items())
      if (mayChangeOnResume(key)) changed[key] = value;
    if (changed != config)
      throw std::runtime_error(fmt::format(
          "{} holds a run with other settings (see its config.json); resume it with `junqi train --run {}` alone "
          "(--generations and --league may change), or use a new directory", dirName_, dirName_));
    if (changed != started) writeText(dir_ / "config.json", config.dump(2) + "\n");
  } else {
    writeText(dir_ / "config.json", config.dump(2) + "\n");
  }
}

nets::TrainerOptions TrainingRun::trainerOptions() const {
  nets::TrainerOptions to;
  to.shape = game_.shape(c_);
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
    const std::string note =
        c_.initWeights.empty() ? "generation 0 (untrained)" : "generation 0 (" + c_.initWeights + ")";
    saveWeights(game_.weightsOf(*trainer_, c_, note), weightsPath(0).string());
  }
}

// Generation g's games played by the trainer: teacher games for generation 1
// when the run has them, else self-play with generation g-1; the games after
// the `kept` ones of an interrupted session.
PlayedGames TrainingRun::playShard(int g, const Shard& kept, const json& keptFigures) {
  GenerationGames r;
  r.generation = g;
  r.teacher = teacherGeneration(g);
  r.first = static_cast<int>(kept.games);
  r.games = r.teacher ? c_.teacherGames : c_.gamesPerGeneration;
  r.seed = shardSeed(g);
  if (!r.teacher) r.weights = weightsPath(g - 1).string();
  r.kept = keptFigures;
  r.who = fmt::format("gen {}/{}", g, c_.generations);
  if (r.first >= r.games) return {};
  return game_.play(c_, r, log_, stop_);
}

// The games an interrupted session of generation g kept, with their figures
// (none: an empty shard).
Shard TrainingRun::keptGames(int g, json& figures) const {
  if (!fs::exists(keptPath(g, ".jqs")) || !fs::exists(keptPath(g, ".json"))) return {};
  Shard kept = game_.readShard(keptPath(g, ".jqs").string());
  figures = json::parse(readText(keptPath(g, ".json")));
  if (figures.value("games", -1) != static_cast<int>(kept.games)) {  // stopped between the two writes: play them again
    figures = json::object();
    return {};
  }
  log_(fmt::format("gen {}/{} | {} goes on after the {} games kept by an interrupted session", g, c_.generations,
                   teacherGeneration(g) ? "teacher games" : "self-play", kept.games));
  return kept;
}

// Ctrl-C during self-play: the finished games are kept for the next session
// (the figures first: the shard is only taken with figures of as many games).
void TrainingRun::keepGames(int g, const Shard& shard, const json& figures) const {
  if (shard.games == 0) return;
  writeText(keptPath(g, ".json"), figures.dump() + "\n");
  writeShard(shard, keptPath(g, ".jqs").string());
  log_(fmt::format("gen {}/{} | self-play stopped: {} of {} games kept in {}", g, c_.generations, shard.games,
                   teacherGeneration(g) ? c_.teacherGames : c_.gamesPerGeneration, keptPath(g, ".jqs").string()));
}

// The shard the trainer plays for generation g (once), with its figures.
std::vector<std::string> TrainingRun::ownShard(int g, json& record) {
  const fs::path shardPath = dir_ / "shards" / (gen(g) + ".jqs");
  const fs::path figuresPath = dir_ / "shards" / (gen(g) + ".json");
  // A finished generation (its log line written, its checkpoint there) is
  // never played again: a run's committed state may leave out the shards
  // older than its window. One whose checkpoint is gone is trained again, on
  // its games played again.
  const bool finished = fs::exists(dir_ / "log" / (gen(g) + ".json")) && fs::exists(checkpoint(g));
  if (!fs::exists(shardPath) && !finished) {
    json figures = json::object();
    Shard shard = keptGames(g, figures);
    PlayedGames more = playShard(g, shard, figures);
    figures = addedFigures(figures, more.figures);
    if (shard.games == 0) {
      shard = std::move(more.shard);
    } else {
      shard.games += more.shard.games;
      std::move(more.shard.positions.begin(), more.shard.positions.end(), std::back_inserter(shard.positions));
      std::move(more.shard.layouts.begin(), more.shard.layouts.end(), std::back_inserter(shard.layouts));
    }
    shard.worker = teacherGeneration(g) ? "teacher" : "train";
    shard.index = static_cast<std::uint64_t>(g);
    shard.seed = shardSeed(g);
    if (!teacherGeneration(g)) {
      shard.generation = g - 1;
      shard.weightsDigest = weightsDigest(readText(weightsPath(g - 1)));
    }
    if (stopped()) {
      keepGames(g, shard, figures);  // an unfinished shard is never taken for training
      return {};
    }
    // The figures first, then the shard: a shard on disk always has its figures.
    writeText(figuresPath, figures.dump() + "\n");
    writeShard(shard, shardPath.string());
    log_(fmt::format("gen {}/{} | {} {} games, {} positions in {:.0f} s", g, c_.generations,
                     teacherGeneration(g) ? "teacher" : "self-play", figures.value("games", 0),
                     figures.value("positions", 0LL), figures.value("seconds", 0.0)));
  }
  for (const char* extension : {".jqs", ".json"}) {  // the games kept are in the shard now
    std::error_code ignored;
    fs::remove(keptPath(g, extension), ignored);
  }
  if (fs::exists(figuresPath)) {
    record["selfplay"] = json::parse(readText(figuresPath));
    const int games = record["selfplay"].value("games", 0);
    if (!teacherGeneration(g) && games > 0) selfPlaySecondsPerGame_ = record["selfplay"].value("seconds", 0.0) / games;
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
      Shard s = game_.readShard((dir_ / "shards" / name).string());
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
    sum.identityLoss += s.identityLoss * s.identities, sum.identities += s.identities;
    sum.identityBeliefError += s.identityBeliefError * s.believedIdentities;
    sum.believedIdentities += s.believedIdentities;
    counted += batch.size();
  }
  if (counted == 0) return nullptr;
  const double n = static_cast<double>(counted);
  json out = {{"positions", counted}, {"policy_loss", sum.policyLoss / n}, {"value_loss", sum.valueLoss / n},
              {"value_accuracy", sum.valueAccuracy / n}};
  if (sum.identities > 0) out["identity_loss"] = sum.identityLoss / sum.identities;
  if (sum.believedIdentities > 0) out["identity_belief_error"] = sum.identityBeliefError / sum.believedIdentities;
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

void TrainingRun::exportWeights(int g) {
  if (fs::exists(weightsPath(g))) return;
  if (loaded_ != g) trainer_->load(checkpoint(g)), loaded_ = g;
  saveWeights(game_.weightsOf(*trainer_, c_, fmt::format("generation {}", g)), weightsPath(g).string());
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
  for (int h = 1; h <= g; ++h)
    for (const RatingGame& r : game_.ratingGames(dir_.string(), h, c_))
      games.push_back({indexOf(r.first), indexOf(r.second), r.score, h * 100000 + r.pair});
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
    // (the first flip and four-player runs kept their losses under "training")
    for (const auto& l : r.contains("losses") ? r["losses"] : r.value("training", json::object()).value("losses", json::array()))
      report.losses.push_back(l);
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
    const double generationStart = elapsed();
    const GenerationCpu cpu(dir_ / "log" / (gen(g) + ".cpu"));
    json record = {{"generation", g}};
    // 1. The generation's games: the trainer's own (or the teacher's), or the workers'.
    const std::vector<std::string> shards =
        !c_.externalSelfPlay || teacherGeneration(g) ? ownShard(g, record) : workerShards(g);
    if (stopped()) return cpu.save();
    record["shards"] = shards;
    // 2. Training on the replay window; 3. export.
    if (!fs::exists(checkpoint(g))) train(g, shards);
    if (stopped()) return cpu.save();
    if (fs::exists(fs::path(checkpoint(g)) / "training.json")) {
      const json training = json::parse(readText(fs::path(checkpoint(g)) / "training.json"));
      record["losses"] = training.at("losses");
      record["training_seconds"] = training.at("seconds");
      if (training.contains("held_out_previous")) record["held_out_previous"] = training["held_out_previous"];
    }
    exportWeights(g);
    game_.addWeightsFigures(weightsPath(g).string(), g, c_, log_, record);
    // 4. The rating match (resumable on its own).
    game_.playRatingMatch(dir_.string(), g, c_, log_, stop_);
    if (stopped()) return cpu.save();
    // 5. The generation's log line, written once; then every generation rated together.
    const fs::path logPath = dir_ / "log" / (gen(g) + ".json");
    if (!fs::exists(logPath)) {
      // (the wall time is this session's part of the generation only)
      record["seconds"] = elapsed() - generationStart;
      record["cpu_seconds"] = cpu.total();  // stopped sessions' parts included
      writeText(logPath, record.dump() + "\n");
      cpu.done();
    }
    const std::string table = rateAllGenerations(g);
    // The rest at the mean pace of the generations this session worked on.
    generationSeconds_ += elapsed() - generationStart;
    const double perGeneration = generationSeconds_ / ++generationsTimed_;
    log_(fmt::format("gen {}/{} done in {:.0f} s | ratings updated | ETA of the run {}", g, c_.generations,
                     elapsed() - generationStart, eta(perGeneration * (c_.generations - g))));
    log_("\n" + table);
    warnIfLong(perGeneration * (c_.generations - g), fmt::format("{:.0f} s a generation", perGeneration));
  }
}

}  // namespace

void runTraining(const std::string& dirName, const TrainingConfig& c, const std::function<void(const std::string&)>& log,
                 const std::atomic<bool>* stop) {
  if (c.dataParallelRank == 0) return TrainingRun(dirName, c, log, stop).run();
  const auto partnerLog = [&log, rank = c.dataParallelRank](const std::string& line) {
    log(fmt::format("rank {} | trainer | {}", rank, line));
  };
  TrainingRun(dirName, c, partnerLog, stop).run();
}


}  // namespace junqi
