// Game records: a documented text format (docs/records.md) holding the
// variant and ruleset, the start (both layouts, or a position), every action with its
// fight result and events, and the outcome. Replaying a record checks every
// recorded result against the rules and reproduces the final position.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/classic/game.h"

namespace junqi {

// What a search thought of a move its side chose (docs/records.md, "Search
// notes"): written by the match harness, ignored by replay.
struct SearchNote {
  double value = 0;           // the move's value for the side that moved, in [-1, 1]
  long long simulations = 0;  // 0: not given
  std::vector<Move> line;     // the principal line, from the move played
  std::vector<std::pair<Move, double>> shares;  // root visit shares, most visited first
  bool operator==(const SearchNote&) const = default;
};

struct GameRecord {
  std::string variant = "classic";  // Variant::byName; records without the line are classic
  Ruleset ruleset;
  std::optional<Layout> redLayout, blueLayout;  // both, or neither and a start position
  std::optional<std::string> startPosition;     // position text (notation.h)
  std::vector<std::pair<std::string, std::string>> tags;  // players, seed, date, ...
  std::vector<ActionRecord> actions;
  std::vector<int> actionLines;  // where each action stood in the parsed text (for messages)
  std::vector<std::optional<SearchNote>> searchNotes;  // empty, or one per action (moves only)
  Outcome outcome;
  std::string outcomeDetail;  // why a harness forfeit or adjudication happened

  std::optional<std::string> tag(std::string_view key) const;
};

struct RecordError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The record of a game as it stands, with the harness's reason for a forfeit
// or adjudication if there was one.
GameRecord recordOf(const Game& game, std::vector<std::pair<std::string, std::string>> tags = {},
                    std::string outcomeDetail = {});

std::string formatRecord(const GameRecord& record);
// Syntax only; throws RecordError naming the line and what is wrong with it.
GameRecord parseRecord(std::string_view text);
// Plays the record through a referee. Throws RecordError (naming the line) when
// an action is illegal, a recorded result or event differs from the rules', or
// the recorded outcome is not the one the game reaches.
Game replay(const GameRecord& record);

}  // namespace junqi
