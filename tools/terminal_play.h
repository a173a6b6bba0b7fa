// `junqi play` for the games beside the classic one: Flip Junqi
// (tools/play_flip.cpp) and four-player Junqi (tools/play_four.cpp). The
// command (tools/commands/play.cpp) hands them its options; what both games
// read from the terminal is here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "core/combat.h"

namespace junqi::tools {

// The options of `junqi play`; `layout` and `seat` only where given.
struct TerminalPlayOptions {
  std::string agent, rules;
  std::optional<std::string> layout, seat;
  std::uint64_t seed = 1;
  std::string record;  // empty: none written
};

int playFlipInTerminal(const TerminalPlayOptions& options);  // tools/play_flip.cpp
int playFourInTerminal(const TerminalPlayOptions& options);  // tools/play_four.cpp
// The game of a Flip Junqi or four-player ruleset, to its end (the exit
// status); nullopt for a classic ruleset, which tools/commands/play.cpp plays.
std::optional<int> playOtherGame(const TerminalPlayOptions& options);

// Prints the prompt and reads the person's next line, trimmed; nullopt when
// the input ended. Empty lines are skipped.
std::optional<std::string> readPersonLine(const std::string& prompt);

// What a fight did, in words ("the attacker is removed").
std::string fightWords(Combat combat);

// Answers the person's line with one line of text: nothing was played (false).
template <typename... Args>
bool answerOnly(fmt::format_string<Args...> text, Args&&... args) {
  fmt::print(text, std::forward<Args>(args)...);
  fmt::print("\n");
  return false;
}

}  // namespace junqi::tools
