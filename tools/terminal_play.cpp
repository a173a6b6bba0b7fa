#include "tools/terminal_play.h"

#include <cstdio>
#include <iostream>

#include <fmt/format.h>

#include "core/flip/flip_ruleset.h"
#include "core/four/four_ruleset.h"

namespace junqi::tools {

std::optional<int> playOtherGame(const TerminalPlayOptions& options) {
  if (FlipRuleset::namesFlip(options.rules)) return playFlipInTerminal(options);
  if (FourRuleset::namesFour(options.rules)) return playFourInTerminal(options);
  return std::nullopt;
}

std::string fightWords(Combat combat) {
  return combat == Combat::DefenderRemoved  ? "the defender is removed"
         : combat == Combat::AttackerRemoved ? "the attacker is removed"
                                             : "both are removed";
}

std::optional<std::string> readPersonLine(const std::string& prompt) {
  for (;;) {
    fmt::print("{}", prompt);
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    line.erase(0, line.find_first_not_of(" \t"));
    line.erase(line.find_last_not_of(" \t\r") + 1);
    if (!line.empty()) return line;
  }
}

}  // namespace junqi::tools
