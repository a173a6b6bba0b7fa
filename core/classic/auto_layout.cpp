#include "core/classic/auto_layout.h"

#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "core/classic/topology.h"

namespace junqi {

namespace {

constexpr std::array<std::string_view, 4> kStyleNames = {"random", "aggressive", "defensive", "balanced"};

// A weight per relative point, written like a layout (front row first, '/'
// between rows, '.' on camps): where a style likes to put a piece.
using Weights = std::array<int, kHalfSquares>;

Weights weights(std::string_view grid) {
  Weights w{};
  int row = kRows / 2 - 1, col = 0;
  for (const char c : grid) {
    if (c == '/') {
      --row, col = 0;
      continue;
    }
    w[makeSquare(col++, row)] = c == '.' ? 0 : c - '0';
  }
  return w;
}

const Weights kUniform = [] {
  Weights w;
  w.fill(1);
  return w;
}();

class Placer {
 public:
  Placer(const Ruleset& ruleset, Rng& rng) : ruleset_(ruleset), rng_(rng) {}

  bool canPlace(PieceType type, int i) const { return !layout_.at[i] && mayStartOn(type, i, ruleset_); }

  // Places one piece, choosing a point with probability proportional to its weight
  // among the points still allowed; uniformly among them if all weights are zero.
  void placeOne(PieceType type, const Weights& w) {
    std::vector<int> points;
    std::vector<int> cumulative;
    int total = 0;
    for (int i = 0; i < kHalfSquares; ++i) {
      if (!canPlace(type, i) || w[i] <= 0) continue;
      points.push_back(i);
      cumulative.push_back(total += w[i]);
    }
    if (points.empty()) {
      if (&w != &kUniform) return placeOne(type, kUniform);
      throw std::invalid_argument(fmt::format("no legal point is left for a {}", typeName(type)));
    }
    const int r = static_cast<int>(rng_.below(static_cast<std::uint64_t>(total)));
    int k = 0;
    while (cumulative[k] <= r) ++k;
    layout_.at[points[k]] = type;
  }

  void placeAll(PieceType type, const Weights& w) {
    while (remaining(type) > 0) placeOne(type, w);
  }

  void put(PieceType type, int i) { layout_.at[i] = type; }

  int remaining(PieceType type) const {
    int placed = 0;
    for (const auto& p : layout_.at) placed += p == type;
    return ruleset_.counts[typeIndex(type)] - placed;
  }

  const Layout& layout() const { return layout_; }
  Rng& rng() { return rng_; }

 private:
  const Ruleset& ruleset_;
  Rng& rng_;
  Layout layout_;
};

// The style's preferred points for the big officers.
struct StyleWeights {
  Weights marshal, general, majorGeneral, frontScreen;
};

StyleWeights styleWeights(LayoutStyle style) {
  switch (style) {
    case LayoutStyle::Aggressive:
      return {weights("95959/3.3.3/11.11/1.1.1/00000/00000"), weights("77977/4.4.4/22.22/1.1.1/00000/00000"),
              weights("55555/5.5.5/33.33/2.2.2/11111/00000"), weights("33333/3.3.3/22.22/2.2.2/11111/11011")};
    case LayoutStyle::Defensive:
      return {weights("00000/1.2.1/35.53/5.9.5/23332/00000"), weights("00000/2.2.2/45.54/5.7.5/24442/10001"),
              weights("11111/3.3.3/44.44/4.4.4/33333/10001"), weights("99999/3.3.3/22.22/1.1.1/11111/11011")};
    default:  // balanced
      return {weights("55955/4.6.4/33.33/2.3.2/11111/00000"), weights("22322/3.4.3/55.55/5.7.5/33333/10001"),
              weights("44444/4.4.4/33.33/3.3.3/22222/10001"), weights("55555/3.3.3/22.22/2.2.2/11111/11011")};
  }
}

// Flag in a headquarters with landmines beside it and in front of it (a
// ruleset without a flag gets its landmines in the back rows all the same).
void buildFortress(Placer& placer, LayoutStyle style) {
  const int flag = placer.rng().below(2) == 0 ? makeSquare(1, 0) : makeSquare(3, 0);
  if (placer.remaining(PieceType::Flag) > 0) {
    placer.put(PieceType::Flag, flag);
    std::vector<int> guards = {flag - 1, flag + 1, flag + kColumns};
    // Aggressive and balanced layouts sometimes leave the front guard out, so the
    // third landmine can sit elsewhere in the back rows as a decoy.
    if (style != LayoutStyle::Defensive && placer.rng().below(10) < 3) guards.pop_back();
    for (const int g : guards)
      if (placer.remaining(PieceType::Landmine) > 0 && placer.canPlace(PieceType::Landmine, g))
        placer.put(PieceType::Landmine, g);
  }
  placer.placeAll(PieceType::Flag, kUniform);  // rulesets with more than one flag
  placer.placeAll(PieceType::Landmine, weights("00000/0.0.0/00.00/0.0.0/11111/11111"));
}

// Whatever stands in the other headquarters never moves: a low officer.
void fillOtherHeadquarters(Placer& placer) {
  const int hqs[] = {makeSquare(1, 0), makeSquare(3, 0)};
  for (const int hq : hqs) {
    if (placer.layout().at[hq]) continue;
    for (const PieceType t : {PieceType::Lieutenant, PieceType::Captain, PieceType::Major}) {
      if (placer.remaining(t) > 0 && placer.canPlace(t, hq)) {
        placer.put(t, hq);
        break;
      }
    }
  }
}

}  // namespace

std::string_view layoutStyleName(LayoutStyle style) { return kStyleNames[static_cast<int>(style)]; }

std::optional<LayoutStyle> parseLayoutStyle(std::string_view name) {
  for (int i = 0; i < static_cast<int>(kStyleNames.size()); ++i)
    if (kStyleNames[i] == name) return static_cast<LayoutStyle>(i);
  return std::nullopt;
}

namespace {

// The points (bit i: relative point i) where a piece of this type may start.
std::uint32_t startPoints(PieceType type, const Ruleset& ruleset) {
  std::uint32_t points = 0;
  for (int i = 0; i < kHalfSquares; ++i)
    if (mayStartOn(type, i, ruleset)) points |= 1u << i;
  return points;
}

// The n-th (from 0) lowest set bit of `bits`, which has more than n.
int nthSetBit(std::uint32_t bits, std::uint64_t n) {
  for (; n > 0; --n) bits &= bits - 1;
  return std::countr_zero(bits);
}

// Each piece goes to the r-th free allowed point (in point order), r uniform:
// the same choices, from the same random numbers, as Placer with uniform
// weights, on bit masks instead of lists (a random layout is part of every
// random game).
Layout placeRandomly(const Ruleset& ruleset, Rng& rng) {
  static_assert(kHalfSquares <= 32, "a half board fits one 32-bit mask");
  Layout layout;
  std::uint32_t free = (1u << kHalfSquares) - 1;
  const auto placeAll = [&](PieceType type, std::uint32_t allowed) {
    for (int k = ruleset.counts[typeIndex(type)]; k > 0; --k) {
      const std::uint32_t open = free & allowed;
      if (!open) throw std::invalid_argument(fmt::format("no legal point is left for a {}", typeName(type)));
      const int point = nthSetBit(open, rng.below(static_cast<std::uint64_t>(std::popcount(open))));
      layout.at[point] = type;
      free &= ~(1u << point);
    }
  };
  // Most constrained first, so that every stage has a fixed number of choices.
  for (const PieceType t : {PieceType::Flag, PieceType::Landmine, PieceType::Bomb})
    placeAll(t, startPoints(t, ruleset));
  const std::uint32_t officerPoints = startPoints(PieceType::Marshal, ruleset);  // the same for every officer
  for (int t = 0; t < kPieceTypes; ++t)
    if (isOfficer(typeFromIndex(t))) placeAll(typeFromIndex(t), officerPoints);
  return layout;
}

Layout placeInStyle(LayoutStyle style, const Ruleset& ruleset, Rng& rng) {
  Placer placer(ruleset, rng);
  const StyleWeights w = styleWeights(style);
  buildFortress(placer, style);
  // The bombs before the other headquarters' officer: they may need its point
  // (their weights leave it empty whenever they can).
  placer.placeAll(PieceType::Bomb, weights("00000/5.9.5/66.66/4.6.4/22322/10101"));
  fillOtherHeadquarters(placer);
  placer.placeAll(PieceType::Marshal, w.marshal);
  placer.placeAll(PieceType::General, w.general);
  placer.placeAll(PieceType::MajorGeneral, w.majorGeneral);
  // Engineers stay back, on or next to the railway, and out of the headquarters.
  placer.placeAll(PieceType::Engineer, weights("00000/1.1.1/11.11/3.2.3/56565/40404"));
  // Aggressive layouts put brigadiers and colonels in the front; defensive
  // layouts screen with captains and lieutenants.
  const bool strongFront = style != LayoutStyle::Defensive;
  for (const PieceType t : {PieceType::Brigadier, PieceType::Colonel})
    placer.placeAll(t, strongFront ? w.frontScreen : kUniform);
  placer.placeAll(PieceType::Major, kUniform);
  for (const PieceType t : {PieceType::Captain, PieceType::Lieutenant})
    placer.placeAll(t, strongFront ? kUniform : w.frontScreen);
  return placer.layout();
}

// The layout `place` makes, checked against every deployment rule and count:
// a ruleset it cannot serve is refused in one sentence naming it.
template <typename PlaceFn>
Layout checked(LayoutStyle style, const Ruleset& ruleset, PlaceFn place) {
  const auto refuse = [&](const std::string& why) {
    return std::invalid_argument(
        fmt::format("cannot make a {} layout under the ruleset {}: {}", layoutStyleName(style), ruleset.toString(), why));
  };
  Layout layout;
  try {
    layout = place();
  } catch (const std::invalid_argument& e) {
    throw refuse(e.what());
  }
  if (const auto v = validateLayout(layout, ruleset)) throw refuse(v->message);
  return layout;
}

}  // namespace

Layout randomLayout(const Ruleset& ruleset, Rng& rng) {
  return checked(LayoutStyle::Random, ruleset, [&] { return placeRandomly(ruleset, rng); });
}

Layout styledLayout(LayoutStyle style, const Ruleset& ruleset, Rng& rng) {
  if (style == LayoutStyle::Random) return randomLayout(ruleset, rng);
  return checked(style, ruleset, [&] { return placeInStyle(style, ruleset, rng); });
}

}  // namespace junqi
