// Ruleset text: presets, overrides, canonical form, error messages, describe().
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/classic/ruleset.h"

namespace junqi {
namespace {

// Every key of the ruleset text, in the order toString and describe use.
const std::vector<std::string> kKeys = {
    "centre-crossing",     "count-engineer",    "count-lieutenant",  "count-captain",
    "count-major",         "count-colonel",     "count-brigadier",   "count-major-general",
    "count-general",       "count-marshal",     "count-bomb",        "count-landmine",
    "count-flag",          "landmine-rows",     "landmine-in-hq",    "bomb-in-front-row",
    "hq-freezes",          "landmine-survives", "marshal-reveals-flag", "quiet-moves",
    "agreed-draws",        "draw-cooldown",     "resignation",       "move-seconds",
    "layout-seconds",      "timeout-passes-turn", "timeouts-to-forfeit", "reconnect-seconds",
};

// A change to one field (whatever its value in the preset), keyed like the text.
struct Change {
  std::string key;
  std::function<void(Ruleset&)> apply;
};

std::vector<Change> oneChangePerKey() {
  std::vector<Change> out;
  out.push_back({"centre-crossing", [](Ruleset& r) { r.centreCrossingRailway = !r.centreCrossingRailway; }});
  const std::vector<std::string> countKeys(kKeys.begin() + 1, kKeys.begin() + 13);
  for (int t = 0; t < kPieceTypes; ++t)
    out.push_back({countKeys[t], [t](Ruleset& r) { r.counts[t] = static_cast<std::uint8_t>(r.counts[t] - 1); }});
  out.push_back({"landmine-rows", [](Ruleset& r) { r.landmineRows += 1; }});
  out.push_back({"landmine-in-hq", [](Ruleset& r) { r.landmineInHeadquarters = !r.landmineInHeadquarters; }});
  out.push_back({"bomb-in-front-row", [](Ruleset& r) { r.bombInFrontRow = !r.bombInFrontRow; }});
  out.push_back({"hq-freezes", [](Ruleset& r) { r.headquartersFreeze = !r.headquartersFreeze; }});
  out.push_back({"landmine-survives", [](Ruleset& r) { r.landmineSurvivesAttack = !r.landmineSurvivesAttack; }});
  out.push_back({"marshal-reveals-flag", [](Ruleset& r) { r.marshalLossRevealsFlag = !r.marshalLossRevealsFlag; }});
  out.push_back({"quiet-moves", [](Ruleset& r) { r.quietMoveLimit += 7; }});
  out.push_back({"agreed-draws", [](Ruleset& r) { r.agreedDraws = !r.agreedDraws; }});
  out.push_back({"draw-cooldown", [](Ruleset& r) { r.drawOfferCooldown += 3; }});
  out.push_back({"resignation", [](Ruleset& r) { r.resignation = !r.resignation; }});
  out.push_back({"move-seconds", [](Ruleset& r) { r.moveSeconds += 15; }});
  out.push_back({"layout-seconds", [](Ruleset& r) { r.layoutSeconds += 15; }});
  out.push_back({"timeout-passes-turn", [](Ruleset& r) { r.timeoutPassesTurn = !r.timeoutPassesTurn; }});
  out.push_back({"timeouts-to-forfeit", [](Ruleset& r) { r.timeoutsToForfeit += 2; }});
  out.push_back({"reconnect-seconds", [](Ruleset& r) { r.reconnectSeconds += 5; }});
  return out;
}

// The message of the RulesetError that parsing `text` throws ("" if none).
std::string parseError(const std::string& text) {
  try {
    Ruleset::parse(text);
  } catch (const RulesetError& e) {
    return e.what();
  }
  ADD_FAILURE() << "'" << text << "' was accepted";
  return "";
}

TEST(Ruleset, DefaultIsHiddenfront) {
  EXPECT_EQ(Ruleset{}, Ruleset::hiddenFront());
  EXPECT_EQ(Ruleset{}.preset, "hiddenfront");
  EXPECT_EQ(Ruleset::byName("hiddenfront"), Ruleset::hiddenFront());
  EXPECT_EQ(Ruleset::byName("worldatplay"), Ruleset::worldAtPlay());
  EXPECT_EQ(Ruleset::byName("refereed"), Ruleset::refereed());
  EXPECT_EQ(Ruleset::presetNames(), (std::vector<std::string>{"hiddenfront", "worldatplay", "refereed"}));
}

TEST(Ruleset, PresetsDifferWhereTheirTextsDo) {
  const Ruleset h = Ruleset::hiddenFront(), w = Ruleset::worldAtPlay(), r = Ruleset::refereed();
  EXPECT_TRUE(h.centreCrossingRailway);
  EXPECT_TRUE(w.centreCrossingRailway);
  EXPECT_FALSE(r.centreCrossingRailway);  // 003: "The middle one is a road."
  EXPECT_FALSE(h.landmineInHeadquarters);
  EXPECT_EQ(h.quietMoveLimit, 100);
  EXPECT_TRUE(h.agreedDraws);
  for (const Ruleset& x : {w, r}) {
    EXPECT_TRUE(x.marshalLossRevealsFlag);
    EXPECT_EQ(x.quietMoveLimit, 0);
    EXPECT_FALSE(x.agreedDraws);
  }
  for (const Ruleset& x : {h, w, r}) {
    EXPECT_EQ(x.counts, kClassicCounts);
    EXPECT_EQ(totalPieces(x.counts), 25);
  }
}

TEST(Ruleset, EveryPresetIsItsOwnName) {
  for (const auto& name : Ruleset::presetNames()) {
    const Ruleset r = Ruleset::byName(name);
    EXPECT_EQ(r.preset, name);
    EXPECT_EQ(r.toString(), name);
    EXPECT_EQ(Ruleset::parse(name), r);
    EXPECT_EQ(Ruleset::parse(r.toString()), r);
  }
}

TEST(Ruleset, EveryFieldRoundTripsUnderEveryPreset) {
  const auto changes = oneChangePerKey();
  ASSERT_EQ(changes.size(), kKeys.size());
  for (const auto& name : Ruleset::presetNames()) {
    for (const Change& c : changes) {
      Ruleset r = Ruleset::byName(name);
      c.apply(r);
      ASSERT_NE(r, Ruleset::byName(name)) << c.key;
      const std::string text = r.toString();
      // Exactly one override: the changed field.
      EXPECT_TRUE(text.starts_with(name + ":" + c.key + "=")) << text;
      EXPECT_EQ(text.find(','), std::string::npos) << text;
      EXPECT_EQ(Ruleset::parse(text), r) << text;
      EXPECT_EQ(Ruleset::parse(text).toString(), text);
    }
  }
}

TEST(Ruleset, OverridesAreApplied) {
  const Ruleset r = Ruleset::parse("refereed:quiet-moves=200,agreed-draws=yes");
  EXPECT_EQ(r.preset, "refereed");
  EXPECT_EQ(r.quietMoveLimit, 200);
  EXPECT_TRUE(r.agreedDraws);
  EXPECT_FALSE(r.centreCrossingRailway);  // the rest is the preset's

  const Ruleset h = Ruleset::parse("hiddenfront:centre-crossing=road,count-bomb=1,count-engineer=4,landmine-rows=3");
  EXPECT_FALSE(h.centreCrossingRailway);
  EXPECT_EQ(h.counts[typeIndex(PieceType::Bomb)], 1);
  EXPECT_EQ(h.counts[typeIndex(PieceType::Engineer)], 4);
  EXPECT_EQ(h.landmineRows, 3);
}

TEST(Ruleset, ToStringIsCanonical) {
  // Fixed order whatever the input order; booleans written yes/no.
  EXPECT_EQ(Ruleset::parse("refereed:agreed-draws=yes,quiet-moves=200").toString(),
            "refereed:quiet-moves=200,agreed-draws=yes");
  EXPECT_EQ(Ruleset::parse("hiddenfront:resignation=false,hq-freezes=0,landmine-in-hq=true").toString(),
            "hiddenfront:landmine-in-hq=yes,hq-freezes=no,resignation=no");
  // Values equal to the preset's are left out.
  EXPECT_EQ(Ruleset::parse("hiddenfront:quiet-moves=100,centre-crossing=railway").toString(), "hiddenfront");
  EXPECT_EQ(Ruleset::parse("refereed:centre-crossing=road").toString(), "refereed");
  // The preset stays the one named, even when the fields match another preset.
  const Ruleset like = Ruleset::parse("worldatplay:centre-crossing=road");
  EXPECT_EQ(like.toString(), "worldatplay:centre-crossing=road");
  EXPECT_NE(like, Ruleset::refereed());
  // A later value for the same key wins.
  EXPECT_EQ(Ruleset::parse("hiddenfront:quiet-moves=5,quiet-moves=6").quietMoveLimit, 6);
}

TEST(Ruleset, EveryFieldChangedAtOnceComesOutInTheFixedOrder) {
  Ruleset r = Ruleset::worldAtPlay();
  for (const Change& c : oneChangePerKey()) c.apply(r);
  const std::string text = r.toString();
  ASSERT_TRUE(text.starts_with("worldatplay:")) << text;
  std::size_t previous = 0;
  for (const auto& key : kKeys) {
    const auto at = text.find(key + "=");
    ASSERT_NE(at, std::string::npos) << key;
    EXPECT_GT(at, previous) << key << " out of order in " << text;
    previous = at;
  }
  EXPECT_EQ(std::count(text.begin(), text.end(), ','), static_cast<long>(kKeys.size()) - 1);
  EXPECT_EQ(Ruleset::parse(text), r);
}

TEST(Ruleset, UnknownPresetIsNamed) {
  EXPECT_NE(parseError("classic").find("unknown ruleset preset 'classic'"), std::string::npos);
  EXPECT_NE(parseError("classic:quiet-moves=5").find("'classic'"), std::string::npos);
  EXPECT_NE(parseError("").find("preset ''"), std::string::npos);
  EXPECT_NE(parseError("HiddenFront").find("'HiddenFront'"), std::string::npos);
  // The message lists the presets that exist.
  const std::string m = parseError("classic");
  for (const auto& name : Ruleset::presetNames()) EXPECT_NE(m.find(name), std::string::npos) << m;
  EXPECT_THROW(Ruleset::byName("standard"), RulesetError);
}

TEST(Ruleset, UnknownKeyIsNamed) {
  EXPECT_NE(parseError("hiddenfront:foo=1").find("unknown ruleset option 'foo'"), std::string::npos);
  EXPECT_NE(parseError("hiddenfront:quiet-moves=5,count-tank=1").find("'count-tank'"), std::string::npos);
  EXPECT_NE(parseError("refereed:Quiet-Moves=5").find("'Quiet-Moves'"), std::string::npos);
}

TEST(Ruleset, BadValueIsNamedWithItsKey) {
  struct Case {
    std::string text, key, value;
  };
  const std::vector<Case> cases = {
      {"hiddenfront:quiet-moves=abc", "quiet-moves", "abc"},
      {"hiddenfront:quiet-moves=-1", "quiet-moves", "-1"},
      {"hiddenfront:quiet-moves=", "quiet-moves", ""},
      {"hiddenfront:quiet-moves=12x", "quiet-moves", "12x"},
      {"hiddenfront:quiet-moves=100001", "quiet-moves", "100001"},
      {"hiddenfront:agreed-draws=maybe", "agreed-draws", "maybe"},
      {"hiddenfront:agreed-draws=YES", "agreed-draws", "YES"},
      {"hiddenfront:centre-crossing=rail", "centre-crossing", "rail"},
      {"hiddenfront:count-bomb=26", "count-bomb", "26"},
      {"hiddenfront:landmine-rows=7", "landmine-rows", "7"},
      {"worldatplay:timeouts-to-forfeit=1001", "timeouts-to-forfeit", "1001"},
  };
  for (const Case& c : cases) {
    const std::string m = parseError(c.text);
    EXPECT_NE(m.find("'" + c.key + "'"), std::string::npos) << c.text << ": " << m;
    EXPECT_NE(m.find("'" + c.value + "'"), std::string::npos) << c.text << ": " << m;
  }
}

TEST(Ruleset, MissingEqualsIsNamed) {
  EXPECT_NE(parseError("hiddenfront:quiet-moves").find("'quiet-moves' has no '=value'"), std::string::npos);
  EXPECT_NE(parseError("hiddenfront:quiet-moves=5,resignation").find("'resignation'"), std::string::npos);
}

TEST(Ruleset, TooManyPiecesIsRejectedWithTheCount) {
  const std::string m = parseError("hiddenfront:count-engineer=4");
  EXPECT_NE(m.find("26 pieces"), std::string::npos) << m;
  EXPECT_NE(parseError("refereed:count-bomb=25").find("48 pieces"), std::string::npos);
  // Moving a piece from one identity to another keeps 25 and is fine.
  const Ruleset r = Ruleset::parse("hiddenfront:count-engineer=4,count-lieutenant=2");
  EXPECT_EQ(totalPieces(r.counts), 25);
  EXPECT_EQ(Ruleset::parse(r.toString()), r);
}

TEST(Ruleset, DescribeListsEveryField) {
  for (const auto& name : Ruleset::presetNames()) {
    const Ruleset r = Ruleset::byName(name);
    const std::string d = r.describe();
    EXPECT_TRUE(d.starts_with("preset = " + name + "\n")) << d;
    EXPECT_EQ(std::count(d.begin(), d.end(), '\n'), static_cast<long>(kKeys.size()) + 1);
    std::size_t previous = 0;
    for (const auto& key : kKeys) {
      const auto at = d.find("\n" + key + " ");
      ASSERT_NE(at, std::string::npos) << key;
      EXPECT_GT(at, previous) << key;
      previous = at;
      // Every line carries its meaning after '#'.
      const auto lineEnd = d.find('\n', at + 1);
      EXPECT_NE(d.substr(at, lineEnd - at).find(" # "), std::string::npos) << key;
    }
  }
}

// The value shown on a key's describe() line.
std::string describedValue(const Ruleset& r, const std::string& key) {
  const std::string d = r.describe();
  const auto at = d.find("\n" + key + " ");
  if (at == std::string::npos) return "?";
  const auto eq = d.find("= ", at);
  const auto end = d.find(' ', eq + 2);
  return d.substr(eq + 2, end - eq - 2);
}

TEST(Ruleset, DescribeShowsTheValuesInTheTextSyntax) {
  const Ruleset r = Ruleset::parse("refereed:quiet-moves=200,agreed-draws=yes,count-bomb=1");
  EXPECT_EQ(describedValue(r, "centre-crossing"), "road");
  EXPECT_EQ(describedValue(r, "quiet-moves"), "200");
  EXPECT_EQ(describedValue(r, "agreed-draws"), "yes");
  EXPECT_EQ(describedValue(r, "count-bomb"), "1");
  EXPECT_EQ(describedValue(r, "count-flag"), "1");
  EXPECT_EQ(describedValue(r, "marshal-reveals-flag"), "yes");
  EXPECT_EQ(describedValue(Ruleset::hiddenFront(), "centre-crossing"), "railway");
  EXPECT_EQ(describedValue(Ruleset::hiddenFront(), "move-seconds"), "30");
  // Each value shown can be given back as an override and changes nothing.
  for (const auto& key : kKeys) {
    const Ruleset back = Ruleset::parse("refereed:" + key + "=" + describedValue(r, key));
    EXPECT_EQ(describedValue(back, key), describedValue(r, key)) << key;
  }
}

}  // namespace
}  // namespace junqi
