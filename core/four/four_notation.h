// The text of a four-player position (docs/notation.md, "Four-player positions").
//
//   four <south>/<east>/<north>/<west> <to move> <quiet> <ply> <shown>
//
// Each army's pieces as symbol and point, comma-separated, in any order
// ("FH1,MI4,EG2"; the symbols of docs/notation.md, either case), or '-' for
// an army that has left the board. to move: south, east, north or west.
// quiet, ply: moves since the last battle; moves since the start. shown: the
// armies whose fallen marshal showed their flag ("east,west"), or '-'.
#pragma once

#include <string>
#include <string_view>

#include "core/four/four_position.h"

namespace junqi {

std::string_view armyName(int army);  // "south", "east", "north", "west"
// The army of a name; -1 for none.
int parseArmyName(std::string_view name);

std::string formatFourPosition(const FourPosition& pos);
// The same text of a position written out; the pieces on `unseen` as '?'
// (a seat's view, core/four/four_observation.h).
std::string formatFourSetup(const FourSetup& setup, CrossBitboard unseen = {});
// Syntax only (the position itself is checked by FourPosition). With
// `unseen`, '?' is accepted for a piece whose identity is not seen: its
// point is added there and its type is a placeholder.
FourSetup parseFourSetup(std::string_view text, CrossBitboard* unseen = nullptr);
// Throws NotationError naming the field, army or piece at fault.
FourPosition parseFourPosition(std::string_view text, const FourRuleset& rules);
bool isFourPositionText(std::string_view text);

}  // namespace junqi
