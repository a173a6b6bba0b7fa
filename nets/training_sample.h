// What the network learns from: a position seen by one seat (its encoded
// input, the search's visit distribution over the legal moves, the game's
// result for that seat), and a layout with how much to learn from it.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace junqi::nets {

struct PositionSample {
  std::vector<std::uint8_t> input;                      // the encoding, quantized: round(255 x)
  std::vector<std::pair<std::uint16_t, float>> policy;  // every legal move: (policy index, target)
  std::array<float, 3> wdl{};                           // the result for the seat: win, draw, loss
  // The enemy's pieces on the board, each (point in the seat's orientation,
  // its true identity as typeIndex): a target of the identity head only,
  // never an input. Four-player: every piece whose identity the seat does
  // not see (its ally's too under visibility=own), by its turned point
  // (nets/four/four_encoding.h fourTurnedPoint, 0-128; the grid place is
  // fourPlaceOfTurned). Empty where the game has none (flip, older shards).
  std::vector<std::pair<std::uint8_t, std::int8_t>> hidden;
};

struct LayoutSample {
  std::array<std::int8_t, 30> identity{};  // the layout's identity per relative point (-1: empty)
  float weight = 1;                        // how much to learn from it (by the game's result)
};

}  // namespace junqi::nets
