// Four-player game records (docs/records.md, "Four-player records"): the
// ruleset, each army's layout (as the army sees it, core/classic/layout.h), every
// move in turn (the army is the one to move: armies that left are skipped)
// and the outcome. Replaying a record through the referee reproduces the
// game and checks the recorded outcome.
//
//   # junqi four-player record
//   variant four
//   ruleset four-worldatplay
//   tag south random:seed=1
//   layout south IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPE
//   layout east ...                  (and north, west)
//   move G2-G3
//   result south-north flag-captured   the winning team, or "draw", and how
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/four/four_game.h"
#include "core/classic/record.h"

namespace junqi {

struct FourRecord {
  FourRuleset rules;
  std::vector<std::pair<std::string, std::string>> tags;
  std::array<Layout, kArmies> layouts{};
  std::vector<Move> moves;
  std::vector<int> moveLines;  // where each stood in the parsed text
  FourOutcome outcome;

  std::optional<std::string> tag(std::string_view key) const;
};

std::string teamName(int team);  // "south-north", "east-west"

FourRecord fourRecordOf(const FourGame& game, std::vector<std::pair<std::string, std::string>> tags = {});
std::string formatFourRecord(const FourRecord& record);
// Syntax only; throws RecordError naming the line and what is wrong.
FourRecord parseFourRecord(std::string_view text);
// Throws RecordError naming the line of an illegal move, a bad layout, or an
// outcome that is not the one the game reaches.
FourGame replayFour(const FourRecord& record);
bool isFourRecordText(std::string_view text);

}  // namespace junqi
