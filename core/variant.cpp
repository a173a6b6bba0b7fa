#include "core/variant.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/classic/classic_board.h"
#include "core/four/cross_board.h"
#include "core/flip/flip_ruleset.h"
#include "core/four/four_notation.h"
#include "core/four/four_ruleset.h"

namespace junqi {

namespace {

const BoardGeometry& classicBoardOf(const Ruleset* ruleset) {
  return classicBoard(ruleset ? ruleset->centreCrossingRailway
                              : Variant::classic().defaultRuleset().centreCrossingRailway);
}
// Both Flip Junqi texts make every front-line crossing a railway.
const BoardGeometry& flipBoardOf(const Ruleset*) { return classicBoard(true); }
const BoardGeometry& fourBoardOf(const Ruleset*) { return crossBoard(); }

std::vector<SeatSpec> fourSeats() {
  std::vector<SeatSpec> seats;
  for (int army = 0; army < kArmies; ++army) seats.push_back({std::string(armyName(army)), teamOfArmy(army)});
  return seats;
}

}  // namespace

Variant::Variant(std::string name, std::string summary, Deployment deployment, std::vector<SeatSpec> seats,
                 std::vector<std::string> presets, BoardOf board)
    : name_(std::move(name)),
      summary_(std::move(summary)),
      deployment_(deployment),
      seats_(std::move(seats)),
      presets_(std::move(presets)),
      board_(board) {
  for (const SeatSpec& s : seats_) teamCount_ = std::max(teamCount_, s.team + 1);
}

const Variant& Variant::classic() {
  static const Variant variant("classic", "two players deploy 25 pieces each and play on the 60-point board",
                               Deployment::Layout, {{"red", 0}, {"blue", 1}}, Ruleset::presetNames(),
                               classicBoardOf);
  return variant;
}

const Variant& Variant::flip() {
  static const Variant variant("flip", "the 50 pieces dealt face down, flipped or moved in turn",
                               Deployment::FaceDownDeal, {{"1", 0}, {"2", 1}}, FlipRuleset::presetNames(),
                               flipBoardOf);
  return variant;
}

const Variant& Variant::four() {
  static const Variant variant("four", "four armies on the 129-point cross", Deployment::Layout, fourSeats(),
                               FourRuleset::presetNames(), fourBoardOf);
  return variant;
}

const std::vector<const Variant*>& Variant::all() {
  static const std::vector<const Variant*> variants = {&classic(), &flip(), &four()};
  return variants;
}

std::vector<std::string> Variant::names() {
  std::vector<std::string> out;
  for (const Variant* v : all()) out.push_back(v->name());
  return out;
}

const Variant& Variant::byName(std::string_view name) {
  for (const Variant* v : all())
    if (v->name() == name) return *v;
  throw VariantError(fmt::format("unknown variant '{}' (known: {})", name, fmt::join(names(), ", ")));
}

const Variant& Variant::ofPreset(std::string_view preset) {
  std::vector<std::string> known;
  for (const Variant* v : all()) {
    if (v->hasPreset(preset)) return *v;
    known.push_back(fmt::format("{}: {}", v->name(), fmt::join(v->presets(), ", ")));
  }
  throw VariantError(fmt::format("unknown preset '{}' (known: {})", preset, fmt::join(known, "; ")));
}

const Variant& Variant::of(const Ruleset& ruleset) {
  // Today every preset is a classic one; Ruleset::byName rejects any other.
  classic().check(ruleset);
  return classic();
}

Seat Variant::parseSeat(std::string_view name) const {
  std::vector<std::string> known;
  for (int i = 0; i < seatCount(); ++i) {
    if (seats_[i].name == name) return seatFromIndex(i);
    known.push_back(seats_[i].name);
  }
  throw VariantError(fmt::format("{} has no seat '{}' (seats: {})", name_, name, fmt::join(known, ", ")));
}

Ruleset Variant::defaultRuleset() const {
  if (this != &classic())
    throw VariantError(fmt::format("variant '{}': its rules are not a classic Ruleset (its default preset is '{}')", name_,
                                   presets_.front()));
  return Ruleset::byName(presets_.front());
}

bool Variant::hasPreset(std::string_view preset) const {
  return std::find(presets_.begin(), presets_.end(), preset) != presets_.end();
}

void Variant::check(const Ruleset& ruleset) const {
  if (!hasPreset(ruleset.preset))
    throw VariantError(fmt::format("ruleset '{}' is not a preset of {} (presets: {})", ruleset.preset, name_,
                                   fmt::join(presets_, ", ")));
}

const BoardGeometry& Variant::board(const Ruleset& ruleset) const {
  check(ruleset);
  return board_(&ruleset);
}

const BoardGeometry& Variant::board() const { return board_(nullptr); }

std::vector<double> Variant::returns(const Outcome& outcome) const {
  std::vector<double> r(seats_.size(), 0.0);
  if (!outcome.isOver() || !outcome.winner) return r;
  const int winners = team(*outcome.winner);
  for (std::size_t i = 0; i < seats_.size(); ++i) r[i] = seats_[i].team == winners ? 1.0 : -1.0;
  return r;
}

}  // namespace junqi
