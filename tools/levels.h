// The playing levels of each game, weakest first: `junqi play --level N`,
// `junqi-bot --level N` and the web page's "level-N" agents all play the same
// specs. Their Elo is in docs/tactics.md, "Levels"; how they were measured in
// experiments/strength-tactical (classic) and experiments/levels-flip-four.
#pragma once

#include <string>
#include <string_view>

namespace junqi::tools {

// How many levels `game` ("classic", "flip", "four") has; 0 for another name.
int levelCount(std::string_view game);

// The agent spec of `game`'s level `level` (see `junqi agents`); a network
// level names the game's best network (tools/best_network.h). Throws
// std::invalid_argument, one line naming the game, for a level it lacks, and
// std::runtime_error when the network is not found.
std::string levelSpec(std::string_view game, int level);

// What the level is, in a few words ("mcts with 400 simulations").
std::string levelWords(std::string_view game, int level);

// Every game's levels in one paragraph, for a command's help ("Classic
// Junqi 1-5: 1 heuristic, ...").
std::string levelsSummary();

}  // namespace junqi::tools
