// What every searching agent's AgentReport::rootValues must be (search/agent.h):
// one value per root share, each in [-1, 1], and not all alike (a search
// tells moves apart). Shared by the search and network agents' tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>

#include "search/agent.h"

namespace junqi {

inline void expectRootValues(const AgentReport& report) {
  ASSERT_FALSE(report.rootShares.empty());
  ASSERT_EQ(report.rootValues.size(), report.rootShares.size());
  for (const double v : report.rootValues) {
    EXPECT_GE(v, -1.0);
    EXPECT_LE(v, 1.0);
  }
  const auto [lo, hi] = std::minmax_element(report.rootValues.begin(), report.rootValues.end());
  EXPECT_LT(*lo, *hi) << "every move has the same value: the values are not the moves' own";
}

}  // namespace junqi
