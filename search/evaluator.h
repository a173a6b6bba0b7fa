// The evaluator interface a network implements for the search (nets/ provides
// the LibTorch and Eigen ones). Search stays free of any network library: it
// describes a search node by public facts only, and gets back move priors and
// a value.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "core/classic/info_state.h"

namespace junqi {

// One node to evaluate, from the searching seat's side. Nothing here holds an
// enemy identity: the board is piece ids (public), own identities come from
// the seat's InfoState, enemy ones only as its beliefs.
struct EvalQuery {
  const InfoState* state = nullptr;             // the searching seat at the root of the search
  std::array<PieceId, kSquares> pieceAt{};  // the piece on each point at the node, or kNoPiece
  Seat sideToMove = Seat::Red;
  int quietPlies = 0;
  int ply = 0;
  // The last moves before the node (most recent first) and their fight results.
  std::array<Move, 4> recent{};
  std::array<Combat, 4> recentResult{};
  int recentCount = 0;
  const MoveList* legal = nullptr;  // moves of the side to move to give priors for; null: value only
};

struct EvalResult {
  std::vector<float> priors;  // one per legal move, summing to 1 (empty without legal moves)
  float value = 0;            // expected result for the searching seat, in [-1, 1]
};

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // Evaluates a batch. Implementations must allow calls from several threads at once.
  virtual void evaluate(std::span<const EvalQuery> queries, std::span<EvalResult> results) = 0;
};

// The query for a seat's real decision: its InfoState as it stands.
EvalQuery rootQuery(const InfoState& state, const MoveList* legal);

}  // namespace junqi
