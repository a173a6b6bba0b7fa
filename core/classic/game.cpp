#include "core/classic/game.h"

#include <fmt/format.h>

namespace junqi {

namespace {

Position checkedStart(const Ruleset& ruleset, const Layout& red, const Layout& blue) {
  for (const Seat side : {Seat::Red, Seat::Blue}) {
    const auto violation = validateLayout(side == Seat::Red ? red : blue, ruleset);
    if (violation) throw IllegalAction(fmt::format("{} layout: {}", seatName(side), violation->message));
  }
  return Position::fromLayouts(Rules::of(ruleset), red, blue);
}

// Why `m` is not a legal move for the side to move, in one sentence.
std::string whyMoveIsIllegal(const Position& pos, Move m) {
  const Seat us = pos.sideToMove();
  const auto from = squareName(m.from), to = squareName(m.to);
  if (pos.isEmpty(m.from)) return fmt::format("there is no piece on {}", from);
  if (pos.sideAt(m.from) != us) return fmt::format("the piece on {} is not {}'s", from, seatName(us));
  const PieceType type = pos.typeAt(m.from);
  if (isImmobile(type)) return fmt::format("the {} on {} never moves", typeName(type), from);
  if (contains(pos.rules().frozenSquares(), m.from))
    return fmt::format("the piece on {} is in a headquarters and can never move again", from);
  if (!pos.isEmpty(m.to) && pos.sideAt(m.to) == us)
    return fmt::format("{} is occupied by {}'s own piece", to, seatName(us));
  if (!pos.isEmpty(m.to) && contains(pos.rules().topology().camps, m.to))
    return fmt::format("the piece in the camp on {} cannot be attacked", to);
  return fmt::format("the {} on {} cannot reach {}", typeName(type), from, to);
}

}  // namespace

bool timeoutForfeits(const Ruleset& r, int timeoutsSoFar) {
  return !r.timeoutPassesTurn || (r.timeoutsToForfeit > 0 && timeoutsSoFar >= r.timeoutsToForfeit);
}

Game::Game(const Ruleset& ruleset, const Layout& red, const Layout& blue)
    : Game(checkedStart(ruleset, red, blue)) {
  layouts_ = {red, blue};
}

Game::Game(const Position& start) : start_(start), position_(start) {
  outcome_ = boardOutcome(position_);
}

std::optional<std::string> Game::whyIllegal(const Action& a) const {
  if (isOver()) return std::string("the game is over");
  const Ruleset& r = rules().ruleset();
  const Seat other = opposite(a.side);
  switch (a.type) {
    case ActionType::Move:
      if (a.side != position_.sideToMove()) return fmt::format("it is not {}'s turn", seatName(a.side));
      if (!isLegalMove(position_, a.move)) return whyMoveIsIllegal(position_, a.move);
      return std::nullopt;
    case ActionType::Timeout:
      if (a.side != position_.sideToMove()) return std::string("only the side to move can run out of time");
      return std::nullopt;
    case ActionType::OfferDraw: {
      if (!r.agreedDraws) return std::string("this ruleset has no agreed draws");
      if (drawOfferBy_) return fmt::format("{} already has a draw offer pending", seatName(*drawOfferBy_));
      const int last = lastOfferPly_[index(a.side)];
      if (last >= 0 && position_.ply() - last < r.drawOfferCooldown)
        return fmt::format("{} offered a draw at move {} and must wait until move {} to offer again", seatName(a.side),
                           last + 1, last + r.drawOfferCooldown + 1);
      return std::nullopt;
    }
    case ActionType::AcceptDraw:
    case ActionType::DeclineDraw:
      if (drawOfferBy_ != other) return fmt::format("there is no draw offer from {} to answer", seatName(other));
      return std::nullopt;
    case ActionType::Resign:
      if (!r.resignation) return std::string("this ruleset does not allow resignation");
      return std::nullopt;
  }
  return std::string("unknown action");
}

const ActionRecord& Game::apply(const Action& a) {
  if (const auto why = whyIllegal(a)) throw IllegalAction(*why);
  ActionRecord rec;
  rec.ply = position_.ply();
  rec.action = a;
  const Ruleset& r = rules().ruleset();
  const Seat other = opposite(a.side);
  switch (a.type) {
    case ActionType::Move: {
      rec.path = classifyMove(position_, a.move);
      rec.attackerType = position_.typeAt(a.move.from);
      const bool fight = !position_.isEmpty(a.move.to);
      if (fight) rec.defenderType = position_.typeAt(a.move.to);
      rec.result = position_.play(a.move);
      if (fight) {
        rec.marshalLost[index(a.side)] = attackerRemoved(rec.result.combat) && rec.attackerType == PieceType::Marshal;
        rec.marshalLost[index(other)] = defenderRemoved(rec.result.combat) && rec.defenderType == PieceType::Marshal;
        for (int s = 0; s < kSeats; ++s) {
          if (!rec.marshalLost[s] || !r.marshalLossRevealsFlag || flagRevealed_[s]) continue;
          flagRevealed_[s] = rec.flagRevealed[s] = true;
        }
      }
      afterTurn(a.side, rec);
      break;
    }
    case ActionType::Timeout: {
      if (timeoutForfeits(r, ++timeouts_[index(a.side)])) {
        end({Termination::TimeoutForfeit, other});
        break;
      }
      position_.pass();
      afterTurn(a.side, rec);
      break;
    }
    case ActionType::OfferDraw:
      drawOfferBy_ = a.side;
      lastOfferPly_[index(a.side)] = position_.ply();
      break;
    case ActionType::AcceptDraw:
      drawOfferBy_.reset();
      end({Termination::AgreedDraw, std::nullopt});
      break;
    case ActionType::DeclineDraw:
      drawOfferBy_.reset();
      break;
    case ActionType::Resign:
      end({Termination::Resignation, other});
      break;
  }
  history_.push_back(rec);
  return history_.back();
}

// A player finished a turn: an offer it did not answer lapses, then the board
// decides whether the game is over.
void Game::afterTurn(Seat mover, ActionRecord& rec) {
  if (drawOfferBy_ == opposite(mover)) {
    drawOfferBy_.reset();
    rec.offerLapsed = true;
  }
  const Outcome o = boardOutcome(position_);
  if (o.isOver()) end(o);
}

void Game::end(Outcome o) {
  if (!isOver()) outcome_ = o;
}

}  // namespace junqi
