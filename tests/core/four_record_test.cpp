// Four-player positions as text, the referee, and game records: round trips
// over random games, and bad input refused with what is wrong.
#include <gtest/gtest.h>

#include <string>

#include "core/classic/auto_layout.h"
#include "core/classic/notation.h"
#include "core/files.h"
#include "core/four/four_game.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/four/four_record.h"
#include "tests/support/error_of.h"

namespace junqi {
namespace {

std::array<Layout, kArmies> randomLayouts(Rng& rng) {
  std::array<Layout, kArmies> layouts;
  for (Layout& l : layouts) l = randomLayout(FourRuleset::worldAtPlay().army, rng);
  return layouts;
}

// A random game to its end (or a draw adjudicated at 2,000 moves).
FourGame randomGame(std::uint64_t seed) {
  Rng rng(seed);
  FourGame game(FourRuleset::worldAtPlay(), randomLayouts(rng));
  MoveList moves;
  while (!game.isOver()) {
    if (game.history().size() == 2000) game.adjudicateDraw();
    if (game.isOver()) break;
    generateFourMoves(game.position(), moves);
    game.play(moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]);
  }
  return game;
}

TEST(FourNotation, PositionsOfRandomGamesRoundTrip) {
  const FourRuleset rules = FourRuleset::worldAtPlay();
  Rng rng(5);
  FourPosition pos(rules, randomLayouts(rng));
  MoveList moves, again;
  for (int ply = 0; ply < 400 && !fourOutcome(pos).isOver(); ++ply) {
    const std::string text = formatFourPosition(pos);
    const FourPosition parsed = parseFourPosition(text, rules);
    ASSERT_EQ(formatFourPosition(parsed), text);
    generateFourMoves(pos, moves);
    generateFourMoves(parsed, again);
    ASSERT_EQ(std::vector<Move>(moves.begin(), moves.end()), std::vector<Move>(again.begin(), again.end())) << text;
    pos.play(moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]);
  }
}

TEST(FourNotation, BadPositionsAreRefusedWithWhatIsWrong) {
  const FourRuleset rules = FourRuleset::worldAtPlay();
  const auto refusal = [&](const char* text) { return errorOf([&] { parseFourPosition(text, rules); }); };
  EXPECT_EQ(refusal("four FH1/FQ8/FJ17/FA10 south 0 0 -"), "");
  EXPECT_EQ(refusal("four XH1/FQ8/FJ17/FA10 south 0 0 -"), "four-player position: south's piece 'XH1': unknown piece symbol 'X'");
  EXPECT_EQ(refusal("four FH1/FA1/FJ17/FA10 south 0 0 -"), "four-player position: east's piece 'FA1': 'A1' is not a point of the cross");
  EXPECT_EQ(refusal("four FH1,MH1/FQ8/FJ17/FA10 south 0 0 -"), "four-player position: piece marshal of army 0: H1 is taken");
  EXPECT_EQ(refusal("four FH1/-/FJ17/FA10 east 0 0 -"), "four-player position: the army to move has no piece");
  EXPECT_EQ(refusal("four FH1/FQ8/FJ17/FA10 up 0 0 -"),
            "four-player position: the army to move is south, east, north or west, not 'up'");
  EXPECT_EQ(refusal("four FH1/FQ8/FJ17 south 0 0 -"), "four-player position: expected four armies separated by '/', got 3");
  EXPECT_EQ(refusal("four FH1/FQ8/FJ17/FA10 south 5 2 -"), "four-player position: the quiet moves must be from 0 to the ply");
  EXPECT_EQ(refusal("four FH1/FQ8/FJ17/FA10 south 0 0 up"), "four-player position: shown flags: 'up' is no army");
}

TEST(FourGame, ALayoutThatBreaksARuleIsRefusedNamingItsArmy) {
  std::array<Layout, kArmies> layouts;
  layouts.fill(parseLayout(kExampleLayout));
  layouts[2] = parseLayout("IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LLFPE");  // the flag out of its headquarters
  const std::string why = errorOf([&] { FourGame(FourRuleset::worldAtPlay(), layouts); });
  EXPECT_TRUE(why.starts_with("north's layout: ")) << why;
}

TEST(FourGame, AnIllegalMoveIsRefusedNamingTheArmy) {
  std::array<Layout, kArmies> layouts;
  layouts.fill(parseLayout(kExampleLayout));
  FourGame game(FourRuleset::worldAtPlay(), layouts);
  EXPECT_EQ(errorOf([&] { game.play(*parseFourMove("H1-H2")); }), "south's move H1-H2 is not legal");
  EXPECT_TRUE(game.history().empty());
}

TEST(FourRecord, RandomGamesRoundTripAndReplay) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const FourGame game = randomGame(seed);
    const std::string text = formatFourRecord(fourRecordOf(game, {{"south", "random"}}));
    ASSERT_TRUE(isFourRecordText(text));
    const FourRecord parsed = parseFourRecord(text);
    EXPECT_EQ(formatFourRecord(parsed), text);
    const FourGame again = replayFour(parsed);
    const std::string end = formatFourPosition(game.position());
    EXPECT_EQ(formatFourPosition(again.position()), end) << seed;
    // The final position is a position too: the turn rests with an army still there.
    EXPECT_EQ(formatFourPosition(parseFourPosition(end, game.rules())), end);
    EXPECT_EQ(parsed.tag("south"), "random");
  }
}

// A record written by this version; later versions must still read it.
// A bot's broken rule is scored against its army's team, and the record
// keeps it: it replays to the same forfeit.
TEST(FourGame, AForfeitLosesForTheArmysTeamAndTheRecordKeepsIt) {
  Rng rng(4);
  FourGame game(FourRuleset::worldAtPlay(), randomLayouts(rng));
  MoveList moves;
  for (int k = 0; k < 10; ++k) {
    generateFourMoves(game.position(), moves);
    game.play(moves[0]);
  }
  game.forfeit(3);
  EXPECT_EQ(game.outcome().reason, Termination::Forfeit);
  EXPECT_EQ(game.outcome().winningTeam, 0);
  EXPECT_THROW(game.play(moves[0]), FourGameError);
  const std::string text = formatFourRecord(fourRecordOf(game));
  EXPECT_NE(text.find("result south-north forfeit"), std::string::npos) << text;
  const FourOutcome replayed = replayFour(parseFourRecord(text)).outcome();
  EXPECT_EQ(replayed.reason, Termination::Forfeit);
  EXPECT_EQ(replayed.winningTeam, 0);
}

TEST(FourRecord, TheCommittedRecordReplays) {
  const FourRecord record = parseFourRecord(readFile(JUNQI_TEST_DATA "/four-random-game.jq4"));
  const FourGame game = replayFour(record);
  EXPECT_TRUE(game.isOver());
  EXPECT_EQ(game.history().size(), record.moves.size());
}

TEST(FourRecord, BadRecordsNameTheLine) {
  const std::string good = formatFourRecord(fourRecordOf(randomGame(3)));
  std::string illegal = good;
  illegal.replace(illegal.find("\nmove ") + 6, illegal.find('\n', illegal.find("\nmove ") + 1) - illegal.find("\nmove ") - 6, "H1-H2");
  const std::string why = errorOf([&] { replayFour(parseFourRecord(illegal)); });
  EXPECT_EQ(why, "line 8: south's move H1-H2 is not legal");
  std::string wrongResult = good.substr(0, good.find("result"));
  wrongResult += "result east-west resignation\n";  // no four-player game ends so
  const std::string wrong = errorOf([&] { replayFour(parseFourRecord(wrongResult)); });
  EXPECT_TRUE(wrong.starts_with("the record's result is 'east-west resignation'")) << wrong;
  std::string noLayout = good;
  noLayout.erase(noLayout.find("layout west"), noLayout.find('\n', noLayout.find("layout west")) - noLayout.find("layout west") + 1);
  EXPECT_EQ(errorOf([&] { parseFourRecord(noLayout); }), "a four-player record needs a 'layout west' line");
  EXPECT_EQ(errorOf([&] { parseFourRecord("variant four\nlayout up X\n"); }), "line 2: 'up' is no army (south, east, north, west)");
}

}  // namespace
}  // namespace junqi
