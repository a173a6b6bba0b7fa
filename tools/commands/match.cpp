// junqi match: plays a rated match between agents (built-in or external bots)
// and prints the rating table; see arena/match.h and docs/match.md.
#include <charconv>
#include <cmath>
#include <csignal>
#include <optional>

#include <sys/prctl.h>

#include <fmt/format.h>

#include "core/text.h"
#include "arena/flip_match.h"
#include "arena/four_match.h"
#include "arena/match.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

#ifdef JUNQI_WITH_MPI
#include <filesystem>
#include <memory>

#include "distributed/mpi_match.h"
#endif

namespace junqi::tools {

namespace {
Match* running = nullptr;
void onInterrupt(int) {
  if (running) running->requestStop();
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
// The options only a classic match has, refused by name in a match of `game`.
void refuseClassicOnlyOptions(const MatchOptions& o, bool hasBook, bool hasSprt, std::string_view game) {
  const auto refuse = [game](const char* option) {
    return std::invalid_argument(fmt::format("{} is not available in a {} match yet", option, game));
  };
  if (hasBook) throw refuse("--layout-book");
  if (o.agentLayouts) throw refuse("--agent-layouts");
  if (o.live) throw refuse("--live");
  if (hasSprt) throw refuse("--sprt");
  if (o.moveSeconds > 0 || o.rulesetClock) throw refuse("a move clock");
}

// External bots run as this user's children, and could read the seed and work
// out every layout from it (docs/match.md "What a bot can see"): it leaves this
// process's command line, and this process becomes undumpable, so that no
// process of the user without CAP_SYS_PTRACE may attach to it or read its
// memory or environment (/proc/PID/mem, environ). A default seed is one that
// anyone can guess: warned about.
void keepSeedFromBots(std::uint64_t seed, bool seedGiven) {
  hideOptionValue("--seed");
  prctl(PR_SET_DUMPABLE, 0);
  if (!seedGiven)
    fmt::print(stderr,
               "junqi match: warning: the seed is the default ({}), which a bot can guess and with it every "
               "layout: give --seed a secret number\n",
               seed);
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
// with its own copy of the match (distributed/mpi_match.h). The summary on
// rank 0; nullopt on the others.
template <class PairedMatch>
auto runPairedMatchOverMpi(PairedMatch& match, const MatchOptions& o) -> std::optional<decltype(match.run())> {
  const std::unique_ptr<MpiWorld> job = matchWorld();
  const MpiWorld& world = *job;
  if (world.rank() != 0) {
    try {
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
  match.playElsewhere(pairedGamesOnRanks(world));
  try {
    auto summary = match.run(printProgress);
    endMpiMatch(world);
    return summary;
  } catch (...) {
    endMpiMatch(world);  // games in progress elsewhere are lost; the records written stay
    throw;
  }
}
#endif

// A Flip Junqi or four-player match, here or over MPI; prints its table and
// where its `records` are.
template <class PairedMatch>
int runPairedMatchCommand(PairedMatch& match, const MatchOptions& o, bool mpi, const std::string& records) {
  std::optional<decltype(match.run())> summary;
  if (!mpi) {
    summary = match.run(printProgress);
  } else {
#ifdef JUNQI_WITH_MPI
    if (!(summary = runPairedMatchOverMpi(match, o))) return 0;  // a rank that played
#else
    throw std::invalid_argument("--mpi: this junqi was built without MPI (install libopenmpi-dev and build again)");
#endif
  }
  fmt::print("\n{}", summary->table);
  fmt::print("records ({}) and ratings.txt are in {}\n", records, o.outDir);
  return 0;
}

// Flip Junqi (--rules flip-...): built-in agents of search/flip_agent.h over
// paired deals; the options a flip match does not have yet are refused.
int runFlipMatch(const MatchOptions& o, const std::string& rules, bool hasBook, bool hasSprt, bool mpi) {
  refuseClassicOnlyOptions(o, hasBook, hasSprt, "Flip Junqi");
  FlipMatchOptions f;
  f.rules = FlipRuleset::parse(rules);
  f.players = o.players;
  f.schedule = o.schedule;
  f.pairs = o.pairs, f.concurrency = o.concurrency, f.seed = o.seed, f.maxPlies = o.maxPlies;
  f.hangSeconds = o.hangSeconds;
  f.outDir = o.outDir;
  FlipMatch match(f);
  return runPairedMatchCommand(match, o, mpi, "games/*.jqf");
}
// Four-player Junqi (--rules four-...): built-in agents of search/four_agent.h
// or JBP bots, each player a team of two armies, over paired deals of four layouts.
int runFourMatch(const MatchOptions& o, const std::string& rules, bool hasBook, bool hasSprt, bool mpi) {
  refuseClassicOnlyOptions(o, hasBook, hasSprt, "four-player");
  FourMatchOptions f;
  f.rules = FourRuleset::parse(rules);
  f.players = o.players;
  f.schedule = o.schedule;
  f.pairs = o.pairs, f.concurrency = o.concurrency, f.seed = o.seed, f.maxPlies = o.maxPlies;
  f.hangSeconds = o.hangSeconds;
  f.outDir = o.outDir;
  FourMatch match(f);
  return runPairedMatchCommand(match, o, mpi, "games/*.jq4");
}
}  // namespace

void printSummary(const MatchSummary& summary, const std::string& out) {
  fmt::print("\n{}", summary.table);
  if (summary.sprt)
    fmt::print("SPRT: LLR {:.2f} in ({:.2f}, {:.2f}): {}\n", summary.sprt->llr, summary.sprt->lower,
               summary.sprt->upper, toString(summary.sprt->decision));
  fmt::print("records, games.pgn, ratings.txt/json/csv and report.svg are in {}\n", out);
}

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
  try {
    match.emplace(o);
  } catch (...) {
    endMpiMatch(world);
    throw;
  }
  running = &*match;
  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
  const MatchSummary summary = runMpiMatch(world, *match, printProgress);
  running = nullptr;
  printSummary(summary, o.outDir);
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
  cmd->add_option("--bot", bots, "An external JBP bot: NAME=COMMAND (repeat)");
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
  auto* bookOption = cmd->add_option("--layout-book", book, "File of 'red-layout blue-layout' lines used as openings");
  cmd->add_flag("--agent-layouts", o.agentLayouts, "Let the agents choose their layouts (no opening pairs)")
      ->excludes(bookOption);
  cmd->add_flag("--live", o.live,
                "Write each game in progress to DIR/live/ for junqi serve --match (it holds both layouts while the "
                "game goes on: not where an external bot could read DIR)");
  cmd->add_option("--sprt", sprt, "Stop when decided: elo0,elo1[,alpha,beta] (head-to-head only)");
  cmd->add_option("--out", out, "Run directory (records, games.pgn, ratings.*, report.svg); rerun to resume")
      ->required();
  static bool mpi = false;
  cmd->add_flag("--mpi", mpi,
                "Across the ranks of an MPI job: `mpirun -n N junqi match ... --mpi` (rank 0 keeps the match, the "
                "others play its games; docs/distributed.md)");
  setAction(cmd, [cmd] {
    if (!bots.empty()) keepSeedFromBots(o.seed, cmd->count("--seed") > 0);
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
    for (const auto& b : bots) {
      const auto eq = b.find('=');
      if (eq == std::string::npos) throw std::invalid_argument(fmt::format("--bot needs NAME=COMMAND, not '{}'", b));
      o.players.push_back({b.substr(0, eq), "", b.substr(eq + 1)});
    }
    if (flip) return runFlipMatch(o, rules, !book.empty(), !sprt.empty(), mpi);
    if (four) return runFourMatch(o, rules, !book.empty(), !sprt.empty(), mpi);
    if (!sprt.empty()) o.sprt = parseSprt(sprt);
    if (mpi) return runMatchOverMpi(o);
    Match match(o);
    running = &match;
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    const MatchSummary summary = match.run(printProgress);
    running = nullptr;
    printSummary(summary, out);
    return 0;
  });
}

}  // namespace junqi::tools
