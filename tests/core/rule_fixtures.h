// Small helpers shared by the rule tests (rules_*_test.cpp): points by name,
// moves, hand-written positions, and the three presets.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "core/bitboard.h"
#include "core/move.h"
#include "core/classic/position.h"
#include "core/classic/ruleset.h"

namespace junqi::fixtures {

inline const Ruleset kPresets[] = {Ruleset::hiddenFront(), Ruleset::worldAtPlay(), Ruleset::refereed()};

// The point named `name` ("A1".."E12"); throws on anything else.
Square at(std::string_view name);

// The move between two named points.
Move move(std::string_view from, std::string_view to);

// The set of the named points.
Bitboard points(std::initializer_list<std::string_view> names);

// "A1 B2 ..." in point order, so that a failing comparison names the points.
std::string names(Bitboard b);

// A position from "symbol:point" words (upper case Red, lower case Blue; see
// piece.h for the symbols) with the quiet-move counter and ply, passed through
// the position notation so that it is one a game can reach.
Position make(const Ruleset& ruleset, std::string_view pieces, Seat toMove = Seat::Red, int quiet = 0,
              int ply = 0);

}  // namespace junqi::fixtures
