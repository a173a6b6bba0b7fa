// The board of `junqi beliefs --svg`: one seat's view, each enemy piece with
// its note, its most likely identity and that identity's probability as the
// square's colour; with a title, the board's coordinates (A-E, 1-12) and a
// colour scale.
#pragma once

#include <string>

#include "core/classic/info_state.h"

namespace junqi {

std::string beliefBoardSvg(const InfoState& view);

}  // namespace junqi
