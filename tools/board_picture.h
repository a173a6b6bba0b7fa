// A picture of a board (SVG) from its geometry alone, with every point's name:
// roads thin, railways thick (the four-player board's corner curves drawn as
// curves), camps as circles, headquarters as squares, each seat's home tinted.
// `junqi rules --board-svg FILE` writes the board of a ruleset; docs/ keeps
// the classic board's and the four-player cross's.
#pragma once

#include <string>

#include "core/board_geometry.h"

namespace junqi {

std::string boardPicture(const BoardGeometry& board, const std::string& title);

}  // namespace junqi
