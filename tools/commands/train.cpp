// junqi train: the self-play training run of any game (training/training_run.h), and
// junqi export: a checkpoint (of a classic, Flip Junqi or four-player run) to a weights file for bots.
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "core/variant.h"
#include "nets/torch_trainer.h"
#include "training/training_run.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"
#include "tools/commands/interrupt.h"

namespace junqi::tools {

namespace {

// The options of `junqi train` that a run keeps in its config.json, by key:
// resuming a run with `--run DIR` alone takes them from there.
const std::pair<const char*, const char*> kConfigKeys[] = {
    {"--rules", "ruleset"}, {"--shape", "shape"}, {"--generations", "generations"},
    {"--games", "games_per_generation"}, {"--parallel-games", "parallel_games"}, {"--sims", "sims"},
    {"--cpuct", "cpuct"}, {"--rollout-mix", "rollout_mix"}, {"--rollout-depth", "rollout_depth"},
    {"--temperature-plies", "temperature_plies"}, {"--root-noise", "root_noise"},
    {"--value-target", "value_outcome_share"}, {"--max-plies", "max_plies"}, {"--steps", "steps_per_generation"},
    {"--teacher-games", "teacher_games"}, {"--teacher-positions", "teacher_positions"},
    {"--teacher-steps", "teacher_steps"}, {"--batch", "batch_size"}, {"--window", "replay_window"},
    {"--optimizer", "optimizer"}, {"--lr", "learning_rate"}, {"--weight-decay", "weight_decay"},
    {"--rating-pairs", "rating_pairs"}, {"--rating-sims", "rating_sims"}, {"--baselines", "baselines"},
    {"--seed", "seed"}, {"--external-selfplay", "external_selfplay"}, {"--selfplay-backend", "selfplay_backend"},
    {"--gumbel", "gumbel"}, {"--gumbel-actions", "gumbel_actions"}, {"--full-search-share", "full_search_share"},
    {"--fast-sims", "fast_sims"}, {"--init-weights", "init_weights"}, {"--identity-loss", "identity_loss"},
    {"--anchor-generations", "anchor_generations"}, {"--panel-only", "rate_previous"},
    {"--league", "league"}, {"--net-depth", "net_depth"}, {"--net-visits", "net_visits"},
    {"--flag-tactics", "flag_tactics"}};

}  // namespace

void registerTrain(CLI::App& app) {
  auto* cmd = app.add_subcommand("train", "Run (or resume) a self-play training run; the defaults take minutes on 2 cores");
  static std::string rules, run, baselines = "random,heuristic";
  static TrainingConfig c;
  addRulesOption(cmd, rules);
  cmd->add_option("--run", run,
                  "Run directory; `--run DIR` alone resumes a run with its settings (--generations N extends it)")
      ->required();
  cmd->add_option("--shape", c.shape, "Network: tiny, small, standard (6x64), large or BxC")->capture_default_str();
  cmd->add_option("--generations", c.generations, "Generations to train")->check(atLeast(1))->capture_default_str();
  cmd->add_option("--games", c.gamesPerGeneration, "Self-play games per generation")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--parallel-games", c.parallelGames, "Self-play games at once (shared out over the cores, they make the network's batches)")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--sims", c.sims, "Search simulations per self-play move")->check(atLeast(1))->capture_default_str();
  cmd->add_option("--cpuct", c.cpuct, "PUCT exploration constant")->capture_default_str();
  cmd->add_option("--rollout-mix", c.rolloutMix, "Share of a greedy rollout in leaf values (0: network only; Flip Junqi: of the static "
                  "material value, default 0.25; four-player: of ismcts's rollout, 1: the network gives root priors only)")
      ->capture_default_str();
  cmd->add_option("--rollout-depth", c.rolloutDepth, "Plies of that rollout (four-player: default 40)")->capture_default_str();
  cmd->add_option("--temperature-plies", c.temperaturePlies, "Plies with moves drawn by visit count")->capture_default_str();
  cmd->add_option("--root-noise", c.rootNoise, "Dirichlet alpha of the root noise (0: none; also Flip Junqi's)")->capture_default_str();
  cmd->add_flag("--gumbel", c.gumbel,
                "Self-play searches with Gumbel AlphaZero's root (sequential halving; policy targets from completed "
                "Q values, so that 16-64 simulations still teach)");
  cmd->add_option("--gumbel-actions", c.gumbelActions, "Candidates the Gumbel root samples")
      ->check(atLeast(2))
      ->capture_default_str();
  cmd->add_option("--net-depth", c.netDepth,
                  "Flip Junqi: self-play and rating games with the hybrid search (the nn agent's netdepth): the "
                  "network's priors only down to this depth (0: the root), plain mcts below; PUCT root visits as "
                  "the policy targets, not with --gumbel")
      ->check(atLeast(0));
  cmd->add_option("--net-visits", c.netVisits,
                  "With --net-depth: passes through a node below the root before it gets the network's priors (0: at "
                  "expansion, with the value head's value)")
      ->check(atLeast(0))
      ->capture_default_str();
  cmd->add_flag("--flag-tactics", c.flagTactics,
                "Flip Junqi: self-play and rating games with the nn agent's decisive=1,takeflag=1,lostflag=1 (a flag "
                "won or lost a move ahead valued exactly, whatever the simulations)");
  cmd->add_option("--fast-sims", c.fastSims,
                  "Playout cap randomization: moves not searched in full get this many simulations and are not kept "
                  "(0: every move searched with --sims and kept)")
      ->check(atLeast(0))
      ->capture_default_str();
  cmd->add_option("--full-search-share", c.fullSearchShare, "With --fast-sims: the share of moves searched with --sims and kept")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--init-weights", c.initWeights,
                  "Generation 0 from these exported weights (same --shape) instead of an untrained network");
  cmd->add_option("--identity-loss", c.identityLoss,
                  "Weight of the identity head's loss: the enemy's true identities as an auxiliary target (0: off)")
      ->check(CLI::Range(0.0, 10.0))
      ->capture_default_str();
  static bool panelOnly = false;
  cmd->add_option("--anchor-generations", c.anchorGenerations,
                  "Generations every later generation is also rated against, a fixed panel with the baselines "
                  "(e.g. 1: the teacher's)")
      ->delimiter(',')
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--panel-only", panelOnly,
                "Rate each generation against the baselines and anchor generations only (not also the one before)");
  cmd->add_option("--value-target", c.valueOutcomeShare,
                  "Share of the game's result in the value target (the rest: the search's root value; 1 by default in Flip Junqi and four-player runs)")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--max-plies", c.maxPlies, "Adjudicate a draw after this many moves")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--steps", c.stepsPerGeneration, "Training steps per generation")->capture_default_str();
  cmd->add_option("--teacher-games", c.teacherGames,
                  "Generation 1 learns from this many games of the tactical player instead of self-play (0: none; "
                  "Flip Junqi: of the flip heuristic, default 400)")
      ->check(atLeast(0))
      ->capture_default_str();
  cmd->add_option("--teacher-positions", c.teacherPositions, "Positions kept per teacher game")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--teacher-steps", c.teacherSteps, "Training steps of generation 1 with teacher games (0: --steps)")
      ->check(atLeast(0))
      ->capture_default_str();
  cmd->add_option("--batch", c.batchSize, "Training batch size")->check(atLeast(1))->capture_default_str();
  cmd->add_option("--window", c.replayWindow, "Replay window, in positions")->check(atLeast(1))->capture_default_str();
  cmd->add_option("--optimizer", c.optimizer, "adam or sgd")->capture_default_str();
  cmd->add_option("--lr", c.learningRate, "Learning rate (cosine decay to a tenth)")->capture_default_str();
  cmd->add_option("--weight-decay", c.weightDecay, "Weight decay")->capture_default_str();
  cmd->add_option("--threads", c.trainThreads, "LibTorch threads")->check(atLeast(1))->capture_default_str();
  cmd->add_option("--device", c.device, "LibTorch device (cpu; cuda with a CUDA build of LibTorch)")->capture_default_str();
  cmd->add_option("--rating-pairs", c.ratingPairs, "Layout pairs per pairing in each generation's rating match")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--rating-sims", c.ratingSims, "Simulations per move of the networks in rating matches")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--rating-concurrency", c.ratingConcurrency, "Rating games at once")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--baselines", baselines, "Fixed opponents of every generation: agent specs, comma-separated (e.g. 'random,ismcts:sims=50,seed=3')")
      ->capture_default_str();
  static std::string league;
  cmd->add_option("--league", league,
                  "League games: SPEC@SHARE items, comma-separated (e.g. 'tactical@0.25,gen-1@0.25'): each opponent "
                  "(an agent spec, or gen-K: the generation K before the learning one) plays that share of each "
                  "generation's games against the learning network, which keeps only its own seat's samples; the rest "
                  "is self-play (classic and Flip Junqi runs). A resumed run may take another league");
  cmd->add_option("--seed", c.seed, "Seed of the whole run")->capture_default_str();
  cmd->add_option("--selfplay-backend", c.selfPlayBackend, "Self-play inference: eigen (fast for small networks) or torch")
      ->capture_default_str();
  cmd->add_flag("--external-selfplay", c.externalSelfPlay,
                "Do not play self-play here: wait for `junqi selfplay` workers (separate processes) to write shards");
  cmd->add_flag("--external-rating", c.externalRating,
                "Do not play the rating games here: wait for their records (an MPI run's ranks play them)");
  static bool mpi = false;
  static int trainers = 1;
  cmd->add_flag("--mpi", mpi,
                "Across the ranks of an MPI job: `mpirun -n N junqi train --run DIR --mpi ...` (rank 0 trains, the "
                "others play self-play and rating games; docs/distributed.md)");
  cmd->add_option("--trainers", trainers,
                  "With --mpi: ranks 0..T-1 train together (data parallel: each step's gradients averaged, each rank "
                  "drawing --batch positions), the others play")
      ->check(atLeast(1))
      ->capture_default_str();
  // Set by `junqi train --mpi --trainers T` for its trainers (distributed/), not by hand.
  auto* dataParallel = cmd->add_option_group("data parallel");
  dataParallel->add_option("--data-parallel-rank", c.dataParallelRank, "This trainer's rank in its data-parallel group")
      ->check(CLI::NonNegativeNumber);
  dataParallel->add_option("--data-parallel-size", c.dataParallelSize, "Trainers in the data-parallel group")
      ->check(atLeast(1));
  dataParallel->add_option("--data-parallel-store", c.dataParallelStore,
                           "host:port of the TCP store rank 0 serves, where the group meets");
  // One flag names the game in every command (--rules PRESET); the old --variant is refused by name.
  auto* variant = cmd->add_option("--variant", rules)->group("");
  setAction(cmd, [cmd, variant] {
    if (variant->count() > 0)
      throw std::runtime_error("--variant: gone; name the game by its preset with --rules (e.g. --rules flip-kawu, "
                               "--rules four-worldatplay)");
    if (mpi) throw std::runtime_error("--mpi: run it as `mpirun -n N junqi train --run DIR --mpi ...`");
    if (trainers > 1) throw std::runtime_error("--trainers: only with --mpi (`mpirun -n N junqi train --mpi --trainers T ...`)");
    if (c.dataParallelRank >= c.dataParallelSize)
      throw std::runtime_error(fmt::format("--data-parallel-rank {}: the group has ranks 0-{}", c.dataParallelRank,
                                           c.dataParallelSize - 1));
    c.baselines = splitAgentSpecs(baselines);
    c.ratePrevious = !panelOnly;
    c.league = parseLeague(league);
    // Kept absolute in config.json: a resumed run may start elsewhere.
    if (!c.initWeights.empty()) c.initWeights = std::filesystem::absolute(c.initWeights).lexically_normal().string();
    std::vector<std::pair<std::string, std::string>> given;  // (config.json key, option) of the options given
    for (const auto& [option, key] : kConfigKeys)
      if (cmd->get_option(option)->count() > 0) given.emplace_back(key, option);
    const bool rulesGiven = cmd->get_option("--rules")->count() > 0;
    // The game: the rules given, else the run's (`--run DIR` alone resumes it), else classic.
    const std::string game = rulesGiven ? variantOfRules(rules) : runVariant(run).value_or("classic");
    TrainingConfig defaults = trainingDefaults(game);
    if (rulesGiven || game == "classic") setRules(defaults, rules);
    stopCleanlyOnInterrupt();
    if (game != "classic" && c.dataParallelSize > 1)
      throw std::runtime_error(fmt::format("--trainers: a {} run trains on one rank (data-parallel training is classic only)",
                                           gameTitle(game)));
    const TrainingConfig config = resumedConfig(run, configOfGame(defaults, c, given), given);
    runTraining(run, config, [](const std::string& line) { fmt::print(stderr, "{}\n", line); }, &interrupted);
    if (c.dataParallelRank > 0) return 0;  // a partner trainer: rank 0's trainer speaks for the run
    if (interrupted) {
      fmt::print(stderr, "interrupted: `junqi train --run {}` resumes the run\n", run);
      return 130;
    }
    fmt::print("run complete: {0}/ratings.txt, {0}/report.html, weights in {0}/weights/\n", run);
    return 0;
  });
}

namespace {

// An option given to `junqi export` that contradicts the checkpoint's run is refused.
void agreeWithRun(CLI::Option* option, std::string& value, const std::string& runs, const std::string& checkpoint,
                  const char* what) {
  if (option->count() > 0 && value != runs)
    throw std::runtime_error(fmt::format("{} {}: the network of {} was trained with {} {}", option->get_name(), value,
                                         checkpoint, what, runs));
  value = runs;
}

// A checkpoint of a training run of any game, exported as the run exports
// its generations (the game's inputs, the run's shape, rules and search
// settings); `rules`, when given, must be the run's.
int exportRunCheckpoint(const std::string& checkpoint, const std::string& out, const TrainingConfig& run,
                        const std::optional<std::string>& rules) {
  const auto sameRules = [&run](const std::string& text) {
    if (variantOfRules(text) != run.variant) return false;
    TrainingConfig asked = run;
    setRules(asked, text);
    return rulesText(asked) == rulesText(run);
  };
  if (rules && !sameRules(*rules))
    throw std::runtime_error(fmt::format("--rules {}: the network of {} was trained for other rules ({})", *rules,
                                         checkpoint, rulesText(run)));
  const long long steps = exportCheckpoint(checkpoint, run, "exported from " + checkpoint, out);
  const std::string game = run.variant == "classic" ? "" : gameTitle(run.variant) + " ";
  fmt::print("wrote {} ({}{} network, {} training steps, searching with {})\n", out, game,
             nets::NetworkShape::parse(run.shape).toString(), steps, ratedSearchSettings(run));
  return 0;
}

}  // namespace

// Checkpoints of a training run take their shape, optimizer, ruleset and
// search settings from the run; options that contradict the run are refused.
void registerExport(CLI::App& app) {
  auto* cmd = app.add_subcommand("export", "Write a checkpoint's network as a weights file for bots (no LibTorch needed)");
  static std::string checkpoint, out, shape = "tiny", rules, optimizer = "adam";
  cmd->add_option("checkpoint", checkpoint,
                  "Checkpoint directory (RUN/checkpoints/gen-NNNN, of a classic, Flip Junqi or four-player run)")->required();
  cmd->add_option("--out", out, "Weights file to write")->required();
  auto* shapeOption = cmd->add_option("--shape", shape, "The checkpoint's network shape (from its run, if it has one)")
                          ->capture_default_str();
  auto* optimizerOption =
      cmd->add_option("--optimizer", optimizer, "The checkpoint's optimizer (from its run, if it has one)")
          ->capture_default_str();
  auto* rulesOption = addRulesOption(cmd, rules);
  setAction(cmd, [=] {
    if (const auto run = runConfigOfCheckpoint(checkpoint)) {
      agreeWithRun(shapeOption, shape, run->shape, checkpoint, "shape");
      agreeWithRun(optimizerOption, optimizer, run->optimizer, checkpoint, "optimizer");
      return exportRunCheckpoint(checkpoint, out, *run, rulesOption->count() > 0 ? std::optional(rules) : std::nullopt);
    }
    // A checkpoint outside a run: a classic network of the options' shape and rules.
    nets::TrainerOptions o;
    o.shape = nets::NetworkShape::parse(shape);
    o.optimizer = optimizer;
    nets::Trainer trainer(o);
    trainer.load(checkpoint);
    nets::saveWeights(trainer.model()->exportWeights(Ruleset::parse(rules).toString(), "exported from " + checkpoint), out);
    fmt::print("wrote {} ({} network, {} training steps)\n", out, o.shape.toString(), trainer.steps());
    return 0;
  });
}

}  // namespace junqi::tools
