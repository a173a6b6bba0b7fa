// Flag blunders in played games: a checker over game records that counts, for
// every decision of either side, the chances of a certain flag capture and of
// a certain one-move flag defence, and how many of them were missed.
//
//   capture chance: some legal move takes the enemy flag for certain (the
//     mover's exact beliefs say the target is the flag); missed when the move
//     played does not;
//   defence chance: the enemy could take our flag next move after some of our
//     moves but after some move it surely cannot, and no certain capture
//     exists; missed when the move played leaves a chance of losing the flag.
// Only what the mover knew counts (its InfoState at the decision), through
// the same exact flag arithmetic the agents use (search/classic/flag_tactics.h).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/classic/record.h"

namespace junqi {

struct FlagBlunders {
  long long decisions = 0;
  int captureChances = 0, capturesMissed = 0;
  int defenceChances = 0, defencesMissed = 0;
  std::vector<std::string> examples;  // "ply 41 red: C11-C12 takes the flag, played A3-A4"

  FlagBlunders& operator+=(const FlagBlunders& other);
};

// Replays the record (throws RecordError like replay()) and counts, per side (by index(side)).
std::array<FlagBlunders, kSeats> checkFlagBlunders(const GameRecord& record);

}  // namespace junqi
