// junqi moves: lists the legal moves of a position.
#include <fmt/format.h>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/outcome.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

void registerMoves(CLI::App& app) {
  auto* cmd = app.add_subcommand("moves", "List the legal moves of a position");
  static std::string rules, position = "start";
  addRulesOption(cmd, rules);
  cmd->add_option("--position", position, "Position text (docs/notation.md) or 'start'")->capture_default_str();
  setAction(cmd, [] {
    const Rules& r = Rules::of(Ruleset::parse(rules));
    const Position pos = positionFromArgument(position, r);
    fmt::print("{}\n{} to move\n", boardDiagram(pos), seatName(pos.sideToMove()));
    if (const Outcome over = boardOutcome(pos); over.isOver()) {
      fmt::print("the game is over ({}, {}): 0 legal moves\n", terminationName(over.reason),
                 over.winner ? fmt::format("{} wins", seatName(*over.winner)) : "a draw");
      return 0;
    }
    MoveList moves;
    generateMoves(pos, moves);
    for (const Move m : moves) {
      const MovePath path = classifyMove(pos, m);
      fmt::print("{:<8} {:<8} {}\n", moveName(m),
                 path == MovePath::Step ? "step" : path == MovePath::Straight ? "railway" : "turning",
                 pos.isEmpty(m.to) ? "" : "attack");
    }
    fmt::print("{} legal moves\n", moves.size());
    return 0;
  });
}

}  // namespace junqi::tools
