// FlipPosition: the board of a Flip Junqi game as both players see it.
//
// In Flip Junqi nothing is private: both players see the same board, and what
// nobody knows is the identity of each face-down piece, a draw from the pool
// of pieces not yet flipped. So this one value is the public state, every
// player's observation, and (with a deal, core/flip/flip_game.h) the referee's.
//
// Seats and colours are different things here. Seat 0 moves first; which
// colour each seat plays is decided by flips (FlipRuleset::colourChoice), and
// until then both may only flip and face-up pieces belong to nobody. A flip
// is the move from a face-down point to itself ("C3-C3", written "C3"); what
// it reveals is a chance outcome (`Identity`) given to flip().
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "core/bitboard.h"
#include "core/combat.h"
#include "core/flip/flip_ruleset.h"
#include "core/move.h"
#include "core/piece.h"
#include "core/square.h"
#include "core/classic/topology.h"

namespace junqi {

enum class Colour : std::uint8_t { Red = 0, Blue = 1 };
constexpr int kColours = 2;
constexpr int index(Colour c) { return static_cast<int>(c); }
constexpr Colour other(Colour c) { return c == Colour::Red ? Colour::Blue : Colour::Red; }

// A piece's identity: its colour and its rank.
struct Identity {
  Colour colour = Colour::Red;
  PieceType type = PieceType::Flag;
  bool operator==(const Identity&) const = default;
};

constexpr bool isFlip(Move m) { return m.from == m.to; }
constexpr Move flipAt(Square square) { return {square, square}; }
// "C3" for a flip, "C3-C4" for a move (docs/notation.md, "Flip positions").
inline std::string flipActionName(Move m) { return isFlip(m) ? squareName(m.from) : moveName(m); }

// What one action did, in full (both players see all of it).
struct FlipResult {
  Combat combat = Combat::None;
  std::optional<Identity> attacker, defender;  // a fight's two pieces
  bool flagCaptured = false;
  std::optional<Seat> coloursDecidedBy;  // this flip decided the colours
};

class FlipPosition {
 public:
  // Every point that is not a camp holds a face-down piece, the pool is both
  // full sets, seat 0 to move and colours undecided.
  explicit FlipPosition(const FlipRuleset& rules = FlipRuleset{});
  // An empty board with empty pools (for building positions).
  static FlipPosition empty(const FlipRuleset& rules);

  const FlipRuleset& rules() const { return *rules_; }
  const Topology& topology() const { return Topology::classic(true); }  // both texts: railway crossing
  Seat toMove() const { return toMove_; }
  int quietPlies() const { return quietPlies_; }  // turns since the last flip or fight
  int ply() const { return ply_; }
  std::optional<Seat> flagCapturedBy() const;

  // The colour a seat plays, once decided.
  std::optional<Colour> colourOf(Seat s) const;
  // The colour of the seat's latest flip before the colours were decided (001).
  std::optional<Colour> lastFlip(Seat s) const;
  // The seat that plays a colour, once decided.
  std::optional<Seat> seatOf(Colour c) const;

  Bitboard faceDown() const { return faceDown_; }
  Bitboard faceUp(Colour c) const { return faceUp_[index(c)]; }
  Bitboard occupied() const { return faceDown_ | faceUp_[0] | faceUp_[1]; }
  // Face-up pieces of one identity.
  Bitboard pieces(Colour c, PieceType t) const { return byType_[index(c)][typeIndex(t)]; }
  Bitboard engineers(Colour c) const { return pieces(c, PieceType::Engineer); }
  Bitboard immobile(Colour c) const { return pieces(c, PieceType::Landmine) | pieces(c, PieceType::Flag); }
  bool isEmpty(Square square) const { return cell_[square] == kEmptyCell; }
  bool isFaceDown(Square square) const { return cell_[square] == kFaceDownCell; }
  // The face-up piece on `square` (which must hold one).
  Identity identityAt(Square square) const {
    const int code = cell_[square] - 2;
    return {static_cast<Colour>(code / kPieceTypes), typeFromIndex(code % kPieceTypes)};
  }
  // Face-down pieces of a colour by identity, indexed by typeIndex.
  const PieceCounts& pool(Colour c) const { return pool_[index(c)]; }
  int poolSize() const { return popcount(faceDown_); }
  // The chance that a flip (of any face-down point) reveals `identity`: its
  // count in the pools over the face-down pieces, since every order of the
  // deal is equally likely and nothing tells the face-down pieces apart.
  double flipProbability(Identity identity) const {
    return poolSize() ? static_cast<double>(pool_[index(identity.colour)][typeIndex(identity.type)]) / poolSize() : 0.0;
  }
  // Landmines of a colour not yet removed, face up or face down.
  int landminesLeft(Colour c) const;

  // Building positions: a face-up piece, a face-down one (its identity goes to
  // the pool), the seat to move, the colours, the counters.
  void putFaceUp(Square square, Identity identity);
  void putFaceDown(Square square, Identity identity);
  void setToMove(Seat s) { toMove_ = s; }
  void setColours(std::optional<Colour> seatZero);
  void setLastFlip(Seat s, std::optional<Colour> c);
  void setCounters(int quietPlies, int ply) { quietPlies_ = quietPlies, ply_ = ply; }

  // Plays a legal action (flip_movegen.h decides legality). A flip needs the
  // identity it reveals, which must be in the pool.
  FlipResult flip(Square square, Identity revealed);
  FlipResult move(Move m);
  // Identities lost so far: the full sets less the pool and the face-up pieces.
  PieceCounts lost(Colour c) const;

  bool operator==(const FlipPosition& other) const;

 private:
  static constexpr std::uint8_t kEmptyCell = 0, kFaceDownCell = 1;
  static constexpr std::uint8_t cellOf(Identity id) {
    return static_cast<std::uint8_t>(2 + index(id.colour) * kPieceTypes + typeIndex(id.type));
  }
  void remove(Square square);
  void place(Square square, Identity id);
  void endTurn(bool quiet);
  void decideColours(Seat flipper, Colour revealed, FlipResult& result);

  const FlipRuleset* rules_;
  std::array<std::uint8_t, kSquares> cell_{};
  std::array<Bitboard, kColours> faceUp_{};
  std::array<std::array<Bitboard, kPieceTypes>, kColours> byType_{};  // face up
  Bitboard faceDown_ = 0;
  std::array<PieceCounts, kColours> pool_{};
  Seat toMove_ = Seat::Red;
  std::int8_t seatZeroColour_ = -1;  // -1: undecided
  std::array<std::int8_t, 2> lastFlip_{-1, -1};
  std::int8_t flagCapturedBy_ = -1;
  std::uint16_t quietPlies_ = 0;
  std::uint16_t ply_ = 0;
};

// The interned copy of a ruleset: positions hold a plain pointer to it.
const FlipRuleset& internFlipRuleset(const FlipRuleset& rules);

}  // namespace junqi
