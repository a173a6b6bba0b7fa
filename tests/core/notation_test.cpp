// Text formats: points, moves, layouts, positions (docs/notation.md).
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/classic/auto_layout.h"
#include "core/classic/game.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "core/outcome.h"
#include "tests/support/square_names.h"

namespace junqi {
namespace {

// The layout of the example in core/classic/notation.h; both sides deploy it. (That
// header gives row 7 as "ecpcj", which is not what the code writes: see kClassicStart.)
constexpr std::string_view kLayout = "JRCPE/C.I.P/RE.DJ/G.M.I/LBCBE/LFLPD";
constexpr std::string_view kClassicStart =
    "dplfl/ebcbl/i1m1g/jd1er/p1i1c/epcrj/JRCPE/C1I1P/RE1DJ/G1M1I/LBCBE/LFLPD r 0 0";

Position startPosition(const Rules& rules = Rules::standard()) {
  const Layout l = parseLayout(kLayout);
  return Position::fromLayouts(rules, l, l);
}

// The message of the NotationError that `f` throws ("" if none).
template <typename F>
std::string notationError(F&& f) {
  try {
    f();
  } catch (const NotationError& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "threw something other than NotationError: " << e.what();
    return "";
  }
  ADD_FAILURE() << "no error";
  return "";
}

std::string positionError(const std::string& text, const Rules& rules = Rules::standard()) {
  return notationError([&] { parsePosition(text, rules); });
}
std::string layoutError(const std::string& text) {
  return notationError([&] { parseLayout(text); });
}

#define EXPECT_HAS(haystack, needle)                                                   \
  do {                                                                                 \
    const std::string h_ = (haystack);                                                 \
    EXPECT_NE(h_.find(needle), std::string::npos) << "'" << needle << "' not in: " << h_; \
  } while (0)

std::string boardOf(std::string_view text) { return std::string(text.substr(0, text.find(' '))); }

// Replaces the board field's row `row` (1..12) of a position text.
std::string withRow(std::string_view text, int row, const std::string& cells) {
  std::string board(text.substr(0, text.find(' ')));
  const std::string rest(text.substr(text.find(' ')));
  std::vector<std::string> rows;
  std::size_t from = 0;
  for (;;) {
    const auto slash = board.find('/', from);
    rows.push_back(board.substr(from, slash - from));
    if (slash == std::string::npos) break;
    from = slash + 1;
  }
  rows.at(static_cast<std::size_t>(12 - row)) = cells;
  std::string out;
  for (std::size_t i = 0; i < rows.size(); ++i) out += (i ? "/" : "") + rows[i];
  return out + rest;
}

// ---- points and moves ----

TEST(Notation, EveryPointNameRoundTrips) {
  std::set<std::string> names;
  for (Square s{}; s < kSquares; ++s) {
    const std::string name = squareName(s);
    names.insert(name);
    ASSERT_EQ(parseSquare(name), s) << name;
    std::string lower = name;
    lower[0] = static_cast<char>(lower[0] - 'A' + 'a');
    EXPECT_EQ(parseSquare(lower), s) << lower;
  }
  EXPECT_EQ(names.size(), 60u);
  EXPECT_EQ(squareName(Square(0)), "A1");
  EXPECT_EQ(squareName(Square(4)), "E1");
  EXPECT_EQ(squareName(Square(5)), "A2");
  EXPECT_EQ(squareName(Square(59)), "E12");
  EXPECT_EQ(parseSquare("C6"), makeSquare(2, 5));
  EXPECT_EQ(parseSquare("B12"), makeSquare(1, 11));
}

TEST(Notation, MalformedPointsAreRejected) {
  for (const char* bad : {"F1", "A0", "A13", "A01", "", "A", "1A", "AA1", "A1x", "A-1", "A+1", " A1", "A1 ",
                          "E100", "Z9", "a0", "@1"})
    EXPECT_EQ(parseSquare(bad), std::nullopt) << "'" << bad << "'";
}

TEST(Notation, EveryMoveNameRoundTrips) {
  for (Square a{}; a < kSquares; ++a)
    for (Square b{}; b < kSquares; ++b) {
      if (a == b) continue;
      const Move m{Square(a), Square(b)};
      ASSERT_EQ(parseMove(moveName(m)), m) << moveName(m);
    }
  EXPECT_EQ(moveName(Move{Square(at("C2")), Square(at("C5"))}), "C2-C5");
  EXPECT_EQ(parseMove("c2-c5"), parseMove("C2-C5"));
}

TEST(Notation, MalformedMovesAreRejected) {
  for (const char* bad : {"C2C5", "C2-C2", "C2-", "-C5", "C2-F5", "F2-C5", "C2--C5", "C2-C5-C6", "C2 - C5", "",
                          "-", "C0-C5", "C2-C13"})
    EXPECT_EQ(parseMove(bad), std::nullopt) << "'" << bad << "'";
}

// ---- layouts ----

TEST(Notation, LayoutIsWrittenFrontRowFirst) {
  const Layout l = parseLayout(kExampleLayout);  // "IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPE"
  EXPECT_EQ(l.at[at("A6")], PieceType::Brigadier);
  EXPECT_EQ(l.at[at("E6")], PieceType::Captain);
  EXPECT_EQ(l.at[at("A5")], PieceType::General);
  EXPECT_EQ(l.at[at("B5")], std::nullopt);  // camp
  EXPECT_EQ(l.at[at("C4")], std::nullopt);  // camp
  EXPECT_EQ(l.at[at("A1")], PieceType::Landmine);
  EXPECT_EQ(l.at[at("B1")], PieceType::Flag);
  EXPECT_EQ(l.at[at("D1")], PieceType::Lieutenant);
  EXPECT_EQ(l.at[at("E1")], PieceType::Engineer);
  int pieces = 0;
  for (const auto& p : l.at) pieces += p.has_value();
  EXPECT_EQ(pieces, 25);
}

TEST(Notation, LayoutRoundTripsExactly) {
  for (const std::string_view text : {kExampleLayout, kLayout, std::string_view("...../...../...../...../...../.....")})
    EXPECT_EQ(formatLayout(parseLayout(text)), text);
  for (const auto& preset : Ruleset::presetNames())
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
      Rng rng(seed);
      const Layout l = styledLayout(static_cast<LayoutStyle>(seed % 4), Ruleset::byName(preset), rng);
      const std::string text = formatLayout(l);
      ASSERT_EQ(parseLayout(text), l) << text;
      ASSERT_EQ(formatLayout(parseLayout(text)), text);
    }
}

TEST(Notation, LayoutSymbolsMayBeLowerCase) {
  EXPECT_EQ(parseLayout("iPdEc/g.J.r/DM.BC/R.B.I/CLEJP/lflpe"), parseLayout(kExampleLayout));
}

TEST(Notation, LayoutWithWrongNumberOfRowsIsRejected) {
  EXPECT_HAS(layoutError("IPDEC/G.J.R/DM.BC/R.B.I/CLEJP"), "5 rows where 6 are needed");
  EXPECT_HAS(layoutError("IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPE/....."), "7 rows where 6 are needed");
  EXPECT_HAS(layoutError(""), "1 rows where 6 are needed");
  EXPECT_HAS(layoutError("IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPE/"), "7 rows");
}

TEST(Notation, LayoutRowOfWrongLengthIsNamed) {
  EXPECT_HAS(layoutError("IPDE/G.J.R/DM.BC/R.B.I/CLEJP/LFLPE"), "row 6 ('IPDE') has 4 cells where 5 are needed");
  EXPECT_HAS(layoutError("IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPEE"), "row 1 ('LFLPEE') has 6 cells");
  EXPECT_HAS(layoutError("IPDEC/G.J.R//R.B.I/CLEJP/LFLPE"), "row 4 ('') has 0 cells");
}

TEST(Notation, LayoutBadSymbolIsNamedWithItsPoint) {
  EXPECT_HAS(layoutError("XPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPE"), "'X' on A6 is not a piece symbol");
  EXPECT_HAS(layoutError("IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLP1"), "'1' on E1");
  EXPECT_HAS(layoutError("IPDEC/G.J.R/DM BC/R.B.I/CLEJP/LFLPE"), "' ' on C4");
}

// ---- positions ----

TEST(Notation, StartPositionMatchesTheDocumentedText) {
  EXPECT_EQ(formatPosition(startPosition()), kClassicStart);
  // Blue's layout is turned round: its flag (B1 as Blue sees it) is on D12.
  const Position p = parsePosition(kClassicStart);
  EXPECT_EQ(p.sideAt(at("D12")), Seat::Blue);
  EXPECT_EQ(p.typeAt(at("D12")), PieceType::Flag);
  EXPECT_EQ(p.sideAt(at("B1")), Seat::Red);
  EXPECT_EQ(p.typeAt(at("B1")), PieceType::Flag);
  EXPECT_EQ(p.typeAt(at("A12")), PieceType::MajorGeneral);  // Blue's E1
  EXPECT_TRUE(p.samePlacement(startPosition()));
  EXPECT_EQ(p.sideToMove(), Seat::Red);
  EXPECT_EQ(p.quietPlies(), 0);
  EXPECT_EQ(p.ply(), 0);
}

TEST(Notation, StartPositionsRoundTripExactly) {
  for (const auto& preset : Ruleset::presetNames()) {
    const Rules& rules = Rules::of(Ruleset::byName(preset));
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      Rng rng(seed);
      const Layout red = randomLayout(rules.ruleset(), rng), blue = randomLayout(rules.ruleset(), rng);
      const Position p = Position::fromLayouts(rules, red, blue);
      const std::string text = formatPosition(p);
      const Position back = parsePosition(text, rules);
      ASSERT_TRUE(back.samePlacement(p)) << text;
      ASSERT_EQ(formatPosition(back), text);
    }
  }
}

TEST(Notation, PositionsFromRandomPlayRoundTripExactly) {
  int checked = 0;
  for (const auto& preset : Ruleset::presetNames()) {
    const Ruleset ruleset = Ruleset::byName(preset);
    const Rules& rules = Rules::of(ruleset);
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      Rng rng(seed * 1000 + 7);
      Game game(ruleset, randomLayout(ruleset, rng), randomLayout(ruleset, rng));
      MoveList moves;
      while (!game.isOver() && game.position().ply() < 600) {
        // A timeout now and then, so positions with passes occur too.
        if (ruleset.timeoutPassesTurn && rng.below(50) == 0 && game.timeouts(game.position().sideToMove()) == 0) {
          game.apply(Action::timeout(game.position().sideToMove()));
        } else {
          generateMoves(game.position(), moves);
          game.apply(Action::makeMove(game.position().sideToMove(),
                                      moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]));
        }
        if (game.position().flagCapturedBy()) break;  // a position text cannot say a flag was taken
        const std::string text = formatPosition(game.position());
        const Position back = parsePosition(text, rules);
        ASSERT_TRUE(back.samePlacement(game.position())) << text;
        ASSERT_EQ(formatPosition(back), text);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

TEST(Notation, CanonicalPositionTextUsesDigitsAndDotsAreAccepted) {
  const std::string dotted =
      "dplfl/ebcbl/i.m.g/jd.er/p.i.c/epcrj/JRCPE/C.I.P/RE.DJ/G.M.I/LBCBE/LFLPD r 0 0";
  const Position p = parsePosition(dotted);
  EXPECT_TRUE(p.samePlacement(startPosition()));
  EXPECT_EQ(formatPosition(p), kClassicStart);
  // Mixed, split runs and runs of dots all mean the same.
  const Position q = parsePosition(withRow(withRow(kClassicStart, 10, "i.m1g"), 3, "G1M.I"));
  EXPECT_EQ(formatPosition(q), kClassicStart);
  // An empty row: "5", "....." or "2.2" (runs are added up).
  const std::string emptyRow = withRow(withRow(kClassicStart, 10, "5"), 3, "G1M1I");
  const Position e = parsePosition(emptyRow, Rules::of(Ruleset::parse("hiddenfront")));
  for (const std::string& same : {withRow(emptyRow, 10, "....."), withRow(emptyRow, 10, "2.2"),
                                  withRow(emptyRow, 10, "11111"), withRow(emptyRow, 10, "1.3")}) {
    const Position s = parsePosition(same);
    EXPECT_TRUE(s.samePlacement(e)) << same;
    EXPECT_EQ(formatPosition(s), emptyRow);
  }
  EXPECT_TRUE(formatPosition(e).starts_with("dplfl/ebcbl/5/")) << formatPosition(e);
}

TEST(Notation, PositionFieldsAreRead) {
  const Position p = parsePosition(boardOf(withRow(kClassicStart, 7, "epcr1")) + " b 7 31");
  EXPECT_EQ(p.sideToMove(), Seat::Blue);
  EXPECT_EQ(p.quietPlies(), 7);
  EXPECT_EQ(p.ply(), 31);
  EXPECT_TRUE(p.isEmpty(at("E7")));
  EXPECT_EQ(p.typeAt(at("D7")), PieceType::Colonel);
  // Extra spaces between fields do not matter.
  const Position q = parsePosition("  " + boardOf(kClassicStart) + "   r  0   0 ");
  EXPECT_TRUE(q.samePlacement(startPosition()));
}

TEST(Notation, PositionWithWrongFieldCountIsRejected) {
  const std::string board = boardOf(kClassicStart);
  EXPECT_HAS(positionError(board + " r 0"), "3 fields where 4 are needed");
  EXPECT_HAS(positionError(board), "1 fields where 4 are needed");
  EXPECT_HAS(positionError(board + " r 0 0 0"), "5 fields where 4 are needed");
  EXPECT_HAS(positionError(""), "0 fields");
}

TEST(Notation, PositionMayNameItsVariantFirst) {
  const std::string text = formatPosition(startPosition());
  EXPECT_EQ(text.find("classic"), std::string::npos) << "classic positions are written as before variants";
  EXPECT_TRUE(parsePosition("classic " + text).samePlacement(startPosition()));
  EXPECT_EQ(parsePosition("  classic   " + text).ply(), 0);
  EXPECT_HAS(positionError("chess " + text), "position: unknown variant 'chess' (known: classic, flip, four)");
  EXPECT_HAS(positionError("four " + text), "position: a four position, but the ruleset hiddenfront plays classic");
  EXPECT_HAS(positionError("classic classic " + text), "6 fields where 4 are needed");
}

TEST(Notation, PositionWithWrongRowCountIsRejected) {
  EXPECT_HAS(positionError("dplfl/ebcbl/i1m1g/jd1er/p1i1c/epcrj/JRCPE/C1I1P/RE1DJ/G1M1I/LBCBE r 0 0"),
             "11 rows where 12 are needed");
  EXPECT_HAS(positionError("5/dplfl/ebcbl/i1m1g/jd1er/p1i1c/epcrj/JRCPE/C1I1P/RE1DJ/G1M1I/LBCBE/LFLPD r 0 0"),
             "13 rows where 12 are needed");
}

TEST(Notation, PositionRowTooLongIsNamed) {
  EXPECT_HAS(positionError(withRow(kClassicStart, 12, "dplflp")), "row 12 ('dplflp') has more than 5 points");
  EXPECT_HAS(positionError(withRow(kClassicStart, 10, "i1m1g1")), "row 10 ('i1m1g1') has more than 5 points");
  EXPECT_HAS(positionError(withRow(kClassicStart, 3, "G1M1I.")), "row 3 ('G1M1I.') has more than 5 points");
  EXPECT_HAS(positionError(withRow(kClassicStart, 3, "G1M3")), "row 3 ('G1M3') describes 6 points where 5 are needed");
  EXPECT_HAS(positionError(withRow(withRow(kClassicStart, 10, "5"), 9, "55")), "row 9 ('55') has more than 5 points");
}

TEST(Notation, PositionRowTooShortIsNamed) {
  EXPECT_HAS(positionError(withRow(kClassicStart, 1, "LFLP")), "row 1 ('LFLP') describes 4 points where 5 are needed");
  EXPECT_HAS(positionError(withRow(kClassicStart, 10, "i1m1")), "row 10 ('i1m1') describes 4 points");
  EXPECT_HAS(positionError(withRow(kClassicStart, 5, "")), "row 5 ('') describes 0 points");
}

TEST(Notation, PositionBadSymbolIsNamedWithItsPoint) {
  EXPECT_HAS(positionError(withRow(kClassicStart, 12, "xplfl")), "'x' on A12 is not a piece symbol");
  EXPECT_HAS(positionError(withRow(kClassicStart, 3, "G1M0I")), "'0' on D3");
  EXPECT_HAS(positionError(withRow(kClassicStart, 3, "G1M6")), "'6' on D3");
  EXPECT_HAS(positionError(withRow(kClassicStart, 1, "LFLP?")), "'?' on E1");
}

TEST(Notation, PositionBadSideIsNamed) {
  const std::string board = boardOf(kClassicStart);
  EXPECT_HAS(positionError(board + " w 0 0"), "side to move must be 'r' or 'b', not 'w'");
  EXPECT_HAS(positionError(board + " red 0 0"), "not 'red'");
  EXPECT_HAS(positionError(board + " R 0 0"), "not 'R'");
}

TEST(Notation, PositionBadCountersAreNamed) {
  const std::string board = boardOf(kClassicStart);
  EXPECT_HAS(positionError(board + " r x 0"), "the quiet-move counter must be a number from 0 to 65535, not 'x'");
  EXPECT_HAS(positionError(board + " r -1 0"), "quiet-move counter must be a number");
  EXPECT_HAS(positionError(board + " r 0 1.5"), "the ply must be a number from 0 to 65535, not '1.5'");
  EXPECT_HAS(positionError(board + " r 0 65536"), "ply must be a number");
  EXPECT_HAS(positionError(board + " r 0 +3"), "not '+3'");
  EXPECT_TRUE(parsePosition(board + " r 0 65535").ply() == 65535);
}

TEST(Notation, QuietCounterAbovePlyIsRejected) {
  const std::string board = boardOf(kClassicStart);
  EXPECT_HAS(positionError(board + " b 5 3"), "quiet-move counter 5 exceeds the ply 3");
  EXPECT_EQ(parsePosition(board + " b 3 3").quietPlies(), 3);
}

// A side without its flag has lost: such a position is refused to play on,
// and read only as a game's final position (the flag was just taken).
TEST(Notation, APositionWithoutAFlagIsOnlyAFinalPosition) {
  const std::string noRedFlag = withRow(kClassicStart, 1, "L1LPD");
  EXPECT_HAS(positionError(noRedFlag), "red has 0 flag(s) where the ruleset gives 1: the game would be over");
  const std::string noBlueFlag = withRow(kClassicStart, 12, "dpl1l");
  EXPECT_HAS(positionError(noBlueFlag), "position: blue has 0 flag(s)");
  EXPECT_EQ(formatPosition(parsePosition(noRedFlag, Rules::standard(), PositionUse::Final)), noRedFlag);
  // A ruleset without flags needs none.
  const Rules& flagless = Rules::of(Ruleset::parse("hiddenfront:count-flag=0"));
  EXPECT_HAS(positionError(std::string(kClassicStart), flagless), "red has more than 0 flag(s)");
  EXPECT_NO_THROW(parsePosition(withRow(noRedFlag, 12, "dpl1l"), flagless));
}

// The quiet-move counter ends the game at the ruleset's limit: at it the
// position is a drawn end, past it no game gets.
TEST(Notation, AQuietMoveCounterPastTheLimitIsRejected) {
  const std::string board = boardOf(kClassicStart);
  EXPECT_HAS(positionError(board + " r 101 200"),
             "the quiet-move counter 101 is past the ruleset's limit of 100, where the game ends");
  EXPECT_EQ(parsePosition(board + " r 100 200").quietPlies(), 100);
  EXPECT_EQ(boardOutcome(parsePosition(board + " r 100 200")).reason, Termination::QuietMoves);
  EXPECT_EQ(parsePosition(board + " r 300 300", Rules::of(Ruleset::parse("hiddenfront:quiet-moves=0"))).quietPlies(),
            300);
}

// "start" is the example deployment under the given ruleset; anything else is a position text.
TEST(Notation, StartOrAPositionText) {
  for (const auto& preset : Ruleset::presetNames()) {
    const Rules& rules = Rules::of(Ruleset::byName(preset));
    const Layout example = parseLayout(kExampleLayout);
    EXPECT_TRUE(parsePositionOrStart("start", rules).samePlacement(Position::fromLayouts(rules, example, example)));
    EXPECT_EQ(&parsePositionOrStart("start", rules).rules(), &rules);
  }
  EXPECT_EQ(formatPosition(parsePositionOrStart(kClassicStart, Rules::standard())), kClassicStart);
  EXPECT_HAS(notationError([] { parsePositionOrStart("begin", Rules::standard()); }), "position: 1 fields");
}

TEST(Notation, MorePiecesThanTheRulesetGivesIsRejected) {
  // A fourth red engineer on the camp C4 (red's captain on C6 gone: still 25 pieces).
  const std::string fourEngineers = withRow(withRow(kClassicStart, 4, "REEDJ"), 6, "JR1PE");
  EXPECT_HAS(positionError(fourEngineers), "red has more than 3 engineer(s)");
  // A second blue marshal on C9 (a blue brigadier gone).
  EXPECT_HAS(positionError(withRow(withRow(kClassicStart, 9, "jdmer"), 8, "p1i2")), "blue has more than 1 marshal(s)");
  // Under a ruleset with four engineers and two lieutenants, the lieutenants are over.
  const Rules& four = Rules::of(Ruleset::parse("hiddenfront:count-engineer=4,count-lieutenant=2"));
  EXPECT_HAS(positionError(fourEngineers, four), "red has more than 2 lieutenant(s)");
  // ...and with a lieutenant fewer on each side, it is a position of that ruleset.
  const std::string fits = withRow(withRow(withRow(kClassicStart, 4, "REEDJ"), 5, "C1I2"), 8, "2i1c");
  EXPECT_NO_THROW(parsePosition(fits, four));
  EXPECT_HAS(positionError(fits), "red has more than 3 engineer(s)");
}

TEST(Notation, ASideWithTwentySixPiecesIsANotationError) {
  // The start position plus a fourth red engineer on C4: 26 red pieces.
  EXPECT_HAS(positionError(withRow(kClassicStart, 4, "REEDJ")), "red has more than 3 engineer(s)");
  // The same for Blue: a fourth engineer on C9.
  EXPECT_HAS(positionError(withRow(kClassicStart, 9, "jdeer")), "blue has more than 3 engineer(s)");
}

TEST(Notation, FlagOrLandmineWhereItCouldNotHaveStartedIsRejected) {
  // Red's flag and the landmine beside it swapped: the flag on A1.
  EXPECT_HAS(positionError(withRow(kClassicStart, 1, "FLLPD")),
             "red flag on A1: it never moves and cannot have started there");
  // Red's landmine on A1 and general on A3 swapped: a landmine on row 3.
  EXPECT_HAS(positionError(withRow(withRow(kClassicStart, 3, "L1M1I"), 1, "GFLPD")),
             "red landmine on A3: it never moves and cannot have started there");
  // Blue's flag on A12 (Blue's E1), its major-general on D12.
  EXPECT_HAS(positionError(withRow(kClassicStart, 12, "fpldl")), "blue flag on A12");
  // A red landmine in Blue's half (on A7, where a blue engineer stood).
  EXPECT_HAS(positionError(withRow(withRow(kClassicStart, 7, "Lpcrj"), 1, "1FLPD")),
             "red landmine on A7: it never moves, so it must stand in red's half");
  // Landmines and flags are only checked against where they could have started.
  EXPECT_NO_THROW(parsePosition(withRow(withRow(kClassicStart, 2, "1BCBE"), 1, "LFLPD")));
}

TEST(Notation, LandmineInAHeadquartersDependsOnTheRuleset) {
  // Red's D1 (a headquarters) holds a landmine, its A1 the lieutenant.
  const std::string text = withRow(kClassicStart, 1, "PFLLD");
  EXPECT_HAS(positionError(text), "red landmine on D1");
  for (const char* preset : {"worldatplay", "refereed"})
    EXPECT_NO_THROW(parsePosition(text, Rules::of(Ruleset::byName(preset)))) << preset;
}

TEST(Notation, BoardDiagramShowsCampsAndHeadquarters) {
  const std::string d = boardDiagram(startPosition());
  EXPECT_HAS(d, "12  d [p] l [f] l ");
  EXPECT_HAS(d, " 1  L [F] L [P] D ");
  EXPECT_HAS(d, " 3  G (.) M (.) I ");
  EXPECT_HAS(d, " 4  R  E (.) D  J ");
  EXPECT_HAS(d, "    A  B  C  D  E");
}

}  // namespace
}  // namespace junqi
