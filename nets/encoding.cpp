#include "nets/encoding.h"

#include <algorithm>

namespace junqi::nets {

namespace {

float* plane(std::span<float> out, int p) { return out.data() + p * kBoardPoints; }
void fillPlane(std::span<float> out, int p, float v) { std::fill_n(plane(out, p), kBoardPoints, v); }

void encodeBoard(const Rules& rules, Seat seat, std::span<float> out) {
  const Topology& t = rules.topology();
  for (Square s{}; s < kSquares; ++s) {
    const int o = orient(seat, s);
    plane(out, kOwnHalf)[o] = contains(t.home[index(seat)], s);
    plane(out, kRailway)[o] = contains(t.railway, s);
    plane(out, kCamp)[o] = contains(t.camps, s);
    plane(out, kHeadquarters)[o] = contains(t.headquarters, s);
  }
}

void encodeCounters(const Ruleset& r, int quiet, int ply, std::span<float> out) {
  const double limit = r.quietMoveLimit > 0 ? r.quietMoveLimit : 100.0;
  fillPlane(out, kQuietCounter, static_cast<float>(std::min(1.0, quiet / limit)));
  fillPlane(out, kPlyCounter, static_cast<float>(std::min(1.0, ply / 1000.0)));
}

}  // namespace

void encode(const EvalQuery& q, std::span<float> out) {
  std::fill(out.begin(), out.begin() + kInputSize, 0.0f);
  const InfoState& state = *q.state;
  const Observation& obs = state.observation();
  const Seat seat = state.seat();
  encodeBoard(obs.rules(), seat, out);

  // Which pieces have shown something by moving: from the whole public history.
  std::array<bool, kMaxPieces> moved{}, turned{};
  for (const PublicEvent& e : obs.events()) {
    if (e.type != ActionType::Move) continue;
    moved[e.mover] = true;
    if (e.path == MovePath::Turned) turned[e.mover] = true;
  }
  const int enemyFirst = index(state.enemy()) * kMaxPiecesPerSide;
  for (Square s{}; s < kSquares; ++s) {
    const PieceId p = q.pieceAt[s];
    if (p == kNoPiece) continue;
    const int o = orient(seat, s);
    if (obs.isOwn(p)) {
      plane(out, kOwnPiece + typeIndex(obs.ownType(p)))[o] = 1;
      plane(out, kOwnMoved)[o] = moved[p];
      plane(out, kOwnShownEngineer)[o] = turned[p];
    } else {
      plane(out, kEnemyPiece)[o] = 1;
      const IdentityMarginals& m = state.marginals()[p - enemyFirst];
      for (int t = 0; t < kPieceTypes; ++t) plane(out, kEnemyBelief + t)[o] = static_cast<float>(m[t]);
      plane(out, kEnemyMoved)[o] = moved[p] || state.knowledge().moved(p - enemyFirst);
    }
  }
  for (int k = 0; k < q.recentCount && k < 4; ++k) {
    plane(out, kRecentFrom + k)[orient(seat, q.recent[k].from)] = 1;
    plane(out, kRecentTo + k)[orient(seat, q.recent[k].to)] = 1;
  }
  if (q.recentCount > 0 && q.recentResult[0] != Combat::None)
    fillPlane(out, kLastResult + static_cast<int>(q.recentResult[0]) - 1, 1.0f);
  encodeCounters(obs.rules().ruleset(), q.quietPlies, q.ply, out);
  fillPlane(out, kSeatToMove, q.sideToMove == seat ? 1.0f : 0.0f);
}

void encodeDeployment(const Ruleset& ruleset, std::span<float> out) {
  std::fill(out.begin(), out.begin() + kInputSize, 0.0f);
  encodeBoard(Rules::of(ruleset), Seat::Red, out);  // the same for both seats in their own orientation
  encodeCounters(ruleset, 0, 0, out);
  fillPlane(out, kSeatToMove, 1.0f);
}

DecodedInput decode(std::span<const float> in, Seat seat) {
  DecodedInput d;
  d.ownType.fill(-1);
  for (Square s{}; s < kSquares; ++s) {
    const int o = orient(seat, s);
    for (int t = 0; t < kPieceTypes; ++t)
      if (in[(kOwnPiece + t) * kBoardPoints + o] > 0.5f) d.ownType[s] = t;
    if (in[kEnemyPiece * kBoardPoints + o] > 0.5f) d.enemies |= bit(s);
    for (int t = 0; t < kPieceTypes; ++t) d.belief[s][t] = in[(kEnemyBelief + t) * kBoardPoints + o];
  }
  return d;
}

}  // namespace junqi::nets
