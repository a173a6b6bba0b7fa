// Seats and piece identities.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace junqi {

// A seat at the table: one player's place, numbered in turn order from 0. A
// variant (core/variant.h) says how many seats it has, their names and teams;
// the two-seat games call theirs Red (moves first) and Blue.
enum class Seat : std::uint8_t { Red = 0, Blue = 1 };
constexpr int kMaxSeats = 4;  // four-player Junqi
// The seats of a two-seat game; the classic Position's per-seat arrays.
constexpr int kSeats = 2;

constexpr int index(Seat s) { return static_cast<int>(s); }
constexpr Seat seatFromIndex(int i) { return static_cast<Seat>(i); }
// The other seat of a two-seat game.
constexpr Seat opposite(Seat s) { return s == Seat::Red ? Seat::Blue : Seat::Red; }
std::string_view seatName(Seat s);  // "red" / "blue"
std::optional<Seat> parseSeat(std::string_view text);

// A piece's number for the whole game (each position type says how it numbers
// its pieces). A byte typed like Square, so an id and a point never mix.
enum PieceId : std::uint8_t { kNoPiece = 255 };
constexpr PieceId& operator++(PieceId& p) { return p = PieceId(p + 1); }

// The twelve identities. The nine officers come first, in rank order, so that
// rank(type) == type + 1 for them; the three special pieces follow.
enum class PieceType : std::uint8_t {
  Engineer,      // rank 1: turns corners on railways, clears landmines
  Lieutenant,    // rank 2 (platoon commander)
  Captain,       // rank 3 (company commander)
  Major,         // rank 4 (battalion commander)
  Colonel,       // rank 5 (regiment commander)
  Brigadier,     // rank 6 (brigade commander)
  MajorGeneral,  // rank 7 (division commander)
  General,       // rank 8
  Marshal,       // rank 9
  Bomb,          // destroys whatever it fights, and itself
  Landmine,      // never moves
  Flag,          // never moves; losing it loses the game
};
constexpr int kPieceTypes = 12;

constexpr int typeIndex(PieceType t) { return static_cast<int>(t); }
constexpr PieceType typeFromIndex(int i) { return static_cast<PieceType>(i); }
constexpr bool isOfficer(PieceType t) { return t <= PieceType::Marshal; }
// 1..9 for officers, 0 for bomb, landmine and flag.
constexpr int rank(PieceType t) { return isOfficer(t) ? typeIndex(t) + 1 : 0; }
// Landmines and the flag never move, whatever the ruleset.
constexpr bool isImmobile(PieceType t) { return t == PieceType::Landmine || t == PieceType::Flag; }

// Lower-case English name ("major-general"), used in records and messages.
std::string_view typeName(PieceType t);
std::optional<PieceType> parseTypeName(std::string_view name);

// One-letter symbol used by the layout and position formats (docs/notation.md):
//   E engineer(1) P lieutenant(2) C captain(3) J major(4) R colonel(5)
//   I brigadier(6) D major-general(7) G general(8) M marshal(9)
//   B bomb  L landmine  F flag
// Upper case is Red (and any side in a layout), lower case is Blue.
char typeSymbol(PieceType t);
std::optional<PieceType> parseTypeSymbol(char c);  // either case

// How many of each identity one side has, indexed by typeIndex.
using PieceCounts = std::array<std::uint8_t, kPieceTypes>;
// 3 engineers, 3 lieutenants, 3 captains, 2 each of majors..major-generals,
// 1 general, 1 marshal, 2 bombs, 3 landmines, 1 flag: 25 pieces.
constexpr PieceCounts kClassicCounts = {3, 3, 3, 2, 2, 2, 2, 1, 1, 2, 3, 1};
constexpr int totalPieces(const PieceCounts& counts) {
  int n = 0;
  for (auto c : counts) n += c;
  return n;
}

}  // namespace junqi
