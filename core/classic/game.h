// Game: the referee. It holds the full position and applies every action the
// rules offer a player (move, draw offer and answer, resignation) and the
// clock events the match harness reports (a timeout), keeps the history, and
// decides when and how the game ends.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/classic/layout.h"
#include "core/classic/movegen.h"
#include "core/outcome.h"
#include "core/classic/position.h"

namespace junqi {

enum class ActionType : std::uint8_t { Move, Timeout, OfferDraw, AcceptDraw, DeclineDraw, Resign };

struct Action {
  ActionType type = ActionType::Move;
  Seat side = Seat::Red;  // who acts (a draw offer or resignation may come out of turn)
  Move move{};            // for ActionType::Move

  static Action makeMove(Seat s, Move m) { return {ActionType::Move, s, m}; }
  static Action timeout(Seat s) { return {ActionType::Timeout, s, {}}; }
  static Action offerDraw(Seat s) { return {ActionType::OfferDraw, s, {}}; }
  static Action acceptDraw(Seat s) { return {ActionType::AcceptDraw, s, {}}; }
  static Action declineDraw(Seat s) { return {ActionType::DeclineDraw, s, {}}; }
  static Action resign(Seat s) { return {ActionType::Resign, s, {}}; }
  bool operator==(const Action&) const = default;
};

// One applied action and everything it caused.
struct ActionRecord {
  int ply = 0;  // the position's ply when the action was taken
  Action action;
  MoveResult result;                    // moves only
  MovePath path = MovePath::Step;       // moves only
  PieceType attackerType = PieceType::Flag, defenderType = PieceType::Flag;  // fights only
  std::array<bool, kSeats> marshalLost{};    // the side's marshal left the board
  std::array<bool, kSeats> flagRevealed{};   // ...and the ruleset shows its flag
  bool offerLapsed = false;                  // a pending draw offer lapsed
};

// Does this timeout (the side's `timeoutsSoFar`-th, counting it) lose the game?
bool timeoutForfeits(const Ruleset& ruleset, int timeoutsSoFar);

struct IllegalAction : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Game {
 public:
  // Throws IllegalAction naming the side, piece, point and rule when a layout is invalid.
  Game(const Ruleset& ruleset, const Layout& red, const Layout& blue);
  // A game from an arbitrary position (puzzles, tests); no layouts are kept.
  explicit Game(const Position& start);

  const Rules& rules() const { return position_.rules(); }
  const Position& position() const { return position_; }
  const Position& start() const { return start_; }
  // The side's layout, for a game started from layouts.
  const std::optional<Layout>& layout(Seat s) const { return layouts_[index(s)]; }
  const Outcome& outcome() const { return outcome_; }
  bool isOver() const { return outcome_.isOver(); }
  const std::vector<ActionRecord>& history() const { return history_; }

  std::optional<Seat> pendingDrawOffer() const { return drawOfferBy_; }
  int timeouts(Seat s) const { return timeouts_[index(s)]; }
  bool flagRevealed(Seat s) const { return flagRevealed_[index(s)]; }

  // Empty when the action is legal now, else why not, in one sentence.
  std::optional<std::string> whyIllegal(const Action& action) const;
  // Applies a legal action; throws IllegalAction (and changes nothing) otherwise.
  const ActionRecord& apply(const Action& action);

  // Ends the game by a decision outside the rules (the match harness).
  void forfeit(Seat loser) { end({Termination::Forfeit, opposite(loser)}); }
  void adjudicateDraw() { end({Termination::Adjudicated, std::nullopt}); }

 private:
  void end(Outcome o);
  void afterTurn(Seat mover, ActionRecord& record);

  std::array<std::optional<Layout>, kSeats> layouts_;
  Position start_;
  Position position_;
  Outcome outcome_;
  std::vector<ActionRecord> history_;
  std::optional<Seat> drawOfferBy_;
  std::array<int, kSeats> lastOfferPly_{-1, -1};
  std::array<int, kSeats> timeouts_{};
  std::array<bool, kSeats> flagRevealed_{};
};

}  // namespace junqi
