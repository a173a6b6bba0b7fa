// Flip rulesets and positions as text (docs/notation.md, "Flip positions";
// docs/rules.md, "Flip Junqi").
#include <gtest/gtest.h>

#include <string>

#include "core/flip/flip_notation.h"
#include "core/flip/flip_ruleset.h"
#include "core/classic/notation.h"

namespace junqi {
namespace {

constexpr std::string_view kStart =
    R"(flip ?????/?????/?1?1?/??1??/?1?1?/?????/?????/?1?1?/??1??/?1?1?/?????/????? 1 - -- - 0 0)";

TEST(FlipRuleset, PresetsFollowTheirTexts) {
  const FlipRuleset w = FlipRuleset::byName("flip-worldatplay"), k = FlipRuleset::byName("flip-kawu");
  EXPECT_EQ(w.colourChoice, ColourChoice::SameColourTwice);
  EXPECT_FALSE(w.throwAwayMoves);
  EXPECT_TRUE(w.minesGuardFlag);
  EXPECT_EQ(k.colourChoice, ColourChoice::FirstFlip);
  EXPECT_TRUE(k.throwAwayMoves);
  EXPECT_FALSE(k.minesGuardFlag);
  EXPECT_EQ(FlipRuleset::presetNames(), (std::vector<std::string>{"flip-worldatplay", "flip-kawu"}));
}

TEST(FlipRuleset, OptionsRoundTripAndBadOnesAreNamed) {
  const FlipRuleset r = FlipRuleset::parse("flip-kawu:quiet-moves=100,mines-guard-flag=yes");
  EXPECT_EQ(r.quietMoveLimit, 100);
  EXPECT_TRUE(r.minesGuardFlag);
  EXPECT_EQ(r.toString(), "flip-kawu:mines-guard-flag=yes,quiet-moves=100");
  EXPECT_EQ(FlipRuleset::parse(r.toString()), r);
  EXPECT_EQ(FlipRuleset::kawu().toString(), "flip-kawu");
  const auto error = [](std::string_view text) {
    try {
      FlipRuleset::parse(text);
    } catch (const FlipRulesetError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("flip-chess"), "unknown flip ruleset preset 'flip-chess' (known: flip-worldatplay, flip-kawu)");
  EXPECT_EQ(error("flip-kawu:colours=both"), "ruleset option 'colours' cannot be 'both': it takes first-flip or same-twice");
  EXPECT_EQ(error("flip-kawu:speed=3"), "unknown flip ruleset option 'speed'");
  EXPECT_EQ(error("flip-kawu:quiet-moves"), "ruleset option 'quiet-moves' has no '=value'");
  EXPECT_TRUE(FlipRuleset::namesFlip("flip-kawu:quiet-moves=3"));
  EXPECT_TRUE(FlipRuleset::namesFlip("flip-kaw")) << "so that the flip presets are named in its error";
  EXPECT_FALSE(FlipRuleset::namesFlip("hiddenfront"));
}

TEST(FlipNotation, TheStartIsAsDocumented) {
  const FlipPosition start(FlipRuleset::worldAtPlay());
  EXPECT_EQ(formatFlipPosition(start), kStart);
  EXPECT_EQ(parseFlipPosition(kStart, FlipRuleset::worldAtPlay()), start);
  EXPECT_TRUE(isFlipPositionText(kStart));
}

TEST(FlipNotation, EveryFieldRoundTrips) {
  const std::string text =
      R"(flip ?????/??1L?/?1i2/??1?1/m1der/l??RJ/G??PL/B1?2/?C1?M/?1Pe?/????1/?c??c 2 b -- Jjr 2 31)";
  const FlipPosition pos = parseFlipPosition(text, FlipRuleset::kawu());
  EXPECT_EQ(formatFlipPosition(pos), text);
  EXPECT_EQ(pos.toMove(), Seat::Blue);
  EXPECT_EQ(pos.colourOf(Seat::Red), Colour::Blue);
  EXPECT_EQ(pos.lost(Colour::Red)[typeIndex(PieceType::Major)], 1);
  EXPECT_EQ(pos.pool(Colour::Blue)[typeIndex(PieceType::Marshal)], 0) << "the blue marshal is face up";
  const std::string undecided = std::string(kStart).replace(kStart.find("- -- -"), 6, "- r- -");
  EXPECT_EQ(parseFlipPosition(undecided, FlipRuleset::worldAtPlay()).lastFlip(Seat::Red), Colour::Red);
}

std::string positionErrorOf(std::string_view text) {
  try {
    parseFlipPosition(text, FlipRuleset::worldAtPlay());
  } catch (const NotationError& e) {
    return e.what();
  }
  return "no error";
}

TEST(FlipNotation, WhatNoGameReachesIsRejectedByName) {
  const std::string start(kStart);
  auto with = [&](std::string_view from, std::string_view to) {
    std::string s = start;
    return s.replace(s.find(from), from.size(), to);
  };
  EXPECT_EQ(positionErrorOf("flip ?????"), "flip position: expected 'flip <board> <to move> <colours> <last flips> <lost> "
                                   "<quiet> <ply>' (8 fields)");
  EXPECT_EQ(positionErrorOf(with(R"(?????/?????/?1?1?/)", R"(?????/?????/??1??/)")),
            "flip position: a face-down piece on the camp B10: camps start empty");
  EXPECT_EQ(positionErrorOf(with(" 1 - -- - 0 0", " 3 - -- - 0 0")), "flip position: the seat to move is 1 or 2, not '3'");
  EXPECT_EQ(positionErrorOf(with(" 1 - -- - 0 0", " 1 x -- - 0 0")),
            "flip position: the colours take 'r', 'b' or '-', not 'x'");
  EXPECT_EQ(positionErrorOf(with(" 1 - -- - 0 0", " 1 r r- - 0 0")),
            "flip position: last flips are '--' once the colours are decided");
  EXPECT_EQ(positionErrorOf(with(R"(flip ?????/)", R"(flip MM???/)")),
            "flip position: 2 red marshal(s) face up or lost where a side has 1");
  EXPECT_EQ(positionErrorOf(with(R"(flip ?????/)", R"(flip 1????/)")),
            "flip position: 49 face-down points where the pieces neither face up nor lost are 50");
  EXPECT_EQ(positionErrorOf(with(" 1 - -- - 0 0", " 1 - -- M 0 0")),
            "flip position: 50 face-down points where the pieces neither face up nor lost are 49");
  EXPECT_EQ(positionErrorOf(with(" 1 - -- - 0 0", " 1 - -- - 5 2")), "flip position: the quiet counter 5 exceeds the ply 2");
  EXPECT_EQ(positionErrorOf(with(R"(flip ?????/)", R"(flip %????/)")),
            "flip position: '%' on A12 is not a piece symbol, '?' or a digit");
}

}  // namespace
}  // namespace junqi
