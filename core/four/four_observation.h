// What one army's seat sees of a four-player game (001: "What you can see
// comes in three kinds: only your own army, your ally's as well, or all four.
// In each of them a battle announces only its result, and a fallen field
// marshal shows that army's flag to everyone.")
//
// Everyone sees where every piece stands and whose army it is, every move,
// each battle's result (which of the two pieces left) and the flags that
// fallen marshals showed. Identities are seen by the visibility mode: the
// seat's own army's always, its ally's too under `team`, all four under `all`.
// An agent is given this and nothing else.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/four/four_game.h"

namespace junqi {

// Does the seat of army `seat` see the identities of `army`'s pieces under `v`?
bool seesArmy(int seat, int army, Visibility v);

// A move as one seat saw it: what everyone sees (the move, the battle's
// result, a flag taken, flags shown, armies gone), and the identities of the
// two pieces where the seat sees their armies (its own always).
struct FourPublicMove {
  int army;
  Move move;
  Combat combat;
  int flagTakenFrom;
  std::uint8_t flagsShown = 0;  // bit a: army a's marshal fell here
  std::uint8_t armiesLeft = 0;  // bit a: army a left the board during this move
  std::optional<PieceType> attackerType, defenderType;  // in a battle only
};

// One move as text (docs/protocol.md, "Four-player Junqi"):
//   <army> <from>-<to> <combat> [<attacker>x<defender>] [flag-taken:<army>] [shown:<armies>] [left:<armies>]
// combat as in records ("none" for a quiet move); the identities of a battle
// by symbol, '?' where not seen; armies comma-separated.
std::string formatFourPublicMove(const FourPublicMove& m);
// Throws NotationError naming what is wrong.
FourPublicMove parseFourPublicMove(std::string_view text);

class FourObservation {
 public:
  // The seat of `army` in `pos`, reached by the moves of `history`.
  static FourObservation of(const FourPosition& pos, const std::vector<FourPlayedMove>& history, int army,
                            Visibility visibility);
  static FourObservation of(const FourGame& game, int army) {
    return of(game.position(), game.history(), army, game.rules().visibility);
  }
  // The seat of `army` from its board as text (boardText()) and the moves it
  // saw (as a bot is told them, docs/protocol.md). Throws NotationError.
  static FourObservation fromText(int army, Visibility visibility, std::string_view board,
                                  std::vector<FourPublicMove> history);

  int army() const { return army_; }
  Visibility visibility() const { return visibility_; }
  int toMove() const { return board_.toMove(); }
  bool armyIn(int army) const { return board_.armyIn(army); }
  int quietMoves() const { return board_.quietMoves(); }
  int ply() const { return board_.ply(); }
  bool flagShown(int army) const { return board_.flagShown(army); }
  // The army whose piece stands on `point`, or -1.
  int armyAt(Square point) const { return board_.isEmpty(point) ? -1 : board_.armyAt(point); }
  CrossBitboard occupied(int army) const { return board_.occupied(army); }
  // The identity of the piece on `point`, when this seat sees it.
  std::optional<PieceType> typeAt(Square point) const;
  const std::vector<FourPublicMove>& history() const { return history_; }
  // The legal moves of the army to move, when it is this seat's.
  void legalMoves(MoveList& out) const;
  // The board as the seat sees it: a four-player position with '?' for
  // every identity it does not see (docs/notation.md).
  std::string boardText() const;
  // The board as the seat sees it: every identity it does not see is a
  // stand-in (a lieutenant) that nothing should read (nets/four/four_encoding.h
  // reads the identities of the armies the seat sees, and shown flags).
  const FourPosition& board() const { return board_; }
  // Everything the observation holds, as text: equal texts, equal observations.
  std::string toString() const;

 private:
  FourObservation(int army, Visibility visibility, FourPosition board, CrossBitboard seen)
      : army_(army), visibility_(visibility), board_(std::move(board)), seen_(seen) {}

  int army_;
  Visibility visibility_;
  // The board with every identity the seat does not see replaced by kUnseen:
  // the move generator reads only the mover's own identities, which it sees.
  FourPosition board_;
  CrossBitboard seen_;  // the points whose identity the seat sees
  std::vector<FourPublicMove> history_;
};

}  // namespace junqi
