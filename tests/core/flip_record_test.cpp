// Flip Junqi records (docs/records.md, "Flip Junqi records").
#include <gtest/gtest.h>

#include <string>

#include "core/flip/flip_record.h"

namespace junqi {
namespace {

// A random game of flip-worldatplay, as a record.
FlipRecord randomGameRecord(std::uint64_t seed) {
  Rng rng(seed);
  FlipGame game(FlipRuleset::worldAtPlay(), randomFlipDeal(rng));
  while (!game.isOver()) {
    MoveList actions;
    generateFlipActions(game.position(), actions);
    game.apply(Action::makeMove(game.position().toMove(), actions[static_cast<int>(rng.below(actions.size()))]));
  }
  return flipRecordOf(game, {{"seat1", "random"}, {"event", "a test game"}});
}

std::string recordErrorOf(const std::string& text) {
  try {
    replayFlip(parseFlipRecord(text));
  } catch (const RecordError& e) {
    return e.what();
  }
  return "no error";
}

TEST(FlipRecord, RoundTripsAndReplaysExactly) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const FlipRecord record = randomGameRecord(seed);
    const std::string text = formatFlipRecord(record);
    const FlipRecord back = parseFlipRecord(text);
    EXPECT_EQ(formatFlipRecord(back), text);
    const FlipGame replayed = replayFlip(back);
    EXPECT_EQ(replayed.outcome(), record.outcome);
    EXPECT_EQ(replayed.deal(), record.deal);
    EXPECT_EQ(back.tag("event"), "a test game");
  }
}

TEST(FlipRecord, LooksAsDocumented) {
  const std::string text = formatFlipRecord(randomGameRecord(1));
  EXPECT_TRUE(text.starts_with("# junqi flip record\nvariant flip\nruleset flip-worldatplay\ntag seat1 random\n"))
      << text;
  EXPECT_NE(text.find("\ndeal "), std::string::npos);
  EXPECT_NE(text.find("\naction "), std::string::npos);
  EXPECT_NE(text.find("\nresult "), std::string::npos);
}

TEST(FlipRecord, BadRecordsAreNamedByLine) {
  const std::string good = formatFlipRecord(randomGameRecord(2));
  auto with = [&](std::string_view from, std::string_view to) {
    std::string s = good;
    return s.replace(s.find(from), from.size(), to);
  };
  EXPECT_EQ(recordErrorOf(with("variant flip", "variant classic")), "line 2: a flip record's variant is 'flip'");
  EXPECT_EQ(recordErrorOf(with("variant flip\n", "")), "a flip record needs its 'variant flip' line");
  EXPECT_EQ(recordErrorOf(with("ruleset flip-worldatplay", "ruleset flip-chess")),
            "line 3: unknown flip ruleset preset 'flip-chess' (known: flip-worldatplay, flip-kawu)");
  std::string badSymbol = good;
  badSymbol[good.find("\ndeal ") + 6] = 'X';
  EXPECT_EQ(recordErrorOf(badSymbol), "line 6: deal: 'X' for A1 is not a piece symbol");
  std::string twoMarshals = good;  // a second red marshal in place of the deal's first other piece
  std::size_t replaced = good.find("\ndeal ") + 6;
  while (good[replaced] == 'M') ++replaced;
  twoMarshals[replaced] = 'M';
  EXPECT_EQ(recordErrorOf(twoMarshals),
            "deal: it holds other pieces than the two sets of 25 (or the face-down pool) have");
  EXPECT_EQ(recordErrorOf(with("\ndeal ", "\ndeal X")),
            "line 6: a deal needs one piece symbol for each of the 50 face-down points, not 51");
  const std::size_t firstAction = good.find("\naction ") + 1;
  std::string illegal = good;
  illegal.replace(firstAction, good.find('\n', firstAction) - firstAction, "action C3-C4");
  EXPECT_EQ(recordErrorOf(illegal), "line 7: until the colours are decided both players may only flip");
  std::string garbled = good;
  garbled.replace(firstAction, good.find('\n', firstAction) - firstAction, "action Z9");
  EXPECT_EQ(recordErrorOf(garbled), "line 7: 'Z9' is neither a point to flip nor a move");
  const std::size_t result = good.find("\nresult ") + 1;
  std::string wrong = good.substr(0, result) + "result 2 resignation\n";
  EXPECT_EQ(recordErrorOf(wrong).substr(0, 35), "the record says '2 resignation' but");
  EXPECT_EQ(recordErrorOf(good.substr(0, result) + "result 3 flag-captured\n"), "line " +
            std::to_string(std::count(good.begin(), good.begin() + static_cast<long>(result), '\n') + 1) +
            ": '3' is not a seat (1 or 2)");
}

}  // namespace
}  // namespace junqi
