// junqi replay: validates a game record by replaying it through the referee.
#include <fmt/format.h>

#include "core/notation.h"
#include "core/record.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

void registerReplay(CLI::App& app) {
  auto* cmd = app.add_subcommand("replay", "Validate a game record and show where it ends");
  static std::string path;
  cmd->add_option("record", path, "Record file (docs/records.md)")->required();
  setAction(cmd, [] {
    const GameRecord record = parseRecord(readFile(path));
    const Game game = replay(record);
    fmt::print("{}\n", boardDiagram(game.position()));
    fmt::print("position {}\n", formatPosition(game.position()));
    const Outcome& o = game.outcome();
    fmt::print("valid record: {} actions, {}\n", record.actions.size(),
               o.isOver() ? fmt::format("{} ({})", o.winner ? fmt::format("{} wins", seatName(*o.winner)) : "draw",
                                        terminationName(o.reason))
                          : std::string("game not finished"));
    return 0;
  });
}

}  // namespace junqi::tools
