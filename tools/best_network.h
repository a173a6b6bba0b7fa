// The best trained network of each game, kept in experiments/best/ (the
// source tree) and installed as share/junqi/best/ (see experiments/best/README.md).
// `junqi-bot --level 5` plays it.
#pragma once

#include <string>
#include <string_view>

namespace junqi::tools {

// The weights file of `game`'s best network ("classic", "flip", "four"):
// $JUNQI_BEST_NETWORKS/GAME.jqw when that variable is set, else the installed
// copy beside the program (BIN/../share/junqi/best), else the source tree's.
// Throws std::runtime_error naming the places looked at when none has it.
std::string bestNetworkPath(std::string_view game);

}  // namespace junqi::tools
