// Tests of the match harness (arena/match.h): misbehaving external bots,
// written here as small shell scripts, are forfeited with the reason recorded
// and the match finishes; the clock; fair pairing, schedules and layout books;
// resumption after an interruption; the PGN game list; and the SPRT.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/classic/auto_layout.h"
#include "core/classic/notation.h"
#include "core/classic/record.h"
#include "core/version.h"
#include "search/registry.h"
#include "arena/match.h"
#include "arena/match_game.h"
#include "arena/match_seeds.h"
#include "jbp/protocol_agent.h"
#include "jbp/protocol_process.h"
#include "tests/support/bot_program.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;

// A fresh directory under the system's temporary directory, removed at the end.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = fmt::format("junqi-match-test-{}-{}-{}-{}", ::getpid(), test ? test->test_suite_name() : "x",
                                   test ? test->name() : "x", counter++);
    std::replace(name.begin(), name.end(), '/', '_');  // parameterized tests' names hold '/'
    path_ = fs::temp_directory_path() / name;
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

std::string readText(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void writeText(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  out << text;
}

// Writes an executable shell script and returns the command that runs it.
std::string writeScript(const TempDir& dir, const std::string& name, const std::string& body) {
  const fs::path path = dir.path() / (name + ".sh");
  writeText(path, "#!/bin/sh\n# A misbehaving JBP bot written by tests/arena/match_test.cpp.\n" + body);
  fs::permissions(path, fs::perms::owner_all | fs::perms::group_read | fs::perms::others_read);
  return path.string();
}

// A bot that speaks the protocol except where `overrides` (case branches of
// the shell script, tried before the defaults) says otherwise. It never moves
// legally: what it does on "go" is the test's business.
std::string loopBot(const std::string& overrides) {
  return "n=0\n"
         "while read -r cmd rest; do\n"
         "  case \"$cmd\" in\n" +
         overrides +
         "    jbp) echo 'id name scripted'; echo 'id author tests'; echo 'rulesets any'; echo jbpok ;;\n"
         "    newgame) n=0; echo ready ;;\n"
         "    layout) echo 'layout IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPE' ;;\n"
         "    isready) echo readyok ;;\n"
         "    drawoffer) echo decline-draw ;;\n"
         "    go) echo 'move A1-A2' ;;\n"
         "    quit) exit 0 ;;\n"
         "  esac\n"
         "done\n";
}

MatchOptions baseOptions(const std::string& outDir, std::vector<MatchPlayer> players) {
  MatchOptions o;
  o.players = std::move(players);
  o.pairs = 1;
  o.concurrency = 2;
  o.seed = 7;
  o.maxPlies = 400;
  o.hangSeconds = 1;
  o.outDir = outDir;
  return o;
}

std::string recordFile(const std::string& outDir, int game) {
  return (fs::path(outDir) / "games" / fmt::format("game-{:05}.jqr", game)).string();
}

// The PGN game list as one tag map per game (with the movetext under "").
std::vector<std::map<std::string, std::string>> readPgn(const std::string& text) {
  std::vector<std::map<std::string, std::string>> games;
  std::istringstream in(text);
  const std::regex tag(R"re(^\[(\w+) "([^"]*)"\]$)re");
  bool inHeader = false;
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, tag)) {
      if (!inHeader) games.emplace_back();
      inHeader = true;
      games.back()[m[1]] = m[2];
    } else if (!line.empty()) {
      inHeader = false;
      if (!games.empty()) games.back()[""] += line;
    }
  }
  return games;
}

std::string resultToken(const Outcome& o) {
  if (!o.winner) return "1/2-1/2";
  return *o.winner == Seat::Red ? "1-0" : "0-1";
}

// A record without the tags that hold measured times (they differ run to run).
std::string withoutTimes(const std::string& record) {
  std::istringstream in(record);
  std::string out;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("tag red-seconds", 0) != 0 && line.rfind("tag blue-seconds", 0) != 0) out += line + "\n";
  return out;
}

// The PGN without its Site tags (the run directory).
std::string withoutSite(const std::string& pgn) {
  std::istringstream in(pgn);
  std::string out;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("[Site ", 0) != 0) out += line + "\n";
  return out;
}

// Every game of a finished match between a bot (player 0) and a built-in
// agent: the bot lost each by forfeit, and the record's result line says why.
void expectBotForfeitedEverything(const MatchOptions& o, const MatchSummary& summary, const std::string& why,
                                  Termination termination = Termination::Forfeit) {
  ASSERT_EQ(summary.results.size(), 2u);
  for (const MatchGameResult& r : summary.results) {
    SCOPED_TRACE(fmt::format("game {}", r.game.index));
    const Seat botSide = r.game.red == 0 ? Seat::Red : Seat::Blue;
    EXPECT_EQ(r.outcome.reason, termination) << r.detail;
    ASSERT_TRUE(r.outcome.winner);
    EXPECT_EQ(*r.outcome.winner, opposite(botSide));
    EXPECT_EQ(r.detail.rfind(fmt::format("{} ({}) ", seatName(botSide), o.players[0].name), 0), 0u) << r.detail;
    EXPECT_NE(r.detail.find(why), std::string::npos) << r.detail;
    EXPECT_FALSE(r.resumed);
    // The record: its result line states the winner, the reason and the detail, and it replays.
    const std::string text = readText(recordFile(o.outDir, r.game.index));
    const std::string resultLine = fmt::format("result {} {} {}", seatName(opposite(botSide)),
                                               terminationName(termination), r.detail);
    EXPECT_NE(text.find("\n" + resultLine + "\n"), std::string::npos) << text;
    const GameRecord record = parseRecord(text);
    EXPECT_EQ(record.outcome, r.outcome);
    EXPECT_EQ(record.outcomeDetail, r.detail);
    EXPECT_EQ(record.tag("red-player"), o.players[r.game.red].name);
    EXPECT_NO_THROW(replay(record));
    // Whatever the bot sent, the record holds no control byte but its line ends.
    const auto control = std::find_if(text.begin(), text.end(), [](char c) {
      return (c != '\n' && static_cast<unsigned char>(c) < 0x20) || c == 0x7f;
    });
    EXPECT_EQ(control, text.end()) << "byte " << static_cast<int>(*control) << " in " << text;
  }
  ASSERT_EQ(summary.ratings.players.size(), 2u);
  EXPECT_EQ(summary.ratings.players[0].losses, 2);
  EXPECT_EQ(summary.ratings.players[1].wins, 2);
  EXPECT_FALSE(summary.stoppedEarly);
}

// ---------------------------------------------------------------------------
// Misbehaving bots: each is forfeited, with the reason, and the match finishes.

struct BadBot {
  std::string name;
  std::string script;        // empty: `command` as it is
  std::string command;
  bool agentLayouts = false;  // the layout is asked only when the agents choose
  std::string why;            // in the recorded reason
};

void PrintTo(const BadBot& b, std::ostream* os) { *os << b.name; }

class MisbehavingBot : public ::testing::TestWithParam<BadBot> {};

TEST_P(MisbehavingBot, IsForfeitedInEveryGameAndTheMatchFinishes) {
  const BadBot& bad = GetParam();
  TempDir dir;
  const std::string command = bad.script.empty() ? bad.command : writeScript(dir, "bot", bad.script);
  MatchOptions o = baseOptions(dir / "run", {{"bad", "", command}, {"random", "random", ""}});
  o.agentLayouts = bad.agentLayouts;
  Match match(o);
  int progressLines = 0;
  const MatchSummary summary = match.run([&](const std::string&) { ++progressLines; });
  EXPECT_EQ(progressLines, 2);
  expectBotForfeitedEverything(o, summary, bad.why);
  // The reports are written.
  for (const char* f : {"games.pgn", "ratings.txt", "ratings.json", "ratings.csv", "report.svg"})
    EXPECT_TRUE(fs::exists(fs::path(o.outDir) / f)) << f;
}

const std::string kIllegalLayout = "IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LPLEF";  // the flag on E1

INSTANTIATE_TEST_SUITE_P(
    Match, MisbehavingBot,
    ::testing::Values(
        // Answers the handshake, then exits.
        BadBot{"crashes", "read line\necho 'id name crasher'\necho jbpok\nexit 3\n", "", false, "crashed"},
        // Plays along until it must move, then exits.
        BadBot{"crashes_on_go", loopBot("    go) exit 1 ;;\n"), "", false,
               "crashed or quit while the arbiter waited for a move"},
        // Answers the handshake, newgame and layout, then sleeps on go (hang limit 1 s).
        BadBot{"hangs", loopBot("    go) sleep 60 ;;\n"), "", false, "did not answer with a move within 1 s"},
        // Closes its output but runs on: the connection is gone, not slow.
        BadBot{"closes_output", loopBot("    go) exec >&-; sleep 60 ;;\n"), "", false,
               "closed its output while the arbiter waited for a move"},
        // Moves onto its own piece (as Red), or a piece not its own (as Blue).
        BadBot{"illegal_move", loopBot(""), "", false, "sent an illegal action, the move A1-A2: "},
        BadBot{"nonsense", loopBot("    go) echo 'hello there' ;;\n"), "", false,
               "answered 'go' with 'hello there'"},
        BadBot{"malformed_move", loopBot("    go) echo 'move C2-C55' ;;\n"), "", false,
               "sent a malformed move 'C2-C55'"},
        BadBot{"error_line", loopBot("    go) echo 'error no idea' ;;\n"), "", false,
               "reported an error: error no idea"},
        BadBot{"not_ready", loopBot("    newgame) echo steady ;;\n"), "", false,
               "answered newgame with 'steady' instead of 'ready'"},
        // The layout is asked only when the agents choose their layouts.
        BadBot{"illegal_layout", loopBot("    layout) echo 'layout " + kIllegalLayout + "' ;;\n"), "", true,
               "sent an illegal layout: flag on E1"},
        BadBot{"hangs_on_layout", loopBot("    layout) sleep 60 ;;\n"), "", true, "did not answer with a layout within 1 s"},
        BadBot{"malformed_layout", loopBot("    layout) echo 'layout XYZ' ;;\n"), "", true,
               "sent a malformed layout"},
        // A long wrong answer is quoted by its first 200 bytes only.
        BadBot{"long_nonsense", loopBot("    go) printf 'hello %01000d\\n' 0 ;;\n"), "", false,
               "answered 'go' with 'hello " + std::string(194, '0') + "...'"},
        // A line of megabytes: refused at the limit, not read to its end.
        BadBot{"endless_line", loopBot("    go) head -c 5000000 /dev/zero | tr '\\0' x; echo ;;\n"), "", false,
               "sent a line longer than 65536 bytes"},
        // Control bytes and bytes that are not UTF-8, in any line (info lines
        // too): refused, so that none reaches a record raw.
        BadBot{"terminal_escape", loopBot("    go) printf 'info \\033[2J\\n'; echo 'move A1-A2' ;;\n"), "", false,
               "sent a line holding the control byte 0x1b"},
        BadBot{"nul_in_move", loopBot("    go) printf 'move A1\\000-A2\\n' ;;\n"), "", false,
               "sent a line holding the control byte 0x00"},
        BadBot{"not_utf8", loopBot("    go) printf 'info caf\\351\\n'; echo 'move A1-A2' ;;\n"), "", false,
               "sent a line that is not UTF-8"}),
    [](const ::testing::TestParamInfo<BadBot>& info) { return info.param.name; });

// A bot that closes its output but runs on is gone at once, not hung: the
// game ends long before the hang limit (30 s here). Its shell does not hold the
// output meanwhile: a simple command is exec'd, and a compound one that ends
// with `exec` is too.
TEST(Match, ABotThatClosesItsOutputIsForfeitedAtOnceNotAfterTheHangLimit) {
  TempDir dir;
  const std::string script = writeScript(dir, "closer", loopBot("    go) exec >&-; sleep 60 ;;\n"));
  for (const std::string& command : {script, "cd / && exec " + script}) {
    SCOPED_TRACE(command);
    ExternalAgent bot("closer", command, 30);
    auto opponent = makeAgent("random:seed=3");
    GameConfig config;
    config.layouts = {parseLayout(kExampleLayout), parseLayout(kExampleLayout)};
    const auto start = std::chrono::steady_clock::now();
    const PlayedGame played = playGame(bot, *opponent, config);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 5.0);
    EXPECT_EQ(played.game.outcome().reason, Termination::Forfeit);
    EXPECT_NE(played.detail.find("(closer) closed its output while the arbiter waited for a move"), std::string::npos)
        << played.detail;
  }
}

// A record's free text may not hold a line break: a carriage return in the
// middle of an answer (a control byte: the answer is refused, and its text is
// not quoted) must not stop the arbiter from writing the record. The match
// runs in a child process (a death test, forked: no thread is running at this
// point) so that a failure cannot take the other tests with it.
TEST(MatchDeathTest, ACarriageReturnInsideAnAnswerIsForfeitedAndRecordedLikeAnyOther) {
  GTEST_FLAG_SET(death_test_style, "fast");  // the child writes into this test's directory
  TempDir dir;
  MatchOptions o = baseOptions(
      dir / "run", {{"bad", "", writeScript(dir, "bot", loopBot("    go) printf 'hello\\rthere\\n' ;;\n"))},
                    {"random", "random", ""}});
  ASSERT_EXIT(
      {
        Match match(o);
        const MatchSummary summary = match.run();
        std::exit(summary.results.size() == 2 ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "")
      << "the match did not finish";
  for (int game = 0; game < 2; ++game) {
    const GameRecord record = parseRecord(readText(recordFile(o.outDir, game)));
    EXPECT_EQ(record.outcome.reason, Termination::Forfeit);
    EXPECT_NE(record.outcomeDetail.find("(bad) sent a line holding the control byte 0x0d"), std::string::npos)
        << record.outcomeDetail;
  }
}

// A bot stuck in a search that keeps printing "info" lines has hung all the
// same: "info" lines do not stop the clock. The match runs in a child process
// with an alarm, so that a match that never ends fails this test instead of
// blocking the test program.
TEST(MatchDeathTest, ABotThatOnlySendsInfoLinesHasHung) {
  GTEST_FLAG_SET(death_test_style, "fast");
  TempDir dir;
  MatchOptions o = baseOptions(
      dir / "run", {{"chatty", "", writeScript(dir, "bot", loopBot(
                           // Bounded, and it stops as soon as nobody reads it any more
                           // (a bot inherits the arbiter's ignored SIGPIPE, so it would not die of it).
                           "    go) i=0; while [ $i -lt 100 ] && echo 'info depth 1'; do i=$((i+1)); sleep 0.2; done ;;\n"))},
                    {"random", "random", ""}});
  ASSERT_EXIT(
      {
        alarm(15);  // the hang limit is 1 s: after 15 s the match is not going to end
        Match match(o);
        const MatchSummary summary = match.run();
        std::exit(summary.results.size() == 2 ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "")
      << "the match did not finish within 15 s";
  for (int game = 0; game < 2; ++game) {
    const GameRecord record = parseRecord(readText(recordFile(o.outDir, game)));
    EXPECT_EQ(record.outcome.reason, Termination::Forfeit);
    EXPECT_NE(record.outcomeDetail.find("(chatty) did not answer with a move within 1 s"), std::string::npos) << record.outcomeDetail;
  }
}

// However much a bot writes to its standard error, its log keeps at most
// kMaxStderrLog bytes (all its games together), escaped, ending with a line
// that says the rest was dropped; and the match finishes (the bot is never
// held up: the rest is read and dropped).
TEST(Match, ABotsStandardErrorLogStaysUnderTheLimitAndTheMatchFinishes) {
  TempDir dir;
  MatchOptions o = baseOptions(
      dir / "run", {{"noisy", "", writeScript(dir, "bot", loopBot("    go) printf 'clear \\033[2J\\n' >&2; "
                                                                 "head -c 3000000 /dev/zero | tr '\\0' e >&2; "
                                                                 "echo 'move A1-A2' ;;\n"))},
                    {"random", "random", ""}});
  o.hangSeconds = 20;  // writing megabytes on a busy machine
  Match match(o);
  const MatchSummary summary = match.run();
  expectBotForfeitedEverything(o, summary, "sent an illegal action, the move A1-A2: ");
  const std::string log = readText(fs::path(o.outDir) / "noisy.stderr.log");
  EXPECT_LE(log.size(), kMaxStderrLog);
  EXPECT_NE(log.find("clear \\x1b[2J\n"), std::string::npos) << log.substr(0, 100);
  EXPECT_EQ(log.find('\x1b'), std::string::npos);
  EXPECT_NE(log.find("this log is full"), std::string::npos);
}

// The arbiter ignores SIGPIPE (a dead bot must not kill it), but a bot should
// start with the default: a bot whose arbiter has gone then dies on its next
// write instead of running on (a bot that ignores it and loops, like the
// chatty one above, outlives a crashed arbiter forever). The bot reports the
// signals it ignores (Linux: SigIgn in /proc) as its name; SIGPIPE is 13.
TEST(Match, ABotDoesNotInheritTheArbitersIgnoredSigpipe) {
  TempDir dir;
  const std::string script =
      "read line\n"
      "echo \"id name $(awk '/^SigIgn/ {print $2}' /proc/self/status)\"\n"
      "echo jbpok\n"
      "read line\n";
  for (int i = 0; i < 2; ++i) {  // the second bot starts after the arbiter ignores SIGPIPE
    ExternalAgent bot("probe", writeScript(dir, "probe", script), 30);
    const std::string mask = bot.botName();
    ASSERT_EQ(mask.size(), 16u) << "'" << mask << "'";
    const unsigned long long ignored = std::stoull(mask, nullptr, 16);
    EXPECT_EQ(ignored & (1ULL << (13 - 1)), 0u) << "the bot starts with SIGPIPE ignored (SigIgn " << mask << ")";
  }
}

// Is process `pid` gone (or a zombie: dead, waiting to be reaped by whoever adopted it)?
bool processGone(pid_t pid) {
  std::ifstream stat(fmt::format("/proc/{}/stat", pid));
  std::string line;
  if (!std::getline(stat, line)) return true;
  const auto close = line.rfind(')');
  return close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'Z';
}

// An arbiter killed with SIGKILL cannot kill its bots: the kernel does
// (PR_SET_PDEATHSIG). The arbiter here is a forked child that starts a bot,
// which writes its process id, and then kills itself.
TEST(Match, ABotDiesWithItsArbiterEvenByKill9) {
  TempDir dir;
  const std::string pidFile = dir / "bot.pid";
  const pid_t arbiter = fork();
  ASSERT_GE(arbiter, 0);
  if (arbiter == 0) {
    BotProcess bot(fmt::format("sh -c 'echo $$ > {}.tmp && mv {}.tmp {} && exec sleep 30'", pidFile, pidFile,
                               pidFile));
    for (int i = 0; i < 500 && !fs::exists(pidFile); ++i) usleep(10000);
    raise(SIGKILL);
  }
  int status = 0;
  ASSERT_EQ(waitpid(arbiter, &status, 0), arbiter);
  ASSERT_TRUE(WIFSIGNALED(status));
  ASSERT_TRUE(fs::exists(pidFile)) << "the bot never started";
  const pid_t bot = std::stoi(readText(pidFile));
  bool gone = false;
  for (int i = 0; i < 300 && !gone; ++i) {
    gone = processGone(bot);
    if (!gone) usleep(10000);
  }
  EXPECT_TRUE(gone) << "the bot " << bot << " outlived its arbiter";
  if (!gone) ::kill(bot, SIGKILL);
}

// A bot that never gets through the handshake stops the match before any
// game, with an error that names it, says why and quotes the start of its
// standard error (it used to forfeit every game, and the match ended well).
struct DeadBot {
  std::string name;
  std::string script;  // empty: `command` as it is
  std::string command;
  std::string why;     // in the error
  std::string quoted;  // in the error: what it wrote to its standard error
};

void PrintTo(const DeadBot& b, std::ostream* os) { *os << b.name; }

class BotThatNeverStarts : public ::testing::TestWithParam<DeadBot> {};

TEST_P(BotThatNeverStarts, StopsTheMatchBeforeAnyGameWithAnErrorNamingIt) {
  const DeadBot& bad = GetParam();
  TempDir dir;
  const std::string command = bad.script.empty() ? bad.command : writeScript(dir, "bot", bad.script);
  MatchOptions o = baseOptions(dir / "run", {{"random", "random", ""}, {"dead", "", command}});
  Match match(o);
  int progressLines = 0;
  try {
    match.run([&](const std::string&) { ++progressLines; });
    ADD_FAILURE() << "the match was played";
  } catch (const std::runtime_error& e) {
    const std::string error = e.what();
    EXPECT_NE(error.find("match: the bot 'dead' did not start: " + bad.why), std::string::npos) << error;
    EXPECT_NE(error.find(bad.quoted), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  }
  EXPECT_EQ(progressLines, 0);
  EXPECT_TRUE(fs::is_empty(fs::path(o.outDir) / "games"));
  EXPECT_FALSE(fs::exists(fs::path(o.outDir) / "ratings.txt"));
}

// The failed start claimed nothing: the corrected command starts in the same
// folder (it used to be refused as "a different match"). A folder claimed
// before, by a match that may have games, keeps its claim.
TEST(BotThatNeverStarts, LeavesItsNewFolderFreeForTheCorrectedCommand) {
  TempDir dir;
  const std::string dead = writeScript(dir, "bot", "exit 2\n");
  const MatchOptions failing = baseOptions(dir / "run", {{"random", "random", ""}, {"dead", "", dead}});
  EXPECT_THROW(Match(failing).run(), std::runtime_error);
  EXPECT_FALSE(fs::exists(dir.path() / "run" / "match.json"));
  EXPECT_NO_THROW(Match(baseOptions(dir / "run", {{"random", "random", ""}, {"dead", "random", ""}})));

  const MatchOptions claimedBefore = baseOptions(dir / "other", {{"random", "random", ""}, {"dead", "", dead}});
  Match first(claimedBefore);  // claims the folder, as a run that played games had
  EXPECT_THROW(Match(claimedBefore).run(), std::runtime_error);
  EXPECT_TRUE(fs::exists(dir.path() / "other" / "match.json"));
}

INSTANTIATE_TEST_SUITE_P(
    Match, BotThatNeverStarts,
    ::testing::Values(
        // A command that does not exist: the shell cannot run it, and says so.
        // A bot that exits at once is found gone either while the arbiter
        // waits for the handshake ("crashed or quit ...") or, on a busy
        // machine, while it writes the handshake ("crashed: its input is
        // closed"): both are right.
        DeadBot{"cannot_start", "", "/nonexistent/junqi-no-such-bot --x", "crashed",
                "; its standard error begins: \"sh: 1: exec: /nonexistent/junqi-no-such-bot: not found\""},
        // Exits at once with a complaint over two lines (quoted on one).
        DeadBot{"complains", "echo 'cannot read weights.jqw' >&2\necho 'giving up' >&2\nexit 2\n", "",
                "crashed", "its standard error begins: \"cannot read weights.jqw giving up\""},
        // Only the start of a long complaint is quoted.
        DeadBot{"complains_at_length", "printf '%0300d\\n' 0 >&2\nexit 2\n", "", "crashed",
                "its standard error begins: \"" + std::string(200, '0') + "...\""},
        // Hangs in the handshake (hang limit 1 s); says nothing.
        DeadBot{"hangs_in_handshake", "read line\nsleep 60\n", "",
                "did not answer with the handshake (id ..., jbpok) within 1 s",
                "; it wrote nothing to its standard error"},
        DeadBot{"handshake_nonsense", loopBot("    jbp) echo hello ;;\n"), "", "sent 'hello' during the handshake",
                "it wrote nothing"},
        // Answers the handshake with a line of megabytes, refused at the limit.
        DeadBot{"endless_handshake", loopBot("    jbp) head -c 5000000 /dev/zero | tr '\\0' x; echo ;;\n"), "",
                "sent a line longer than 65536 bytes", "it wrote nothing"}),
    [](const ::testing::TestParamInfo<DeadBot>& info) { return info.param.name; });

// Once a bot's log is full, what it writes is dropped: a bot that does not
// start is not said to have written nothing.
TEST(Match, ABotWhoseLogIsFullIsNotSaidToHaveWrittenNothingWhenItDoesNotStart) {
  TempDir dir;
  MatchOptions o = baseOptions(
      dir / "run", {{"random", "random", ""}, {"dead", "", writeScript(dir, "bot", "echo boom >&2\nexit 2\n")}});
  Match match(o);
  const fs::path log = fs::path(o.outDir) / "dead.stderr.log";
  writeText(log, std::string(kMaxStderrLog, 'x'));
  try {
    match.run();
    ADD_FAILURE() << "the match was played";
  } catch (const std::runtime_error& e) {
    const std::string error = e.what();
    EXPECT_NE(error.find("crashed"), std::string::npos) << error;  // or quit, or its input closed (see above)
    EXPECT_NE(error.find(fmt::format("what it wrote to its standard error is not known: {} is full", log.string())),
              std::string::npos)
        << error;
  }
  EXPECT_EQ(fs::file_size(log), kMaxStderrLog);
}

// A bot that started once and fails later is only forfeited: the match goes on.
TEST(Match, ABotThatStartsOnceAndThenCannotIsForfeited) {
  TempDir dir;
  // Answers the first handshake (the match's check) and never runs again.
  const std::string flag = (dir.path() / "started").string();
  const std::string script = fmt::format(
      "[ -e {0} ] && {{ echo 'no second start' >&2; exit 1; }}\ntouch {0}\nread line\necho jbpok\nread line\n", flag);
  MatchOptions o = baseOptions(dir / "run", {{"once", "", writeScript(dir, "bot", script)}, {"random", "random", ""}});
  Match match(o);
  const MatchSummary summary = match.run();
  // Found gone while the handshake is awaited or, on a busy machine, while it
  // is written ("crashed: its input is closed").
  expectBotForfeitedEverything(o, summary, "crashed");
  const std::string log = readText(fs::path(o.outDir) / "once.stderr.log");
  EXPECT_NE(log.find("no second start"), std::string::npos) << log;
}

// ---------------------------------------------------------------------------
// The clock.

TEST(Match, ABotTooSlowForTheMoveTimeIsForfeitedAtOnceWithoutTheRulesetClock) {
  TempDir dir;
  MatchOptions o =
      baseOptions(dir / "run", {{"slow", "", writeScript(dir, "bot", loopBot("    go) sleep 60 ;;\n"))}, {"random", "random", ""}});
  o.moveSeconds = 0.3;
  o.hangSeconds = 30;  // the move time applies, not the hang limit
  Match match(o);
  expectBotForfeitedEverything(o, match.run(), "did not answer with a move within 0.3 s");
}

TEST(Match, UnderTheRulesetClockAnAlwaysLateBotLosesOnItsThirdTimeout) {
  TempDir dir;
  MatchOptions o =
      baseOptions(dir / "run", {{"slow", "", writeScript(dir, "bot", loopBot("    go) sleep 60 ;;\n"))}, {"random", "random", ""}});
  o.ruleset = Ruleset::hiddenFront();  // a timeout passes the turn, the third forfeits
  ASSERT_TRUE(o.ruleset.timeoutPassesTurn);
  ASSERT_EQ(o.ruleset.timeoutsToForfeit, 3);
  o.moveSeconds = 0.3;
  o.rulesetClock = true;
  o.hangSeconds = 30;
  Match match(o);
  const MatchSummary summary = match.run();
  expectBotForfeitedEverything(o, summary, "ran out of time too often", Termination::TimeoutForfeit);
  for (const MatchGameResult& r : summary.results) {
    const Seat botSide = r.game.red == 0 ? Seat::Red : Seat::Blue;
    const GameRecord record = parseRecord(readText(recordFile(o.outDir, r.game.index)));
    int timeouts = 0, botMoves = 0, otherMoves = 0;
    for (const ActionRecord& a : record.actions) {
      if (a.action.type == ActionType::Timeout) {
        EXPECT_EQ(a.action.side, botSide);
        ++timeouts;
      } else if (a.action.type == ActionType::Move) {
        ++(a.action.side == botSide ? botMoves : otherMoves);
      }
    }
    EXPECT_EQ(timeouts, 3);
    EXPECT_EQ(botMoves, 0);
    // The turn passed after the first two timeouts: the opponent moved in between.
    EXPECT_EQ(otherMoves, botSide == Seat::Red ? 2 : 3);
    const Game game = replay(record);
    EXPECT_EQ(game.timeouts(botSide), 3);
  }
}

// A bot that is late and then catches up: its late answers must be discarded,
// never taken as the answer to a later "go". This bot answers nothing to its
// first two "go"s; on the third it sends all three answers at once: "resign"
// (late, for the first), "resign" (late, for the second) and "offer-draw"
// (for the third). Under the ruleset clock the first two "go"s are timeouts
// that pass the turn, so the third answer is the one that counts: a draw offer
// (declined by the built-in opponent), never a resignation. Later "go"s get an
// illegal move, so the game ends by forfeit. Nothing here depends on timing:
// the bot writes only when it receives the third "go".
TEST(Match, LateAnswersAreDiscardedEvenWhenTheBotCatchesUp) {
  TempDir dir;
  const std::string script = loopBot(
      "    go) n=$((n+1))\n"
      "        if [ $n -eq 3 ]; then echo resign; echo resign; echo offer-draw;\n"
      "        elif [ $n -gt 3 ]; then echo 'move A1-A2'; fi ;;\n");
  for (const bool botIsRed : {true, false}) {
    SCOPED_TRACE(botIsRed ? "bot plays red" : "bot plays blue");
    ExternalAgent bot("laggard", writeScript(dir, "laggard", script), 30);
    auto opponent = makeAgent("random:seed=3");
    GameConfig config;
    config.layouts = {parseLayout(kExampleLayout), parseLayout(kExampleLayout)};
    config.seed = 9;
    config.moveSeconds = 0.3;
    config.rulesetClock = true;
    const PlayedGame played = botIsRed ? playGame(bot, *opponent, config) : playGame(*opponent, bot, config);
    const Seat botSide = botIsRed ? Seat::Red : Seat::Blue;
    int timeouts = 0, offers = 0;
    for (const ActionRecord& a : played.game.history()) {
      timeouts += a.action.type == ActionType::Timeout && a.action.side == botSide;
      offers += a.action.type == ActionType::OfferDraw && a.action.side == botSide;
    }
    EXPECT_EQ(timeouts, 2);
    EXPECT_NE(played.game.outcome().reason, Termination::Resignation)
        << "a late 'resign' was taken as the answer to a later 'go'";
    EXPECT_EQ(offers, 1) << "the answer to the third 'go' (offer-draw) was not the one played";
    EXPECT_EQ(played.game.outcome().reason, Termination::Forfeit) << played.detail;
  }
}

// The same for a draw offer: the late answer to a timed-out "go" comes before
// the answer to "drawoffer" and must be skipped. Red, the laggard, answers
// nothing to its first "go" (a timeout: the turn passes); Blue offers a draw;
// asked "drawoffer", Red first sends its late move, then declines; Blue then
// resigns. Red wins by resignation; taking the late move as the answer to the
// offer would forfeit Red instead. Again nothing depends on timing.
TEST(Match, ALateAnswerIsNotTakenAsTheAnswerToADrawOffer) {
  TempDir dir;
  const std::string laggard = loopBot(
      "    go) late=1 ;;\n"
      "    drawoffer) if [ -n \"$late\" ]; then echo 'move A4-A5'; late=; fi; echo decline-draw ;;\n");
  const std::string offerer = loopBot(
      "    go) n=$((n+1)); if [ $n -eq 1 ]; then echo offer-draw; else echo resign; fi ;;\n");
  ExternalAgent red("laggard", writeScript(dir, "laggard", laggard), 30);
  ExternalAgent blue("offerer", writeScript(dir, "offerer", offerer), 30);
  GameConfig config;
  config.layouts = {parseLayout(kExampleLayout), parseLayout(kExampleLayout)};
  config.moveSeconds = 0.3;
  config.rulesetClock = true;
  const PlayedGame played = playGame(red, blue, config);
  std::vector<ActionType> actions;
  for (const ActionRecord& a : played.game.history()) actions.push_back(a.action.type);
  EXPECT_EQ(played.game.outcome(), (Outcome{Termination::Resignation, Seat::Red})) << played.detail;
  EXPECT_EQ(actions, (std::vector<ActionType>{ActionType::Timeout, ActionType::OfferDraw, ActionType::DeclineDraw,
                                              ActionType::Resign}))
      << played.detail;
}

// ---------------------------------------------------------------------------
// Schedules, fair pairing, layout books.

std::vector<MatchPlayer> builtins(int n) {
  std::vector<MatchPlayer> p;
  for (int i = 0; i < n; ++i) p.push_back({fmt::format("p{}", i), fmt::format("random:seed={}", i + 1), ""});
  return p;
}

TEST(Match, EachLayoutPairIsPlayedTwiceWithSeatsSwapped) {
  TempDir dir;
  MatchOptions o = baseOptions(dir / "run", builtins(3));
  o.pairs = 4;
  const Match match(o);
  const auto& s = match.schedule();
  ASSERT_EQ(s.size(), 4u * 3 * 2);  // pairs x pairings x 2 seats
  std::map<std::pair<int, int>, int> perPairing;
  for (std::size_t i = 0; i < s.size(); ++i) {
    EXPECT_EQ(s[i].index, static_cast<int>(i));
    ASSERT_TRUE(s[i].redLayout && s[i].blueLayout);
    EXPECT_FALSE(validateLayout(*s[i].redLayout, o.ruleset));
    EXPECT_FALSE(validateLayout(*s[i].blueLayout, o.ruleset));
    EXPECT_NE(s[i].red, s[i].blue);
    if (i % 2 == 1) {
      // The game before is the same pairing and layout pair with the seats swapped.
      EXPECT_EQ(s[i].red, s[i - 1].blue);
      EXPECT_EQ(s[i].blue, s[i - 1].red);
      EXPECT_EQ(s[i].pair, s[i - 1].pair);
      EXPECT_EQ(*s[i].redLayout, *s[i - 1].redLayout);
      EXPECT_EQ(*s[i].blueLayout, *s[i - 1].blueLayout);
    }
    // Games are ordered pair by pair; one pair's layouts serve every pairing.
    EXPECT_EQ(s[i].pair, static_cast<int>(i / 6));
    EXPECT_EQ(*s[i].redLayout, *s[s[i].pair * 6].redLayout);
    ++perPairing[{std::min(s[i].red, s[i].blue), std::max(s[i].red, s[i].blue)}];
    for (std::size_t j = 0; j < i; ++j) EXPECT_NE(s[i].seed, s[j].seed);
  }
  EXPECT_EQ(perPairing, (std::map<std::pair<int, int>, int>{{{0, 1}, 8}, {{0, 2}, 8}, {{1, 2}, 8}}));
  // Different pairs have different openings.
  EXPECT_NE(*s[0].redLayout, *s[6].redLayout);
  // The schedule is a function of the options: another match with the same ones agrees.
  TempDir other;
  o.outDir = other / "run";
  const Match again(o);
  ASSERT_EQ(again.schedule().size(), s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    EXPECT_EQ(again.schedule()[i].seed, s[i].seed);
    EXPECT_EQ(again.schedule()[i].redLayout, s[i].redLayout);
  }
}

// Two built-in players and an external bot (never started: only the schedule is looked at).
std::vector<MatchPlayer> withABot() {
  std::vector<MatchPlayer> players = builtins(2);
  players.push_back({"bot", "", "/nonexistent/junqi-bot"});
  return players;
}

// With an external bot, which may remember its layouts from game to game, no
// player ever meets as its opponent's a layout it deployed itself before (a
// replayed pair would show it in its second game); seats are still swapped
// pair by pair, and the same seed still gives the same games.
TEST(Match, WithABotNoPlayerMeetsALayoutItDeployedBefore) {
  TempDir dir;
  MatchOptions o = baseOptions(dir / "run", withABot());
  o.pairs = 4;
  const Match match(o);
  const auto& s = match.schedule();
  ASSERT_EQ(s.size(), 4u * 3 * 2);
  std::map<int, std::set<std::string>> deployed;  // by player: every layout it deployed so far
  for (std::size_t i = 0; i < s.size(); ++i) {
    ASSERT_TRUE(s[i].redLayout && s[i].blueLayout);
    EXPECT_FALSE(validateLayout(*s[i].redLayout, o.ruleset));
    EXPECT_FALSE(validateLayout(*s[i].blueLayout, o.ruleset));
    const std::string red = formatLayout(*s[i].redLayout), blue = formatLayout(*s[i].blueLayout);
    EXPECT_FALSE(deployed[s[i].red].count(blue)) << "game " << i << ": " << s[i].red << " meets its own " << blue;
    EXPECT_FALSE(deployed[s[i].blue].count(red)) << "game " << i << ": " << s[i].blue << " meets its own " << red;
    deployed[s[i].red].insert(red);
    deployed[s[i].blue].insert(blue);
    if (i % 2 == 1) {
      EXPECT_EQ(s[i].red, s[i - 1].blue);
      EXPECT_EQ(s[i].blue, s[i - 1].red);
      EXPECT_EQ(s[i].pair, s[i - 1].pair);
    }
  }
  TempDir other;
  o.outDir = other / "run";
  const Match again(o);
  for (std::size_t i = 0; i < s.size(); ++i) {
    EXPECT_EQ(again.schedule()[i].redLayout, s[i].redLayout);
    EXPECT_EQ(again.schedule()[i].blueLayout, s[i].blueLayout);
  }
}

// A bot can read match.json: with one in the match it holds a check of the
// seed, not the seed, and still tells a rerun with another seed apart.
TEST(Match, WithABotMatchJsonHoldsNoSeed) {
  TempDir dir;
  MatchOptions o = baseOptions(dir / "run", withABot());
  o.seed = 8157342906417;
  { Match first(o); }
  const std::string config = readText(fs::path(o.outDir) / "match.json");
  EXPECT_EQ(config.find("8157342906417"), std::string::npos) << config;
  EXPECT_EQ(config.find(fmt::format("{:x}", o.seed)), std::string::npos) << config;
  EXPECT_NE(config.find(matchSeedCheck(o.seed)), std::string::npos) << config;
  EXPECT_NO_THROW(Match{o});  // the same match: resumed
  o.seed += 1;
  EXPECT_THROW(Match{o}, std::invalid_argument);
}

// A match with a bot begun by an older version (its match.json holds the seed,
// and its pairs replayed their layouts) is refused, not resumed with a
// schedule other than its own; a match of built-in agents resumes as before.
TEST(Match, AnOlderDirectoryWithABotIsRefusedOneWithoutResumes) {
  TempDir dir;
  for (const bool bot : {true, false}) {
    MatchOptions o = baseOptions(dir / (bot ? "bot" : "builtin"), bot ? withABot() : builtins(3));
    { Match first(o); }
    const fs::path config = fs::path(o.outDir) / "match.json";
    nlohmann::json old = nlohmann::json::parse(readText(config));
    if (bot) {
      old.erase("seed_check");
      old.erase("pairing");
      old["seed"] = o.seed;
    }
    writeText(config, old.dump(2) + "\n");
    if (!bot) {
      EXPECT_NO_THROW(Match{o});
      continue;
    }
    try {
      Match again(o);
      ADD_FAILURE() << "an older directory with a bot was resumed";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("was begun by an older junqi"), std::string::npos) << e.what();
    }
  }
}

// Undoes Rng::mix: the match seed that gives `mixed` on `stream`. A game seed
// made with Rng::mix would hand a bot the match seed, and with it the openings.
std::uint64_t unmix(std::uint64_t mixed, std::uint64_t stream) {
  const auto undoXorShift = [](std::uint64_t y, int shift) {
    std::uint64_t x = y;
    for (int i = 0; i < 64 / shift + 1; ++i) x = y ^ (x >> shift);
    return x;
  };
  std::uint64_t z = undoXorShift(mixed, 31) * 0x319642b2d24d8ec3ULL;  // the inverses of the multipliers
  z = undoXorShift(z, 27) * 0x96de1b173f119089ULL;
  return undoXorShift(z, 30) ^ (stream * 0xD1B54A32D192ED03ULL + 0x8CB92BA72F3D8DD7ULL);
}

// The red layout of pair `pair` of a match with this seed, drawn as the match draws it.
Layout pairRedLayout(std::uint64_t matchSeed, int pair, const Ruleset& ruleset) {
  Rng rng(Rng::mix(matchSeed, static_cast<std::uint64_t>(pair)));
  return styledLayout(static_cast<LayoutStyle>(rng.below(4)), ruleset, rng);
}

TEST(Match, GameSeedsDoNotGiveTheOpeningsAway) {
  TempDir dir;
  MatchOptions o = baseOptions(dir / "run", builtins(2));
  o.pairs = 3;
  o.seed = 12345;
  const Match match(o);
  // The attack works on the seeds of before: undone, they give the match seed and the layouts.
  EXPECT_EQ(unmix(legacyMatchGameSeed(o.seed, 4), 0x9a3e0000ULL + 4), o.seed);
  for (const ScheduledGame& g : match.schedule()) {
    const std::uint64_t guess = unmix(g.seed, 0x9a3e0000ULL + static_cast<std::uint64_t>(g.index));
    EXPECT_NE(guess, o.seed);
    EXPECT_NE(pairRedLayout(guess, g.pair, o.ruleset), *g.redLayout) << "game " << g.index;
    EXPECT_EQ(pairRedLayout(o.seed, g.pair, o.ruleset), *g.redLayout);  // the match seed itself does give them
    EXPECT_EQ(g.seed, matchGameSeed(o.seed, g.index));
  }
}

TEST(Match, GameSeedsAreTheSameWhenTheMatchResumes) {
  TempDir dir;
  MatchOptions o = baseOptions(dir / "run", builtins(2));
  o.pairs = 2;
  const auto seedsOf = [](const MatchOptions& options) {
    const Match match(options);
    std::vector<std::uint64_t> seeds;
    for (const ScheduledGame& g : match.schedule()) seeds.push_back(g.seed);
    return seeds;
  };
  const std::vector<std::uint64_t> seeds = seedsOf(o);
  EXPECT_EQ(seedsOf(o), seeds);  // the same directory again: a resume
  o.seed += 1;
  o.outDir = dir / "other";
  EXPECT_NE(seedsOf(o)[0], seeds[0]);
}

TEST(Match, ADirectoryFromBeforeKeyedSeedsResumesWithItsOldSeeds) {
  TempDir dir;
  MatchOptions o = baseOptions(dir / "run", builtins(2));
  { Match first(o); }
  // match.json as older versions wrote it: no "game_seeds".
  const fs::path config = fs::path(o.outDir) / "match.json";
  nlohmann::json old = nlohmann::json::parse(readText(config));
  ASSERT_TRUE(old.contains("game_seeds"));
  old.erase("game_seeds");
  writeText(config, old.dump(2) + "\n");
  const Match resumed(o);
  for (const ScheduledGame& g : resumed.schedule()) EXPECT_EQ(g.seed, legacyMatchGameSeed(o.seed, g.index));
  // Another match in it is still refused.
  o.seed += 1;
  EXPECT_THROW(Match{o}, std::invalid_argument);
}

// An agent that remembers the seed it was given for its game (and plays at random).
class SeedSpy : public Agent {
 public:
  std::string name() const override { return "spy"; }
  std::string spec() const override { return "spy"; }
  void newGame(const Ruleset& ruleset, Seat seat, std::uint64_t gameSeed) override {
    seed = gameSeed;
    inner_->newGame(ruleset, seat, gameSeed);
  }
  Layout chooseLayout(const Ruleset& ruleset, Seat seat) override { return inner_->chooseLayout(ruleset, seat); }
  Action chooseAction(const InfoState& state) override { return inner_->chooseAction(state); }
  std::uint64_t seed = 0;

 private:
  std::unique_ptr<Agent> inner_ = makeAgent("random:seed=1");
};

// Each agent gets a seed of its own, from which neither the other's nor the
// game's follows (with agent layouts, the other's seed would give its layout).
TEST(Match, EachSeatGetsASeedOfItsOwn) {
  GameConfig config;
  config.seed = 77;
  config.maxPlies = 4;
  SeedSpy red, blue;
  playGame(red, blue, config);
  EXPECT_NE(red.seed, blue.seed);
  EXPECT_NE(red.seed, config.seed);
  EXPECT_EQ(red.seed, seatSeed(77, Seat::Red));
  EXPECT_EQ(blue.seed, seatSeed(77, Seat::Blue));
  // Matches begun before seat seeds: both get the game seed, as they did.
  config.oneSeedForBoth = true;
  playGame(red, blue, config);
  EXPECT_EQ(red.seed, 77u);
  EXPECT_EQ(blue.seed, 77u);
}

TEST(Match, GauntletPairsTheFirstPlayerWithEachOtherRoundRobinEveryone) {
  TempDir dir;
  MatchOptions o = baseOptions(dir / "rr", builtins(4));
  o.pairs = 2;
  const auto pairings = [](const Match& m) {
    std::map<std::pair<int, int>, int> count;
    for (const auto& g : m.schedule()) ++count[{std::min(g.red, g.blue), std::max(g.red, g.blue)}];
    return count;
  };
  const Match roundRobin(o);
  EXPECT_EQ(pairings(roundRobin), (std::map<std::pair<int, int>, int>{
                                      {{0, 1}, 4}, {{0, 2}, 4}, {{0, 3}, 4}, {{1, 2}, 4}, {{1, 3}, 4}, {{2, 3}, 4}}));
  o.schedule = MatchSchedule::Gauntlet;
  o.outDir = dir / "gauntlet";
  const Match gauntlet(o);
  EXPECT_EQ(pairings(gauntlet), (std::map<std::pair<int, int>, int>{{{0, 1}, 4}, {{0, 2}, 4}, {{0, 3}, 4}}));
  // Each gauntlet opponent plays the first player as often with Red as with Blue.
  std::map<int, int> firstAsRed;
  for (const auto& g : gauntlet.schedule()) firstAsRed[g.red == 0 ? g.blue : -g.red] += 1;
  EXPECT_EQ(firstAsRed, (std::map<int, int>{{1, 2}, {2, 2}, {3, 2}, {-1, 2}, {-2, 2}, {-3, 2}}));
}

TEST(Match, AgentLayoutsLeaveTheOpeningsToTheAgents) {
  TempDir dir;
  MatchOptions o = baseOptions(dir / "run", builtins(2));
  o.agentLayouts = true;
  const Match match(o);
  for (const auto& g : match.schedule()) EXPECT_FALSE(g.redLayout || g.blueLayout);
}

// Built-in agents deploy whatever counts the ruleset gives (here no flag), so
// a game under it is played, not forfeited for an illegal layout.
TEST(Match, BuiltInAgentsDeployUnusualPieceCounts) {
  for (const char* text : {"hiddenfront:count-flag=0", "worldatplay:count-landmine=0,count-flag=2,count-engineer=2"}) {
    auto red = makeAgent("heuristic:seed=1");
    auto blue = makeAgent("ismcts:sims=8,seed=2");
    GameConfig config;
    config.ruleset = Ruleset::parse(text);
    config.seed = 5;
    config.maxPlies = 60;
    const PlayedGame played = playGame(*red, *blue, config);
    EXPECT_NE(played.game.outcome().reason, Termination::Forfeit) << text << ": " << played.detail;
  }
}

TEST(Match, TheLayoutBookGivesTheOpeningsInOrderAndIsPlayed) {
  TempDir dir;
  Rng rng(5);
  std::vector<std::pair<Layout, Layout>> book;
  for (int i = 0; i < 2; ++i) book.emplace_back(randomLayout(Ruleset{}, rng), randomLayout(Ruleset{}, rng));
  writeText(dir.path() / "book.txt", fmt::format("# openings for the test\n\n{} {}   # the first\n  {}\t{}\n",
                                                 formatLayout(book[0].first), formatLayout(book[0].second),
                                                 formatLayout(book[1].first), formatLayout(book[1].second)));
  MatchOptions o = baseOptions(dir / "run", builtins(2));
  o.layoutBook = dir / "book.txt";
  o.pairs = 3;  // more pairs than the book has lines: it starts again
  o.maxPlies = 60;
  Match match(o);
  ASSERT_EQ(match.schedule().size(), 6u);
  for (const auto& g : match.schedule()) {
    const auto& expected = book[static_cast<std::size_t>(g.pair) % book.size()];
    EXPECT_EQ(*g.redLayout, expected.first) << "game " << g.index;
    EXPECT_EQ(*g.blueLayout, expected.second) << "game " << g.index;
  }
  const MatchSummary summary = match.run();
  ASSERT_EQ(summary.results.size(), 6u);
  for (const MatchGameResult& r : summary.results) {
    const GameRecord record = parseRecord(readText(recordFile(o.outDir, r.game.index)));
    const auto& expected = book[static_cast<std::size_t>(r.game.pair) % book.size()];
    EXPECT_EQ(record.redLayout, expected.first);
    EXPECT_EQ(record.blueLayout, expected.second);
  }
}

TEST(Match, ABadLayoutBookIsRejectedNamingTheLine) {
  TempDir dir;
  const auto expectRejected = [&](const std::string& text, const std::string& why) {
    writeText(dir.path() / "book.txt", text);
    MatchOptions o = baseOptions(dir / "run", builtins(2));
    o.layoutBook = dir / "book.txt";
    try {
      Match m(o);
      ADD_FAILURE() << "accepted the book:\n" << text;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
  };
  const std::string good = std::string(kExampleLayout);
  expectRejected("# one layout only\n" + good + "\n", "layout book line 2: needs a red and a blue layout");
  expectRejected(good + " " + good + "\n" + good + " " + kIllegalLayout + "\n", "layout book line 2: flag on E1");
  expectRejected(good + " IPDEC/G.J.R\n", "layout book line 1");
  expectRejected("# nothing\n\n", "has no layouts");
  MatchOptions o = baseOptions(dir / "run", builtins(2));
  o.layoutBook = dir / "no-such-book.txt";
  EXPECT_THROW(Match{o}, std::invalid_argument);
}

TEST(Match, BadConfigurationsAreRejected) {
  TempDir dir;
  const auto rejected = [&](std::vector<MatchPlayer> players, const std::string& why, bool sprt = false) {
    MatchOptions o = baseOptions(dir / "run", std::move(players));
    if (sprt) o.sprt = SprtConfig{};
    try {
      Match m(o);
      ADD_FAILURE() << "accepted: " << why;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
  };
  rejected({{"a", "random", ""}}, "at least two players");
  rejected({{"a", "random", ""}, {"a", "heuristic", ""}}, "two players are called 'a'");
  rejected({{"a b", "random", ""}, {"c", "heuristic", ""}}, "not a usable player name");
  // A name is part of a file name (NAME.stderr.log): nothing that leaves the run directory or hides a file.
  const std::vector<std::string> unusable = {"../../x", "a/b",      ".hidden", "..", "",
                                             "a\\b",    "tab\tname", "quote\"d", "#1", std::string(65, 'n')};
  for (const std::string& name : unusable)
    rejected({{"a", "random", ""}, {name, "", "true"}}, fmt::format("'{}' is not a usable player name", name));
  MatchOptions plain = baseOptions(dir / "plain", {{"Bot-2.0_b", "", "true"}, {"random", "random", ""}});
  EXPECT_NO_THROW(Match{plain});
  rejected(builtins(3), "head-to-head", true);
  MatchOptions o = baseOptions(dir / "run2", {{"a", "random", ""}, {"b", "nosuchagent", ""}});
  EXPECT_THROW(Match{o}, AgentSpecError);
  o.players[1].agent = "random:nosuchkey=3";
  EXPECT_THROW(Match{o}, AgentSpecError);
}

// ---------------------------------------------------------------------------
// Resumption, reports.

MatchOptions resumeOptions(const std::string& outDir) {
  MatchOptions o = baseOptions(outDir, {{"rand", "random:seed=3", ""},
                                        {"heur", "heuristic:seed=2", ""},
                                        {"mcts", "ismcts:sims=16,seed=5", ""}});
  o.pairs = 2;  // 12 games
  o.seed = 11;
  o.maxPlies = 300;
  return o;
}

TEST(Match, AMatchWhoseDirectoryMovedResumesWhenTheDirectoryIsItsMovableRoot) {
  // The match and its layout book live in one folder, and the match's
  // identity (match.json) names the book by its path. Moved elsewhere, the
  // folder resumes its match if it is the movable root, and only then.
  TempDir tmp;
  const fs::path before = tmp.path() / "before", after = tmp.path() / "after";
  fs::create_directories(before);
  writeText(before / "book.txt", fmt::format("{} {}\n", kExampleLayout, kExampleLayout));
  const auto options = [](const fs::path& root, bool movable) {
    MatchOptions o = baseOptions((root / "match").string(), builtins(2));
    o.layoutBook = (root / "book.txt").string();
    o.pairs = 1;
    o.maxPlies = 40;
    if (movable) o.movableRoot = root.string();
    return o;
  };
  const MatchSummary first = Match(options(before, true)).run();
  ASSERT_EQ(first.results.size(), 2u);
  EXPECT_NE(readText(before / "match" / "match.json").find("$ROOT/book.txt"), std::string::npos);

  fs::rename(before, after);
  EXPECT_THROW(Match{options(after, false)}, std::invalid_argument);  // the book's path changed
  const MatchSummary resumed = Match(options(after, true)).run();
  ASSERT_EQ(resumed.results.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_TRUE(resumed.results[i].resumed) << "game " << i;
    EXPECT_EQ(resumed.results[i].outcome, first.results[i].outcome) << "game " << i;
  }
}

TEST(Match, AResumedMatchPlaysOnlyTheRestAndEndsAsAnUninterruptedOne) {
  TempDir dir;
  const MatchOptions options = resumeOptions(dir / "resumed");

  // Interrupted after three games (the games in progress then still finish).
  std::size_t firstCount = 0;
  std::map<int, std::string> firstRecords;
  {
    Match match(options);
    int seen = 0;
    const MatchSummary first = match.run([&](const std::string&) {
      if (++seen == 3) match.requestStop();
    });
    firstCount = first.results.size();
    EXPECT_GE(firstCount, 3u);
    EXPECT_LE(firstCount, 4u);  // at most one more game was in progress (two at a time)
    EXPECT_FALSE(first.stoppedEarly);  // stopped by request, not by an SPRT
    for (const auto& r : first.results) {
      EXPECT_FALSE(r.resumed);
      firstRecords[r.game.index] = readText(recordFile(options.outDir, r.game.index));
    }
    std::size_t files = 0;
    for (const auto& e : fs::directory_iterator(fs::path(options.outDir) / "games")) files += e.path().extension() == ".jqr";
    EXPECT_EQ(files, firstCount);
  }

  // Run again in the same directory: only the rest is played.
  Match again(options);
  int progress = 0;
  const MatchSummary resumed = again.run([&](const std::string&) { ++progress; });
  ASSERT_EQ(resumed.results.size(), 12u);
  EXPECT_EQ(progress, static_cast<int>(12 - firstCount));
  std::size_t readBack = 0;
  for (const auto& r : resumed.results) {
    readBack += r.resumed;
    EXPECT_EQ(r.resumed, firstRecords.count(r.game.index) == 1) << "game " << r.game.index;
  }
  EXPECT_EQ(readBack, firstCount);
  // The games of the first run were not played again.
  for (const auto& [index, text] : firstRecords) EXPECT_EQ(readText(recordFile(options.outDir, index)), text);

  // The same match uninterrupted, elsewhere, one game at a time.
  TempDir other;
  MatchOptions straightOptions = resumeOptions(other / "straight");
  straightOptions.concurrency = 1;
  Match straight(straightOptions);
  const MatchSummary full = straight.run();
  ASSERT_EQ(full.results.size(), 12u);

  for (std::size_t i = 0; i < 12; ++i) {
    SCOPED_TRACE(fmt::format("game {}", i));
    EXPECT_EQ(resumed.results[i].game.index, full.results[i].game.index);
    EXPECT_EQ(resumed.results[i].outcome, full.results[i].outcome);
    EXPECT_EQ(resumed.results[i].detail, full.results[i].detail);
    EXPECT_EQ(resumed.results[i].plies, full.results[i].plies);
    EXPECT_EQ(withoutTimes(readText(recordFile(options.outDir, static_cast<int>(i)))),
              withoutTimes(readText(recordFile(straightOptions.outDir, static_cast<int>(i)))));
  }
  EXPECT_EQ(resumed.table, full.table);
  for (const char* f : {"ratings.txt", "ratings.json", "ratings.csv"})
    EXPECT_EQ(readText(fs::path(options.outDir) / f), readText(fs::path(straightOptions.outDir) / f)) << f;
  EXPECT_EQ(withoutSite(readText(fs::path(options.outDir) / "games.pgn")),
            withoutSite(readText(fs::path(straightOptions.outDir) / "games.pgn")));
  // The games were not all alike (the comparison above means something).
  std::set<int> plies;
  for (const auto& r : full.results) plies.insert(r.plies);
  EXPECT_GT(plies.size(), 3u);

  // A finished match run again plays nothing and reports the same.
  Match third(options);
  int more = 0;
  const MatchSummary done = third.run([&](const std::string&) { ++more; });
  EXPECT_EQ(more, 0);
  EXPECT_EQ(done.table, full.table);
}

// Games that end without a last move (a resignation, a timeout forfeit) are
// read back from their records with the same length they were played with: a
// resumed run writes the same game list as the run that played them.
TEST(Match, AResumedRunReportsTheSameGameListWhenGamesEndWithoutAMove) {
  TempDir dir;
  MatchOptions o = baseOptions(dir / "run", {{"quitter", "", writeScript(dir, "bot", loopBot("    go) echo resign ;;\n"))},
                                             {"random", "random", ""}});
  Match match(o);
  const MatchSummary played = match.run();
  ASSERT_EQ(played.results.size(), 2u);
  for (const auto& r : played.results) EXPECT_EQ(r.outcome.reason, Termination::Resignation);
  const std::string pgn = readText(fs::path(o.outDir) / "games.pgn");
  Match again(o);
  const MatchSummary resumed = again.run();
  ASSERT_EQ(resumed.results.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_TRUE(resumed.results[i].resumed);
    EXPECT_EQ(resumed.results[i].plies, played.results[i].plies) << "game " << i;
  }
  EXPECT_EQ(readText(fs::path(o.outDir) / "games.pgn"), pgn);
}

TEST(Match, ADirectoryHoldingAnotherMatchIsRejectedByName) {
  TempDir dir;
  MatchOptions o = baseOptions(dir / "run", builtins(2));
  { Match first(o); }
  {
    Match same(o);  // the same match: accepted (a resume)
    (void)same;
  }
  o.seed = 8;
  try {
    Match other(o);
    ADD_FAILURE() << "a different match was accepted in " << o.outDir;
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(o.outDir), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("different match"), std::string::npos) << e.what();
  }
  o.seed = 7;
  o.players[1].agent = "random:seed=9";
  EXPECT_THROW(Match{o}, std::invalid_argument);
  // An unreadable match.json is named too.
  writeText(fs::path(o.outDir) / "match.json", "{ not json");
  o.players[1].agent = "random:seed=2";
  try {
    Match broken(o);
    ADD_FAILURE() << "an unreadable match.json was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("match.json"), std::string::npos) << e.what();
  }
}

TEST(Match, ThePgnListsEveryGameWithPlayersAndResult) {
  TempDir dir;
  MatchOptions o = baseOptions(dir / "run", {{"heur", "heuristic", ""}, {"rand", "random", ""}, {"rand2", "random:seed=5", ""}});
  o.maxPlies = 200;
  Match match(o);
  const MatchSummary summary = match.run();
  ASSERT_EQ(summary.results.size(), 6u);
  const auto games = readPgn(readText(fs::path(o.outDir) / "games.pgn"));
  ASSERT_EQ(games.size(), 6u);
  std::set<std::string> results;
  for (std::size_t i = 0; i < games.size(); ++i) {
    SCOPED_TRACE(fmt::format("game {}", i));
    const auto& g = games[i];
    const GameRecord record = parseRecord(readText(recordFile(o.outDir, static_cast<int>(i))));
    ASSERT_TRUE(g.count("White") && g.count("Black") && g.count("Result"));
    EXPECT_EQ(g.at("White"), *record.tag("red-player"));
    EXPECT_EQ(g.at("Black"), *record.tag("blue-player"));
    EXPECT_EQ(g.at("Result"), resultToken(record.outcome));
    EXPECT_EQ(g.at(""), g.at("Result"));  // the movetext is the result alone
    EXPECT_EQ(g.at("Round"), std::to_string(i + 1));
    EXPECT_EQ(g.at("Termination"), terminationName(record.outcome.reason));
    EXPECT_EQ(g.at("PlyCount"), std::to_string(replay(record).position().ply()));
    EXPECT_EQ(g.at("Pair"), std::to_string(summary.results[i].game.pair));
    results.insert(g.at("Result"));
  }
  // The table agrees with the list.
  int heurPoints2 = 0;
  for (const auto& g : games) {
    if (g.at("White") == "heur") heurPoints2 += g.at("Result") == "1-0" ? 2 : g.at("Result") == "1/2-1/2" ? 1 : 0;
    if (g.at("Black") == "heur") heurPoints2 += g.at("Result") == "0-1" ? 2 : g.at("Result") == "1/2-1/2" ? 1 : 0;
  }
  EXPECT_DOUBLE_EQ(summary.ratings.players[0].points, heurPoints2 / 2.0);
}

// Each record and PGN entry names the version that played the game; a record
// written by an older version, without that tag, still resumes.
TEST(Match, RecordsAndThePgnNameTheVersionThatPlayedAndOlderRecordsStillResume) {
  TempDir dir;
  const MatchOptions o = baseOptions(dir / "run", builtins(2));
  const std::string version = versionString();
  ASSERT_FALSE(version.empty());
  ASSERT_EQ(Match(o).run().results.size(), 2u);
  for (int i = 0; i < 2; ++i)
    EXPECT_EQ(parseRecord(readText(recordFile(o.outDir, i))).tag("junqi-version"), version) << "game " << i;
  auto games = readPgn(readText(fs::path(o.outDir) / "games.pgn"));
  ASSERT_EQ(games.size(), 2u);
  for (const auto& g : games) EXPECT_EQ(g.count("JunqiVersion") ? g.at("JunqiVersion") : "(none)", version);

  // Game 0 as an older version wrote it: no version tag.
  const std::string old = readText(recordFile(o.outDir, 0));
  const auto at = old.find("tag junqi-version ");
  ASSERT_NE(at, std::string::npos);
  writeText(recordFile(o.outDir, 0), old.substr(0, at) + old.substr(old.find('\n', at) + 1));
  const MatchSummary resumed = Match(o).run();
  ASSERT_EQ(resumed.results.size(), 2u);
  EXPECT_TRUE(resumed.results[0].resumed);
  EXPECT_EQ(resumed.results[0].version, "");
  EXPECT_EQ(resumed.results[1].version, version);
  games = readPgn(readText(fs::path(o.outDir) / "games.pgn"));
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].count("JunqiVersion"), 0u);
  EXPECT_EQ(games[1].count("JunqiVersion") ? games[1].at("JunqiVersion") : "(none)", version);
}

// ---------------------------------------------------------------------------
// The SPRT.

TEST(Match, TheSprtStopsAOneSidedMatchEarlyForH1) {
  TempDir dir;
  MatchOptions o = baseOptions(dir / "run", {{"mcts", "ismcts:sims=100", ""}, {"rand", "random", ""}});
  o.pairs = 50;
  o.sprt = SprtConfig{0, 100, 0.05, 0.05};
  Match match(o);
  std::vector<std::string> lines;
  const MatchSummary summary = match.run([&](const std::string& line) { lines.push_back(line); });
  EXPECT_TRUE(summary.stoppedEarly);
  ASSERT_TRUE(summary.sprt);
  EXPECT_EQ(summary.sprt->decision, SprtDecision::kAcceptH1);
  EXPECT_GE(summary.sprt->llr, summary.sprt->upper);
  EXPECT_NEAR(summary.sprt->upper, std::log(0.95 / 0.05), 1e-9);
  EXPECT_LT(summary.results.size(), 100u);
  EXPECT_GT(summary.results.size(), 4u);
  ASSERT_FALSE(lines.empty());
  EXPECT_NE(lines.back().find("LLR"), std::string::npos) << lines.back();
  // mcts scored most of the points.
  EXPECT_GT(summary.ratings.players[0].points, 0.8 * static_cast<double>(summary.results.size()));
  // Run again: the decision is read back from the records, nothing is played.
  Match again(o);
  int more = 0;
  const MatchSummary resumed = again.run([&](const std::string&) { ++more; });
  EXPECT_EQ(more, 0);
  EXPECT_TRUE(resumed.stoppedEarly);
  ASSERT_TRUE(resumed.sprt);
  EXPECT_EQ(resumed.sprt->decision, SprtDecision::kAcceptH1);
  EXPECT_EQ(resumed.results.size(), summary.results.size());
}

// With --agent-layouts the games are not paired; the SPRT must still decide
// (on the games one by one) rather than run the whole schedule.
TEST(Match, TheSprtAlsoStopsAMatchWithoutLayoutPairs) {
  TempDir dir;
  MatchOptions o = baseOptions(dir / "run", {{"heur", "heuristic", ""}, {"rand", "random", ""}});
  o.agentLayouts = true;
  o.pairs = 30;
  o.sprt = SprtConfig{0, 100, 0.05, 0.05};
  Match match(o);
  const MatchSummary summary = match.run();
  ASSERT_GT(summary.ratings.players[0].points, 0.8 * static_cast<double>(summary.results.size()))
      << "heuristic should beat random clearly";
  EXPECT_TRUE(summary.stoppedEarly) << summary.results.size() << " games";
  ASSERT_TRUE(summary.sprt);
  EXPECT_EQ(summary.sprt->decision, SprtDecision::kAcceptH1) << "LLR " << summary.sprt->llr;
  EXPECT_LT(summary.results.size(), 60u);
}

}  // namespace
}  // namespace junqi
