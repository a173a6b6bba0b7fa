// Layout generators: a uniformly random legal layout, and three styles of
// automatic layout that follow what good players do.
//
// Every style builds the classic flag fortress (flag in a headquarters, the
// landmines beside and in front of it), puts a low officer in the other
// headquarters (whatever stands there never moves), keeps bombs behind the
// front and engineers back near the railway. They differ in where the big
// officers stand:
//   aggressive  marshal, general and major-generals on the front row and the
//               flank railways, ready to strike;
//   defensive   big officers in the middle rows near the flag, a screen of
//               low officers in front;
//   balanced    one big piece forward and one back, the rest mixed.
#pragma once

#include <optional>
#include <string_view>

#include "core/classic/layout.h"
#include "core/random.h"

namespace junqi {

enum class LayoutStyle { Random, Aggressive, Defensive, Balanced };

std::string_view layoutStyleName(LayoutStyle style);
std::optional<LayoutStyle> parseLayoutStyle(std::string_view name);

// Uniform over all legal layouts when the deployment constraints nest (flag in
// a headquarters, landmines in back rows, bombs out of the front row: every
// preset): the flag, the landmines, the bombs and then the officers are each
// placed uniformly among the points still allowed, and the number of choices at
// every stage does not depend on the earlier ones.
Layout randomLayout(const Ruleset& ruleset, Rng& rng);

// A legal layout in the given style (Random gives randomLayout), with exactly
// the ruleset's piece counts (no flag when count-flag=0: no fortress then).
Layout styledLayout(LayoutStyle style, const Ruleset& ruleset, Rng& rng);

// Both throw std::invalid_argument, in one sentence naming the style, the
// ruleset and what cannot be placed, when the ruleset's counts cannot be
// deployed; they never return a layout that breaks the ruleset.

}  // namespace junqi
