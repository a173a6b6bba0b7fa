#include "core/classic/info_state.h"

#include <stdexcept>

#ifdef JUNQI_PLANT_LEAK_CLASSIC
#include "core/planted_leak.h"
#endif

namespace junqi {

InfoState::InfoState(Observation observation)
    : observation_(std::move(observation)), knowledge_(Knowledge::of(observation_)), template_(observation_.rules()) {
  rebuild();
}

void InfoState::apply(const PublicEvent& event) {
  observation_.apply(event);
  knowledge_.apply(observation_, event);
  knowledge_.propagate();
  rebuild();
}

void InfoState::setPrior(std::vector<IdentityWeights> prior) {
  if (!prior.empty() && static_cast<int>(prior.size()) != knowledge_.pieceCount())
    throw std::invalid_argument("InfoState::setPrior: one weight row per enemy piece");
  prior_ = std::move(prior);
  rebuild();
}

void InfoState::rebuild() {
  const Seat them = enemy();
  const int n = knowledge_.pieceCount();
  counterOrder_.clear();
  for (int pass = 0; pass < 2; ++pass)
    for (int k = 0; k < n; ++k)
      if (observation_.isAlive(pieceOf(them, k)) == (pass == 0)) counterOrder_.push_back(k);
  onBoard_ = 0;
  for (int k = 0; k < n; ++k) onBoard_ += observation_.isAlive(pieceOf(them, k));

  std::vector<IdentitySet> possible(n);
  std::vector<IdentityWeights> weights;
  for (int i = 0; i < n; ++i) possible[i] = knowledge_.possible(counterOrder_[i]);
  if (!prior_.empty())
    for (int i = 0; i < n; ++i) weights.push_back(prior_[counterOrder_[i]]);
  // A game started from a position may not show every piece: the missing ones
  // were lost before it began, as anything but the flag while the game goes on
  // (losing the flag ends it).
  const bool flagTaken = observation_.outcome().reason == Termination::FlagCaptured;
  for (int missing = totalPieces(knowledge_.counts()) - n; missing > 0; --missing) {
    possible.push_back(flagTaken ? kAnyIdentity : kAnyIdentity & ~identityBit(PieceType::Flag));
    if (!prior_.empty()) weights.push_back(IdentityWeights{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
  }
  counter_.build(possible, knowledge_.counts(), onBoard_, weights);

  const auto m = counter_.marginals();
  marginals_.assign(n, IdentityMarginals{});
  for (int i = 0; i < n; ++i) marginals_[counterOrder_[i]] = m[i];
#ifdef JUNQI_PLANT_LEAK_CLASSIC  // a planted leak, only to prove the leakage tests (core/planted_leak.h):
  // the sampler's counter is told what the moved enemy pieces are; the marginals above stay exact.
  if (const auto truth = planted::overhear<Position>(observation_.toText())) {
    for (int i = 0; i < n; ++i)
      if (knowledge_.moved(counterOrder_[i])) possible[i] &= identityBit(truth->typeOf(pieceOf(them, counterOrder_[i])));
    counter_.build(possible, knowledge_.counts(), onBoard_, weights);
  }
#endif

  // The template position: own pieces true, enemy pieces waiting for a sample.
  template_ = Position(observation_.rules());
  for (const Seat s : {Seat::Red, Seat::Blue})
    for (int k = 0; k < observation_.pieceCount(s); ++k) {
      const PieceId p = pieceOf(s, k);
      const PieceType type = s == seat() ? observation_.ownType(p) : PieceType::Captain;
      template_.addPiece(s, type, observation_.squareOf(p));
    }
  template_.setSideToMove(observation_.sideToMove());
  template_.setCounters(observation_.quietPlies(), observation_.ply());
}

IdentitySet InfoState::support(int k) const {
  IdentitySet s = 0;
  for (int t = 0; t < kPieceTypes; ++t)
    if (marginals_[k][t] > 0.0) s |= static_cast<IdentitySet>(1u << t);
  return s;
}

void InfoState::sampleEnemyTypes(Rng& rng, std::array<PieceType, kMaxPiecesPerSide>& types, bool lostToo) const {
  std::array<PieceType, kMaxPiecesPerSide> drawn{};
  counter_.sample(rng, drawn, lostToo);
  const int n = lostToo ? static_cast<int>(counterOrder_.size()) : onBoard_;
  for (int i = 0; i < n; ++i) types[counterOrder_[i]] = drawn[i];
}

Position InfoState::sample(Rng& rng) const {
  std::array<PieceType, kMaxPiecesPerSide> types{};
  sampleEnemyTypes(rng, types);
  Position p = template_;
  for (int i = 0; i < onBoard_; ++i) p.setType(pieceOf(enemy(), counterOrder_[i]), types[counterOrder_[i]]);
  return p;
}

}  // namespace junqi
