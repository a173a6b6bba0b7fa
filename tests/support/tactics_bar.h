// The tactics suite's bar (search/classic/tactics_suite.h), for the tests of every
// agent measured on it: at least `atLeast` of the tactics, and with
// `wholeSuite` of the whole suite too; a failure lists every missed position.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "search/classic/tactics_suite.h"

namespace junqi {

inline void expectTacticsBar(const TacticsResult& r, const std::string& agent, double atLeast, bool wholeSuite) {
  std::string missed;
  for (const std::string& f : r.failures) missed += "\n  " + f;
  EXPECT_GE(r.tacticsSolved(), atLeast * r.tacticsTotal())
      << agent << " solved " << r.tacticsSolved() << " of " << r.tacticsTotal() << " tactics" << missed;
  if (wholeSuite) {
    EXPECT_GE(r.solved(), atLeast * r.total()) << agent << " solved " << r.solved() << " of " << r.total() << missed;
  }
}

}  // namespace junqi
