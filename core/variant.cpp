#include "core/variant.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/classic_board.h"

namespace junqi {

namespace {

const BoardGeometry& classicBoardOf(const Ruleset& ruleset) { return classicBoard(ruleset.centreCrossingRailway); }

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

std::vector<std::string> Variant::names() { return {classic().name()}; }

const Variant& Variant::byName(std::string_view name) {
  if (name == classic().name()) return classic();
  throw VariantError(fmt::format("unknown variant '{}' (known: {})", name, fmt::join(names(), ", ")));
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

bool Variant::hasPreset(std::string_view preset) const {
  return std::find(presets_.begin(), presets_.end(), preset) != presets_.end();
}

void Variant::check(const Ruleset& ruleset) const {
  if (!hasPreset(ruleset.preset))
    throw VariantError(fmt::format("ruleset '{}' is not a preset of {} (presets: {})", ruleset.preset, name_,
                                   fmt::join(presets_, ", ")));
}

const BoardGeometry& Variant::board(const Ruleset& ruleset) const { return board_(ruleset); }

std::vector<double> Variant::returns(const Outcome& outcome) const {
  std::vector<double> r(seats_.size(), 0.0);
  if (!outcome.isOver() || !outcome.winner) return r;
  const int winners = team(*outcome.winner);
  for (std::size_t i = 0; i < seats_.size(); ++i) r[i] = seats_[i].team == winners ? 1.0 : -1.0;
  return r;
}

}  // namespace junqi
