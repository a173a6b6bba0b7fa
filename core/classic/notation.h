// Text formats for layouts and positions (documented in docs/notation.md).
//
// Layout: the six rows of one side's half as its owner sees them, front row
// first, separated by '/'; five cells a row, a piece symbol (piece.h) or '.'
// for an empty point (every camp is '.'):
//     "JRCPE/C.I.P/RE.DJ/G.M.I/LBCBE/LFLPD"
// Position: the twelve rows from row 12 (Blue's back row) to row 1, separated
// by '/'; upper-case symbols are Red's, lower-case Blue's, a digit 1-5 stands
// for that many empty points ('.' for one is accepted too). Then the side to
// move ('r' or 'b'), the quiet-move counter and the ply:
//     "dplfl/ebcbl/i1m1g/jd1er/p1i1c/epcrj/JRCPE/C1I1P/RE1DJ/G1M1I/LBCBE/LFLPD r 0 0"
// Both formats round-trip exactly; malformed text is rejected with a message
// naming the row, the point or the field at fault.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "core/classic/layout.h"
#include "core/classic/position.h"

namespace junqi {

struct NotationError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string formatLayout(const Layout& layout);
Layout parseLayout(std::string_view text);  // syntax only: see validateLayout for the rules

std::string formatPosition(const Position& pos);
// What a position text is read as: a position to play on, or the final
// position of a game (the bot protocol's reveal), which may lack a taken flag.
enum class PositionUse { Play, Final };
// Also checks what no game can produce: more pieces of an identity than the
// ruleset gives, a flag or landmine off the points it must have started on, a
// quiet-move counter past the ruleset's limit (where the game ends); and, to
// play on, fewer flags than the ruleset gives (the game would be over).
Position parsePosition(std::string_view text, const Rules& rules = Rules::standard(),
                       PositionUse use = PositionUse::Play);
// "start" (both sides deploy kExampleLayout under `rules`) or a position text
// to play on: what the tools and the bot protocol's perft take.
Position parsePositionOrStart(std::string_view text, const Rules& rules);

// A picture of the board for people, Red at the bottom: rows 12..1, camps in
// parentheses, headquarters in brackets.
std::string boardDiagram(const Position& pos);

}  // namespace junqi
