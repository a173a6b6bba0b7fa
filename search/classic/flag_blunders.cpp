#include "search/classic/flag_blunders.h"

#include <fmt/format.h>

#include "core/classic/info_state.h"
#include "search/classic/flag_tactics.h"

namespace junqi {

FlagBlunders& FlagBlunders::operator+=(const FlagBlunders& other) {
  decisions += other.decisions;
  captureChances += other.captureChances, capturesMissed += other.capturesMissed;
  defenceChances += other.defenceChances, defencesMissed += other.defencesMissed;
  examples.insert(examples.end(), other.examples.begin(), other.examples.end());
  return *this;
}

namespace {

// Counts one decision: `state` is the mover's view, `played` its move.
void checkDecision(const InfoState& state, Move played, FlagBlunders& out) {
  ++out.decisions;
  MoveList moves;
  state.legalMoves(moves);
  const std::vector<FlagTactics> tactics = flagTactics(state, moves);
  int certainWin = -1, certainSafe = -1, playedAt = -1;
  bool anyRisk = false;
  for (int i = 0; i < moves.size(); ++i) {
    const FlagTactics& f = tactics[static_cast<std::size_t>(i)];
    if (moves[i] == played) playedAt = i;
    if (f.winNow >= 1.0) certainWin = i;
    if (f.loseNext <= 0.0) certainSafe = i;
    anyRisk |= f.winNow < 1.0 && f.loseNext > 0.0;
  }
  if (playedAt < 0) return;
  const FlagTactics& mine = tactics[static_cast<std::size_t>(playedAt)];
  const std::string who = fmt::format("ply {} {}", state.observation().ply() + 1, seatName(state.seat()));
  if (certainWin >= 0) {
    ++out.captureChances;
    if (mine.winNow < 1.0) {
      ++out.capturesMissed;
      out.examples.push_back(fmt::format("{}: {} takes the flag, played {}", who, moveName(moves[certainWin]),
                                         moveName(played)));
    }
  } else if (anyRisk && certainSafe >= 0) {
    ++out.defenceChances;
    if (mine.loseNext > 0.0) {
      ++out.defencesMissed;
      out.examples.push_back(fmt::format("{}: {} keeps the flag, played {} (flag lost next with p={:.2f})", who,
                                         moveName(moves[certainSafe]), moveName(played), mine.loseNext));
    }
  }
}

}  // namespace

std::array<FlagBlunders, kSeats> checkFlagBlunders(const GameRecord& record) {
  const Game game = replay(record);  // checks the whole record first
  GameRecord startOnly = record;     // the same start, no action yet
  startOnly.actions.clear();
  startOnly.outcome = {};
  startOnly.outcomeDetail.clear();
  const Game start = replay(startOnly);
  std::array<FlagBlunders, kSeats> out;
  InfoState views[2] = {InfoState::of(start, Seat::Red), InfoState::of(start, Seat::Blue)};
  for (std::size_t i = 0; i < game.history().size(); ++i) {
    const Action& a = game.history()[i].action;
    if (a.type == ActionType::Move) checkDecision(views[index(a.side)], a.move, out[index(a.side)]);
    const PublicEvent event = publicEvent(game, i);
    for (InfoState& v : views) v.apply(event);
  }
  return out;
}

}  // namespace junqi
