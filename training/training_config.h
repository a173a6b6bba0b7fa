// A training run's settings (DIR/config.json), for every game (classic, Flip
// Junqi, four-player), and what the trainer and its self-play workers share:
// the self-play they play, progress lines, and the names of the workers'
// files. No LibTorch: `junqi selfplay` and the MPI workers (distributed/) use
// it without loading it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "arena/match.h"
#include "core/classic/ruleset.h"
#include "core/flip/flip_ruleset.h"
#include "core/four/four_ruleset.h"
#include "selfplay/selfplay_worker.h"

namespace junqi {

// One opponent of a league mix (issue 38): an agent spec of the registry
// ("tactical", "ismcts:sims=50") or "gen-K", the run's generation K before
// the learning network's (at least generation 0), with its share of each
// generation's games; the games left over are plain self-play.
struct LeagueOpponent {
  std::string opponent;
  double share = 0;
  bool operator==(const LeagueOpponent&) const = default;
};

// One struct for the three games: `variant` names the game, and its rules are
// the field of that game (the others unused). A game's own defaults:
// trainingDefaults. Settings a game has no use for keep their defaults (a
// run asked for one is refused by the game, naming the option).
struct TrainingConfig {
  std::string variant = "classic";  // "classic", "flip" or "four"
  Ruleset ruleset;                  // classic
  FlipRuleset flipRules = FlipRuleset::kawu();
  FourRuleset fourRules = FourRuleset::worldAtPlay();
  std::string shape = "tiny";
  int generations = 3;
  int gamesPerGeneration = 12;
  int parallelGames = 6;
  int sims = 48;             // per self-play move
  double cpuct = 1.5;
  double rolloutMix = 0.5;   // share of a (greedy, shallow) rollout in leaf values
  int rolloutDepth = 16;
  int temperaturePlies = 20;
  double rootNoise = 0.3;    // Dirichlet alpha
  double valueOutcomeShare = 0.5;  // value target: this much the game's result, the rest the search's value
  int maxPlies = 500;        // self-play and rating games end in an adjudicated draw here
  // Teacher games (selfplay/classic/teacher_games.h): with teacherGames > 0,
  // generation 1 learns from games of the tactical player instead of
  // self-play with the untrained network, for teacherSteps steps.
  int teacherGames = 0;
  int teacherPositions = 8;  // positions kept per teacher game
  int teacherSteps = 0;      // 0: stepsPerGeneration
  // Gumbel AlphaZero's root in self-play (search/gumbel_root.h): the policy
  // targets are completed-Q improved policies, so few simulations still teach.
  bool gumbel = false;
  int gumbelActions = 16;
  // Flip Junqi: self-play (and the rating games, through the weights'
  // search settings) with the hybrid search (search/flip/flip_mcts.h): the
  // network's priors only down to netDepth (0: the root), plain mcts with
  // static leaves below; -1: the network at every node. netVisits: passes
  // through a node of depth 1..netDepth before it gets priors (0: at expansion).
  int netDepth = -1;
  int netVisits = 0;
  // Flip Junqi: self-play (and the rating games, through the weights' search
  // settings) with the flag tactics of the nn agent: decisive=1, takeflag=1,
  // lostflag=1 (search/flip/flip_mcts.h), so that a search of a few dozen
  // simulations still sees a flag won or lost a move ahead.
  bool flagTactics = false;
  // Playout cap randomization (selfplay/selfplay_worker.h): this share of the
  // moves searched with `sims` and kept as samples, the rest with fastSims.
  double fullSearchShare = 1.0;
  int fastSims = 0;          // 0: every move a full search
  // The fixed anchor panel: generations (e.g. 1, the teacher's) that every
  // later generation's rating match plays, beside the baselines; with
  // ratePrevious off, g does not also play g-1, so that every generation is
  // rated against the same panel only.
  std::vector<int> anchorGenerations;
  bool ratePrevious = true;
  // Generation 0 from exported weights (a .jqw of the same shape) instead of
  // an untrained network: a run that goes on from another run's generation.
  // Its batch norms stay frozen (nets/torch_trainer.h: frozenNorms).
  std::string initWeights;
  // Weight of the identity head's loss (nets/torch_trainer.h); runs made
  // before it read 0 from their config.json, so they resume unchanged.
  double identityLoss = 0.25;
  // League games (classic and flip runs): each opponent's share of a generation's
  // games, played by the learning network on one seat against it; samples
  // only from the learner's seat (selfplay/classic/league_games.h,
  // selfplay/flip/flip_selfplay.h).
  std::vector<LeagueOpponent> league;
  int stepsPerGeneration = 150;
  int batchSize = 128;
  int replayWindow = 40000;  // positions
  std::string optimizer = "adam";
  double learningRate = 2e-3;
  double weightDecay = 1e-4;
  int trainThreads = 2;
  std::string device = "cpu";
  int ratingPairs = 4;       // layout pairs per pairing in each generation's match
  int ratingSims = 48;
  int ratingConcurrency = 2;
  std::vector<std::string> baselines = {"random", "heuristic"};
  std::uint64_t seed = 1;
  // Self-play by separate worker processes (`junqi selfplay`): the trainer
  // waits for their shards instead of playing itself.
  bool externalSelfPlay = false;
  std::string selfPlayBackend = "eigen";  // or "torch"
  // Rating games played by someone else (an MPI run's ranks, distributed/):
  // the trainer waits for every game's record. Not kept in config.json, as
  // it changes who plays the games, not which.
  bool externalRating = false;
  // Data-parallel training (nets/torch_data_parallel.h) over `dataParallelSize`
  // trainers meeting at the TCP store `dataParallelStore` ("host:port", rank 0
  // serves it): an MPI run's trainer ranks (distributed/). Rank 0 runs the
  // run; the others train the generations its relay hands them (each on its
  // own share of every step's batch) and keep nothing. Not kept in
  // config.json: it changes who computes the steps, not the run.
  int dataParallelRank = 0;
  int dataParallelSize = 1;
  std::string dataParallelStore;
};

// The game of a ruleset or game name ("flip-kawu", "four", "hiddenfront"):
// "classic", "flip" or "four".
std::string variantOfRules(const std::string& rules);
// A new run's settings for the game `variant`: its defaults (a short run).
TrainingConfig trainingDefaults(const std::string& variant);
// The run's ruleset as config.json names it, and its game's name in messages.
std::string rulesText(const TrainingConfig& config);
std::string gameTitle(const std::string& variant);
// Sets the rules of `config` (and its variant) from a preset or ruleset text.
void setRules(TrainingConfig& config, const std::string& rules);

// config.json both ways, for every game (flip and four-player runs carry
// "variant"; the keys a game has, training_config.cpp); trainingConfigOf
// throws for settings that are not a run's.
nlohmann::json trainingConfigJson(const TrainingConfig& config);
TrainingConfig trainingConfigOf(const nlohmann::json& json);
// Whether config.json of the game `variant` keeps `key`.
bool gameHasSetting(const std::string& variant, const std::string& key);
// A run's config.json, checked to hold a run's settings (std::runtime_error naming the file if not).
nlohmann::json readRunSettings(const std::string& path);
// The game of the run in `dir` ("classic", "flip", "four"); nullopt without a config.json.
std::optional<std::string> runVariant(const std::string& dir);

// The settings of a new run of `defaults`'s game from `junqi train`'s
// options: the options given (`given`: config.json keys and the options that
// set them) taken from `asked`, the others the game's defaults. An option the
// game does not have is refused (std::invalid_argument naming the option and
// the game).
using GivenOptions = std::vector<std::pair<std::string, std::string>>;  // (config.json key, option)
TrainingConfig configOfGame(TrainingConfig defaults, const TrainingConfig& asked, const GivenOptions& given);

// The settings to resume the run in `dir` with: its config.json, with the
// settings named in `given` taken from `config`. A given setting that differs
// from the run's is refused (std::invalid_argument naming the option), except
// those that may change on resume. Without a config.json, or with another
// game's run there (which the run refuses): `config`.
TrainingConfig resumedConfig(const std::string& dir, const TrainingConfig& config, const GivenOptions& given);
// The config.json keys a resumed run may change: `generations` extends (or
// shortens) it, and its `league` may grow between legs.
bool mayChangeOnResume(const std::string& key);

// The comma-separated agent specs of `--baselines`: an item holding '=' before
// any ':' is a parameter of the spec before it ("random,ismcts:sims=50,seed=3"
// is random and ismcts:sims=50,seed=3).
std::vector<std::string> splitAgentSpecs(const std::string& list);

// `--league`'s text: comma-separated SPEC@SHARE items, an agent spec's own
// parameters after commas as in --baselines ("tactical@0.25,gen-1@0.25",
// "ismcts:sims=50,seed=3@0.5"). parseLeague throws std::invalid_argument, one
// line starting "--league:", for a malformed item, a share outside [0, 1] or
// shares over 1 in all (checkLeague: the same checks of a parsed mix).
std::vector<LeagueOpponent> parseLeague(const std::string& text);
void checkLeague(const std::vector<LeagueOpponent>& league);
std::string leagueText(const std::vector<LeagueOpponent>& league);
// K of an opponent "gen-K" (K >= 1), else nullopt.
std::optional<int> leaguePastGeneration(const std::string& opponent);
// How many of `games` each opponent plays (in league order; the rest are
// self-play): the shares rounded so that their running sums stay exact.
std::vector<int> leagueGameCounts(const std::vector<LeagueOpponent>& league, int games);
// Who plays game n of a generation of `games`: -1 for self-play (games 0 ..
// S-1), else the index of its league opponent (each opponent's games a block
// after the self-play, in league order), so that a stopped generation goes on
// from its first unplayed game whichever kind it is.
int leagueOpponentOfGame(const std::vector<LeagueOpponent>& league, int games, int game);
// S: how many of the games are self-play.
int leagueSelfPlayGames(const std::vector<LeagueOpponent>& league, int games);

// The search settings a run rates its networks with, as the game's `nn` agent
// parameters (classic "sims=48,c=1.5,mix=0.5,depth=16,rollout=greedy"; flip
// "sims=32,c=1.5,mix=0.25", mix only above 0, then ",netdepth=3,netvisits=30"
// with the hybrid; four "sims=32,pc=1.5"); the
// weights files it exports carry them, so a bot plays as it was rated.
std::string ratedSearchSettings(const TrainingConfig& config);

// The self-play the run plays with seed `seed`, the trainer's and the workers' alike.
SelfPlayOptions selfPlayOptions(const TrainingConfig& config, std::uint64_t seed);

// "H:MM:SS" for a progress line's ETA ("?" when it cannot be known).
std::string eta(double seconds);
// A progress line of self-play (or, with kind "teacher games", of teacher games).
std::string selfPlayLine(const std::string& who, const SelfPlayStats& stats, int games,
                         const std::string& kind = "self-play");

// With external rating (an MPI run's ranks play the games): waits until
// `recorded()` counts all `games` of generation g's rating match, a line in
// `log` every 15 s, or until `stopped()`.
void waitForRatingRecords(int g, int generations, int games, const std::function<int()>& recorded,
                          const std::function<bool()>& stopped, const std::function<void(const std::string&)>& log);

// "gen-NNNN": the name of generation g's files.
std::string generationName(int g);

// The earlier generations generation g's rating match plays: g-1 (unless
// ratePrevious is off) and the anchor generations before g.
std::vector<int> ratingGenerations(int g, const TrainingConfig& config);

// The rating match of generation g in the run directory `dir`: a gauntlet of
// generation g against ratingGenerations(g) and the baselines, in DIR/matches/gen-NNNN, the
// networks named by their weights files under DIR/weights.
MatchOptions ratingMatchOptions(const std::string& dir, int g, const TrainingConfig& config);

// Self-play workers' files, for every game's runs alike:
// the newest generation with weights in the run `dir` (-1: none yet);
int newestGeneration(const std::string& dir);
// throws std::runtime_error unless `worker` is one word (it makes file names);
void checkWorkerName(const std::string& worker);
// shards/w-NAME-NNNNNN.jqs, and the index of the worker's next free one.
std::string workerShardName(const std::string& worker, int index);
int nextWorkerShardIndex(const std::string& dir, const std::string& worker);
// The seed of a worker's shard `index`: from the run's seed and the worker's
// name by FNV-1a (not std::hash, which differs between standard libraries),
// so a worker plays the same games wherever it was built.
std::uint64_t workerSeed(std::uint64_t runSeed, const std::string& worker, int index);

}  // namespace junqi
