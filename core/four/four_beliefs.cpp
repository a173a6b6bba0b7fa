#include "core/four/four_beliefs.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "core/four/cross_board.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/classic/layout.h"
#include "core/classic/rules.h"

namespace junqi {

namespace {

// The identities of one side of a battle that give `combat` against some
// identity in `other` (`asAttacker`: this side attacked).
IdentitySet compatible(const Rules& rules, IdentitySet own, IdentitySet other, Combat combat, bool asAttacker) {
  IdentitySet out = 0;
  for (int t = 0; t < kPieceTypes; ++t) {
    if (!(own >> t & 1)) continue;
    for (int u = 0; u < kPieceTypes; ++u) {
      if (!(other >> u & 1)) continue;
      const PieceType a = typeFromIndex(asAttacker ? t : u), d = typeFromIndex(asAttacker ? u : t);
      if (rules.combat(a, d) == combat) {
        out |= static_cast<IdentitySet>(1u << t);
        break;
      }
    }
  }
  return out;
}

}  // namespace

FourBeliefs FourBeliefs::of(const FourObservation& obs, const FourRuleset& rules) {
  FourBeliefs b;
  b.rules_ = rules;
  b.rules_.visibility = obs.visibility();
  b.combat_ = &Rules::of(rules.army);
  b.seat_ = obs.army();
  for (int a = 0; a < kArmies; ++a)
    if (seesArmy(b.seat_, a, obs.visibility())) b.seen_ |= static_cast<std::uint8_t>(1u << a);
  b.replay(obs);
  b.narrowCoupledBattles();
  b.buildCounters(obs);
  return b;
}

// Follows every piece from its starting point through the public moves,
// taking notes as it goes.
void FourBeliefs::replay(const FourObservation& obs) {
  pieceAt_.fill(kNoPiece);
  for (int a = 0; a < kArmies; ++a) {
    int slot = 0;
    for (int r = 0; r < kHalfSquares; ++r) {
      const Square point = armyPoint(a, r);
      if (CrossTopology::get().camps.contains(point)) continue;
      const auto piece = PieceId(a * kPiecesPerArmy + slot++);
      IdentitySet set = 0;
      for (int t = 0; t < kPieceTypes; ++t)
        if (mayStartOn(typeFromIndex(t), r, rules_.army)) set |= static_cast<IdentitySet>(1u << t);
      possible_[piece] = set;
      alive_[piece] = true;
      pieceAt_[point] = piece;
    }
  }
  for (const FourPublicMove& m : obs.history()) {
    const PieceId attacker = pieceAt_[m.move.from];
    if (attacker == kNoPiece || armyOfPiece(attacker) != m.army)
      throw std::invalid_argument(fmt::format("four-player beliefs: no piece of {} on {} for {}", armyName(m.army),
                                              crossBoard().pointName(m.move.from), fourMoveName(m.move)));
    possible_[attacker] &= static_cast<IdentitySet>(~kImmobileIdentities);
    const PieceId defender = pieceAt_[m.move.to];
    bool moves = true;
    if (m.combat != Combat::None && defender != kNoPiece) {
      noteBattle(m, attacker, defender);
      if (defenderRemoved(m.combat)) alive_[defender] = false, pieceAt_[m.move.to] = kNoPiece;
      if (attackerRemoved(m.combat)) alive_[attacker] = false, moves = false;
      if (!moves) pieceAt_[m.move.from] = kNoPiece;
    }
    if (moves) {
      pieceAt_[m.move.from] = kNoPiece;
      pieceAt_[m.move.to] = attacker;
    }
    for (Square p{}; p < kCrossPoints; ++p) {  // armies gone take all their pieces with them
      const PieceId piece = pieceAt_[p];
      if (piece != kNoPiece && (m.armiesLeft >> armyOfPiece(piece) & 1)) {
        alive_[piece] = false;
        pieceAt_[p] = kNoPiece;
      }
    }
  }
}

// One battle's notes: a side the seat sees narrows the other to the
// identities that give the result; two unseen sides are coupled.
void FourBeliefs::noteBattle(const FourPublicMove& m, PieceId attacker, PieceId defender) {
  IdentitySet& a = possible_[attacker];
  IdentitySet& d = possible_[defender];
  if (m.attackerType) a &= identityBit(*m.attackerType);
  if (m.defenderType) d &= identityBit(*m.defenderType);
  if (m.flagTakenFrom >= 0) d &= identityBit(PieceType::Flag);
  // A marshal that fell here showed its flag.
  for (const PieceId piece : {attacker, defender}) {
    const bool lost = piece == attacker ? attackerRemoved(m.combat) : defenderRemoved(m.combat);
    if (lost && (m.flagsShown >> armyOfPiece(piece) & 1)) possible_[piece] &= identityBit(PieceType::Marshal);
  }
  const IdentitySet a0 = a, d0 = d;
  a = compatible(*combat_, a0, d0, m.combat, true);
  d = compatible(*combat_, d0, a0, m.combat, false);
  if (!sees(armyOfPiece(attacker)) && !sees(armyOfPiece(defender)) && m.flagTakenFrom < 0)
    pairs_.push_back({attacker, defender, m.combat});
}

void FourBeliefs::narrowCoupledBattles() {
  for (int pass = 0; pass < 3; ++pass) {
    for (const CoupledBattle& c : pairs_) {
      IdentitySet& a = possible_[static_cast<std::size_t>(c.attacker)];
      IdentitySet& d = possible_[static_cast<std::size_t>(c.defender)];
      const IdentitySet a0 = a, d0 = d;
      a = compatible(*combat_, a0, d0, c.combat, true);
      d = compatible(*combat_, d0, a0, c.combat, false);
    }
  }
}

// The identities the seat sees pin their pieces; each unseen army still on
// the board gets its exact counter and marginals. An unseen army that has
// left gets a counter (no marginals: none of its pieces is on the board) when
// a coupled battle involves one of its pieces, since the draws check that
// battle against the piece's drawn identity.
void FourBeliefs::buildCounters(const FourObservation& obs) {
  board_ = FourSetup{};
  board_.toMove = obs.toMove();
  board_.quietMoves = obs.quietMoves();
  board_.ply = obs.ply();
  for (int a = 0; a < kArmies; ++a)
    if (obs.flagShown(a)) board_.flagShown |= static_cast<std::uint8_t>(1u << a);
  for (Square p{}; p < kCrossPoints; ++p) {
    const PieceId piece = pieceAt_[p];
    const bool here = piece != kNoPiece;
    if (here != (obs.armyAt(p) >= 0) || (here && armyOfPiece(piece) != obs.armyAt(p)))
      throw std::invalid_argument(fmt::format("four-player beliefs: the moves do not lead to the board at {}",
                                              crossBoard().pointName(p)));
    if (!here) continue;
    const std::optional<PieceType> type = obs.typeAt(p);
    if (type) possible_[piece] &= identityBit(*type);
    board_.pieces.push_back({obs.armyAt(p), type.value_or(PieceType::Flag), p});
  }
  drawnArmies_.clear();
  for (int a = 0; a < kArmies; ++a) {
    ArmyCounter& c = counters_[static_cast<std::size_t>(a)];
    c.pieces.clear();
    if (sees(a)) continue;
    const bool in = obs.armyIn(a);
    if (!in && std::none_of(pairs_.begin(), pairs_.end(), [&](const CoupledBattle& b) {
          return armyOfPiece(b.attacker) == a || armyOfPiece(b.defender) == a;
        }))
      continue;
    for (const bool onBoard : {true, false})
      for (int s = 0; s < kPiecesPerArmy; ++s)
        if (alive_[static_cast<std::size_t>(a * kPiecesPerArmy + s)] == onBoard) c.pieces.push_back(a * kPiecesPerArmy + s);
    c.onBoard = static_cast<int>(std::count(alive_.begin() + a * kPiecesPerArmy,
                                            alive_.begin() + (a + 1) * kPiecesPerArmy, true));
    std::vector<IdentitySet> sets;
    for (const int piece : c.pieces) sets.push_back(possible_[static_cast<std::size_t>(piece)]);
    c.counter.build(sets, rules_.army.counts, c.onBoard);
    consistent_ &= c.counter.consistent();
    marginals_[static_cast<std::size_t>(a)] =
        in && c.counter.consistent() ? c.counter.marginals() : std::vector<IdentityMarginals>{};
    drawnArmies_.push_back(a);
  }
  for (const IdentitySet s : possible_) consistent_ &= s != 0;
}

IdentitySet FourBeliefs::possibleAt(Square point) const {
  const PieceId piece = pieceAt_[point];
  return piece == kNoPiece ? IdentitySet{0} : possible_[piece];
}

IdentityMarginals FourBeliefs::marginalsAt(Square point) const {
  IdentityMarginals m{};
  const PieceId piece = pieceAt_[point];
  if (piece == kNoPiece) return m;
  const int army = armyOfPiece(piece);
  const ArmyCounter& c = counters_[static_cast<std::size_t>(army)];
  const auto at = std::find(c.pieces.begin(), c.pieces.end(), piece);
  const auto& table = marginals_[static_cast<std::size_t>(army)];
  if (at != c.pieces.end() && !table.empty()) return table[static_cast<std::size_t>(at - c.pieces.begin())];
  for (int t = 0; t < kPieceTypes; ++t)  // a seen piece: certain
    if (possible_[static_cast<std::size_t>(piece)] >> t & 1) m[static_cast<std::size_t>(t)] = 1;
  return m;
}

// One draw of every unseen army (each exact on its own); false when a coupled
// battle disagrees with the draw.
bool FourBeliefs::drawArmies(Rng& rng, Identities& types) const {
  for (const int a : drawnArmies_) drawArmy(rng, a, counters_[static_cast<std::size_t>(a)].counter, types);
  return fitsBattles(types);
}

bool FourBeliefs::fitsBattles(const Identities& types) const {
  for (const CoupledBattle& b : pairs_)
    if (combat_->combat(types[static_cast<std::size_t>(b.attacker)], types[static_cast<std::size_t>(b.defender)]) != b.combat)
      return false;
  return true;
}

// Every unseen army but the ally, each drawn exactly on its own.
void FourBeliefs::drawEnemies(Rng& rng, Identities& types) const {
  for (const int a : drawnArmies_)
    if (a != allyOf(seat_)) drawArmy(rng, a, counters_[static_cast<std::size_t>(a)].counter, types);
}

// The counter of `army` given the identities in `types` of the pieces its
// pieces fought in coupled battles (the ally's given the enemies', or an
// enemy's given the ally's: every coupled battle is the ally against an
// enemy, since the seat sees its own pieces). Each such battle narrows the
// army's piece to what gives its result against the other's identity. False
// when no assignment of the army fits.
bool FourBeliefs::counterGiven(int army, const Identities& types, IdentityCounter& counter) const {
  std::array<IdentitySet, kFourPieces> narrowed = possible_;
  for (const CoupledBattle& b : pairs_) {
    const bool attacked = armyOfPiece(b.attacker) == army;
    if (!attacked && armyOfPiece(b.defender) != army) continue;
    const int own = attacked ? b.attacker : b.defender, other = attacked ? b.defender : b.attacker;
    IdentitySet& set = narrowed[static_cast<std::size_t>(own)];
    set = compatible(*combat_, set, identityBit(types[static_cast<std::size_t>(other)]), b.combat, attacked);
  }
  const ArmyCounter& c = counters_[static_cast<std::size_t>(army)];
  std::array<IdentitySet, kPiecesPerArmy> sets{};
  for (std::size_t i = 0; i < c.pieces.size(); ++i) sets[i] = narrowed[static_cast<std::size_t>(c.pieces[i])];
  counter.build(std::span<const IdentitySet>(sets.data(), c.pieces.size()), rules_.army.counts, c.onBoard);
  return counter.consistent();
}

void FourBeliefs::drawArmy(Rng& rng, int army, const IdentityCounter& counter, Identities& types) const {
  const ArmyCounter& c = counters_[static_cast<std::size_t>(army)];
  std::array<PieceType, kPiecesPerArmy> drawn{};
  counter.sample(rng, std::span<PieceType>(drawn.data(), c.pieces.size()), true);
  for (std::size_t i = 0; i < c.pieces.size(); ++i) types[static_cast<std::size_t>(c.pieces[i])] = drawn[i];
}

FourPosition FourBeliefs::sampleWorld(Rng& rng) const {
  if (!consistent_) throw std::logic_error("four-player beliefs: no world fits the notes");
  Identities types{};
  if (!chain_.started) {
    const int tries = pairs_.empty() ? 1 : rejectionTries_;  // without coupled battles every draw fits
    for (int t = 0; t < tries; ++t)
      if (drawArmies(rng, types)) return worldOf(types);
    if (!startChain(rng)) {  // nothing fitted the coupled battles: they are ignored for this world
      drawArmies(rng, types);
      ++unfitted_;
      return worldOf(types);
    }
  } else {
    advanceChain(rng, 1);
  }
  ++chain_.worlds;
  return worldOf(chain_.types);
}

FourPosition FourBeliefs::worldOf(const Identities& types) const {
  FourSetup world = board_;
  for (FourPiece& p : world.pieces)
    if (!sees(p.army)) p.type = types[static_cast<std::size_t>(pieceAt_[static_cast<std::size_t>(p.point)])];
  return FourPosition(rules_, world);
}

}  // namespace junqi
