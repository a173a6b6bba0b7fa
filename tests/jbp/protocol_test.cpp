// Tests of JBP, the bot protocol (docs/protocol.md): the bot end (serveBot)
// driven through string streams, the texts both ends share (the start board,
// events), and the arbiter end (ExternalAgent) against the real junqi-bot
// program in whole refereed games.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/classic/game.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "core/classic/observation.h"
#include "core/random.h"
#include "core/classic/record.h"
#include "search/registry.h"
#include "arena/match_game.h"
#include "core/text.h"
#include "jbp/protocol.h"
#include "jbp/protocol_agent.h"
#include "jbp/protocol_command.h"
#include "jbp/protocol_process.h"
#include "jbp/protocol_bot.h"
#include "tests/support/bot_program.h"

namespace junqi {
namespace {

// The lines serveBot writes for `input`, and its exit status.
struct Served {
  std::vector<std::string> lines;
  int status = -1;
};

Served serve(Agent& agent, const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out;
  Served s;
  s.status = jbp::serveBot(agent, in, out);
  std::istringstream text(out.str());
  for (std::string line; std::getline(text, line);) s.lines.push_back(line);
  return s;
}

Served serve(const std::string& spec, const std::string& input) {
  auto agent = makeAgent(spec);
  return serve(*agent, input);
}

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

bool startsWith(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

// The lines that are not "info" lines (a bot may send those at any time).
std::vector<std::string> answers(const std::vector<std::string>& lines) {
  std::vector<std::string> out;
  for (const auto& l : lines)
    if (!startsWith(l, "info")) out.push_back(l);
  return out;
}

Layout layoutFor(std::uint64_t seed, const Ruleset& ruleset = {}) {
  Rng rng(seed);
  return styledLayout(static_cast<LayoutStyle>(seed % 4), ruleset, rng);
}

// A game from layouts fixed by `seed`, then random legal actions for up to
// `plies` actions: mostly moves, now and then (with `extras`) a timeout, or a
// draw offer that the other side declines, so that every kind of event occurs.
Game randomGame(const Ruleset& ruleset, std::uint64_t seed, int plies, bool extras) {
  Game game(ruleset, layoutFor(seed * 2 + 1, ruleset), layoutFor(seed * 2 + 2, ruleset));
  Rng rng(Rng::mix(seed, 99));
  MoveList moves;
  for (int i = 0; i < plies && !game.isOver(); ++i) {
    const Seat s = game.position().sideToMove();
    if (extras && rng.below(40) == 0 && game.timeouts(s) + 1 < ruleset.timeoutsToForfeit) {
      game.apply(Action::timeout(s));
      continue;
    }
    if (extras && rng.below(30) == 0 && !game.whyIllegal(Action::offerDraw(s))) {
      game.apply(Action::offerDraw(s));
      game.apply(Action::declineDraw(opposite(s)));
      continue;
    }
    moves.clear();
    generateMoves(game.position(), moves);
    if (moves.empty()) break;
    game.apply(Action::makeMove(s, moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]));
  }
  return game;
}

// What a bot rebuilds of a game at its start: the seat's layout and the points
// where the enemy's pieces started.
Observation deploymentView(const Game& game, Seat seat) {
  return Observation::atDeployment(game.rules().ruleset(), seat, *game.layout(seat),
                                   game.start().occupied(opposite(seat)));
}

std::string newgameLine(Seat seat, std::uint64_t seed, const Ruleset& ruleset = {}) {
  return fmt::format("newgame ruleset {} seat {} movetime 0 seed {}\n", ruleset.toString(), seatName(seat), seed);
}

// ---------------------------------------------------------------------------
// The bot end, through string streams.

TEST(ServeBot, HandshakeNamesTheAgentAndEndsWithJbpok) {
  const Served s = serve("random:seed=4", "jbp 1\nisready\nquit\nisready\n");
  EXPECT_EQ(s.status, 0);
  ASSERT_EQ(s.lines.size(), 7u) << fmt::format("{}", fmt::join(s.lines, " | "));
  EXPECT_EQ(s.lines[0], "id name random");
  EXPECT_TRUE(startsWith(s.lines[1], "id author "));
  EXPECT_EQ(s.lines[2], "id spec " + makeAgent("random:seed=4")->spec());
  EXPECT_EQ(s.lines[3], "variants classic");
  EXPECT_EQ(s.lines[4], "rulesets any");
  EXPECT_EQ(s.lines[5], "jbpok");
  // After "quit" nothing more is read: one readyok, not two.
  EXPECT_EQ(s.lines[6], "readyok");
}

// newgame names the variant; an arbiter from before variants names none
// (newgameLine above), which is the classic game; an unknown one is an error.
TEST(ServeBot, NewgameNamesTheVariant) {
  EXPECT_EQ(serve("random", "newgame variant classic ruleset worldatplay seat red movetime 0 seed 1\n").lines,
            std::vector<std::string>{"ready"});
  const Served chess = serve("random", "newgame variant chess ruleset hiddenfront seat red movetime 0 seed 1\n");
  ASSERT_FALSE(chess.lines.empty());
  EXPECT_TRUE(startsWith(chess.lines[0], "error newgame: unknown variant 'chess' (known: classic, flip, four)")) << chess.lines[0];
}

TEST(ServeBot, NewgameIsReadyAndLayoutIsLegal) {
  for (const std::string spec : {"random:seed=2", "heuristic:seed=5"})
    for (const Seat seat : {Seat::Red, Seat::Blue}) {
      const Served s = serve(spec, newgameLine(seat, 17) + "layout\n");
      ASSERT_EQ(s.lines.size(), 2u) << spec;
      EXPECT_EQ(s.lines[0], "ready");
      ASSERT_TRUE(startsWith(s.lines[1], "layout ")) << s.lines[1];
      const Layout layout = parseLayout(s.lines[1].substr(7));
      EXPECT_FALSE(validateLayout(layout, Ruleset{})) << s.lines[1];
      // The same seed gives the same layout: the bot is reproducible.
      EXPECT_EQ(serve(spec, newgameLine(seat, 17) + "layout\n").lines, s.lines) << spec;
    }
}

TEST(ServeBot, LayoutFollowsTheRulesetOfNewgame) {
  // The bot's layout satisfies the ruleset it was told in newgame (here one
  // with landmines allowed in a headquarters and in three back rows).
  for (const std::string ruleset :
       {"worldatplay", "refereed", "hiddenfront:landmine-rows=3,landmine-in-hq=yes,bomb-in-front-row=yes"}) {
    const Ruleset r = Ruleset::parse(ruleset);
    const Served s = serve("random:seed=9", newgameLine(Seat::Red, 3, r) + "layout\n");
    ASSERT_EQ(s.lines.size(), 2u);
    ASSERT_TRUE(startsWith(s.lines[1], "layout "));
    EXPECT_FALSE(validateLayout(parseLayout(s.lines[1].substr(7)), r)) << ruleset << ": " << s.lines[1];
  }
}

TEST(ServeBot, StartThenGoGivesALegalMoveForRed) {
  const Game game(Ruleset{}, layoutFor(11), layoutFor(12));
  for (const std::string spec : {"random:seed=1", "heuristic:seed=1", "ismcts:sims=50,seed=1"}) {
    const std::string input = "jbp 1\n" + newgameLine(Seat::Red, 5) + "layout\nstart " +
                              jbp::startBoard(Observation::of(game, Seat::Red)) + "\ngo\n";
    const Served s = serve(spec, input);
    const auto a = answers(s.lines);
    // id name, id author, id spec, variants, rulesets, jbpok, ready, layout, move: start sends nothing back.
    ASSERT_EQ(a.size(), 9u) << spec << ": " << fmt::format("{}", fmt::join(s.lines, " | "));
    ASSERT_TRUE(startsWith(a[8], "move ")) << a[8];
    const auto m = parseMove(a[8].substr(5));
    ASSERT_TRUE(m) << a[8];
    EXPECT_FALSE(game.whyIllegal(Action::makeMove(Seat::Red, *m))) << spec << ": " << a[8];
    // The "info" line comes before the move.
    const auto info = std::find_if(s.lines.begin(), s.lines.end(), [](const auto& l) { return startsWith(l, "info"); });
    ASSERT_NE(info, s.lines.end());
    EXPECT_LT(info - s.lines.begin(), std::find(s.lines.begin(), s.lines.end(), a[8]) - s.lines.begin());
  }
}

// The bot rebuilds its seat's view from the start board and the events: after
// a long random game its "view" is exactly the referee's observation, and its
// move is legal in the real position.
TEST(ServeBot, EventsRebuildTheRefereesObservationAndGoIsLegal) {
  for (const std::uint64_t seed : {3u, 4u, 5u, 6u}) {
    const Ruleset ruleset = seed % 2 ? Ruleset{} : Ruleset::worldAtPlay();
    Game game = randomGame(ruleset, seed, 60 + static_cast<int>(seed) * 7, true);
    ASSERT_FALSE(game.isOver()) << "seed " << seed << ": pick a shorter game";
    const Seat seat = game.position().sideToMove();
    std::string input = newgameLine(seat, seed, ruleset) + "start " + jbp::startBoard(Observation::of(game, seat)) + "\n";
    for (std::size_t i = 0; i < game.history().size(); ++i)
      input += "event " + Observation::eventText(publicEvent(game, i)) + "\n";
    input += "view\ngo\n";
    const Served s = serve("heuristic:seed=3", input);
    const auto a = answers(s.lines);
    const std::vector<std::string> expected = splitLines(Observation::of(game, seat).toText());
    ASSERT_EQ(a.size(), 1 + expected.size() + 2) << fmt::format("{}", fmt::join(s.lines, "\n"));
    EXPECT_EQ(a[0], "ready");
    for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(a[1 + i], expected[i]) << "seed " << seed;
    EXPECT_EQ(a[1 + expected.size()], "end");
    const std::string& move = a.back();
    ASSERT_TRUE(startsWith(move, "move ")) << move;
    const auto m = parseMove(move.substr(5));
    ASSERT_TRUE(m) << move;
    EXPECT_FALSE(game.whyIllegal(Action::makeMove(seat, *m))) << "seed " << seed << ": " << move;
  }
}

TEST(ServeBot, ViewBeforeStartIsJustEnd) {
  const Served s = serve("random", "view\n");
  EXPECT_EQ(s.lines, std::vector<std::string>{"end"});
}

TEST(ServeBot, DrawOfferIsAnsweredAndGameOverAndRevealAreSilent) {
  Game game = randomGame(Ruleset{}, 8, 20, false);
  ASSERT_FALSE(game.isOver());
  const Seat seat = game.position().sideToMove();
  std::string input = newgameLine(seat, 1) + "start " + jbp::startBoard(Observation::of(game, seat)) + "\n";
  for (std::size_t i = 0; i < game.history().size(); ++i)
    input += "event " + Observation::eventText(publicEvent(game, i)) + "\n";
  input += "drawoffer\ngameover red resignation\nreveal " + formatPosition(game.position()) + "\nisready\n";
  const Served s = serve("random", input);
  EXPECT_EQ(answers(s.lines), (std::vector<std::string>{"ready", "decline-draw", "readyok"}));
}

TEST(ServeBot, PerftCountsUnderTheCurrentRuleset) {
  // docs/perft.md: "engineers" under hiddenfront, depth 3 = 149,640; the start, depth 2 = 1,162.
  const std::string engineers = "eplfl/p1ecl/bm1er/ri1dD/dG3/3pc/1g3/2CM1/1JD2/E1BP1/BLE2/LFLP1 r 3 122";
  const std::string start = "eplfl/pjelc/i1b1r/cb1md/r1j1g/cedpi/IPDEC/G1J1R/DM1BC/R1B1I/CLEJP/LFLPE r 0 0";
  const Served s = serve("random", newgameLine(Seat::Red, 1) + "perft 3 " + engineers + "\nperft 2 " + start + "\n");
  EXPECT_EQ(s.lines, (std::vector<std::string>{"ready", "perft 149640", "perft 1162"}));
  // Under refereed the centre crossing is a road: the start's depth 2 is 1,159.
  const Served r = serve("random", newgameLine(Seat::Red, 1, Ruleset::refereed()) + "perft 2 " + start + "\n");
  EXPECT_EQ(r.lines, (std::vector<std::string>{"ready", "perft 1159"}));
}

// "perft <depth> start": the example deployment, as `junqi perft --position start`.
TEST(ServeBot, PerftTakesStartForTheExampleDeployment) {
  const Served s = serve("random", newgameLine(Seat::Red, 1) + "perft 2 start\n");
  EXPECT_EQ(s.lines, (std::vector<std::string>{"ready", "perft 1162"}));
  const Served r = serve("random", newgameLine(Seat::Red, 1, Ruleset::refereed()) + "perft 2 start\n");
  EXPECT_EQ(r.lines, (std::vector<std::string>{"ready", "perft 1159"}));
}

// The final position of a game won by taking the flag has no such flag: the
// reveal is taken in silence (an error line would answer the next newgame),
// while perft refuses a position without a flag.
TEST(ServeBot, ARevealedFinalPositionMayLackTheTakenFlag) {
  const std::string taken = "eplfl/pjelc/i1b1r/cb1md/r1j1g/cedpi/IPDEC/G1J1R/DM1BC/R1B1I/CLEJP/L1LPE b 0 40";
  const Served s = serve("random", newgameLine(Seat::Red, 1) + "gameover blue flag-captured\nreveal " + taken +
                                       "\nperft 1 " + taken + "\n" + newgameLine(Seat::Red, 2));
  ASSERT_EQ(s.lines.size(), 3u) << fmt::format("{}", fmt::join(s.lines, "\n"));
  EXPECT_EQ(s.lines[0], "ready");
  EXPECT_TRUE(startsWith(s.lines[1], "error perft: position: red has 0 flag(s)")) << s.lines[1];
  EXPECT_EQ(s.lines[2], "ready");
}

TEST(ServeBot, UnknownAndBrokenCommandsAreErrorsAndTheBotGoesOn) {
  const Game game(Ruleset{}, layoutFor(1), layoutFor(2));
  const std::string start = "start " + jbp::startBoard(Observation::of(game, Seat::Blue)) + "\n";
  const Served s = serve("random", "frobnicate 3\n"
                                   "go\n"
                                   "event 1 red A4-A5 step\n"
                                   "perft x\n"
                                   "start ?????\n" +
                                       newgameLine(Seat::Blue, 1) + start +
                                       "event 2 red A4-A5 step\n"    // the game is at move 1
                                       "event 1 blue A7-A6 step\n"   // red is to move
                                       "event 1 red C9-C8 step\n"    // no red piece on C9
                                       "event 1 red A4-A5 wobble\n"  // not a path
                                       "isready\n");
  ASSERT_EQ(s.lines.size(), 11u) << fmt::format("{}", fmt::join(s.lines, "\n"));
  EXPECT_EQ(s.lines[0], "error unknown command 'frobnicate'");
  EXPECT_EQ(s.lines[1], "error go: go before start");
  EXPECT_EQ(s.lines[2], "error event: event before start");
  EXPECT_TRUE(startsWith(s.lines[3], "error perft: ")) << s.lines[3];
  EXPECT_TRUE(startsWith(s.lines[4], "error start: start board: ")) << s.lines[4];
  EXPECT_EQ(s.lines[5], "ready");
  for (int i = 6; i < 10; ++i) EXPECT_TRUE(startsWith(s.lines[i], "error event: event '")) << s.lines[i];
  EXPECT_NE(s.lines[6].find("the game is at move 1"), std::string::npos) << s.lines[6];
  EXPECT_NE(s.lines[7].find("blue has no piece on A7"), std::string::npos) << s.lines[7];
  EXPECT_NE(s.lines[8].find("red has no piece on C9"), std::string::npos) << s.lines[8];
  EXPECT_NE(s.lines[9].find("'wobble' is not a path"), std::string::npos) << s.lines[9];
  EXPECT_EQ(s.lines[10], "readyok");
}

// Numbers too large for any counter are refused, never wrapped round.
TEST(ServeBot, HugeNumbersAreErrorsAndTheBotGoesOn) {
  const std::string start = "eplfl/pjelc/i1b1r/cb1md/r1j1g/cedpi/IPDEC/G1J1R/DM1BC/R1B1I/CLEJP/LFLPE r 0 0";
  const Served s = serve("random", "newgame ruleset hiddenfront seat red movetime 0 seed 18446744073709551616\n"
                                   "perft 4294967298 " + start + "\n"
                                   "perft 13 " + start + "\n"
                                   "perft -1 " + start + "\n"
                                   "perft 1 " + start + "\n");
  ASSERT_EQ(s.lines.size(), 5u) << fmt::format("{}", fmt::join(s.lines, "\n"));
  EXPECT_EQ(s.lines[0], "error newgame: the seed must be a number from 0 to 18446744073709551615, not "
                        "'18446744073709551616'");
  EXPECT_EQ(s.lines[1], "error perft: the depth must be a number from 0 to 12, not '4294967298'");
  EXPECT_EQ(s.lines[2], "error perft: the depth must be a number from 0 to 12, not '13'");
  EXPECT_EQ(s.lines[3], "error perft: the depth must be a number from 0 to 12, not '-1'");
  EXPECT_TRUE(startsWith(s.lines[4], "perft ")) << s.lines[4];
}

TEST(ServeBot, ARejectedEventChangesNothing) {
  // After a malformed event the right one is still accepted: the bot's board did not move.
  Game game = randomGame(Ruleset{}, 21, 6, false);
  const Seat seat = Seat::Red;
  std::string input = newgameLine(seat, 1) + "start " + jbp::startBoard(Observation::of(game, seat)) + "\n";
  for (std::size_t i = 0; i < game.history().size(); ++i) {
    const std::string text = Observation::eventText(publicEvent(game, i));
    input += "event " + text + " nonsense\n";  // an unknown result: rejected
    input += "event " + text + "\n";
  }
  input += "view\n";
  const auto a = answers(serve("random", input).lines);
  const auto expected = splitLines(Observation::of(game, seat).toText());
  ASSERT_EQ(a.size(), 1 + game.history().size() + expected.size() + 1);
  for (std::size_t i = 0; i < game.history().size(); ++i)
    EXPECT_NE(a[1 + i].find("unknown result 'nonsense'"), std::string::npos) << a[1 + i];
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(a[1 + game.history().size() + i], expected[i]);
}

// ---------------------------------------------------------------------------
// The texts both ends share.

TEST(StartBoard, ShowsOwnPiecesAndTheEnemyAsQuestionMarks) {
  const Layout example = parseLayout(kExampleLayout);
  const Game game(Ruleset{}, example, example);
  EXPECT_EQ(jbp::startBoard(Observation::of(game, Seat::Red)),
            R"(?????/?????/?.?.?/??.??/?.?.?/?????/IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPE)");
  // Blue's layout turned half round, in lower case (the example of docs/protocol.md).
  EXPECT_EQ(jbp::startBoard(Observation::of(game, Seat::Blue)),
            R"(eplfl/pjelc/i.b.r/cb.md/r.j.g/cedpi/?????/?.?.?/??.??/?.?.?/?????/?????)");
}

TEST(StartBoard, RoundTripsForBothSeats) {
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    const Ruleset ruleset = seed % 3 == 0 ? Ruleset::worldAtPlay() : Ruleset{};
    const Game game(ruleset, layoutFor(seed, ruleset), layoutFor(seed + 100, ruleset));
    for (const Seat seat : {Seat::Red, Seat::Blue}) {
      const std::string text = jbp::startBoard(Observation::of(game, seat));
      const jbp::StartBoard b = jbp::parseStartBoard(text, seat);
      EXPECT_EQ(b.own, *game.layout(seat)) << text;
      EXPECT_EQ(b.enemyStart, game.start().occupied(opposite(seat))) << text;
    }
  }
}

TEST(StartBoard, RejectsWhatIsNotAStartBoard) {
  const Layout example = parseLayout(kExampleLayout);
  const Game game(Ruleset{}, example, example);
  const std::string red = jbp::startBoard(Observation::of(game, Seat::Red));
  // Red's board read as Blue's: upper-case pieces are not Blue's.
  EXPECT_THROW(jbp::parseStartBoard(red, Seat::Blue), std::invalid_argument);
  // Eleven rows.
  EXPECT_THROW(jbp::parseStartBoard(red.substr(6), Seat::Red), std::invalid_argument);
  // A row of six points.
  EXPECT_THROW(jbp::parseStartBoard("??????" + red.substr(5), Seat::Red), std::invalid_argument);
  // An own piece in the enemy's half.
  EXPECT_THROW(jbp::parseStartBoard("????I" + red.substr(5), Seat::Red), std::invalid_argument);
  // Not a piece symbol.
  std::string bad = red;
  bad[bad.size() - 1] = 'x';
  EXPECT_THROW(jbp::parseStartBoard(bad, Seat::Red), std::invalid_argument);
}

// Every event of many random games, turned into text and read back by each
// seat's own rebuilt view, is the event the referee made; and the views end up
// as the referee's.
TEST(Events, RoundTripOverRandomGames) {
  int fights = 0, shown = 0, timeouts = 0, offers = 0, captures = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Ruleset ruleset = seed % 2 ? Ruleset{} : Ruleset::worldAtPlay();
    const Game game = randomGame(ruleset, seed, 600, true);
    for (const Seat seat : {Seat::Red, Seat::Blue}) {
      Observation view = deploymentView(game, seat);
      for (std::size_t i = 0; i < game.history().size(); ++i) {
        const PublicEvent e = publicEvent(game, i);
        const std::string text = Observation::eventText(e);
        PublicEvent back;
        ASSERT_NO_THROW(back = view.parseEvent(text)) << "seed " << seed << ": " << text;
        ASSERT_EQ(back, e) << "seed " << seed << ": " << text;
        EXPECT_EQ(Observation::eventText(back), text);
        view.apply(back);
        if (seat == Seat::Red) {
          fights += e.combat != Combat::None;
          shown += e.flagShown[0] != kNoPiece || e.flagShown[1] != kNoPiece;
          timeouts += e.type == ActionType::Timeout;
          offers += e.type == ActionType::OfferDraw;
          captures += e.flagCaptured;
        }
      }
      view.setOutcome(game.outcome());
      EXPECT_EQ(view.toText(), Observation::of(game, seat).toText()) << "seed " << seed;
    }
  }
  // The games held every kind of event.
  EXPECT_GT(fights, 100);
  EXPECT_GT(shown, 0);
  EXPECT_GT(timeouts, 0);
  EXPECT_GT(offers, 0);
  EXPECT_GT(captures, 0);
}

TEST(Events, RejectEventsThatDoNotFitTheBoard) {
  // Find a fight in a random game; check the mutations against the view just before it.
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Game game = randomGame(Ruleset{}, seed, 300, false);
    Observation view = deploymentView(game, Seat::Red);
    std::size_t i = 0;
    for (; i < game.history().size() && publicEvent(game, i).combat == Combat::None; ++i)
      view.apply(publicEvent(game, i));
    ASSERT_LT(i, game.history().size()) << "seed " << seed << ": no fight";
    const PublicEvent e = publicEvent(game, i);
    const std::string text = Observation::eventText(e);
    const auto rejects = [&](const std::string& bad, const std::string& why) {
      try {
        view.parseEvent(bad);
        ADD_FAILURE() << "accepted '" << bad << "' (seed " << seed << ")";
      } catch (const std::invalid_argument& x) {
        EXPECT_NE(std::string(x.what()).find(why), std::string::npos) << bad << ": " << x.what();
      }
    };
    EXPECT_EQ(view.parseEvent(text), e);
    const std::string number = std::to_string(e.ply + 1);
    const std::string afterNumber = text.substr(number.size());
    // The wrong move number, either way.
    rejects(std::to_string(e.ply + 2) + afterNumber, fmt::format("the game is at move {}", e.ply + 1));
    if (e.ply > 0) rejects(std::to_string(e.ply) + afterNumber, "the game is at move");
    // The other side (not to move, and not its piece).
    const std::string other(seatName(opposite(e.side)));
    rejects(fmt::format("{} {} {} step", number, other, moveName(e.move)), "has no piece on");
    // A mover that is not on the from-point: from the point of the target (an enemy piece).
    rejects(fmt::format("{} {} {}-{} step", number, seatName(e.side), squareName(e.move.to), squareName(e.move.from)),
            "has no piece on");
    // The fight's result left out: the to-point is occupied.
    const auto w = words(text);  // number, side, move, path, target, result, ...
    ASSERT_GE(w.size(), 6u) << text;
    rejects(joinWords({w.begin(), w.begin() + 4}, 0), "is occupied, so the move is a fight and needs its result");
    // The wrong target: the mover itself (not the enemy piece on the to-point).
    std::string wrongTarget = text;
    const std::string target = fmt::format("{}{}", e.target / kMaxPiecesPerSide ? 'b' : 'r', e.target % kMaxPiecesPerSide);
    const std::string mover = fmt::format("{}{}", e.mover / kMaxPiecesPerSide ? 'b' : 'r', e.mover % kMaxPiecesPerSide);
    ASSERT_NE(wrongTarget.find(" " + target + " "), std::string::npos) << text;
    wrongTarget.replace(wrongTarget.find(" " + target + " "), target.size() + 2, " " + mover + " ");
    rejects(wrongTarget, "is not the enemy piece on");
    // No such piece; an unknown result word; a missing path; a non-move.
    rejects(fmt::format("{} {} {} step b30 defender-removed", number, seatName(e.side), moveName(e.move)), "there is no piece b30");
    rejects(text + " flag-lost", "unknown result 'flag-lost'");
    rejects(fmt::format("{} {} {}", number, seatName(e.side), moveName(e.move)), "needs its path");
    rejects(fmt::format("{} {} castle", number, seatName(e.side)), "neither a move nor an action");
    rejects(fmt::format("{} {} timeout now", number, seatName(e.side)), "takes nothing more");
    rejects(fmt::format("{} green {} step", number, moveName(e.move)), "is not red or blue");
  }
}

// A piece number past any int is no piece: "flag-shown:r2147483848" once
// wrapped round to a negative id and wrote outside the knowledge's arrays, and
// a target 2^32 past a real one was taken for it.
TEST(Events, PieceNumbersTooLargeForAnyPieceAreRejectedNotWrapped) {
  const Game game = randomGame(Ruleset{}, 3, 300, false);
  Observation view = deploymentView(game, Seat::Red);
  std::size_t i = 0;
  for (; i < game.history().size() && publicEvent(game, i).combat == Combat::None; ++i)
    view.apply(publicEvent(game, i));
  ASSERT_LT(i, game.history().size()) << "no fight";
  const PublicEvent e = publicEvent(game, i);
  const std::string text = Observation::eventText(e);
  const auto rejects = [&](const std::string& bad, const std::string& why) {
    try {
      view.parseEvent(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const std::invalid_argument& x) {
      EXPECT_NE(std::string(x.what()).find(why), std::string::npos) << bad << ": " << x.what();
    }
  };
  rejects(text + " flag-shown:r2147483848", "there is no piece r2147483848");
  rejects(text + " flag-shown:b4294967296", "there is no piece b4294967296");
  rejects(text + " flag-shown:r99999999999999999999999", "'r99999999999999999999999' is not a piece");
  rejects(text + " flag-shown:r-1", "'r-1' is not a piece");
  // The target's number plus 2^32.
  const char side = e.target / kMaxPiecesPerSide ? 'b' : 'r';
  const std::string target = fmt::format("{}{}", side, e.target % kMaxPiecesPerSide);
  const std::string wrapped = fmt::format("{}{}", side, 4294967296ULL + e.target % kMaxPiecesPerSide);
  std::string bad = text;
  ASSERT_NE(bad.find(" " + target + " "), std::string::npos) << text;
  bad.replace(bad.find(" " + target + " "), target.size() + 2, " " + wrapped + " ");
  rejects(bad, "there is no piece " + wrapped);
  EXPECT_EQ(view.parseEvent(text), e);
}

// ---------------------------------------------------------------------------
// What the arbiter reads from a bot is bounded, and is text.

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A path under the temporary directory for this test, removed when it ends.
class TempPath {
 public:
  explicit TempPath(const std::string& name) {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            fmt::format("junqi-jbp-test-{}-{}-{}", ::getpid(), test ? test->name() : "x", name);
    std::filesystem::remove(path_);
  }
  ~TempPath() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  TempPath(const TempPath&) = delete;
  TempPath& operator=(const TempPath&) = delete;
  std::string str() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

// A bot that sends a line of megabytes is stopped at the limit: the arbiter
// reads no further (the bot never gets to the end of its line, so never to
// the command after it), fast, and says why.
TEST(BotProcess, ALineLongerThanTheLimitIsAFaultAndIsNotReadToItsEnd) {
  const TempPath mark("wrote-it-all");
  BotProcess bot(fmt::format("head -c 8000000 /dev/zero | tr '\\0' x; echo; touch {}", mark.str()));
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(bot.readLine(30), std::nullopt);
  EXPECT_LT(secondsSince(start), 5.0);
  EXPECT_EQ(bot.fault(), "sent a line longer than 65536 bytes");
  EXPECT_EQ(bot.readLine(1), std::nullopt);  // nothing more is taken from it
  bot.kill();
  EXPECT_FALSE(std::filesystem::exists(mark.str()));
}

TEST(BotProcess, ALineOfExactlyTheLimitIsRead) {
  BotProcess bot(fmt::format("head -c {} /dev/zero | tr '\\0' x; echo", kMaxBotLine));
  const auto line = bot.readLine(30);
  ASSERT_TRUE(line) << bot.fault();
  EXPECT_EQ(line->size(), kMaxBotLine);
}

// Control bytes (a terminal's escape, a NUL) and bytes that are not UTF-8
// never reach a record or a log: the line is refused, naming the byte.
TEST(BotProcess, ALineHoldingAControlByteOrNotUtf8IsAFault) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"printf 'info \\033[2J\\n'", "sent a line holding the control byte 0x1b"},
      {"printf 'move A1\\000-A2\\n'", "sent a line holding the control byte 0x00"},
      {"printf 'info \\177\\n'", "sent a line holding the control byte 0x7f"},
      {"printf 'move A1-A2\\rmove B1-B2\\n'", "sent a line holding the control byte 0x0d"},
      {"printf 'info \\302\\233\\n'", "sent a line holding the control character U+009B"},
      {"printf 'info caf\\351\\n'", "sent a line that is not UTF-8 (byte 0xe9 at 8)"},
      {"printf 'info \\300\\257\\n'", "sent a line that is not UTF-8 (byte 0xc0 at 5)"},  // overlong '/'
      {"printf 'info \\355\\240\\200\\n'", "sent a line that is not UTF-8 (byte 0xed at 5)"},  // a surrogate
  };
  for (const auto& [command, why] : cases) {
    SCOPED_TRACE(command);
    BotProcess bot(command);
    EXPECT_EQ(bot.readLine(10), std::nullopt);
    EXPECT_EQ(bot.fault(), why);
  }
}

TEST(BotProcess, TabsUtf8AndACrlfLineEndAreText) {
  BotProcess bot("printf 'info\\tcaf\\303\\251 \\344\\270\\255 \\360\\237\\230\\200\\r\\n'");
  EXPECT_EQ(bot.readLine(10), "info\tcaf\u00e9 \u4e2d \U0001F600");
  EXPECT_EQ(bot.fault(), "");
}

// A bot's standard error log holds at most kMaxStderrLog bytes however much
// its bots write (two here, as two games of one bot share it), with control
// bytes escaped, and the bot is never held up by it.
TEST(BotProcess, ItsStandardErrorLogStaysUnderTheLimitWithControlBytesEscaped) {
  const TempPath log("stderr.log");
  for (int i = 0; i < 2; ++i) {
    BotProcess bot("printf 'red \\033[31m\\n' >&2; head -c 3000000 /dev/zero | tr '\\0' e >&2; echo done", log.str());
    EXPECT_EQ(bot.readLine(30), "done");
  }
  std::ifstream in(log.str(), std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_LE(text.size(), kMaxStderrLog);
  EXPECT_GT(text.size(), kMaxStderrLog - 200);
  EXPECT_EQ(text.rfind("red \\x1b[31m\n", 0), 0u) << text.substr(0, 40);
  EXPECT_TRUE(std::none_of(text.begin(), text.end(), [](char c) { return c != '\n' && static_cast<unsigned char>(c) < 0x20; }));
  EXPECT_NE(text.find("this log is full"), std::string::npos) << text.substr(text.size() - std::min<std::size_t>(text.size(), 200));
}

// ---------------------------------------------------------------------------
// The arbiter end against the real bot program.

std::string botCommand(const std::string& spec) { return fmt::format("{} --agent {}", matchtest::botProgram(), spec); }

// The tests that start junqi-bot need it built.
#define REQUIRE_BOT_PROGRAM()                                                        \
  do {                                                                              \
    if (matchtest::botProgram().empty()) GTEST_SKIP() << "junqi-bot is not built"; \
  } while (false)

bool boardDecided(Termination t) {
  return t == Termination::FlagCaptured || t == Termination::Immobilised || t == Termination::QuietMoves;
}

void expectReplays(const PlayedGame& played) {
  const GameRecord record = recordOf(played.game, {{"red-player", "a"}, {"blue-player", "b"}}, played.detail);
  const GameRecord parsed = parseRecord(formatRecord(record));
  const Game replayed = replay(parsed);
  EXPECT_EQ(formatPosition(replayed.position()), formatPosition(played.game.position()));
  EXPECT_EQ(replayed.outcome(), played.game.outcome());
  EXPECT_EQ(parsed.actions.size(), played.game.history().size());
}

// A simple command is exec'd by the bot's shell (so the bot is the arbiter's
// child, and its closed output is seen at once); anything the shell must stay
// around for is left as it is.
TEST(BotCommand, OnlySimpleCommandsAreExeced) {
  for (const char* simple : {"./bot", "  /usr/bin/python3 bot.py --level 3", "build/tools/junqi-bot --agent random",
                             "./bot 2>/dev/null", "'./my bot' \"a;b\" 'c && d'", "$HOME/bot", "./bot a\\;b"})
    EXPECT_TRUE(isSimpleCommand(simple)) << simple;
  for (const char* compound : {"cd dir && ./bot", "./bot; echo done", "./bot | tee log", "./bot &", "(./bot)",
                               "{ ./bot; }", "./bot $(cat args)", "./bot `cat args`", "./bot # comment",
                               "FOO=1 ./bot", "cd dir", "exec ./bot", "while true; do :; done", "./bot 'unbalanced",
                               "./bot\n./other", ""})
    EXPECT_FALSE(isSimpleCommand(compound)) << compound;
  EXPECT_EQ(shellLineFor("./bot --level 3"), "exec ./bot --level 3");
  EXPECT_EQ(shellLineFor("cd dir && ./bot"), "cd dir && ./bot");
}

TEST(ExternalAgent, HandshakeReadsTheBotsName) {
  REQUIRE_BOT_PROGRAM();
  ExternalAgent bot("mine", botCommand("heuristic:seed=2"), 30);
  EXPECT_EQ(bot.name(), "mine");
  EXPECT_EQ(bot.botName(), "heuristic");
  EXPECT_EQ(bot.spec(), botCommand("heuristic:seed=2"));
}

TEST(ExternalAgent, WholeGamesAgainstABuiltInAgentEndOnTheBoardAndReplay) {
  REQUIRE_BOT_PROGRAM();
  for (const bool botIsRed : {true, false}) {
    ExternalAgent bot("bot", botCommand("random"), 30);
    auto builtin = makeAgent("heuristic:seed=4");
    GameConfig config;
    config.seed = botIsRed ? 71 : 72;  // no layouts given: both choose theirs (the bot through 'layout')
    const PlayedGame played = botIsRed ? playGame(bot, *builtin, config) : playGame(*builtin, bot, config);
    ASSERT_TRUE(played.game.isOver());
    EXPECT_TRUE(boardDecided(played.game.outcome().reason))
        << terminationName(played.game.outcome().reason) << " " << played.detail;
    EXPECT_EQ(played.detail, "");
    EXPECT_GT(played.game.history().size(), 10u);
    expectReplays(played);
  }
}

// The bot rebuilds its view from the protocol alone, so a deterministic agent
// behind the protocol plays exactly as the same agent in-process: the same
// game, move for move.
TEST(ExternalAgent, ABotPlaysExactlyAsTheSameAgentInProcess) {
  REQUIRE_BOT_PROGRAM();
  for (const std::string spec : {"heuristic:seed=6", "ismcts:sims=40,seed=6"}) {
    GameConfig config;
    config.seed = 1234;
    config.maxPlies = 300;
    config.layouts = {layoutFor(41), layoutFor(42)};
    ExternalAgent bot("bot", botCommand(spec), 30);
    auto opponent1 = makeAgent("random:seed=8");
    const PlayedGame external = playGame(*opponent1, bot, config);
    auto inProcess = makeAgent(spec);
    auto opponent2 = makeAgent("random:seed=8");
    const PlayedGame internal = playGame(*opponent2, *inProcess, config);
    EXPECT_GT(internal.game.history().size(), 20u) << spec;
    ASSERT_EQ(external.game.history().size(), internal.game.history().size()) << spec;
    for (std::size_t i = 0; i < internal.game.history().size(); ++i)
      ASSERT_EQ(external.game.history()[i].action, internal.game.history()[i].action) << spec << " action " << i;
    EXPECT_EQ(external.game.outcome(), internal.game.outcome());
    expectReplays(external);
  }
}

TEST(ExternalAgent, BetweenTwoBotsWithAMoveTime) {
  REQUIRE_BOT_PROGRAM();
  ExternalAgent red("red", botCommand("random:seed=1"), 30);
  ExternalAgent blue("blue", botCommand("heuristic:seed=1"), 30);
  GameConfig config;
  config.seed = 5;
  config.moveSeconds = 5;  // generous: the agents answer at once
  const PlayedGame played = playGame(red, blue, config);
  ASSERT_TRUE(played.game.isOver());
  EXPECT_TRUE(boardDecided(played.game.outcome().reason)) << played.detail;
  for (const auto& r : played.game.history()) EXPECT_NE(r.action.type, ActionType::Timeout);
  expectReplays(played);
}

}  // namespace
}  // namespace junqi
