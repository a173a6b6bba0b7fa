#include "tests/support/permuted_world.h"

#include <utility>
#include <vector>

namespace junqi::test_support {
namespace {

// The enemy pieces (ids) whose identity nothing in the history depended on.
std::vector<int> untouchedPieces(const Game& game, Seat them) {
  std::vector<int> pieces;
  const int first = index(them) * kMaxPiecesPerSide;
  for (int k = 0; k < game.start().pieceCount(them); ++k) {
    const int piece = first + k, square = game.start().squareOf(PieceId(piece));
    bool touched = game.position().squareOf(PieceId(piece)) != square;
    touched |= game.flagRevealed(them) && game.start().typeOf(PieceId(piece)) == PieceType::Flag;
    for (const ActionRecord& r : game.history())
      touched |= r.action.type == ActionType::Move && (r.action.move.from == square || r.action.move.to == square);
    if (!touched) pieces.push_back(piece);
  }
  return pieces;
}

// `layout` with the identities on the untouched points shuffled, each swap
// kept only when both pieces may start on their new points.
Layout shuffled(Layout layout, const std::vector<int>& points, const Ruleset& ruleset, Rng& rng) {
  for (int round = 0; round < 3; ++round)
    for (std::size_t i = points.size(); i > 1; --i) {
      const int a = points[i - 1], b = points[rng.below(i)];
      const PieceType ta = *layout.at[a], tb = *layout.at[b];
      if (mayStartOn(ta, b, ruleset) && mayStartOn(tb, a, ruleset)) std::swap(layout.at[a], layout.at[b]);
    }
  return layout;
}

bool sameRefereeFacts(const ActionRecord& x, const ActionRecord& y) {
  return x.ply == y.ply && x.action == y.action && x.result.combat == y.result.combat &&
         x.result.attacker == y.result.attacker && x.result.defender == y.result.defender &&
         x.result.flagCaptured == y.result.flagCaptured && x.path == y.path && x.attackerType == y.attackerType &&
         x.defenderType == y.defenderType && x.marshalLost == y.marshalLost && x.flagRevealed == y.flagRevealed &&
         x.offerLapsed == y.offerLapsed;
}

// The game's actions replayed from these layouts; empty (with `why`) when
// anything the referee decided comes out otherwise.
std::optional<Game> replayed(const Game& game, const Layout& red, const Layout& blue, std::string& why) {
  Game world(game.rules().ruleset(), red, blue);
  for (std::size_t i = 0; i < game.history().size(); ++i) {
    const Action& a = game.history()[i].action;
    if (const auto illegal = world.whyIllegal(a)) {
      why = "action " + std::to_string(i + 1) + " is illegal in a permuted world: " + *illegal;
      return std::nullopt;
    }
    world.apply(a);
    if (!sameRefereeFacts(world.history()[i], game.history()[i])) {
      why = "action " + std::to_string(i + 1) + " has another result in a permuted world";
      return std::nullopt;
    }
  }
  if (!(world.outcome() == game.outcome())) {
    why = "a permuted world ends otherwise";
    return std::nullopt;
  }
  return world;
}

}  // namespace

std::optional<Game> permutedWorld(const Game& game, Seat seat, Rng& rng, std::string* why) {
  const Seat them = opposite(seat);
  const Ruleset& ruleset = game.rules().ruleset();
  std::vector<int> points;
  for (const int piece : untouchedPieces(game, them))
    points.push_back(Layout::relative(them, game.start().squareOf(PieceId(piece))));
  std::string reason = "no untouched enemy pieces";
  for (int attempt = 0; attempt < 8 && !points.empty(); ++attempt) {
    const Layout enemy = shuffled(*game.layout(them), points, ruleset, rng);
    if (const auto broken = validateLayout(enemy, ruleset)) {
      reason = "a permuted layout breaks the rules: " + broken->message;
      continue;
    }
    const Layout& own = *game.layout(seat);
    auto world = seat == Seat::Red ? replayed(game, own, enemy, reason) : replayed(game, enemy, own, reason);
    if (world) return world;
  }
  if (why) *why = reason;
  return std::nullopt;
}

}  // namespace junqi::test_support
