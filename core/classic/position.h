// Position: the full state of a game board, with every identity known.
//
// This is the referee's view (and a determinization's): pieces, side to move
// and the counters the rules need. Agents never receive one; they receive an
// observation built from it (core/classic/observation.h). It is a small value type,
// copied freely by search.
//
// Pieces keep a stable id for the whole game: Red's are 0..24 and Blue's
// 25..49, numbered in the order of their layout's relative points.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "core/bitboard.h"
#include "core/combat.h"
#include "core/classic/layout.h"
#include "core/move.h"
#include "core/classic/rules.h"

namespace junqi {

constexpr int kMaxPiecesPerSide = 25;
constexpr int kMaxPieces = 2 * kMaxPiecesPerSide;
constexpr Seat sideOfPiece(PieceId piece) { return piece < kMaxPiecesPerSide ? Seat::Red : Seat::Blue; }
// The k-th piece of `side` (0 <= k < 25).
constexpr PieceId pieceOf(Seat side, int k) { return PieceId(index(side) * kMaxPiecesPerSide + k); }

// What one move did, in full (the referee's knowledge).
struct MoveResult {
  Combat combat = Combat::None;
  PieceId attacker = kNoPiece;
  PieceId defender = kNoPiece;  // kNoPiece when the move was not an attack
  bool flagCaptured = false;         // the defender was the flag
};

class Position {
 public:
  explicit Position(const Rules& rules = Rules::standard());  // an empty board, Red to move
  // The start of a game. Layouts are assumed valid (see validateLayout).
  static Position fromLayouts(const Rules& rules, const Layout& red, const Layout& blue);

  const Rules& rules() const { return *rules_; }
  Seat sideToMove() const { return sideToMove_; }
  int quietPlies() const { return quietPlies_; }  // moves since the last fight
  int ply() const { return ply_; }                // moves and passes since the start
  std::optional<Seat> flagCapturedBy() const;

  Bitboard occupied(Seat s) const { return occupied_[index(s)]; }
  Bitboard occupied() const { return occupied_[0] | occupied_[1]; }
  // Pieces of `s` that may move now: not landmines or the flag, not frozen.
  Bitboard movable(Seat s) const { return occupied_[index(s)] & ~immobile_[index(s)] & ~rules_->frozenSquares(); }
  Bitboard engineers(Seat s) const { return engineers_[index(s)]; }

  bool isEmpty(Square square) const { return pieceAt_[square] == kNoPiece; }
  PieceId pieceAt(Square square) const { return pieceAt_[square]; }  // id or kNoPiece
  PieceType typeAt(Square square) const { return type_[pieceAt_[square]]; }   // square must be occupied
  Seat sideAt(Square square) const { return sideOfPiece(pieceAt_[square]); }  // square must be occupied

  PieceType typeOf(PieceId piece) const { return type_[piece]; }
  Square squareOf(PieceId piece) const { return square_[piece]; }  // kNoSquare once removed
  bool isAlive(PieceId piece) const { return square_[piece] != kNoSquare; }
  int pieceCount(Seat s) const { return pieceCount_[index(s)]; }  // ids in use, removed included

  // Adds a piece (for building positions); returns its id. The point must be
  // empty; kNoSquare adds a piece already lost (it keeps its id).
  PieceId addPiece(Seat side, PieceType type, Square square);
  // Gives a piece another identity (determinizations fill in hidden ranks this way).
  void setType(PieceId piece, PieceType type);
  void setSideToMove(Seat s) { sideToMove_ = s; }
  void setCounters(int quietPlies, int ply) { quietPlies_ = quietPlies, ply_ = ply; }

  // Plays a legal move (the caller guarantees legality: see movegen.h).
  MoveResult play(Move m);
  // The side to move loses its turn (a timeout): counts as a quiet move.
  void pass();

  // Same pieces on the same points, same side to move and counters.
  bool samePlacement(const Position& other) const;

 private:
  void removePiece(PieceId piece);
  void movePiece(PieceId piece, Square from, Square to);

  const Rules* rules_;
  std::array<Bitboard, kSeats> occupied_{};
  std::array<Bitboard, kSeats> immobile_{};   // landmines and the flag
  std::array<Bitboard, kSeats> engineers_{};
  std::array<PieceId, kSquares> pieceAt_;
  std::array<PieceType, kMaxPieces> type_{};
  std::array<Square, kMaxPieces> square_;
  std::array<std::uint8_t, kSeats> pieceCount_{};
  Seat sideToMove_ = Seat::Red;
  std::int8_t flagCapturedBy_ = -1;
  std::uint16_t quietPlies_ = 0;
  std::uint16_t ply_ = 0;
};

}  // namespace junqi
