#include "core/four/four_game.h"

#include <fmt/format.h>

#include "core/four/cross_board.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"

namespace junqi {

namespace {

const std::array<Layout, kArmies>& checked(const std::array<Layout, kArmies>& layouts, const Ruleset& rules) {
  for (int army = 0; army < kArmies; ++army)
    if (const auto broken = validateLayout(layouts[static_cast<std::size_t>(army)], rules))
      throw FourGameError(fmt::format("{}'s layout: {}", armyName(army), broken->message));
  return layouts;
}

}  // namespace

FourGame::FourGame(const FourRuleset& rules, const std::array<Layout, kArmies>& layouts)
    : rules_(rules), layouts_(checked(layouts, rules.army)), position_(rules_, layouts_) {}

const FourMoveResult& FourGame::play(Move m) {
  if (isOver()) throw FourGameError(fmt::format("the game is over; {} cannot be played", fourMoveName(m)));
  const int army = position_.toMove();
  if (!isLegalFourMove(position_, m))
    throw FourGameError(fmt::format("{}'s move {} is not legal", armyName(army), fourMoveName(m)));
  history_.push_back({army, m, position_.play(m)});
  return history_.back().result;
}

void FourGame::adjudicateDraw() {
  if (!isOver()) adjudicated_ = true;
}

void FourGame::forfeit(int army) {
  if (!isOver()) forfeitedTeam_ = teamOfArmy(army);
}

FourOutcome FourGame::outcome() const {
  const FourOutcome o = fourOutcome(position_);
  if (o.isOver()) return o;
  if (forfeitedTeam_ >= 0) return {Termination::Forfeit, 1 - forfeitedTeam_};
  if (adjudicated_) return {Termination::Adjudicated, {}};
  return o;
}

}  // namespace junqi
