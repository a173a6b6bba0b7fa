// Flip Junqi game records (docs/records.md, "Flip Junqi records"): the
// variant and ruleset, the deal (the game's chance event), every action, and
// the outcome. Replaying a record through the referee reproduces the game
// exactly and checks the recorded outcome.
//
//   # junqi flip record
//   variant flip
//   ruleset flip-kawu
//   tag seat1 mcts
//   deal LfEj...            one symbol per face-down point of the start, A1 first
//   action C3               a flip
//   action C3-C4            a move
//   action resign 2         a resignation, by seat 1 or 2
//   result 1 flag-captured  the winning seat (1 or 2) or "draw", and how
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/flip/flip_game.h"
#include "core/classic/record.h"

namespace junqi {

struct FlipRecord {
  FlipRuleset rules;
  std::vector<std::pair<std::string, std::string>> tags;
  FlipDeal deal;              // over every point that is not a camp
  std::vector<Action> actions;
  std::vector<int> actionLines;  // where each stood in the parsed text
  Outcome outcome;

  std::optional<std::string> tag(std::string_view key) const;
};

// The record of a game from the start (FlipGame(rules, deal)).
FlipRecord flipRecordOf(const FlipGame& game, std::vector<std::pair<std::string, std::string>> tags = {});
std::string formatFlipRecord(const FlipRecord& record);
// Syntax only; throws RecordError naming the line and what is wrong.
FlipRecord parseFlipRecord(std::string_view text);
// Throws RecordError naming the line of an illegal action, or when the
// recorded outcome is not the one the game reaches.
FlipGame replayFlip(const FlipRecord& record);
// "1" / "2" for seats.
std::string seatNumber(Seat s);

}  // namespace junqi
