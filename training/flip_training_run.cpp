#include "training/flip_training_run.h"

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
#include "nets/torch_trainer.h"
#include "search/flip_agent.h"
#include "selfplay/flip_selfplay.h"
#include "selfplay/flip_teacher_games.h"
#include "training/flip_training_json.h"
#include "training/worker_shard_lists.h"
#include "training/run_report.h"
#include "training/training_run.h"

namespace junqi {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

std::string gen(int g) { return fmt::format("gen-{:04}", g); }
void writeText(const fs::path& p, const std::string& text) { writeFileAtomically(p.string(), text); }

bool teacherGeneration(const FlipTrainingConfig& c, int g) { return g == 1 && c.teacherGames > 0; }
// Training steps of generation g: the teacher's generation may have its own count.
int flipStepsOf(const FlipTrainingConfig& c, int g) {
  return teacherGeneration(c, g) && c.teacherSteps > 0 ? c.teacherSteps : c.stepsPerGeneration;
}

// The trainer of the run's network: the flip inputs, the run's shape and optimizer.
nets::TrainerOptions flipTrainerOptions(const FlipTrainingConfig& c) {
  nets::TrainerOptions o;
  o.shape = nets::NetworkShape::parse(c.shape);
  o.shape.inputPlanes = nets::kFlipInputPlanes;
  o.optimizer = c.optimizer;
  o.learningRate = c.learningRate;
  o.weightDecay = c.weightDecay;
  o.totalSteps = 0;
  for (int g = 1; g <= c.generations; ++g) o.totalSteps += flipStepsOf(c, g);
  o.threads = c.trainThreads;
  o.seed = c.seed;
  return o;
}

// The trainer's network as the run's weights file. exportWeights names the
// variant of a classic ruleset: the flip game's name and rules replace them.
nets::WeightsFile flipWeightsOf(nets::Trainer& trainer, const FlipTrainingConfig& c, const std::string& note) {
  nets::WeightsFile w = trainer.model()->exportWeights(Ruleset{}.toString(), note);
  w.variant = nets::kFlipVariant;
  w.ruleset = c.rules.toString();
  w.search = flipSearchSettings(c);
  return w;
}

Shard readFlipShard(const fs::path& p) {
  return readShard(p.string(), nets::kFlipEncodingVersion, nets::kFlipInputSize);
}

class FlipTrainingRun {
 public:
  FlipTrainingRun(const std::string& dir, const FlipTrainingConfig& c, const std::function<void(const std::string&)>& log,
                  const std::atomic<bool>* stop)
      : dir_(dir), c_(c), log_(log), stop_(stop) {}
  void run();

 private:
  bool stopped() const { return stop_ && *stop_; }
  bool teacherGeneration(int g) const { return junqi::teacherGeneration(c_, g); }
  int stepsOf(int g) const { return flipStepsOf(c_, g); }
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
  FlipMatchOptions ratingMatch(int g) const { return flipRatingMatchOptions(dir_.string(), g, c_); }
  void rate(int g);
  std::vector<RatedGame> ratedGames(int g, const std::vector<std::string>& names) const;
  std::string rateAllGenerations(int g);

  fs::path dir_;
  FlipTrainingConfig c_;
  std::function<void(const std::string&)> log_;
  const std::atomic<bool>* stop_;
  std::unique_ptr<nets::Trainer> trainer_;
  int loaded_ = 0;  // the generation the trainer holds (0: the untrained network)
  WorkerShardLists workerShardLists_{dir_};
};

// Refuses a directory holding another run: a classic one, or a flip run of
// other settings (the number of generations may differ: it extends the run).
void FlipTrainingRun::prepareDirectory() {
  checkFlipTrainingConfig(c_);
  if (fs::exists(dir_ / "config.json")) {
    auto settings = flipRunSettings(dir_.string());
    if (!settings)
      throw std::runtime_error(fmt::format("{} holds a classic training run, not a Flip Junqi one", dir_.string()));
    json run = flipConfigToJson(flipConfigFromJson(*settings));  // with the settings it was started without
    json asked = flipConfigToJson(c_);
    run["generations"] = asked["generations"];
    if (run != asked)
      throw std::runtime_error(fmt::format("{} holds a flip run of other settings; use a new directory", dir_.string()));
  }
  for (const char* sub : {"shards", "checkpoints", "weights", "matches", "log"}) fs::create_directories(dir_ / sub);
  writeText(dir_ / "config.json", flipConfigToJson(c_).dump(2) + "\n");
}

nets::TrainerOptions FlipTrainingRun::trainerOptions() const { return flipTrainerOptions(c_); }

void FlipTrainingRun::exportWeights(int g) {
  if (fs::exists(weightsPath(g))) return;
  if (loaded_ != g) trainer_->load(checkpoint(g).string()), loaded_ = g;
  nets::saveWeights(flipWeightsOf(*trainer_, c_, fmt::format("flip generation {}", g)), weightsPath(g).string());
}

// Generation g's games: the teacher's for generation 1 when the run has
// teacher games, else self-play with generation g-1.
Shard FlipTrainingRun::playGeneration(int g, FlipSelfPlayStats& s) {
  const char* kind = teacherGeneration(g) ? "teacher games" : "self-play";
  const int games = teacherGeneration(g) ? c_.teacherGames : c_.gamesPerGeneration;
  const FlipProgress progress = flipProgressLines(log_, fmt::format("gen {}/{} | {}", g, c_.generations, kind), games);
  if (teacherGeneration(g)) {
    FlipTeacherOptions t;
    t.rules = c_.rules;
    t.games = c_.teacherGames;
    t.positionsPerGame = c_.teacherPositions;
    t.maxPlies = c_.maxPlies;
    t.threads = c_.parallelGames;
    t.seed = Rng::mix(c_.seed, 0x7eac);
    Shard shard = playFlipTeacherGames(t, s, stop_, progress);
    shard.seed = t.seed;
    return shard;
  }
  const FlipSelfPlayOptions o = flipSelfPlayOptions(c_, Rng::mix(c_.seed, 0x5e1f + static_cast<std::uint64_t>(g)));
  const std::string path = weightsPath(g - 1).string();
  const std::string bytes = readFile(path);  // read once: the network, and its digest for the shard
  const nets::WeightsFile weights = nets::parseWeights(bytes, path);
  nets::checkFlipWeights(weights, path);
  Shard shard = playFlipSelfPlay(nets::makeBackend("eigen", weights), o, s, stop_, progress);
  shard.generation = g - 1;
  shard.weightsDigest = weightsDigest(bytes);
  shard.seed = o.seed;
  return shard;
}

// Shard g and its figures (json), read back on a resumed run.
json FlipTrainingRun::selfPlay(int g) {
  const fs::path figures = dir_ / "shards" / (gen(g) + ".json");
  if (fs::exists(shardPath(g)) && fs::exists(figures)) return json::parse(readFile(figures.string()));
  FlipSelfPlayStats s;
  const Shard shard = playGeneration(g, s);
  if (stopped()) return {};
  const json out = {{"games", s.games},         {"positions", s.positions}, {"seconds", s.seconds},
                    {"first_wins", s.firstWins}, {"second_wins", s.secondWins}, {"draws", s.draws}};
  writeText(figures, out.dump() + "\n");  // first: a shard without its figures is played again
  writeShard(shard, shardPath(g).string());
  log_(fmt::format("gen {}/{} | {} {} games, {} positions in {:.0f} s | first player {} wins, second {}, draws {}", g,
                   c_.generations, teacherGeneration(g) ? "teacher" : "self-play", s.games, s.positions, s.seconds,
                   s.firstWins, s.secondWins, s.draws));
  return out;
}

// External self-play: the workers' shards no earlier generation took, once
// they hold a generation's games; their names are kept in log/gen-NNNN.shards
// before training, so a resumed trainer trains on the same games.
std::vector<std::string> FlipTrainingRun::workerShards(int g) {
  return workerShardLists_.take(g, c_.gamesPerGeneration, [this] { return stopped(); }, [&](long long games) {
    log_(fmt::format("gen {}/{} | waiting for self-play workers: {}/{} new games (junqi selfplay --run {})", g,
                     c_.generations, games, c_.gamesPerGeneration, dir_.string()));
  });
}

// The shards generation g trained on: its own, or the workers' of its list.
std::vector<std::string> FlipTrainingRun::shardNames(int g) const {
  if (ownGames(g)) return {gen(g) + ".jqs"};
  return workerShardLists_.listed(g);
}

// The newest positions, up to the window: generation g's shards, then those
// earlier generations trained on, newest first.
std::vector<PositionSample> FlipTrainingRun::replayWindow(int g, const std::vector<std::string>& shards) const {
  std::vector<PositionSample> positions;
  for (int h = g; h >= 1 && static_cast<int>(positions.size()) < c_.replayWindow; --h)
    for (const std::string& name : h == g ? shards : shardNames(h))
      for (auto& p : readFlipShard(dir_ / "shards" / name).positions)
        if (static_cast<int>(positions.size()) < c_.replayWindow) positions.push_back(std::move(p));
  return positions;
}

// Generation g trained from the previous checkpoint on the replay window;
// the losses go with the checkpoint.
json FlipTrainingRun::train(int g, const std::vector<std::string>& shards) {
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
void FlipTrainingRun::rate(int g) {
  FlipMatch match(ratingMatch(g));
  if (c_.externalRating)
    waitForRatingRecords(g, c_.generations, static_cast<int>(match.schedule().size()),
                         [&] { return match.recordedGames(); }, [this] { return stopped(); }, log_);
  if (stopped()) return;
  match.run([&](const std::string& line) { log_(fmt::format("gen {}/{} | rating | {}", g, c_.generations, line)); });
}

// Every generation's rating games, players numbered as in `names`.
std::vector<RatedGame> FlipTrainingRun::ratedGames(int g, const std::vector<std::string>& names) const {
  std::map<std::string, int> number;
  for (std::size_t k = 0; k < names.size(); ++k) number[names[k]] = static_cast<int>(k);
  std::vector<RatedGame> games;
  for (int h = 1; h <= g; ++h) {
    const FlipMatchOptions o = ratingMatch(h);
    for (const FlipMatchResult& r : FlipMatch(o).run().results) {  // finished matches: their records, read back
      const double firstScore = !r.outcome.winner ? 0.5 : *r.outcome.winner == Seat::Red ? 1.0 : 0.0;
      games.push_back({number.at(o.players[r.game.first].name), number.at(o.players[r.game.second].name), firstScore,
                       h * 100000 + r.game.pair});
    }
  }
  return games;
}

// All generations and baselines rated together (random at 0 when it plays):
// ratings.txt/json/csv, log.jsonl and the report (report.svg, report.html).
std::string FlipTrainingRun::rateAllGenerations(int g) {
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

void FlipTrainingRun::run() {
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

}  // namespace

// The trainer's settings are checked as a classic run checks them (the same
// messages); the baselines must be flip agents, one of each name.
void checkFlipTrainingConfig(const FlipTrainingConfig& c) {
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
      makeFlipAgent(b);
    } catch (const std::exception& e) {
      throw std::invalid_argument(fmt::format("--baselines: '{}': {}", b, e.what()));
    }
    if (!names.insert(name).second)
      throw std::invalid_argument(fmt::format("--baselines: two baselines are called '{}'", name));
  }
}

// mix only when used: the weights files of runs without it read as before.
std::string flipSearchSettings(const FlipTrainingConfig& c) {
  const std::string mix = c.rolloutMix > 0 ? fmt::format(",mix={}", c.rolloutMix) : "";
  return fmt::format("sims={},c={}{}", c.ratingSims, c.cpuct, mix);
}

std::optional<FlipTrainingConfig> flipRunConfigOfCheckpoint(const std::string& checkpoint) {
  fs::path dir = fs::absolute(checkpoint).lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();  // a trailing '/'
  if (dir.parent_path().filename() != "checkpoints") return std::nullopt;
  const auto run = flipRunSettings(dir.parent_path().parent_path().string());
  if (!run) return std::nullopt;
  return flipConfigFromJson(*run);
}

long long exportFlipCheckpoint(const std::string& checkpoint, const FlipTrainingConfig& config,
                               const std::string& note, const std::string& out) {
  nets::Trainer trainer(flipTrainerOptions(config));
  trainer.load(checkpoint);
  nets::saveWeights(flipWeightsOf(trainer, config, note), out);
  return trainer.steps();
}

void runFlipTraining(const std::string& dir, const FlipTrainingConfig& config,
                     const std::function<void(const std::string&)>& log, const std::atomic<bool>* stop) {
  FlipTrainingRun(dir, config, log, stop).run();
}

}  // namespace junqi
