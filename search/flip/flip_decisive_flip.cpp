#include "search/flip/flip_decisive_flip.h"

#include <vector>

#include "core/flip/flip_movegen.h"
#include "search/flip/flip_evaluation.h"

namespace junqi {

namespace {

// The enemy flag just revealed, the opponent to move: does the mover take it
// whatever the opponent does? A flip in reply turns over a point that was
// already occupied, so it neither blocks a path nor attacks: only moves count.
bool takenWhateverTheReply(const FlipPosition& afterFlip) {
  if (flagCaptureInOne(afterFlip)) return false;  // the opponent takes ours first
  FlipPosition moverAgain = afterFlip;
  moverAgain.setToMove(opposite(afterFlip.toMove()));
  if (!flagCaptureInOne(moverAgain)) return false;  // nothing of the mover's reaches it
  MoveList replies;
  generateFlipActions(afterFlip, replies);
  for (const Move reply : replies) {
    if (isFlip(reply)) continue;
    FlipPosition next = afterFlip;
    next.move(reply);
    if (!flagCaptureInOne(next)) return false;
  }
  return true;
}

}  // namespace

DecisiveFlip decisiveFlip(const FlipPosition& pos, Square point) {
  DecisiveFlip odds;
  const auto own = pos.colourOf(pos.toMove());
  if (!own) return odds;
  const Identity ownFlag{*own, PieceType::Flag}, enemyFlag{other(*own), PieceType::Flag};
  if (const double p = pos.flipProbability(ownFlag); p > 0) {
    FlipPosition next = pos;
    next.flip(point, ownFlag);
    if (flagCaptureInOne(next)) odds.loss = p;
  }
  if (const double p = pos.flipProbability(enemyFlag); p > 0) {
    FlipPosition next = pos;
    next.flip(point, enemyFlag);
    if (takenWhateverTheReply(next)) odds.win = p;
  }
  return odds;
}

void dealOtherOutcome(const FlipPosition& pos, Square point, const DecisiveFlip& odds, FlipDeal& world, Rng& rng) {
  const auto own = pos.colourOf(pos.toMove());
  if (!own || !odds.any()) return;
  const auto decisive = [&](const std::optional<Identity>& id) {
    return id && id->type == PieceType::Flag && ((id->colour == *own && odds.loss > 0) ||
                                                 (id->colour != *own && odds.win > 0));
  };
  if (!decisive(world.under[point])) return;
  std::vector<Square> others;
  for (Bitboard down = pos.faceDown(); down;) {
    const Square s = popLsb(down);
    if (s != point && !decisive(world.under[s])) others.push_back(s);
  }
  if (others.empty()) return;  // every face-down piece is decisive: nothing else can come up
  std::swap(world.under[point], world.under[others[rng.below(others.size())]]);
}

}  // namespace junqi
