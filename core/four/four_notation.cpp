#include "core/four/four_notation.h"

#include <array>
#include <stdexcept>

#include <fmt/format.h>

#include "core/four/cross_board.h"
#include "core/classic/notation.h"
#include "core/text.h"

namespace junqi {

namespace {

constexpr std::array<std::string_view, kArmies> kArmyNames = {"south", "east", "north", "west"};

[[noreturn]] void fail(const std::string& why) { throw NotationError("four-player position: " + why); }

// "FH1,MI4" into pieces of `army`; with `unseen`, "?K2" is a piece whose
// identity the seat does not see (its point is set there).
void parseArmy(int army, std::string_view text, std::vector<FourPiece>& out, CrossBitboard* unseen) {
  if (text == "-") return;
  for (const std::string_view item : split(text, ',')) {
    const std::string where = fmt::format("{}'s piece '{}'", armyName(army), item);
    if (item.size() < 3) fail(where + ": write a symbol then a point, like FH1");
    const bool hidden = unseen && item[0] == '?';
    const auto type = hidden ? std::optional<PieceType>(PieceType::Flag) : parseTypeSymbol(item[0]);
    if (!type) fail(fmt::format("{}: unknown piece symbol '{}'", where, item[0]));
    const auto point = crossBoard().point(item.substr(1));
    if (!point) fail(fmt::format("{}: '{}' is not a point of the cross", where, item.substr(1)));
    if (hidden) *unseen |= CrossBitboard::bit(*point);
    out.push_back({army, *type, *point});
  }
}

int parseCounter(std::string_view text, const char* what) {
  const auto n = parseNumber(text, 0, 1000000);
  if (!n) fail(fmt::format("the {} must be a number, not '{}'", what, text));
  return static_cast<int>(*n);
}

}  // namespace

std::string_view armyName(int army) { return kArmyNames.at(static_cast<std::size_t>(army)); }

int parseArmyName(std::string_view name) {
  for (int a = 0; a < kArmies; ++a)
    if (kArmyNames[static_cast<std::size_t>(a)] == name) return a;
  return -1;
}

bool isFourPositionText(std::string_view text) { return text.starts_with("four "); }

std::string formatFourPosition(const FourPosition& pos) { return formatFourSetup(pos.setup()); }

std::string formatFourSetup(const FourSetup& s, CrossBitboard unseen) {
  std::array<std::string, kArmies> armies;
  for (const FourPiece& p : s.pieces) {
    std::string& list = armies[static_cast<std::size_t>(p.army)];
    if (!list.empty()) list += ',';
    list += unseen.contains(p.point) ? '?' : typeSymbol(p.type);
    list += crossBoard().pointName(p.point);
  }
  std::string shown;
  for (int a = 0; a < kArmies; ++a) {
    if (!(s.flagShown >> a & 1)) continue;
    if (!shown.empty()) shown += ',';
    shown += armyName(a);
  }
  for (std::string& list : armies)
    if (list.empty()) list.assign(1, '-');
  return fmt::format("four {}/{}/{}/{} {} {} {} {}", armies[0], armies[1], armies[2], armies[3], armyName(s.toMove),
                     s.quietMoves, s.ply, shown.empty() ? "-" : shown);
}

FourPosition parseFourPosition(std::string_view text, const FourRuleset& rules) {
  const FourSetup setup = parseFourSetup(text);
  try {
    return FourPosition(rules, setup);
  } catch (const std::invalid_argument& e) {
    fail(e.what());
  }
}

FourSetup parseFourSetup(std::string_view text, CrossBitboard* unseen) {
  const std::vector<std::string_view> fields = words(text);
  if (fields.size() != 6 || fields[0] != "four")
    fail(fmt::format("expected 'four <south>/<east>/<north>/<west> <to move> <quiet> <ply> <shown>', got '{}'", text));
  const std::vector<std::string_view> armies = split(fields[1], '/');
  if (armies.size() != kArmies) fail(fmt::format("expected four armies separated by '/', got {}", armies.size()));
  FourSetup setup;
  for (int a = 0; a < kArmies; ++a) parseArmy(a, armies[static_cast<std::size_t>(a)], setup.pieces, unseen);
  setup.toMove = parseArmyName(fields[2]);
  if (setup.toMove < 0) fail(fmt::format("the army to move is south, east, north or west, not '{}'", fields[2]));
  setup.quietMoves = parseCounter(fields[3], "quiet-move count");
  setup.ply = parseCounter(fields[4], "ply");
  if (fields[5] != "-")
    for (const std::string_view name : split(fields[5], ',')) {
      const int army = parseArmyName(name);
      if (army < 0) fail(fmt::format("shown flags: '{}' is no army", name));
      setup.flagShown |= static_cast<std::uint8_t>(1u << army);
    }
  return setup;
}

}  // namespace junqi
