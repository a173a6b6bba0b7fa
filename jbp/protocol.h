// JBP, the Junqi Bot Protocol (docs/protocol.md): a line-based text protocol
// over standard input and output, in the spirit of UCI and GTP but for hidden
// information: the arbiter holds the truth and tells each seat only what that
// seat observes. This file has what both ends share.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/classic/observation.h"

namespace junqi::jbp {

constexpr std::string_view kVersion = "1";

// The "start" message's board: where every piece stood at the start, the
// seat's own pieces by symbol (in the seat's case) and the enemy's as '?',
// rows 12 to 1 as in the position format.
std::string startBoard(const Observation& obs);
// Reads it back: the enemy's starting points, and the seat's own layout.
struct StartBoard {
  Bitboard enemyStart = 0;
  Layout own;
};
StartBoard parseStartBoard(std::string_view text, Seat seat);  // throws std::invalid_argument

}  // namespace junqi::jbp
