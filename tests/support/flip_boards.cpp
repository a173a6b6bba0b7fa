#include "tests/support/flip_boards.h"

#include <cctype>
#include <stdexcept>
#include <string>

#include "core/flip/flip_movegen.h"
#include "core/random.h"
#include "core/text.h"

namespace junqi::fixtures {

namespace {

Square pointNamed(std::string_view name) {
  const auto square = parseSquare(name);
  if (!square) throw std::invalid_argument("no point " + std::string(name));
  return *square;
}

struct Placed {
  Square square;
  Identity identity;
  bool faceDown;
};

Placed parsePlaced(std::string_view word) {
  const bool faceDown = word.starts_with('?');
  if (faceDown) word.remove_prefix(1);
  const auto type = parseTypeSymbol(word.at(0));
  if (word.size() < 4 || word[1] != ':' || !type) throw std::invalid_argument("bad piece word " + std::string(word));
  const Colour colour = std::isupper(static_cast<unsigned char>(word[0])) ? Colour::Red : Colour::Blue;
  return {pointNamed(word.substr(2)), {colour, *type}, faceDown};
}

FlipDeal dealOf(std::string_view pieces) {
  FlipDeal deal;
  for (const auto word : words(pieces)) {
    const Placed p = parsePlaced(word);
    if (p.faceDown) deal.under[p.square] = p.identity;
  }
  return deal;
}

}  // namespace

FlipPosition flipBoard(const FlipRuleset& rules, std::string_view pieces, std::optional<Colour> seatOne,
                       Seat toMove) {
  FlipPosition pos = FlipPosition::empty(rules);
  for (const auto word : words(pieces)) {
    const Placed p = parsePlaced(word);
    if (p.faceDown)
      pos.putFaceDown(p.square, p.identity);
    else
      pos.putFaceUp(p.square, p.identity);
  }
  pos.setColours(seatOne);
  pos.setToMove(toMove);
  return pos;
}

FlipGame flipGame(const FlipRuleset& rules, std::string_view pieces, std::optional<Colour> seatOne, Seat toMove) {
  return FlipGame(flipBoard(rules, pieces, seatOne, toMove), dealOf(pieces));
}

std::string flipTargetNames(const FlipPosition& pos, std::string_view from) {
  std::string out;
  for (Bitboard b = flipMoveTargets(pos, pointNamed(from)); b;) {
    if (!out.empty()) out += ' ';
    out += squareName(popLsb(b));
  }
  return out;
}

FlipPosition flipMidgame() {
  Rng rng(11);
  FlipGame game(FlipRuleset::kawu(), randomFlipDeal(rng));
  for (int k = 0; k < 30 && !game.isOver(); ++k) {
    MoveList actions;
    generateFlipActions(game.position(), actions);
    game.apply(Action::makeMove(game.position().toMove(), actions[static_cast<int>(rng.below(actions.size()))]));
  }
  return game.position();
}

}  // namespace junqi::fixtures
