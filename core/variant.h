// Variant: which game of the rule texts is played. The level above Ruleset: a
// variant names the game and says what a ruleset does not, namely its board,
// its seats and their teams, how the pieces reach the board (each player
// deploys a layout, or chance deals them face down) and which rule presets
// play it. The classic two-player game is one variant; Flip Junqi and
// four-player Junqi add theirs (docs/architecture.md, "How to add a variant").
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/board_geometry.h"
#include "core/outcome.h"
#include "core/classic/ruleset.h"

namespace junqi {

// How the pieces reach the board.
enum class Deployment : std::uint8_t {
  Layout,        // each seat arranges its own pieces in its home (the classic game)
  FaceDownDeal,  // a chance event deals every piece face down (Flip Junqi)
};

// One seat at the table.
struct SeatSpec {
  std::string name;  // "red": records, the bot protocol and messages use it
  int team = 0;      // seats of one team win and lose together
};

class Variant {
 public:
  // The classic two-player game (shared/seeds 000, 001, 003).
  static const Variant& classic();
  // Flip Junqi (docs/rules.md §14): seats "1" and "2" as its records name
  // them; which colour each plays is decided by flips, not by the seat.
  static const Variant& flip();
  // Four-player Junqi (docs/rules.md §15): the armies south, east, north,
  // west in turn order; south and north one team, east and west the other.
  static const Variant& four();
  // Throws VariantError naming the unknown name and the known ones.
  static const Variant& byName(std::string_view name);
  // The variant one of whose presets a ruleset is (classic rulesets only).
  static const Variant& of(const Ruleset& ruleset);
  // The variant with this preset, for every preset of every variant; throws
  // VariantError naming the unknown preset and every variant's presets.
  static const Variant& ofPreset(std::string_view preset);
  static std::vector<std::string> names();

  const std::string& name() const { return name_; }
  const std::string& summary() const { return summary_; }
  Deployment deployment() const { return deployment_; }

  int seatCount() const { return static_cast<int>(seats_.size()); }
  const SeatSpec& seat(Seat s) const { return seats_.at(index(s)); }
  // A seat by its name; throws VariantError naming the name and the seats.
  Seat parseSeat(std::string_view name) const;
  int teamCount() const { return teamCount_; }
  int team(Seat s) const { return seat(s).team; }
  // Two seats on opposite teams: the search's two-player zero-sum fast path applies.
  bool isTwoSeatZeroSum() const { return seatCount() == 2 && teamCount_ == 2; }

  // The rule presets of this game, the first the default.
  const std::vector<std::string>& presets() const { return presets_; }
  // The classic game's default Ruleset. Another game's rules are another type
  // (FlipRuleset, FourRuleset): for those it throws VariantError saying so.
  Ruleset defaultRuleset() const;
  bool hasPreset(std::string_view preset) const;
  // Throws VariantError when the ruleset is a preset of another game.
  void check(const Ruleset& ruleset) const;

  // The board a classic ruleset plays on; throws VariantError for a ruleset
  // of another game.
  const BoardGeometry& board(const Ruleset& ruleset) const;
  // The board of the game's default preset: the classic board with the centre
  // crossing its default preset says, Flip Junqi's (every front-line crossing
  // a railway, as FlipPosition::topology), the four-player cross.
  const BoardGeometry& board() const;

  // One return per seat (OpenSpiel's Returns()), scored by team: +1 for every
  // seat of the winner's team, -1 for every other seat, 0 for all in a draw or
  // while the game goes on. Zero-sum between the teams.
  std::vector<double> returns(const Outcome& outcome) const;

 private:
  // A board by the classic ruleset (nullptr: the default preset's).
  using BoardOf = const BoardGeometry& (*)(const Ruleset*);
  Variant(std::string name, std::string summary, Deployment deployment, std::vector<SeatSpec> seats,
          std::vector<std::string> presets, BoardOf board);
  static const std::vector<const Variant*>& all();

  std::string name_;
  std::string summary_;
  Deployment deployment_;
  std::vector<SeatSpec> seats_;
  int teamCount_ = 0;
  std::vector<std::string> presets_;
  BoardOf board_;
};

struct VariantError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace junqi
