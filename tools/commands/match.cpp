// junqi match: plays a rated match between agents (built-in or external bots)
// and prints the rating table; see arena/match.h and docs/match.md.
#include <charconv>
#include <cmath>
#include <csignal>
#include <optional>

#include <fmt/format.h>

#include "arena/flip/flip_match.h"
#include "arena/four/four_match.h"
#include "arena/match.h"
#include "core/directory_lock.h"
#include "core/text.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

#ifdef JUNQI_WITH_MPI
#include <filesystem>
#include <memory>

#include "distributed/mpi_match.h"
#endif

namespace junqi::tools {

namespace {
// The match Ctrl-C (or SIGTERM) stops after the games in progress: it keeps
// every finished game and prints its table; a second Ctrl-C ends at once.
StoppableMatch* running = nullptr;
void onInterrupt(int signal) {
  if (running) running->requestStop();
  std::signal(signal, SIG_DFL);
}
// Runs `run` with Ctrl-C stopping `match` instead of the program.
template <class Run>
auto whileInterruptible(StoppableMatch& match, const Run& run) {
  running = &match;
  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
  auto summary = run();
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  running = nullptr;
  return summary;
}

// "elo0,elo1" or "elo0,elo1,alpha,beta": elo0 below elo1, alpha and beta between 0 and 0.5.
SprtConfig parseSprt(const std::string& text) {
  const auto bad = [&](const std::string& why) {
    return std::invalid_argument(fmt::format("--sprt {}: {}", text, why));
  };
  std::vector<double> v;
  for (const std::string_view part : split(text, ',')) {
    double x = 0;
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), x);
    if (part.empty() || ec != std::errc() || end != part.data() + part.size() || !std::isfinite(x))
      throw bad(fmt::format("'{}' is not a number", part));
    v.push_back(x);
  }
  if (v.size() != 2 && v.size() != 4) throw bad("give elo0,elo1 or elo0,elo1,alpha,beta");
  SprtConfig s;
  s.elo0 = v[0], s.elo1 = v[1];
  if (v.size() == 4) s.alpha = v[2], s.beta = v[3];
  if (!(s.elo0 < s.elo1)) throw bad(fmt::format("elo0 ({:g}) must be below elo1 ({:g})", s.elo0, s.elo1));
  for (const double p : {s.alpha, s.beta})
    if (!(p > 0 && p < 0.5)) throw bad(fmt::format("alpha and beta must be between 0 and 0.5, not {:g}", p));
  return s;
}
// --agent-layouts is the classic game's: the others' agents do not choose their starts.
void refuseAgentLayouts(bool agentLayouts, std::string_view game, std::string_view why) {
  if (agentLayouts)
    throw std::invalid_argument(fmt::format("--agent-layouts is not available in a {} match: {}", game, why));
}

void printProgress(const std::string& line) { fmt::print(stderr, "{}\n", line); }

#ifdef JUNQI_WITH_MPI
// The MPI job of `junqi match --mpi` (2 ranks or more; MPI reads none of our arguments).
std::unique_ptr<MpiWorld> matchWorld() {
  int argc = 0;
  char** argv = nullptr;
  auto world = std::make_unique<MpiWorld>(argc, argv);
  if (world->size() < 2)
    throw std::invalid_argument(
        "--mpi: a match needs 2 ranks or more (rank 0 keeps the match, the others play): mpirun -n 3 junqi match ...");
  return world;
}

// A Flip Junqi or four-player match over an MPI job: rank 0 runs it (its
// directory, resume, table), handing each game to a free rank, which plays it
// with its own copy of the match (distributed/mpi_match.h; it claims no
// directory). The summary on rank 0; nullopt on the others.
template <class Game>
std::optional<PairedMatchSummary<Game>> runPairedMatchOverMpi(PairedMatchOptions<Game> o) {
  const std::unique_ptr<MpiWorld> job = matchWorld();
  const MpiWorld& world = *job;
  if (o.live) throw std::invalid_argument("--live is not available with --mpi");
  if (world.rank() != 0) {
    try {
      o.remoteRank = true;
      const PairedMatch<Game> match(o);
      for (const MatchPlayer& p : o.players)
        if (!p.command.empty()) std::filesystem::create_directories(o.outDir);  // the bots' stderr logs
      playMpiPairedGames(world, match.schedule().size(),
                         [&match](int index) { return match.playRecord(match.schedule()[static_cast<std::size_t>(index)]); });
    } catch (const std::exception& e) {
      fmt::print(stderr, "junqi match --mpi: rank {}: {}\n", world.rank(), e.what());
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return std::nullopt;
  }
  std::optional<PairedMatch<Game>> match;
  std::optional<DirectoryLock> lock;
  try {
    match.emplace(o);
    lock.emplace(o.outDir, "match");
  } catch (...) {
    endMpiMatch(world);
    throw;
  }
  match->playElsewhere(pairedGamesOnRanks(world));
  try {
    auto summary = whileInterruptible(*match, [&] { return match->run(printProgress); });
    endMpiMatch(world);
    return summary;
  } catch (...) {
    endMpiMatch(world);  // games in progress elsewhere are lost; the records written stay
    throw;
  }
}
#endif

// The table, the SPRT's verdict, whether the schedule is done, and where the files are.
template <class Summary>
void printSummary(const Summary& summary, std::size_t scheduled, const std::string& records, const std::string& out) {
  fmt::print("\n{}", summary.table);
  if (summary.sprt)
    fmt::print("SPRT: LLR {:.2f} in ({:.2f}, {:.2f}): {}\n", summary.sprt->llr, summary.sprt->lower,
               summary.sprt->upper, toString(summary.sprt->decision));
  if (summary.results.size() < scheduled && !summary.stoppedEarly)
    fmt::print("stopped after {} of {} games: the same command resumes the match\n", summary.results.size(),
               scheduled);
  fmt::print("records ({}), games.pgn, ratings.txt/json/csv and report.svg are in {}\n", records, out);
}

// A match of Flip Junqi (--rules flip-...: agents of search/flip/flip_agent.h) or
// four-player Junqi (four-...: agents of search/four/four_agent.h, each player a
// team of two armies), or JBP bots, here or over MPI (Ctrl-C stops it after
// the games in progress, as a classic match); prints its table.
template <class Game>
int runGameMatch(const MatchOptions& classic, const std::string& rules, bool mpi) {
  PairedMatchOptions<Game> o;
  static_cast<MatchSettings&>(o) = classic;  // every setting but the classic game's own
  o.rules = Game::Rules::parse(rules);
  std::size_t scheduled = 0;
  std::optional<PairedMatchSummary<Game>> summary;
  if (!mpi) {
    PairedMatch<Game> match(o);
    const DirectoryLock lock(o.outDir, "match");
    scheduled = match.schedule().size();
    summary = whileInterruptible(match, [&] { return match.run(printProgress); });
  } else {
#ifdef JUNQI_WITH_MPI
    if (!(summary = runPairedMatchOverMpi(o))) return 0;  // a rank that played
    scheduled = pairedSchedule(static_cast<int>(o.players.size()), o.schedule, o.pairs, Game::kOrder).size();
#else
    throw std::invalid_argument("--mpi: this junqi was built without MPI (install libopenmpi-dev and build again)");
#endif
  }
  printSummary(*summary, scheduled, fmt::format("games/*.{}", Game::kExtension), o.outDir);
  return 0;
}
}  // namespace

#ifdef JUNQI_WITH_MPI
// `mpirun -n N junqi match ... --mpi` (distributed/mpi_match.h): rank 0 keeps
// the match and its directory, the other ranks play the games it sends.
int runMatchOverMpi(MatchOptions o) {
  const std::unique_ptr<MpiWorld> job = matchWorld();
  const MpiWorld& world = *job;
  if (o.live) throw std::invalid_argument("--live is not available with --mpi");
  if (world.rank() != 0) {
    o.remoteRank = true;
    try {
      const Match match(o);
      for (const MatchPlayer& p : o.players)
        if (!p.command.empty()) std::filesystem::create_directories(o.outDir);  // the bots' stderr logs
      playMpiMatchGames(world, match);
    } catch (const std::exception& e) {
      fmt::print(stderr, "junqi match --mpi: rank {}: {}\n", world.rank(), e.what());
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return 0;
  }
  std::optional<Match> match;
  std::optional<DirectoryLock> lock;
  try {
    match.emplace(o);
    lock.emplace(o.outDir, "match");
  } catch (...) {
    endMpiMatch(world);
    throw;
  }
  const MatchSummary summary = whileInterruptible(*match, [&] { return runMpiMatch(world, *match, printProgress); });
  printSummary(summary, match->schedule().size(), "games/*.jqr", o.outDir);
  return 0;
}
#else
int runMatchOverMpi(const MatchOptions&) {
  throw std::invalid_argument("--mpi: this junqi was built without MPI (install libopenmpi-dev and build again)");
}
#endif

void registerMatch(CLI::App& app) {
  auto* cmd = app.add_subcommand("match", "Play a rated match (head-to-head, round-robin or gauntlet)");
  static std::string rules, schedule = "round-robin", out, book, sprt;
  static std::vector<std::string> agents, bots;
  static MatchOptions o;
  addRulesOption(cmd, rules);
  cmd->add_option("--agent", agents, "A built-in player: NAME=SPEC or just SPEC (repeat)");
  addBotOption(cmd, bots);
  cmd->add_option("--schedule", schedule, "round-robin or gauntlet (the first player against each other)")
      ->capture_default_str();
  cmd->add_option("--pairs", o.pairs, "Layout pairs per pairing (each played twice, seats swapped)")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--concurrency", o.concurrency, "Games at once")->check(atLeast(1))->capture_default_str();
  cmd->add_option("--seed", o.seed, "Seed of the layouts and the agents' game seeds")->capture_default_str();
  cmd->add_option("--max-plies", o.maxPlies, "Adjudicate a draw after this many moves")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--move-seconds", o.moveSeconds, "Time per move (0: none)")->check(atLeast(0))->capture_default_str();
  cmd->add_flag("--ruleset-clock", o.rulesetClock,
                "A late move follows the ruleset's clock rules (timeout passes the turn, n-th forfeits)");
  cmd->add_option("--hang-seconds", o.hangSeconds, "An external bot silent this long has hung")
      ->check(moreThan(0))
      ->capture_default_str();
  auto* bookOption = cmd->add_option("--layout-book", book, "File of openings, one a line: 'red-layout blue-layout' (four-player: the south, east, north and west "
                                     "layouts)");
  cmd->add_flag("--agent-layouts", o.agentLayouts, "Let the agents choose their layouts (no opening pairs)")
      ->excludes(bookOption);
  cmd->add_flag("--live", o.live,
                "Write each game in progress to DIR/live/ for onlookers (junqi serve --match shows classic ones; it "
                "holds the hidden start while the game goes on: not where an external bot could read DIR)");
  cmd->add_option("--sprt", sprt, "Stop when decided: elo0,elo1[,alpha,beta] (head-to-head only)");
  cmd->add_option("--out", out, "Run directory (records, games.pgn, ratings.*, report.svg); rerun to resume")
      ->required();
  static bool mpi = false;
  cmd->add_flag("--mpi", mpi,
                "Across the ranks of an MPI job: `mpirun -n N junqi match ... --mpi` (rank 0 keeps the match, the "
                "others play its games; docs/distributed.md)");
  setAction(cmd, [cmd] {
    if (!bots.empty()) keepSeedFromBots("match", o.seed, cmd->count("--seed") > 0);
    const bool flip = FlipRuleset::namesFlip(rules), four = FourRuleset::namesFour(rules);
    if (!flip && !four) o.ruleset = Ruleset::parse(rules);
    o.schedule = schedule == "gauntlet" ? MatchSchedule::Gauntlet : MatchSchedule::RoundRobin;
    if (schedule != "gauntlet" && schedule != "round-robin")
      throw std::invalid_argument(fmt::format("--schedule must be round-robin or gauntlet, not '{}'", schedule));
    o.outDir = out;
    o.layoutBook = book;
    o.players.clear();
    for (const auto& a : agents) {
      const auto eq = a.find('=');
      const auto colon = a.find(':');
      const bool named = eq != std::string::npos && (colon == std::string::npos || eq < colon);
      o.players.push_back({named ? a.substr(0, eq) : a.substr(0, colon), named ? a.substr(eq + 1) : a, ""});
    }
    for (MatchPlayer& b : botPlayers(bots)) o.players.push_back(std::move(b));
    o.sprt.reset();
    if (!sprt.empty()) o.sprt = parseSprt(sprt);
    if (flip) {
      refuseAgentLayouts(o.agentLayouts, "Flip Junqi", "Flip Junqi has no layouts (its pieces are dealt face down)");
      return runGameMatch<FlipMatchGame>(o, rules, mpi);
    }
    if (four) {
      refuseAgentLayouts(o.agentLayouts, "four-player", "four-player agents do not choose their layouts");
      return runGameMatch<FourMatchGame>(o, rules, mpi);
    }
    if (mpi) return runMatchOverMpi(o);
    Match match(o);
    const DirectoryLock lock(o.outDir, "match");
    const MatchSummary summary = whileInterruptible(match, [&] { return match.run(printProgress); });
    printSummary(summary, match.schedule().size(), "games/*.jqr", out);
    return 0;
  });
}

}  // namespace junqi::tools
