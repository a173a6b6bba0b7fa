// Squares by name in tests: `at("A1")` on the classic board, `crossAt("H1")`
// on the four-player cross board. Shared so that test programs, built as a
// few large translation units (tests/CMakeLists.txt), hold one definition.
#pragma once

#include <gtest/gtest.h>

#include <optional>

#include "core/four/cross_board.h"
#include "core/square.h"

namespace junqi {

inline Square at(const char* name) {
  const std::optional<Square> square = parseSquare(name);
  EXPECT_TRUE(square) << name;
  return square.value_or(Square{});
}

inline Square crossAt(const char* name) {
  const auto point = crossBoard().point(name);
  EXPECT_TRUE(point) << name;
  return point.value_or(Square{});
}

}  // namespace junqi
