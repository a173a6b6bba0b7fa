// Observation: what one seat has seen of a game, and nothing more.
//
// The referee (Game) holds the truth. Each seat gets an Observation built from
// the public history of the game (where every piece started, every action and
// the result both players were told) and the seat's own identities. Nothing in
// this class stores an enemy identity the seat has not been shown: the enemy's
// pieces are points with stable ids, and the only enemy identity an
// observation can contain is a flag the ruleset showed (after the marshal's
// loss) or, once the game is over, whatever the harness reveals separately.
// Agents receive an InfoState (info_state.h), which is built on this.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/classic/game.h"
#include "core/classic/movegen.h"

namespace junqi {

// What one action showed both players.
struct PublicEvent {
  int ply = 0;  // the position's ply when the action was taken
  ActionType type = ActionType::Move;
  Seat side = Seat::Red;  // who acted
  Move move{};
  MovePath path = MovePath::Step;  // how the move travelled (a turn shows an engineer)
  Combat combat = Combat::None;
  PieceId mover = kNoPiece;  // the target is kNoPiece for a quiet move
  PieceId target = kNoPiece;
  bool flagCaptured = false;
  // The flag a side's marshal loss showed in this action (its piece id), per side.
  std::array<PieceId, kSeats> flagShown{kNoPiece, kNoPiece};
  bool operator==(const PublicEvent&) const = default;
};

// The event both players saw for the game's history entry `i` (the referee's view in, the public view out).
PublicEvent publicEvent(const Game& game, std::size_t i);

class Observation {
 public:
  // The seat's view of a game so far (the referee builds it).
  static Observation of(const Game& game, Seat seat);
  // The seat's view at a deployment, built by the seat itself (a bot): its own
  // layout, and the points where the enemy's pieces started (public).
  static Observation atDeployment(const Ruleset& ruleset, Seat seat, const Layout& own, Bitboard enemyStart);
  // The view a seat would have with these own identities, given the public part
  // of `other` (the seat must be the other side of `other`'s seat or the same).
  // Search uses it to build the opponent's view inside a sampled world.
  static Observation withOwnTypes(const Observation& publicPart, Seat seat,
                                  const std::array<PieceType, kMaxPiecesPerSide>& ownTypes);

  // Takes in the next public event (the seat's own identities explain its own pieces).
  void apply(const PublicEvent& event);
  // The referee announces the end (immobilisation and the quiet-move draw are
  // decided by what only the referee sees in full).
  void setOutcome(const Outcome& outcome) { outcome_ = outcome; }

  Seat seat() const { return seat_; }
  const Rules& rules() const { return *rules_; }

  // Public board state.
  Seat sideToMove() const { return sideToMove_; }
  int ply() const { return ply_; }
  int quietPlies() const { return quietPlies_; }
  int pieceCount(Seat s) const { return pieceCount_[index(s)]; }
  Square startSquare(PieceId piece) const { return startSquare_[piece]; }
  Square squareOf(PieceId piece) const { return square_[piece]; }  // kNoSquare once lost
  bool isAlive(PieceId piece) const { return square_[piece] != kNoSquare; }
  PieceId pieceAt(Square square) const { return pieceAt_[square]; }
  Bitboard occupied(Seat s) const { return occupied_[index(s)]; }
  Bitboard occupied() const { return occupied_[0] | occupied_[1]; }
  // True when the game began with both sides deploying (the deployment rules then constrain every piece).
  bool startedFromLayouts() const { return startedFromLayouts_; }
  const std::vector<PublicEvent>& events() const { return events_; }
  const Outcome& outcome() const { return outcome_; }
  std::optional<Seat> pendingDrawOffer() const { return drawOfferBy_; }
  int timeouts(Seat s) const { return timeouts_[index(s)]; }
  // The flag piece the rules showed for side s, if any.
  std::optional<PieceId> shownFlag(Seat s) const;

  // The seat's own pieces: ids seat*25 .. seat*25 + pieceCount(seat) - 1.
  bool isOwn(PieceId piece) const { return sideOfPiece(piece) == seat_; }
  PieceType ownType(PieceId piece) const;  // throws std::logic_error for an enemy piece
  const std::array<PieceType, kMaxPiecesPerSide>& ownTypes() const { return ownTypes_; }

  // The seat's legal moves (empty unless the seat is to move and the game goes on).
  void legalMoves(MoveList& out) const;
  MoverView moverView() const;

  // The documented text form (docs/observation.md): everything the seat knows.
  std::string toText() const;

  // One event as an "event" line of toText() shows it, without the word
  // "event": "12 red C2-C5 railway b3 defender-removed".
  static std::string eventText(const PublicEvent& event);
  // Reads such a line as the next event of this observation (ids come from
  // the board); throws std::invalid_argument naming what does not fit.
  PublicEvent parseEvent(std::string_view text) const;

 private:
  Observation() = default;
  static Observation atStart(const Position& start, Seat seat, bool fromLayouts);

  Seat seat_ = Seat::Red;
  const Rules* rules_ = nullptr;
  bool startedFromLayouts_ = false;
  std::array<std::uint8_t, kSeats> pieceCount_{};
  std::array<Square, kMaxPieces> startSquare_{};
  std::array<Square, kMaxPieces> square_{};
  std::array<PieceId, kSquares> pieceAt_{};
  std::array<Bitboard, kSeats> occupied_{};
  std::array<PieceType, kMaxPiecesPerSide> ownTypes_{};
  Seat sideToMove_ = Seat::Red;
  int ply_ = 0, quietPlies_ = 0;
  std::vector<PublicEvent> events_;
  Outcome outcome_;
  std::optional<Seat> drawOfferBy_;
  std::array<int, kSeats> timeouts_{};
  std::array<PieceId, kSeats> shownFlag_{kNoPiece, kNoPiece};
};

}  // namespace junqi
