#include "search/flag_blunders.h"

#include <fmt/format.h>

#include "core/info_state.h"
#include "core/notation.h"
#include "search/flag_tactics.h"

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
  const std::string who = fmt::format("ply {} {}", state.observation().ply() + 1, sideName(state.seat()));
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

std::array<FlagBlunders, kSides> checkFlagBlunders(const GameRecord& record) {
  replay(record);  // checks the whole record first
  std::array<FlagBlunders, kSides> out;
  Game replayed = record.redLayout ? Game(record.ruleset, *record.redLayout, *record.blueLayout)
                                   : Game(parsePosition(*record.startPosition, Rules::of(record.ruleset)));
  InfoState views[2] = {InfoState::of(replayed, Side::Red), InfoState::of(replayed, Side::Blue)};
  for (const ActionRecord& a : record.actions) {
    if (a.action.type == ActionType::Move) checkDecision(views[index(a.action.side)], a.action.move, out[index(a.action.side)]);
    replayed.apply(a.action);
    const PublicEvent event = publicEvent(replayed, replayed.history().size() - 1);
    for (InfoState& v : views) v.apply(event);
  }
  return out;
}

}  // namespace junqi
