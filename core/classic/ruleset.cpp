#include "core/classic/ruleset.h"

#include <functional>

#include <fmt/format.h>

#include "core/text.h"

namespace junqi {

namespace {

// One ruleset field as text: its key, meaning, and how to read and write it.
struct Field {
  std::string key;
  std::string_view meaning;
  std::string allowed;  // the values it takes, for error messages
  std::function<std::string(const Ruleset&)> get;
  std::function<bool(Ruleset&, std::string_view)> set;  // false: bad value
};

std::string yesNo(bool b) { return b ? "yes" : "no"; }

bool parseBool(std::string_view v, bool& out) {
  if (v == "yes" || v == "true" || v == "1") return out = true, true;
  if (v == "no" || v == "false" || v == "0") return out = false, true;
  return false;
}

bool parseCount(std::string_view v, int& out, int max) {
  const auto x = parseNumber(v, 0, static_cast<std::uint64_t>(max));
  if (!x) return false;
  out = static_cast<int>(*x);
  return true;
}

Field boolField(std::string key, std::string_view meaning, bool Ruleset::*member) {
  return {key, meaning, "yes or no", [member](const Ruleset& r) { return yesNo(r.*member); },
          [member](Ruleset& r, std::string_view v) { return parseBool(v, r.*member); }};
}

Field intField(std::string key, std::string_view meaning, int Ruleset::*member, int max) {
  return {key, meaning, fmt::format("a whole number from 0 to {}", max),
          [member](const Ruleset& r) { return std::to_string(r.*member); },
          [member, max](Ruleset& r, std::string_view v) { return parseCount(v, r.*member, max); }};
}

const std::vector<Field>& fields() {
  static const std::vector<Field> all = [] {
    std::vector<Field> f;
    f.push_back({"centre-crossing", "the C6-C7 front-line crossing: railway or road", "railway or road",
                 [](const Ruleset& r) { return std::string(r.centreCrossingRailway ? "railway" : "road"); },
                 [](Ruleset& r, std::string_view v) {
                   if (v != "railway" && v != "road") return false;
                   r.centreCrossingRailway = v == "railway";
                   return true;
                 }});
    for (int t = 0; t < kPieceTypes; ++t) {
      f.push_back({fmt::format("count-{}", typeName(typeFromIndex(t))), "pieces of this identity per side",
                   "a whole number from 0 to 25",
                   [t](const Ruleset& r) { return std::to_string(r.counts[t]); },
                   [t](Ruleset& r, std::string_view v) {
                     int n = 0;
                     if (!parseCount(v, n, 25)) return false;
                     r.counts[t] = static_cast<std::uint8_t>(n);
                     return true;
                   }});
    }
    f.push_back(intField("landmine-rows", "landmines start within this many back rows",
                         &Ruleset::landmineRows, 6));
    f.push_back(boolField("landmine-in-hq", "a landmine may start in a headquarters",
                          &Ruleset::landmineInHeadquarters));
    f.push_back(boolField("bomb-in-front-row", "a bomb may start in the front row",
                          &Ruleset::bombInFrontRow));
    f.push_back(boolField("hq-freezes", "a piece in a headquarters never moves again",
                          &Ruleset::headquartersFreeze));
    f.push_back(boolField("landmine-survives",
                          "a non-engineer attacking a landmine dies and the landmine stays (no: both removed)",
                          &Ruleset::landmineSurvivesAttack));
    f.push_back(boolField("marshal-reveals-flag", "losing the marshal shows that side's flag",
                          &Ruleset::marshalLossRevealsFlag));
    f.push_back(intField("quiet-moves", "moves without a fight (both sides counted) that draw; 0: never",
                         &Ruleset::quietMoveLimit, 100000));
    f.push_back(boolField("agreed-draws", "a player may offer a draw", &Ruleset::agreedDraws));
    f.push_back(intField("draw-cooldown", "moves before the same player may offer a draw again",
                         &Ruleset::drawOfferCooldown, 100000));
    f.push_back(boolField("resignation", "a player may resign", &Ruleset::resignation));
    f.push_back(intField("move-seconds", "time for one move; 0: untimed", &Ruleset::moveSeconds, 100000));
    f.push_back(intField("layout-seconds", "time to confirm a layout; 0: untimed",
                         &Ruleset::layoutSeconds, 100000));
    f.push_back(boolField("timeout-passes-turn", "a timeout passes the turn (no: it loses the game)",
                          &Ruleset::timeoutPassesTurn));
    f.push_back(intField("timeouts-to-forfeit", "with timeout-passes-turn, this timeout forfeits; 0: never",
                         &Ruleset::timeoutsToForfeit, 1000));
    f.push_back(intField("reconnect-seconds", "time to return after a disconnection",
                         &Ruleset::reconnectSeconds, 100000));
    return f;
  }();
  return all;
}

}  // namespace

// The struct's defaults are this preset. Its text is silent on the centre
// crossing; like ordinary practice and texts 001 and 004, it is railway here.
Ruleset Ruleset::hiddenFront() { return Ruleset{}; }

// The classic rule sets without a draw rule or clock.
static Ruleset untimedWithoutDraws(std::string preset) {
  Ruleset r;
  r.preset = std::move(preset);
  r.landmineInHeadquarters = true;
  r.landmineSurvivesAttack = true;
  r.marshalLossRevealsFlag = true;
  r.quietMoveLimit = 0;
  r.agreedDraws = false;
  r.moveSeconds = 0;
  r.layoutSeconds = 0;
  r.timeoutPassesTurn = false;
  r.timeoutsToForfeit = 0;
  r.reconnectSeconds = 0;
  return r;
}

Ruleset Ruleset::worldAtPlay() { return untimedWithoutDraws("worldatplay"); }

Ruleset Ruleset::refereed() {
  Ruleset r = untimedWithoutDraws("refereed");
  r.centreCrossingRailway = false;  // "The middle one is a road."
  return r;
}

std::vector<std::string> Ruleset::presetNames() { return {"hiddenfront", "worldatplay", "refereed"}; }

Ruleset Ruleset::byName(std::string_view preset) {
  if (preset == "hiddenfront") return hiddenFront();
  if (preset == "worldatplay") return worldAtPlay();
  if (preset == "refereed") return refereed();
  throw RulesetError(fmt::format("unknown ruleset preset '{}' (known: hiddenfront, worldatplay, refereed)",
                                 preset));
}

Ruleset Ruleset::parse(std::string_view text) {
  const auto colon = text.find(':');
  Ruleset r = byName(text.substr(0, colon));
  if (colon == std::string_view::npos) return r;
  std::string_view rest = text.substr(colon + 1);
  for (bool more = true; more;) {
    const auto comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    more = comma != std::string_view::npos;
    if (more) rest = rest.substr(comma + 1);
    if (item.empty()) throw RulesetError(fmt::format("ruleset '{}' has an empty option (check the commas)", text));
    const auto eq = item.find('=');
    if (eq == std::string_view::npos)
      throw RulesetError(fmt::format("ruleset option '{}' has no '=value'", item));
    const auto key = item.substr(0, eq), value = item.substr(eq + 1);
    bool known = false;
    for (const auto& f : fields()) {
      if (f.key != key) continue;
      known = true;
      if (!f.set(r, value))
        throw RulesetError(fmt::format("ruleset option '{}' cannot be '{}': it takes {}", key, value, f.allowed));
    }
    if (!known) throw RulesetError(fmt::format("unknown ruleset option '{}'", key));
  }
  if (totalPieces(r.counts) > 25)
    throw RulesetError(fmt::format("a side cannot have {} pieces: its half has 25 points outside camps",
                                   totalPieces(r.counts)));
  return r;
}

std::string Ruleset::toString() const {
  const Ruleset base = byName(preset);
  std::string out = preset;
  char sep = ':';
  for (const auto& f : fields()) {
    const auto mine = f.get(*this);
    if (mine == f.get(base)) continue;
    out += fmt::format("{}{}={}", sep, f.key, mine);
    sep = ',';
  }
  return out;
}

std::string Ruleset::describe() const {
  std::string out = fmt::format("preset = {}\n", preset);
  for (const auto& f : fields()) out += fmt::format("{:<22} = {:<8} # {}\n", f.key, f.get(*this), f.meaning);
  return out;
}

}  // namespace junqi
