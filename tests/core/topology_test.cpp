#include <gtest/gtest.h>

#include "core/topology.h"

namespace junqi {
namespace {
TEST(Topology, SixtyPoints) { EXPECT_EQ(popcount(Topology::classic(true).all), 60); }
}  // namespace
}  // namespace junqi
