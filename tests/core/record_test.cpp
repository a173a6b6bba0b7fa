// Game records: writing, reading, replaying, and rejecting corrupt records (docs/records.md).
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/classic/auto_layout.h"
#include "core/classic/notation.h"
#include "core/classic/record.h"

namespace junqi {
namespace {

// A game of uniformly random moves from a fixed seed, adjudicated as a draw
// after `maxPlies` moves.
Game playRandom(const Ruleset& r, std::uint64_t seed, int maxPlies = 3000,
                LayoutStyle style = LayoutStyle::Random) {
  Rng rng(seed);
  const Layout red = styledLayout(style, r, rng);
  const Layout blue = styledLayout(style, r, rng);
  Game game(r, red, blue);
  MoveList moves;
  while (!game.isOver()) {
    if (game.position().ply() >= maxPlies) {
      game.adjudicateDraw();
      break;
    }
    generateMoves(game.position(), moves);
    game.apply(Action::makeMove(game.position().sideToMove(),
                                moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]));
  }
  return game;
}

void playRandomMoves(Game& game, Rng& rng, int n) {
  MoveList moves;
  for (int k = 0; k < n && !game.isOver(); ++k) {
    generateMoves(game.position(), moves);
    game.apply(Action::makeMove(game.position().sideToMove(),
                                moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]));
  }
}

// Writes the game, reads it back, replays it, and checks that nothing was lost.
void expectRoundTrip(const Game& game, std::vector<std::pair<std::string, std::string>> tags = {},
                     const std::string& detail = {}) {
  const GameRecord record = recordOf(game, tags, detail);
  const std::string text = formatRecord(record);
  const GameRecord parsed = parseRecord(text);
  EXPECT_EQ(parsed.ruleset, game.rules().ruleset());
  EXPECT_EQ(parsed.redLayout, game.layout(Seat::Red));
  EXPECT_EQ(parsed.blueLayout, game.layout(Seat::Blue));
  EXPECT_EQ(parsed.tags, tags);
  EXPECT_EQ(parsed.outcome, game.outcome());
  EXPECT_EQ(parsed.outcomeDetail, detail);
  ASSERT_EQ(parsed.actions.size(), game.history().size());
  const Game replayed = replay(parsed);
  EXPECT_TRUE(replayed.position().samePlacement(game.position())) << text;
  EXPECT_TRUE(replayed.start().samePlacement(game.start()));
  EXPECT_EQ(replayed.outcome(), game.outcome());
  EXPECT_EQ(replayed.history().size(), game.history().size());
  // The replayed game writes the very same text (fight comments included).
  EXPECT_EQ(formatRecord(recordOf(replayed, tags, detail)), text);
  // A record built in memory replays too.
  EXPECT_TRUE(replay(record).position().samePlacement(game.position()));
}

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (from < text.size()) {
    const auto nl = text.find('\n', from);
    out.push_back(text.substr(from, nl - from));
    if (nl == std::string::npos) break;
    from = nl + 1;
  }
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The index of the first line satisfying `pred` at or after `from` (-1 if none).
template <typename Pred>
int findLine(const std::vector<std::string>& lines, Pred pred, int from = 0) {
  for (int i = from; i < static_cast<int>(lines.size()); ++i)
    if (pred(lines[i])) return i;
  return -1;
}

bool isActionLine(const std::string& l) { return !l.empty() && l[0] >= '1' && l[0] <= '9'; }

std::string lineRef(int index) { return "record line " + std::to_string(index + 1) + ": "; }

// The message of the RecordError that parsing and replaying `text` throws ("" if none).
std::string recordError(const std::string& text) {
  try {
    replay(parseRecord(text));
  } catch (const RecordError& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "threw something other than RecordError: " << e.what();
    return "";
  }
  ADD_FAILURE() << "the record was accepted:\n" << text;
  return "";
}

#define EXPECT_HAS(haystack, needle)                                                   \
  do {                                                                                 \
    const std::string h_ = (haystack);                                                 \
    EXPECT_NE(h_.find(needle), std::string::npos) << "'" << needle << "' not in: " << h_; \
  } while (0)

// A finished hiddenfront game with fights, and its record's lines.
struct Sample {
  Game game;
  std::string text;
  std::vector<std::string> lines;
};

// The first seed from 3 on whose game ends by an attacker taking the flag and
// surviving, after at least 20 moves (the search is deterministic).
Sample sample() {
  for (std::uint64_t seed = 3;; ++seed) {
    Game g = playRandom(Ruleset::hiddenFront(), seed);
    std::string text = formatRecord(recordOf(g, {{"event", "test"}}));
    if (g.outcome().reason != Termination::FlagCaptured || g.history().size() < 20 ||
        text.find(" defender-removed flag-captured") == std::string::npos)
      continue;
    auto lines = linesOf(text);
    return {std::move(g), std::move(text), std::move(lines)};
  }
}

// ---- round trips ----

TEST(Record, RandomGamesRoundTripUnderEveryPreset) {
  std::set<std::string> endings;
  for (const auto& name : Ruleset::presetNames())
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      const Game g = playRandom(Ruleset::byName(name), seed * 31 + 5, 3000,
                                static_cast<LayoutStyle>(seed % 4));
      ASSERT_TRUE(g.isOver());
      endings.insert(std::string(terminationName(g.outcome().reason)));
      SCOPED_TRACE(name + " seed " + std::to_string(seed));
      expectRoundTrip(g, {{"red-player", "random"}, {"blue-player", "random"}, {"seed", std::to_string(seed)}});
    }
  // The games end in more than one way.
  EXPECT_TRUE(endings.count("flag-captured")) << endings.size();
  EXPECT_TRUE(endings.count("immobilised")) << endings.size();
}

TEST(Record, FormatLooksAsDocumented) {
  const Sample s = sample();
  ASSERT_GE(s.lines.size(), 7u);
  EXPECT_EQ(s.lines[0], "junqi-record 1");
  EXPECT_EQ(s.lines[1], "variant classic");
  EXPECT_EQ(s.lines[2], "ruleset hiddenfront");
  EXPECT_EQ(s.lines[3], "red-layout " + formatLayout(*s.game.layout(Seat::Red)));
  EXPECT_EQ(s.lines[4], "blue-layout " + formatLayout(*s.game.layout(Seat::Blue)));
  EXPECT_EQ(s.lines[5], "tag event test");
  EXPECT_TRUE(s.lines[6].starts_with("1 red ")) << s.lines[6];
  EXPECT_TRUE(s.lines[7].starts_with("2 blue ")) << s.lines[7];
  const Outcome& o = s.game.outcome();
  EXPECT_EQ(s.lines.back(), "result " + std::string(o.winner ? seatName(*o.winner) : "draw") + " " +
                                std::string(terminationName(o.reason)));
  // Each fight line carries its result and, as a comment, the identities.
  const int fight = findLine(s.lines, [](const std::string& l) { return l.find(" # ") != std::string::npos; });
  ASSERT_GE(fight, 0);
  EXPECT_TRUE(s.lines[fight].find("-removed") != std::string::npos) << s.lines[fight];
  EXPECT_TRUE(s.lines[fight].find(" x ") != std::string::npos) << s.lines[fight];
}

TEST(Record, MarshalAndFlagEventsRoundTrip) {
  // Under worldatplay a lost marshal shows the flag; random games lose marshals.
  int revealed = 0, lost = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Game g = playRandom(Ruleset::worldAtPlay(), seed);
    const std::string text = formatRecord(recordOf(g));
    if (text.find("flag-revealed:") != std::string::npos) ++revealed;
    if (text.find("marshal-lost:") != std::string::npos) ++lost;
    SCOPED_TRACE(seed);
    expectRoundTrip(g);
  }
  EXPECT_GT(revealed, 5);
  EXPECT_GE(lost, revealed);
  // Under hiddenfront a marshal is lost without revealing anything.
  const std::string h = formatRecord(recordOf(playRandom(Ruleset::hiddenFront(), 4)));
  EXPECT_EQ(h.find("flag-revealed:"), std::string::npos);
}

TEST(Record, GameFromAStartPositionRoundTrips) {
  for (const auto& name : Ruleset::presetNames()) {
    const Ruleset r = Ruleset::byName(name);
    Rng rng(77);
    Game opening(r, randomLayout(r, rng), randomLayout(r, rng));
    playRandomMoves(opening, rng, 41);
    ASSERT_FALSE(opening.isOver());
    const Position start = parsePosition(formatPosition(opening.position()), Rules::of(r));
    Game g(start);
    playRandomMoves(g, rng, 5000);
    const std::string text = formatRecord(recordOf(g));
    EXPECT_NE(text.find("\nstart " + formatPosition(start) + "\n"), std::string::npos) << text;
    EXPECT_EQ(text.find("red-layout"), std::string::npos);
    EXPECT_NE(text.find("\n42 blue "), std::string::npos) << "numbering goes on from the start ply";
    SCOPED_TRACE(name);
    expectRoundTrip(g);
    const GameRecord parsed = parseRecord(text);
    ASSERT_TRUE(parsed.startPosition.has_value());
    EXPECT_EQ(*parsed.startPosition, formatPosition(start));
  }
}

TEST(Record, OverriddenRulesetIsKept) {
  const Ruleset r = Ruleset::parse("refereed:quiet-moves=60,agreed-draws=yes,count-engineer=4,count-lieutenant=2");
  const Game g = playRandom(r, 12);
  const std::string text = formatRecord(recordOf(g));
  EXPECT_NE(text.find("\nruleset " + r.toString() + "\n"), std::string::npos);
  EXPECT_EQ(parseRecord(text).ruleset, r);
  expectRoundTrip(g);
}

Layout exampleLayout() { return parseLayout(kExampleLayout); }

TEST(Record, DrawOffersDeclinesAndAcceptance) {
  Game g(Ruleset::hiddenFront(), exampleLayout(), exampleLayout());
  Rng rng(8);
  g.apply(Action::offerDraw(Seat::Red));
  g.apply(Action::declineDraw(Seat::Blue));
  playRandomMoves(g, rng, 4);
  g.apply(Action::offerDraw(Seat::Blue));  // out of turn: Red is to move
  playRandomMoves(g, rng, 1);              // Red moves instead of answering: the offer lapses
  EXPECT_FALSE(g.pendingDrawOffer().has_value());
  playRandomMoves(g, rng, 7);
  ASSERT_EQ(g.position().ply(), 12);
  g.apply(Action::offerDraw(Seat::Red));
  g.apply(Action::acceptDraw(Seat::Blue));
  ASSERT_EQ(g.outcome(), (Outcome{Termination::AgreedDraw, std::nullopt}));

  const std::string text = formatRecord(recordOf(g));
  EXPECT_NE(text.find("\n1 red offer-draw\n1 blue decline-draw\n1 red "), std::string::npos) << text;
  EXPECT_NE(text.find("\n5 blue offer-draw\n5 red "), std::string::npos) << text;
  EXPECT_NE(text.find("\n13 red offer-draw\n13 blue accept-draw\nresult draw agreed-draw\n"), std::string::npos)
      << text;
  expectRoundTrip(g);
}

TEST(Record, TimeoutsThatPassTheTurnAndTheOneThatForfeits) {
  Game g(Ruleset::hiddenFront(), exampleLayout(), exampleLayout());
  Rng rng(9);
  for (int k = 0; k < 3; ++k) {
    g.apply(Action::timeout(Seat::Red));
    playRandomMoves(g, rng, 1);  // Blue's move, none after the game ends
  }
  // Red's third timeout forfeits.
  ASSERT_EQ(g.outcome(), (Outcome{Termination::TimeoutForfeit, Seat::Blue})) << formatRecord(recordOf(g));
  const std::string text = formatRecord(recordOf(g));
  EXPECT_NE(text.find("\n1 red timeout\n2 blue "), std::string::npos) << text;
  EXPECT_NE(text.find("\n3 red timeout\n4 blue "), std::string::npos) << text;
  EXPECT_TRUE(text.ends_with("\n5 red timeout\nresult blue timeout-forfeit\n")) << text;
  expectRoundTrip(g);

  // Under worldatplay a timeout loses at once.
  Game w(Ruleset::worldAtPlay(), exampleLayout(), exampleLayout());
  playRandomMoves(w, rng, 1);
  w.apply(Action::timeout(Seat::Blue));
  EXPECT_EQ(w.outcome(), (Outcome{Termination::TimeoutForfeit, Seat::Red}));
  expectRoundTrip(w);
}

TEST(Record, Resignation) {
  Game g(Ruleset::refereed(), exampleLayout(), exampleLayout());
  Rng rng(10);
  playRandomMoves(g, rng, 9);
  g.apply(Action::resign(Seat::Red));  // out of turn: Blue is to move
  EXPECT_EQ(g.outcome(), (Outcome{Termination::Resignation, Seat::Blue}));
  const std::string text = formatRecord(recordOf(g));
  EXPECT_TRUE(text.ends_with("\n10 red resign\nresult blue resignation\n")) << text;
  expectRoundTrip(g);
}

TEST(Record, ForfeitKeepsItsReason) {
  Game g(Ruleset::hiddenFront(), exampleLayout(), exampleLayout());
  Rng rng(11);
  playRandomMoves(g, rng, 6);
  g.forfeit(Seat::Blue);
  const std::string detail = "illegal reply A7-A5 from the engine";
  const std::string text = formatRecord(recordOf(g, {}, detail));
  EXPECT_TRUE(text.ends_with("\nresult red forfeit " + detail + "\n")) << text;
  EXPECT_EQ(parseRecord(text).outcomeDetail, detail);
  expectRoundTrip(g, {}, detail);
  // Without a reason the line ends after the game end.
  EXPECT_TRUE(formatRecord(recordOf(g)).ends_with("\nresult red forfeit\n"));
  expectRoundTrip(g);
}

TEST(Record, AdjudicationKeepsItsReason) {
  const Game g = playRandom(Ruleset::worldAtPlay(), 5, 40);
  ASSERT_EQ(g.outcome(), (Outcome{Termination::Adjudicated, std::nullopt}));
  const std::string text = formatRecord(recordOf(g, {}, "move limit 40"));
  EXPECT_TRUE(text.ends_with("\nresult draw adjudicated move limit 40\n")) << text;
  expectRoundTrip(g, {}, "move limit 40");
}

TEST(Record, UnfinishedGameHasNoResultLine) {
  Game g(Ruleset::hiddenFront(), exampleLayout(), exampleLayout());
  Rng rng(12);
  playRandomMoves(g, rng, 20);
  ASSERT_FALSE(g.isOver());
  const std::string text = formatRecord(recordOf(g));
  EXPECT_EQ(text.find("result"), std::string::npos);
  EXPECT_FALSE(parseRecord(text).outcome.isOver());
  expectRoundTrip(g);
}

TEST(Record, TagsKeepTheirOrderAndSpaces) {
  const Game g = playRandom(Ruleset::hiddenFront(), 13, 30);
  const std::vector<std::pair<std::string, std::string>> tags = {
      {"red-player", "Alice Smith"}, {"blue-player", "mcts:iterations=800"}, {"date", "2024-05-01"}, {"empty", ""}};
  const GameRecord parsed = parseRecord(formatRecord(recordOf(g, tags)));
  EXPECT_EQ(parsed.tags, tags);
  EXPECT_EQ(parsed.tag("red-player"), "Alice Smith");
  EXPECT_EQ(parsed.tag("empty"), "");
  EXPECT_EQ(parsed.tag("event"), std::nullopt);
}

TEST(Record, WritingNeverProducesARecordThatReadsBackDifferently) {
  // A tag or reason holding '#' (a comment mark) or a line break, or a tag key
  // that is empty or has a space, must either be refused when the record is
  // written or survive the round trip.
  const Game g = playRandom(Ruleset::hiddenFront(), 14, 20);
  const std::vector<std::vector<std::pair<std::string, std::string>>> tagSets = {
      {{"event", "Cup #3"}},
      {{"note", "first line\nresult red resignation"}},
      {{"", "no key"}},
      {{"two words", "value"}},
  };
  for (const auto& tags : tagSets) {
    std::string text;
    try {
      text = formatRecord(recordOf(g, tags));
    } catch (const RecordError&) {
      continue;  // refused: fine
    }
    try {
      EXPECT_EQ(parseRecord(text).tags, tags) << text;
    } catch (const RecordError& e) {
      ADD_FAILURE() << "formatRecord wrote a record parseRecord rejects: " << e.what();
    }
  }
  Game f(Ruleset::hiddenFront(), exampleLayout(), exampleLayout());
  Rng rng(14);
  playRandomMoves(f, rng, 6);
  f.forfeit(Seat::Red);
  std::string text;
  try {
    text = formatRecord(recordOf(f, {}, "crashed # twice"));
  } catch (const RecordError&) {
    return;
  }
  EXPECT_EQ(parseRecord(text).outcomeDetail, "crashed # twice") << text;
}

TEST(Record, CommentsBlankLinesAndCrlfAreAccepted) {
  const Sample s = sample();
  std::vector<std::string> lines = {"# a game of random moves", ""};
  for (std::size_t i = 0; i < s.lines.size(); ++i) {
    lines.push_back(s.lines[i] + (i % 2 ? "\r" : "   # trailing comment"));
    lines.push_back(i % 3 ? "" : "   ");
  }
  const GameRecord parsed = parseRecord(joined(lines));
  EXPECT_EQ(parsed.tags, (std::vector<std::pair<std::string, std::string>>{{"event", "test"}}));
  EXPECT_TRUE(replay(parsed).position().samePlacement(s.game.position()));
  // Line numbers count every line, blank and comment lines included.
  ASSERT_FALSE(parsed.actionLines.empty());
  EXPECT_EQ(parsed.actionLines[0], 2 + 2 * 6 + 1);
  // A record without the final newline is fine too.
  std::string text = s.text;
  text.pop_back();
  EXPECT_TRUE(replay(parseRecord(text)).position().samePlacement(s.game.position()));
}

TEST(Record, ResultTokensMayComeInAnyOrder) {
  // Results are a set: "defender-removed flag-captured" and the reverse mean the same.
  const Sample s = sample();
  auto lines = s.lines;
  const int last = findLine(lines, [](const std::string& l) {
    return l.find(" defender-removed flag-captured") != std::string::npos;
  });
  ASSERT_GE(last, 0);
  const auto at = lines[last].find(" defender-removed flag-captured");
  lines[last].replace(at, std::string(" defender-removed flag-captured").size(), " flag-captured defender-removed");
  EXPECT_TRUE(replay(parseRecord(joined(lines))).position().samePlacement(s.game.position()));
}

// ---- corrupt records ----

// ---- search notes ----

// A note on every move of the sample's red side, built from its own moves.
GameRecord withSearchNotes(const Game& game) {
  GameRecord record = recordOf(game);
  record.searchNotes.resize(record.actions.size());
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const Action& a = record.actions[i].action;
    if (a.type != ActionType::Move || a.side != Seat::Red) continue;
    SearchNote note;
    note.value = -0.25 + 0.125 * static_cast<double>(i % 5);
    note.simulations = static_cast<long long>(i + 1);
    if (i % 3 != 0) note.line = {a.move, a.move};
    if (i % 4 != 0) note.shares = {{a.move, 0.625}, {a.move, 0.25}};
    record.searchNotes[i] = note;
  }
  return record;
}

TEST(Record, SearchNotesRoundTripAndReplayIgnoresThem) {
  const Sample s = sample();
  const GameRecord record = withSearchNotes(s.game);
  const std::string text = formatRecord(record);
  EXPECT_HAS(text, "search value -0.250 simulations 1\n");  // the first: no line, no shares
  const GameRecord parsed = parseRecord(text);
  EXPECT_EQ(parsed.searchNotes, record.searchNotes);  // the values chosen are exact in 3 decimals
  const Game replayed = replay(parsed);
  EXPECT_TRUE(replayed.position().samePlacement(s.game.position()));
  GameRecord again = recordOf(replayed);  // the replay knows the fights' identities for the comments
  again.searchNotes = parsed.searchNotes;
  EXPECT_TRUE(formatRecord(again) == text);  // (no diff of two long texts on failure)
  // Without notes the text is as before, and reads back without any.
  EXPECT_EQ(formatRecord(recordOf(s.game, {{"event", "test"}})), s.text);
  EXPECT_TRUE(parseRecord(s.text).searchNotes.empty());
}

TEST(Record, SearchLineLooksAsDocumented) {
  const Sample s = sample();
  GameRecord record = recordOf(s.game);
  const Move m = record.actions[0].action.move;
  record.searchNotes.resize(record.actions.size());
  record.searchNotes[0] = SearchNote{0.62, 2000, {m, *parseMove("C10-C9")}, {{m, 0.62}, {*parseMove("A6-A7"), 0.21}}};
  const auto lines = linesOf(formatRecord(record));
  const int first = findLine(lines, isActionLine);
  EXPECT_EQ(lines[first + 1], "search value 0.620 simulations 2000 line " + moveName(m) + " C10-C9 shares " +
                                  moveName(m) + ":0.620 A6-A7:0.210");
  record.searchNotes[1] = SearchNote{};  // an empty note says only its value
  EXPECT_EQ(linesOf(formatRecord(record))[first + 3], "search value 0.000");
}

TEST(RecordErrors, MalformedSearchLinesAreNamed) {
  const Sample s = sample();
  auto lines = s.lines;
  const int first = findLine(lines, isActionLine);
  const auto errorWith = [&](const std::string& search) {
    auto changed = lines;
    changed.insert(changed.begin() + first + 1, search);
    return recordError(joined(changed));
  };
  const std::string at = lineRef(first + 1);
  EXPECT_HAS(errorWith("search"), at + "a search line begins 'search value <number>'");
  EXPECT_HAS(errorWith("search simulations 5"), at + "a search line begins 'search value <number>'");
  EXPECT_HAS(errorWith("search value high"), at + "the search value 'high' is not a number from -1 to 1");
  EXPECT_HAS(errorWith("search value 1.5"), at + "the search value '1.5' is not a number from -1 to 1");
  EXPECT_HAS(errorWith("search value 0.1 simulations"), at + "'simulations' takes a positive whole number");
  EXPECT_HAS(errorWith("search value 0.1 simulations 0"), at + "'simulations' takes a positive whole number");
  EXPECT_HAS(errorWith("search value 0.1 line"), at + "'line' takes at least one move");
  EXPECT_HAS(errorWith("search value 0.1 line C2-C3 C2C4"), at + "'C2C4' in a search line is not a move like C2-C5");
  EXPECT_HAS(errorWith("search value 0.1 shares"), at + "'shares' takes at least one share");
  EXPECT_HAS(errorWith("search value 0.1 shares C2-C3"), at + "'C2-C3' is not a share like C2-C3:0.62");
  EXPECT_HAS(errorWith("search value 0.1 shares Z2-C3:0.5"), at + "'Z2-C3' in a search line is not a move");
  EXPECT_HAS(errorWith("search value 0.1 shares C2-C3:2"), at + "the search share '2' is not a number from 0 to 1");
  EXPECT_HAS(errorWith("search value 0.1 line C2-C3 simulations 5"),
             at + "'simulations' in a search line is not a move");  // keys out of order
  EXPECT_HAS(errorWith("search value 0.1 depth 3"), at + "unexpected 'depth' in a search line");
  // Only after a move, and once.
  auto twice = lines;
  twice.insert(twice.begin() + first + 1, {"search value 0.1", "search value 0.2"});
  EXPECT_HAS(recordError(joined(twice)), lineRef(first + 2) + "a search line must follow the move it annotates");
  auto beforeMoves = lines;
  beforeMoves.insert(beforeMoves.begin() + first, "search value 0.1");
  EXPECT_HAS(recordError(joined(beforeMoves)), lineRef(first) + "a search line must follow the move it annotates");
  auto afterDraw = lines;
  afterDraw.insert(afterDraw.begin() + first, {"1 red offer-draw", "search value 0.1"});
  EXPECT_HAS(recordError(joined(afterDraw)), lineRef(first + 1) + "a search line must follow the move it annotates");
}

TEST(RecordErrors, SearchNoteOnAnActionThatIsNoMoveIsNotWritten) {
  Game game(Ruleset::hiddenFront(), exampleLayout(), exampleLayout());
  game.apply(Action::resign(Seat::Red));
  GameRecord record = recordOf(game);
  record.searchNotes = {SearchNote{}};
  EXPECT_THROW(formatRecord(record), RecordError);
}

TEST(RecordErrors, EmptyOrNoMagicLine) {
  const Sample s = sample();
  EXPECT_HAS(recordError(""), "record is empty");
  EXPECT_HAS(recordError("\n# nothing\n\n"), "record is empty");
  auto lines = s.lines;
  lines.erase(lines.begin());
  EXPECT_HAS(recordError(joined(lines)), "record line 1: expected 'junqi-record 1' (is this a junqi record?)");
  lines = s.lines;
  lines[0] = "junqi-record 2";
  EXPECT_HAS(recordError(joined(lines)), "record line 1: expected 'junqi-record 1'");
}

TEST(RecordErrors, UnknownLineIsNamed) {
  const Sample s = sample();
  auto lines = s.lines;
  lines.insert(lines.begin() + 4, "player red alice");
  EXPECT_HAS(recordError(joined(lines)), "record line 5: unknown line 'player'");
  lines = s.lines;
  lines.insert(lines.begin() + 4, "x1 red C2-C3");
  EXPECT_HAS(recordError(joined(lines)), "record line 5: unknown line 'x1'");
}

TEST(RecordErrors, MissingOrBadRuleset) {
  const Sample s = sample();
  auto lines = s.lines;
  lines.erase(lines.begin() + 2);
  EXPECT_HAS(recordError(joined(lines)), "record has no 'ruleset' line");
  lines = s.lines;
  lines[2] = "ruleset classic";
  EXPECT_HAS(recordError(joined(lines)), "record line 3: unknown ruleset preset 'classic'");
  lines[2] = "ruleset hiddenfront:quiet-moves=lots";
  EXPECT_HAS(recordError(joined(lines)), "record line 3: ruleset option 'quiet-moves' cannot be 'lots'");
  lines[2] = "ruleset hiddenfront worldatplay";
  EXPECT_HAS(recordError(joined(lines)), "record line 3: 'ruleset' takes one value");
}

// The variant line: an unknown variant is named; records written before
// variants were named (no such line) are classic and replay as before.
TEST(RecordErrors, UnknownVariantIsNamedAndRecordsWithoutOneAreClassic) {
  const Sample s = sample();
  auto lines = s.lines;
  lines[1] = "variant chess";
  EXPECT_HAS(recordError(joined(lines)), "record line 2: unknown variant 'chess' (known: classic, flip, four)");
  lines[1] = "variant flip";  // a known game, but not the ruleset's
  EXPECT_HAS(recordError(joined(lines)), "is not a preset of flip");
  lines[1] = "variant classic flip";
  EXPECT_HAS(recordError(joined(lines)), "record line 2: 'variant' takes one value");
  lines.erase(lines.begin() + 1);
  const GameRecord old = parseRecord(joined(lines));
  EXPECT_EQ(old.variant, "classic");
  EXPECT_TRUE(replay(old).position().samePlacement(s.game.position()));
  EXPECT_EQ(formatRecord(recordOf(replay(old), old.tags)), s.text);  // written again, it names its variant
}

TEST(RecordErrors, BadMoveTextIsNamed) {
  const Sample s = sample();
  auto lines = s.lines;
  const int first = findLine(lines, isActionLine);
  lines[first] = "1 red C2C5";
  EXPECT_HAS(recordError(joined(lines)), lineRef(first) + "'C2C5' is neither a move like C2-C5 nor an action");
  lines[first] = "1 red F2-F3";
  EXPECT_HAS(recordError(joined(lines)), lineRef(first) + "'F2-F3' is neither a move");
  lines[first] = "1 green C2-C3";
  EXPECT_HAS(recordError(joined(lines)), lineRef(first) + "'green' is not a side (red or blue)");
  lines[first] = "1 red";
  EXPECT_HAS(recordError(joined(lines)), lineRef(first) + "an action line is '<move number> <side> <action> [results]'");
  lines[first] = "0 red C2-C3";
  EXPECT_HAS(recordError(joined(lines)), lineRef(first) + "'0' is not a move number");
  lines[first] = "1a red C2-C3";
  EXPECT_HAS(recordError(joined(lines)), lineRef(first) + "'1a' is not a move number");
  lines[first] = s.lines[first] + " victory";
  EXPECT_HAS(recordError(joined(lines)), lineRef(first) + "unknown result 'victory'");
  lines[first] = s.lines[first] + " marshal-lost:green";
  EXPECT_HAS(recordError(joined(lines)), lineRef(first) + "'marshal-lost:green' does not name a side");
  lines[first] = "1 red resign defender-removed";
  EXPECT_HAS(recordError(joined(lines)), lineRef(first) + "'resign' takes no results");
}

TEST(RecordErrors, IllegalMoveIsNamed) {
  const Sample s = sample();
  auto lines = s.lines;
  const int first = findLine(lines, isActionLine);
  // Every non-camp point of Blue's half holds a blue piece at the start.
  lines[first] = "1 red A7-A6";
  EXPECT_HAS(recordError(joined(lines)), lineRef(first) + "illegal: the piece on A7 is not red's");
  lines[first] = "1 red C4-C5";
  EXPECT_HAS(recordError(joined(lines)), lineRef(first) + "illegal: there is no piece on C4");
  lines[first] = "1 blue A7-A6";
  EXPECT_HAS(recordError(joined(lines)), lineRef(first) + "illegal: it is not blue's turn");
  lines[first] = "1 red accept-draw";
  EXPECT_HAS(recordError(joined(lines)), lineRef(first) + "illegal: there is no draw offer from blue to answer");
  // The flag never moves.
  const Layout& red = *s.game.layout(Seat::Red);
  const std::string flag = red.at[1] == PieceType::Flag ? "B1" : "D1";
  lines[first] = "1 red " + flag + "-" + flag.substr(0, 1) + "2";
  EXPECT_HAS(recordError(joined(lines)), lineRef(first) + "illegal: the flag on " + flag + " never moves");
}

TEST(RecordErrors, ActionsAfterTheEndAreIllegal) {
  const Sample s = sample();
  auto lines = s.lines;
  const int resultLine = static_cast<int>(lines.size()) - 1;
  const int ply = s.game.position().ply();
  lines.insert(lines.begin() + resultLine, std::to_string(ply + 1) + " " +
                                               std::string(seatName(s.game.position().sideToMove())) + " resign");
  EXPECT_HAS(recordError(joined(lines)), lineRef(resultLine) + "illegal: the game is over");
  // Nothing at all may follow the result line.
  lines = s.lines;
  lines.push_back("tag late yes");
  EXPECT_HAS(recordError(joined(lines)), lineRef(static_cast<int>(lines.size()) - 1) +
                                             "nothing may follow the result line");
}

// Replaces the first fight result token on a line; returns false if none.
bool replaceFight(std::string& line, const std::string& by) {
  for (const char* token : {" defender-removed", " attacker-removed", " both-removed"}) {
    const auto at = line.find(token);
    if (at == std::string::npos) continue;
    line.replace(at, std::string(token).size(), by);
    return true;
  }
  return false;
}

TEST(RecordErrors, FightResultThatDiffersFromTheRules) {
  const Sample s = sample();
  auto lines = s.lines;
  const int fight = findLine(lines, [](const std::string& l) { return l.find("-removed") != std::string::npos; });
  ASSERT_GE(fight, 0);
  const bool wasBoth = lines[fight].find("both-removed") != std::string::npos;
  ASSERT_TRUE(replaceFight(lines[fight], wasBoth ? " attacker-removed" : " both-removed"));
  const std::string m = recordError(joined(lines));
  EXPECT_HAS(m, lineRef(fight) + "the record says '" + std::string(wasBoth ? "attacker-removed" : "both-removed"));
  EXPECT_HAS(m, "but the rules give '");

  // A fight recorded as a quiet move.
  lines = s.lines;
  ASSERT_TRUE(replaceFight(lines[fight], ""));
  EXPECT_HAS(recordError(joined(lines)), lineRef(fight) + "the record says 'no fight' but the rules give '");

  // A quiet move recorded as a fight.
  lines = s.lines;
  const int quiet = findLine(lines, [](const std::string& l) {
    return isActionLine(l) && l.find('#') == std::string::npos && l.find("timeout") == std::string::npos;
  });
  ASSERT_GE(quiet, 0);
  lines[quiet] += " defender-removed";
  EXPECT_HAS(recordError(joined(lines)),
             lineRef(quiet) + "the record says 'defender-removed' but the rules give 'no fight'");
}

TEST(RecordErrors, FlagEventThatDiffersFromTheRules) {
  // Find a worldatplay game in which a flag is revealed.
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Game g = playRandom(Ruleset::worldAtPlay(), seed);
    auto lines = linesOf(formatRecord(recordOf(g)));
    const int at = findLine(lines, [](const std::string& l) { return l.find(" flag-revealed:") != std::string::npos; });
    if (at < 0) continue;
    const std::string original = lines[at];
    const auto token = lines[at].find(" flag-revealed:");
    const auto end = lines[at].find(' ', token + 1);
    lines[at].erase(token, end - token);
    EXPECT_HAS(recordError(joined(lines)), lineRef(at) + "the record says '");
    // The same event under hiddenfront, where marshals reveal nothing.
    lines = linesOf(formatRecord(recordOf(g)));
    lines[2] = "ruleset worldatplay:marshal-reveals-flag=no";
    EXPECT_HAS(recordError(joined(lines)), lineRef(at) + "the record says '");
    return;
  }
  FAIL() << "no worldatplay game of 30 revealed a flag";
}

TEST(RecordErrors, WrongMoveNumberIsNamed) {
  const Sample s = sample();
  auto lines = s.lines;
  const int first = findLine(lines, isActionLine);
  const int third = findLine(lines, isActionLine, first + 2);
  ASSERT_EQ(lines[third].substr(0, 2), "3 ");
  lines[third] = "7" + lines[third].substr(1);
  EXPECT_HAS(recordError(joined(lines)), lineRef(third) + "move number 7 where the game is at move 3");
  // A missing action shows up as a wrong move number on the next one.
  lines = s.lines;
  lines.erase(lines.begin() + first + 1);
  EXPECT_HAS(recordError(joined(lines)), lineRef(first + 1) + "move number 3 where the game is at move 2");
}

TEST(RecordErrors, TruncatedRecords) {
  const Sample s = sample();
  ASSERT_TRUE(s.game.isOver());
  const std::string reached = std::string(s.game.outcome().winner ? seatName(*s.game.outcome().winner) : "draw") +
                              " " + std::string(terminationName(s.game.outcome().reason));
  // The result line missing from a game that ended: the record claims no result.
  auto lines = s.lines;
  lines.pop_back();
  EXPECT_HAS(recordError(joined(lines)),
             "record result: the record says 'no result' but the game reaches '" + reached + "'");
  // Cut in the middle, result line kept: the game does not reach that result.
  lines = s.lines;
  lines.erase(lines.end() - 11, lines.end() - 1);
  EXPECT_HAS(recordError(joined(lines)),
             "record result: the record says '" + reached + "' but the game reaches 'no result'");
  // Cut in the middle without a result line: a valid record of an unfinished game.
  lines.pop_back();
  const Game partial = replay(parseRecord(joined(lines)));
  EXPECT_FALSE(partial.isOver());
  EXPECT_EQ(partial.history().size(), s.game.history().size() - 10);
}

TEST(RecordErrors, ResultThatDiffersIsNamed) {
  const Sample s = sample();
  ASSERT_TRUE(s.game.outcome().winner.has_value());
  const Seat winner = *s.game.outcome().winner;
  const std::string reason(terminationName(s.game.outcome().reason));
  auto lines = s.lines;
  lines.back() = "result " + std::string(seatName(opposite(winner))) + " " + reason;
  EXPECT_HAS(recordError(joined(lines)), "record result: the record says '" + std::string(seatName(opposite(winner))) +
                                             " " + reason + "' but the game reaches '" +
                                             std::string(seatName(winner)) + " " + reason + "'");
  lines.back() = "result draw quiet-moves";
  EXPECT_HAS(recordError(joined(lines)), "record result: the record says 'draw quiet-moves'");
  // A harness decision cannot overwrite an end the board reached.
  lines.back() = "result " + std::string(seatName(opposite(winner))) + " forfeit engine crashed";
  EXPECT_HAS(recordError(joined(lines)), "record result: the record says '" +
                                             std::string(seatName(opposite(winner))) + " forfeit'");
  lines.back() = "result draw adjudicated";
  EXPECT_HAS(recordError(joined(lines)), "record result: the record says 'draw adjudicated'");
  // Malformed result lines.
  const int last = static_cast<int>(lines.size()) - 1;
  lines.back() = "result purple flag-captured";
  EXPECT_HAS(recordError(joined(lines)), lineRef(last) + "the winner must be red, blue or draw, not 'purple'");
  lines.back() = "result red checkmate";
  EXPECT_HAS(recordError(joined(lines)), lineRef(last) + "unknown game end 'checkmate'");
  lines.back() = "result red none";
  EXPECT_HAS(recordError(joined(lines)), lineRef(last) + "unknown game end 'none'");
  lines.back() = "result red";
  EXPECT_HAS(recordError(joined(lines)), lineRef(last) + "'result' needs a winner (red, blue or draw) and a reason");
}

TEST(RecordErrors, HarnessResultsMustBeConsistent) {
  // An unfinished game may end by a forfeit or an adjudication, but a drawn
  // forfeit or a won adjudication is no result the referee can reach.
  Game g(Ruleset::hiddenFront(), exampleLayout(), exampleLayout());
  Rng rng(15);
  playRandomMoves(g, rng, 10);
  auto lines = linesOf(formatRecord(recordOf(g)));
  lines.push_back("result blue forfeit");
  EXPECT_EQ(replay(parseRecord(joined(lines))).outcome(), (Outcome{Termination::Forfeit, Seat::Blue}));
  lines.back() = "result draw adjudicated";
  EXPECT_EQ(replay(parseRecord(joined(lines))).outcome(), (Outcome{Termination::Adjudicated, std::nullopt}));
  lines.back() = "result draw forfeit";
  EXPECT_HAS(recordError(joined(lines)), "record result: the record says 'draw forfeit' but the game reaches 'no result'");
  lines.back() = "result red adjudicated";
  EXPECT_HAS(recordError(joined(lines)), "the record says 'red adjudicated'");
  lines.back() = "result red resignation";
  EXPECT_HAS(recordError(joined(lines)), "the record says 'red resignation' but the game reaches 'no result'");
}

TEST(RecordErrors, LayoutsAndStart) {
  const Sample s = sample();
  // Only one layout.
  auto lines = s.lines;
  lines.erase(lines.begin() + 4);
  EXPECT_HAS(recordError(joined(lines)), "record has only one of red-layout and blue-layout");
  lines = s.lines;
  lines.erase(lines.begin() + 3);
  EXPECT_HAS(recordError(joined(lines)), "record has only one of red-layout and blue-layout");
  // Neither layouts nor a start.
  lines.erase(lines.begin() + 3);
  EXPECT_HAS(recordError(joined(lines)), "record has neither layouts nor a start position");
  // Both.
  lines = s.lines;
  lines.insert(lines.begin() + 5, "start " + formatPosition(s.game.start()));
  EXPECT_HAS(recordError(joined(lines)), "record has both layouts and a start position");
  // A layout that is not a layout: the line and the row.
  lines = s.lines;
  lines[3] = "red-layout IPDEC/G.J.R/DM.BC/R.B.I/CLEJP";
  EXPECT_HAS(recordError(joined(lines)), "record line 4: layout: 5 rows where 6 are needed");
  lines[3] = "red-layout IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPX";
  EXPECT_HAS(recordError(joined(lines)), "record line 4: layout: 'X' on E1 is not a piece symbol");
  // A layout that breaks the deployment rules: the side, the piece and the point.
  lines = s.lines;
  lines[4] = "blue-layout IPDEC/G.J.R/DM.BC/R.B.I/FLEJP/LCLPE";
  EXPECT_HAS(recordError(joined(lines)),
             "record start: blue layout: flag on A2: the flag must start in a headquarters (B1 or D1)");
  // A start position that is not a position: the line and the field.
  lines = {"junqi-record 1", "ruleset hiddenfront", "start " + formatPosition(s.game.start()) + " 0"};
  EXPECT_HAS(recordError(joined(lines)), "record line 3: position: 5 fields where 4 are needed");
}

TEST(RecordErrors, InMemoryRecordsNameTheAction) {
  // A record built in memory has no line numbers: errors name the action.
  const Sample s = sample();
  GameRecord r = recordOf(s.game);
  r.actions[2].action.move = Move{Square(0), Square(1)};
  r.actions[2].action.type = ActionType::Move;
  try {
    replay(r);
    ADD_FAILURE() << "accepted";
  } catch (const RecordError& e) {
    EXPECT_HAS(e.what(), "record action 3: illegal: ");
  }
}

TEST(RecordErrors, DrawActionsTheRulesetForbids) {
  Game g(Ruleset::worldAtPlay(), exampleLayout(), exampleLayout());
  Rng rng(16);
  playRandomMoves(g, rng, 4);
  auto lines = linesOf(formatRecord(recordOf(g)));
  lines.push_back("5 red offer-draw");
  EXPECT_HAS(recordError(joined(lines)), lineRef(static_cast<int>(lines.size()) - 1) +
                                             "illegal: this ruleset has no agreed draws");
  // Under hiddenfront, an offer again too soon.
  Game h(Ruleset::hiddenFront(), exampleLayout(), exampleLayout());
  h.apply(Action::offerDraw(Seat::Red));
  h.apply(Action::declineDraw(Seat::Blue));
  playRandomMoves(h, rng, 4);
  lines = linesOf(formatRecord(recordOf(h)));
  lines.push_back("5 red offer-draw");
  EXPECT_HAS(recordError(joined(lines)), lineRef(static_cast<int>(lines.size()) - 1) + "illegal: red offered a draw");
}

}  // namespace
}  // namespace junqi
