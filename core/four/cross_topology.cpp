#include "core/four/cross_topology.h"

#include <algorithm>
#include <stdexcept>

namespace junqi {

namespace {

CrossBitboard setOf(const std::vector<int>& points) {
  CrossBitboard b;
  for (const int p : points) b |= CrossBitboard::bit(p);
  return b;
}

// The walks leaving `p` along every line through it, both ways.
std::vector<std::vector<int>> walksLeaving(const BoardGeometry& geometry, int p) {
  std::vector<std::vector<int>> walks;
  for (const std::vector<int>& line : geometry.railways()) {
    const auto at = std::find(line.begin(), line.end(), p);
    if (at == line.end()) continue;
    if (at + 1 != line.end()) walks.emplace_back(at + 1, line.end());
    if (at != line.begin()) walks.emplace_back(std::make_reverse_iterator(at), line.rend());
  }
  return walks;
}

bool isPrefix(const std::vector<int>& shorter, const std::vector<int>& longer) {
  return shorter.size() <= longer.size() && std::equal(shorter.begin(), shorter.end(), longer.begin());
}

// Keeps the walks no other walk of the point begins with (nor equals, once).
std::vector<std::vector<int>> withoutPrefixes(std::vector<std::vector<int>> walks) {
  std::vector<std::vector<int>> kept;
  for (std::size_t i = 0; i < walks.size(); ++i) {
    bool covered = false;
    for (std::size_t j = 0; j < walks.size() && !covered; ++j)
      covered = j != i && isPrefix(walks[i], walks[j]) && (walks[i].size() < walks[j].size() || j < i);
    if (!covered) kept.push_back(walks[i]);
  }
  return kept;
}

CrossTopology::Low lowOf(const CrossBitboard& b) {
  return CrossTopology::Low{b.words()[0]} | CrossTopology::Low{b.words()[1]} << 64;
}

// The generator's 128-bit tables, from the walks and runs above.
void buildLowTables(CrossTopology& t) {
  static_assert(kCrossPoints == 129, "points 0-127 in one 128-bit word, and one more");
  constexpr int kLast = kCrossPoints - 1;
  if (t.railway.contains(kLast))
    throw std::logic_error("cross topology: the generator takes point 128 off the railway");
  for (int p = 0; p < kCrossPoints; ++p) {
    t.stepsLow[static_cast<std::size_t>(p)] = lowOf(t.stepNeighbours[static_cast<std::size_t>(p)]);
    t.railLow[static_cast<std::size_t>(p)] = lowOf(t.railNeighbours[static_cast<std::size_t>(p)]);
    if (t.stepNeighbours[static_cast<std::size_t>(p)].contains(kLast)) t.stepsToLast[static_cast<std::size_t>(p)] = 1;
    const CrossBitboard steps = t.stepNeighbours[static_cast<std::size_t>(p)];
    if (steps) {
      t.stepBase[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(steps.lsb());
      if (!t.railway.contains(p) && steps.msb() - steps.lsb() >= 32)
        throw std::logic_error("cross topology: a point off the railway has steps more than 32 points apart");
    }
    CrossTopology::Slides& s = t.slides[static_cast<std::size_t>(p)];
    int rising = 0, falling = 0, seconds = 0;
    for (int w = t.walksFrom[static_cast<std::size_t>(p)]; w < t.walksFrom[static_cast<std::size_t>(p) + 1]; ++w) {
      const CrossTopology::Walk walk = t.walks[static_cast<std::size_t>(w)];
      const CrossTopology::Run& first = t.runs[walk.firstRun];
      if (walk.runs > 2 || (walk.runs == 2 && ++seconds > 1) ||
          (first.rising ? rising == CrossTopology::kRisingRuns : falling == CrossTopology::kFallingRuns))
        throw std::logic_error("cross topology: a point's walks do not fit the generator's slide table");
      (first.rising ? s.rising[static_cast<std::size_t>(rising++)] : s.falling[static_cast<std::size_t>(falling++)]) =
          lowOf(first.points);
      if (walk.runs == 2) {
        const CrossTopology::Run& second = t.runs[walk.firstRun + 1u];
        s.gate = lowOf(first.points);
        (second.rising ? s.thenRising : s.thenFalling) = lowOf(second.points);
      }
    }
  }
  auto reversed = [](CrossTopology::Low b) {
    CrossTopology::Low r = 0;
    for (int q = 0; q < 128; ++q)
      if ((b >> q) & 1) r |= CrossTopology::Low{1} << (127 - q);
    return r;
  };
  for (int p = 0; p < kCrossPoints; ++p) {
    const CrossTopology::Slides& s = t.slides[static_cast<std::size_t>(p)];
    CrossTopology::SlideLanes& lanes = t.slideLanes[static_cast<std::size_t>(p)];
    for (int k = 0; k < 3; ++k) {
      lanes.rising[static_cast<std::size_t>(k)] = s.rising[static_cast<std::size_t>(k)];
      lanes.fallingReversed[static_cast<std::size_t>(k)] = reversed(s.falling[static_cast<std::size_t>(k)]);
    }
    lanes.rising[3] = s.thenRising;
    lanes.fallingReversed[3] = reversed(s.thenFalling);
  }
  t.campsLow = lowOf(t.camps);
  t.railwayLow = lowOf(t.railway);
  t.fromHighest[0] = ~CrossTopology::Low{0};
  for (int n = 1; n <= 128; ++n) t.fromHighest[static_cast<std::size_t>(n)] = ~((CrossTopology::Low{1} << (n - 1)) - 1);
}

}  // namespace

CrossTopology CrossTopology::build(const BoardGeometry& geometry) {
  CrossTopology t;
  for (int p = 0; p < geometry.pointCount(); ++p) t.all |= CrossBitboard::bit(p);
  t.camps = setOf(geometry.camps());
  t.headquarters = setOf(geometry.headquarters());
  for (int army = 0; army < kArmies; ++army) t.home[static_cast<std::size_t>(army)] = setOf(geometry.homes().at(static_cast<std::size_t>(army)));
  for (const auto& [a, b] : geometry.roads()) {
    t.stepNeighbours[static_cast<std::size_t>(a)] |= CrossBitboard::bit(b);
    t.stepNeighbours[static_cast<std::size_t>(b)] |= CrossBitboard::bit(a);
  }
  for (const std::vector<int>& line : geometry.railways()) {
    t.railway |= setOf(line);
    for (std::size_t k = 1; k < line.size(); ++k) {
      t.railNeighbours[static_cast<std::size_t>(line[k - 1])] |= CrossBitboard::bit(line[k]);
      t.railNeighbours[static_cast<std::size_t>(line[k])] |= CrossBitboard::bit(line[k - 1]);
    }
  }
  for (int p = 0; p < kCrossPoints; ++p) {
    t.walksFrom[static_cast<std::size_t>(p)] = static_cast<std::uint16_t>(t.walks.size());
    for (const std::vector<int>& walk : withoutPrefixes(walksLeaving(geometry, p))) {
      t.walks.push_back({static_cast<std::uint16_t>(t.runs.size()), 0});
      for (std::size_t k = 0; k < walk.size(); ++k) {
        // A new run where the walk turns from rising to falling index or back.
        const bool rising = (k == 0 ? walk[0] > p : walk[k] > walk[k - 1]);
        if (k == 0 || rising != t.runs.back().rising) {
          t.runs.push_back({CrossBitboard{}, rising});
          ++t.walks.back().runs;
        }
        t.runs.back().points |= CrossBitboard::bit(walk[k]);
      }
    }
  }
  t.walksFrom[kCrossPoints] = static_cast<std::uint16_t>(t.walks.size());
  buildLowTables(t);
  CrossBitboard below;
  for (int b = 0; b < kCrossPoints; ++b) {
    below |= CrossBitboard::bit(b);
    t.upTo[static_cast<std::size_t>(b)] = below;
    t.downTo[static_cast<std::size_t>(b)] = t.all & ~below;
    t.downTo[static_cast<std::size_t>(b)] |= CrossBitboard::bit(b);
  }
  return t;
}

const CrossTopology& CrossTopology::get() {
  static const CrossTopology topology = build(crossBoard());
  return topology;
}

}  // namespace junqi
