// junqi replay: validates a game record by replaying it through the referee.
#include <fmt/format.h>

#include "core/flip/flip_notation.h"
#include "core/flip/flip_record.h"
#include "core/four/four_notation.h"
#include "core/four/four_record.h"
#include "core/classic/notation.h"
#include "core/classic/record.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

namespace {

std::string ending(const Outcome& o, const std::string& winner) {
  if (!o.isOver()) return "game not finished";
  return fmt::format("{} ({})", o.winner ? winner + " wins" : "draw", terminationName(o.reason));
}

int replayFlipRecord(const std::string& text) {
  const FlipRecord record = parseFlipRecord(text);
  const FlipGame game = replayFlip(record);
  fmt::print("position {}\n", formatFlipPosition(game.position()));
  const Outcome& o = game.outcome();
  fmt::print("valid record: {} actions, {}\n", record.actions.size(),
             ending(o, o.winner ? "seat " + seatNumber(*o.winner) : ""));
  return 0;
}

int replayFourRecord(const std::string& text) {
  const FourRecord record = parseFourRecord(text);
  const FourGame game = replayFour(record);
  fmt::print("position {}\n", formatFourPosition(game.position()));
  const FourOutcome o = game.outcome();
  fmt::print("valid record: {} moves, {} {}\n", record.moves.size(),
             o.winningTeam ? teamName(*o.winningTeam) + " won by" : std::string("drawn by"), terminationName(o.reason));
  return 0;
}

}  // namespace

void registerReplay(CLI::App& app) {
  auto* cmd = app.add_subcommand("replay", "Validate a game record and show where it ends");
  static std::string path, rules;
  cmd->add_option("record", path, "Record file (docs/records.md; a Flip Junqi or four-player record too)")->required();
  static const CLI::Option* rulesOption =
      addRulesOption(cmd, rules, Games::all())
          ->description("The game the record must be of, by one of its presets (default: the record's own game)");
  setAction(cmd, [] {
    const std::string text = readFile(path);
    const std::string recordGame = gameOfRecord(text);
    requireRecordGame(*rulesOption, rules, path, recordGame);
    if (recordGame == "flip") return replayFlipRecord(text);
    if (recordGame == "four") return replayFourRecord(text);
    const GameRecord record = parseRecord(text);
    const Game game = replay(record);
    fmt::print("{}\n", boardDiagram(game.position()));
    fmt::print("position {}\n", formatPosition(game.position()));
    const Outcome& o = game.outcome();
    fmt::print("valid record: {} actions, {}\n", record.actions.size(),
               ending(o, o.winner ? std::string(seatName(*o.winner)) : ""));
    return 0;
  });
}

}  // namespace junqi::tools
