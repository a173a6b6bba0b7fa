// One game of a variant under test, type-erased (OpenSpiel's State is the
// model): the suite's checks (conformance_checks.h) drive every variant
// through this and nothing else, so that one set of tests covers them all.
// Each variant's driver holds its own referee (Game, FlipGame, FourGame) and
// its own independent slow generator (tests/support/*reference*).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/outcome.h"
#include "core/random.h"

namespace junqi::conformance {

// What a batch of random games went through, so the suite can say it was
// exercised (a suite whose games all end at once proves little).
struct Tally {
  int games = 0, plies = 0, fights = 0, drawOffers = 0, leakageChecks = 0;
  int decided = 0, drawn = 0, capped = 0;
};

class GameDriver {
 public:
  virtual ~GameDriver() = default;

  // The engine's legal actions for the seat to move, as generated (a flip is
  // a move from a point to itself).
  virtual std::vector<Move> moves() const = 0;
  // The same by the slow generator written from the rule texts, in any order.
  virtual std::vector<Move> slowMoves() const = 0;
  // Plays one random action: one of `moves` (its chance outcome, for a flip,
  // from the game's deal) or, where the rules have them, now and then a draw
  // offer or a resignation. Then checks the properties that hold after every
  // action: never two pieces on a point, pieces only leave, the referee's
  // outcome is the board's. Returns the first problem, empty when none.
  virtual std::string step(const std::vector<Move>& moves, Rng& rng, Tally& tally) = 0;
  // The properties of any position (run at the start).
  virtual std::string inconsistency() const = 0;

  virtual bool isOver() const = 0;
  // The winner is a seat of the winning team.
  virtual Outcome outcome() const = 0;
  virtual void adjudicateDraw() = 0;
  virtual int ply() const = 0;

  // perft of the current position by the engine and by the slow generator.
  virtual std::uint64_t perft(int depth) const = 0;
  virtual std::uint64_t slowPerft(int depth) const = 0;

  // The game's record names its variant, reads back, replays to the same
  // position and outcome and writes the same text again.
  virtual std::string recordProblem() const = 0;
  // No seat's view changes when what it cannot see does (each check counted).
  virtual std::string leakageProblem(Rng& rng, Tally& tally) const = 0;

  // For messages: the position and an action in the variant's notation.
  virtual std::string positionText() const = 0;
  virtual std::string actionName(Move m) const = 0;
};

using DriverPtr = std::unique_ptr<GameDriver>;

}  // namespace junqi::conformance
