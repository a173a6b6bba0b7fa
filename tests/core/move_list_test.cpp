// MoveList: the fixed-capacity list move generation writes into.
#include <gtest/gtest.h>

#include "core/move.h"

namespace junqi {
namespace {

// pushAll writes in groups of four past the list's end: what it leaves must be
// exactly the targets, lowest point first, after what was there.
TEST(MoveList, PushAllAppendsEveryTargetInOrderWhateverTheCount) {
  for (const std::uint64_t targets : {0ull, 1ull << 7, 0xFull, 0x1Full, 0xF0F0F0F0F0ull, (1ull << 60) - 1}) {
    MoveList list;
    list.push(Move{Square(1), Square(2)});
    list.pushAll(Square(9), targets);
    ASSERT_EQ(list.size(), 1 + std::popcount(targets)) << targets;
    EXPECT_EQ(list[0], (Move{Square(1), Square(2)}));
    std::uint64_t left = targets;
    for (int i = 1; i < list.size(); ++i) {
      EXPECT_EQ(list[i].from, 9);
      EXPECT_EQ(list[i].to, std::countr_zero(left));
      left &= left - 1;
    }
  }
}

TEST(MoveList, PushAllMayFillTheListToItsCapacity) {
  MoveList list;
  while (list.size() + 60 <= MoveList::kCapacity) list.pushAll(Square(3), (1ull << 60) - 1);
  list.pushAll(Square(4), (1ull << (MoveList::kCapacity - list.size())) - 1);
  ASSERT_EQ(list.size(), MoveList::kCapacity);
  EXPECT_EQ(list[MoveList::kCapacity - 1], (Move{Square(4), Square(MoveList::kCapacity % 60 - 1)}));
}

}  // namespace
}  // namespace junqi
