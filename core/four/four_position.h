// FourPosition: a four-player game's board as the referee knows it (every
// identity). Four armies of 25 pieces on the cross (core/four/cross_board.h), in
// turn order south, east, north, west; south and north one team, east and
// west the other.
//
// An army whose flag is taken leaves the board with all its pieces at once;
// an army with no legal move when its turn comes leaves the same way, and the
// turn passes on. A team is beaten when both its armies are gone; one army may
// play on alone against two. Seventy moves in a row without a battle, counted
// across all armies, draw (FourRuleset::quietMoveLimit).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/combat.h"
#include "core/four/cross_topology.h"
#include "core/four/four_ruleset.h"
#include "core/classic/layout.h"
#include "core/move.h"
#include "core/outcome.h"
#include "core/classic/rules.h"

namespace junqi {

constexpr int kPiecesPerArmy = 25;
constexpr int kFourPieces = kArmies * kPiecesPerArmy;
// Pieces are numbered army by army: army a's are a * 25 .. a * 25 + 24.
constexpr int armyOfPiece(int piece) { return piece / kPiecesPerArmy; }

// What one move did.
struct FourMoveResult {
  Combat combat = Combat::None;
  PieceId attacker = kNoPiece, defender = kNoPiece;  // (defender: none for a quiet move)
  PieceType attackerType = PieceType::Flag, defenderType = PieceType::Flag;  // their identities (defender's: in a fight)
  int flagTakenFrom = -1;  // the army whose flag this move took (it has left the board), or -1
  std::uint8_t flagsShown = 0;  // bit a: army a's marshal fell in this battle, showing its flag
  std::uint8_t armiesLeft = 0;  // bit a: army a left the board during this move (flag taken or no move)
};

// One piece of a position written out piece by piece.
struct FourPiece {
  int army;
  PieceType type;
  int point;
};

// A position written out: its pieces (at most 25 an army, one a point; an
// army with none has left the board), the army to move and the counters.
struct FourSetup {
  std::vector<FourPiece> pieces;
  int toMove = 0;
  int quietMoves = 0;
  int ply = 0;
  std::uint8_t flagShown = 0;  // bit a: army a's marshal has fallen
};

class FourPosition {
 public:
  // Each army deploys its layout on its arm (the caller checks the layouts
  // against rules.army, core/classic/layout.h); south moves first.
  FourPosition(const FourRuleset& rules, const std::array<Layout, kArmies>& layouts);
  // A position written out. Throws std::invalid_argument naming the piece or
  // the counter at fault.
  FourPosition(const FourRuleset& rules, const FourSetup& setup);
  FourPosition(const FourRuleset& rules, const std::vector<FourPiece>& pieces, int toMove)
      : FourPosition(rules, FourSetup{pieces, toMove}) {}
  // The position written out, pieces army by army in point order.
  FourSetup setup() const;

  // The rules a position needs (the rest of FourRuleset is about what seats see).
  int quietMoveLimit() const { return quietMoveLimit_; }
  bool headquartersFreeze() const { return combat_->ruleset().headquartersFreeze; }
  int toMove() const { return toMove_; }
  bool armyIn(int army) const { return (armiesIn_ >> army) & 1; }
  bool teamIn(int team) const { return armyIn(team) || armyIn(team + 2); }
  int ply() const { return ply_; }
  int quietMoves() const { return quietMoves_; }
  // How the most recent army to leave the board left (FlagCaptured or Immobilised).
  Termination lastExit() const { return lastExit_; }
  // Has this army's marshal fallen (001: its flag is then shown to everyone)?
  bool flagShown(int army) const { return (flagShown_ >> army) & 1; }

  bool isEmpty(Square point) const { return pieceAt_[point] == kNoPiece; }
  PieceId pieceAt(Square point) const { return pieceAt_[point]; }
  PieceType typeOf(PieceId piece) const { return type_[piece]; }
  PieceType typeAt(Square point) const { return typeOf(pieceAt(point)); }
  int armyAt(Square point) const { return armyOfPiece(pieceAt(point)); }
  Square pointOf(PieceId piece) const { return point_[piece]; }  // kNoSquare once removed
  CrossBitboard occupied(int army) const { return occupied_[static_cast<std::size_t>(army)]; }
  CrossBitboard occupied() const { return occupied_[0] | occupied_[1] | occupied_[2] | occupied_[3]; }
  // Where landmines and flags stand (they never move), and engineers: the
  // move generator sorts pieces by these instead of reading each identity.
  CrossBitboard immobile() const { return immobile_; }
  CrossBitboard engineers() const { return engineers_; }
  Combat combat(PieceType attacker, PieceType defender) const { return combat_->combat(attacker, defender); }

  // Plays a legal move of the army to move, then passes the turn (removing
  // every army that has no legal move when its turn comes).
  FourMoveResult play(Move m);
  // A position written out may give the turn to an army without a legal
  // move, which play() never does: that army leaves now and the turn passes
  // on, as after a move. Otherwise (or once a team is gone) nothing changes.
  void settleTurn();

 private:
  explicit FourPosition(const FourRuleset& rules);
  void place(PieceId piece, PieceType type, Square point);
  void removePiece(PieceId piece);
  void removeArmy(int army, Termination why);
  void passTurn();

  const Rules* combat_;  // the two-army rules' combat table (interned: lives as long as the program)
  int quietMoveLimit_;
  std::array<PieceId, kCrossPoints> pieceAt_{};
  std::array<Square, kFourPieces> point_{};
  std::array<PieceType, kFourPieces> type_{};
  std::array<CrossBitboard, kArmies> occupied_{};
  CrossBitboard immobile_, engineers_;
  int toMove_ = 0;
  std::uint8_t armiesIn_ = 0xF;
  std::uint8_t flagShown_ = 0;
  int ply_ = 0;
  int quietMoves_ = 0;
  Termination lastExit_ = Termination::None;
};

// The end of a four-player game: a team with both armies gone loses (to the
// other team, `winner` holding its first army's seat: 0 south-north, 1
// east-west), by the way its last army left (Immobilised for a team that a
// position set up or read from text starts without); then the quiet-move draw.
struct FourOutcome {
  Termination reason = Termination::None;
  std::optional<int> winningTeam;
  bool isOver() const { return reason != Termination::None; }
};
FourOutcome fourOutcome(const FourPosition& pos);

}  // namespace junqi
