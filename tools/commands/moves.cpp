// junqi moves: lists the legal moves of a position, of any game.
#include <fmt/format.h>

#include "core/flip/flip_game.h"
#include "core/flip/flip_movegen.h"
#include "core/flip/flip_notation.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "core/outcome.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {
namespace {

std::string_view pathName(MovePath path) {
  return path == MovePath::Step ? "step" : path == MovePath::Straight ? "railway" : "turning";
}

int classicMoves(const std::string& rules, const std::string& position) {
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
  for (const Move m : moves)
    fmt::print("{:<8} {:<8} {}\n", moveName(m), pathName(classifyMove(pos, m)), pos.isEmpty(m.to) ? "" : "attack");
  fmt::print("{} legal moves\n", moves.size());
  return 0;
}

// Flip Junqi: a flip is named by its point, a move as in the classic game.
int flipMoves(const std::string& rules, const std::string& position) {
  const FlipRuleset r = FlipRuleset::parse(rules);
  const FlipPosition pos = flipPositionFromArgument(position, r);
  fmt::print("{}\n{} to move\n", formatFlipPosition(pos), seatName(pos.toMove()));
  if (const Outcome over = flipBoardOutcome(pos); over.isOver()) {
    fmt::print("the game is over ({}, {}): 0 legal actions\n", terminationName(over.reason),
               over.winner ? fmt::format("{} wins", seatName(*over.winner)) : "a draw");
    return 0;
  }
  MoveList actions;
  generateFlipActions(pos, actions);
  for (const Move m : actions)
    fmt::print("{:<8} {}\n", flipActionName(m), isFlip(m) ? "flip" : pos.isEmpty(m.to) ? "move" : "attack");
  fmt::print("{} legal actions\n", actions.size());
  return 0;
}

// Four-player Junqi: from a position or the start (fourPositionFromArgument,
// as `junqi perft` takes it).
int fourMoves(const std::string& rules, const std::string& position) {
  const FourRuleset r = FourRuleset::parse(rules);
  FourPosition pos = fourPositionFromArgument(position, r);
  pos.settleTurn();  // an army to move without a move leaves first, as in play
  fmt::print("{}\n{} to move\n", formatFourPosition(pos), armyName(pos.toMove()));
  if (const FourOutcome over = fourOutcome(pos); over.isOver()) {
    fmt::print("the game is over ({}, {}): 0 legal moves\n", terminationName(over.reason),
               over.winningTeam ? fmt::format("{} and {} win", armyName(*over.winningTeam), armyName(*over.winningTeam + 2))
                                : "a draw");
    return 0;
  }
  MoveList moves;
  generateFourMoves(pos, moves);
  for (const Move m : moves) fmt::print("{:<8} {}\n", fourMoveName(m), pos.isEmpty(m.to) ? "" : "attack");
  fmt::print("{} legal moves\n", moves.size());
  return 0;
}

}  // namespace

void registerMoves(CLI::App& app) {
  auto* cmd = app.add_subcommand("moves", "List the legal moves of a position (classic, flip or four-player)");
  static std::string rules, position = "start";
  addRulesOption(cmd, rules, Games::all());
  cmd->add_option("--position", position, "Position text (docs/notation.md) or 'start'")->capture_default_str();
  setAction(cmd, [] {
    switch (positionGame(rules, position)) {
      case PositionGame::Flip: return flipMoves(rules, position);
      case PositionGame::Four: return fourMoves(rules, position);
      case PositionGame::Classic: break;
    }
    return classicMoves(rules, position);
  });
}

}  // namespace junqi::tools
