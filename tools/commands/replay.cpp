// junqi replay: validates a game record by replaying it through the referee.
#include <fmt/format.h>

#include "core/flip_notation.h"
#include "core/flip_record.h"
#include "core/four_notation.h"
#include "core/four_record.h"
#include "core/notation.h"
#include "core/record.h"
#include "core/text.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

namespace {

std::string ending(const Outcome& o, const std::string& winner) {
  if (!o.isOver()) return "game not finished";
  return fmt::format("{} ({})", o.winner ? winner + " wins" : "draw", terminationName(o.reason));
}

// A record whose first line that is not a comment is "variant flip".
bool isFlipRecord(const std::string& text) {
  for (const std::string_view line : split(text, '\n')) {
    const auto w = words(line);
    if (w.empty() || w[0].starts_with('#')) continue;
    return w.size() == 2 && w[0] == "variant" && w[1] == "flip";
  }
  return false;
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
  static std::string path;
  cmd->add_option("record", path, "Record file (docs/records.md; a Flip Junqi or four-player record too)")->required();
  setAction(cmd, [] {
    const std::string text = readFile(path);
    if (isFlipRecord(text)) return replayFlipRecord(text);
    if (isFourRecordText(text)) return replayFourRecord(text);
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
