// Helpers shared by the commands: ruleset and position options, files.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/files.h"
#include "core/classic/position.h"
#include "core/classic/ruleset.h"

namespace junqi {
struct MatchPlayer;
class FlipPosition;
struct FlipRuleset;
class FourPosition;
struct FourRuleset;
}  // namespace junqi

namespace junqi::tools {

// Each command's action, stored by register* and called by runAction. It
// returns the process exit status; exceptions become "junqi <cmd>: error: ...".
void setAction(CLI::App* command, std::function<int()> action);
// Runs the action of the subcommand the user chose; returns the exit status.
int runAction(const CLI::App& app);

// The games whose presets a command takes with --rules (Variant names:
// classic, flip, four), and for each game it does not take, what it lacks
// for it. The refusal names the game, that, and the presets it takes:
// "junqi setup: Flip Junqi has no deployment (its pieces are dealt face
// down); setup takes hiddenfront, worldatplay, refereed, four-worldatplay".
class Games {
 public:
  static Games all();
  // These games without `game`, for which the command lacks what `lacks`
  // says after the game's title ("has no deployment (...)").
  Games without(const std::string& game, std::string lacks) const;
  bool takes(const std::string& game) const { return !lacking_.contains(game); }
  // The presets of the games taken, each game's in its own order.
  std::vector<std::string> presets() const;
  // Throws RulesRefused when the preset of `rulesText` ("preset:key=value,...")
  // is of a game not taken, or of no game.
  void check(const std::string& command, const std::string& rulesText) const;

 private:
  std::map<std::string, std::string> lacking_;  // game -> what the command lacks for it
};

// A command's refusal of a game (or of a ruleset of none): printed as
// "junqi CMD: WHAT", one line, exit status 2.
struct RulesRefused : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// "classic Junqi", "Flip Junqi", "four-player Junqi" for a Variant name.
std::string gameTitle(const std::string& game);
// The Variant name of a ruleset text's preset ("flip-..." and "four-..." name their
// games even when no preset of theirs); throws RulesRefused for none.
std::string gameOfRules(const std::string& rulesText);

// Adds "--rules" (a ruleset text, default: the classic default preset) bound
// to `text`; its help lists the presets of `games`. Before the command's
// action runs, runAction refuses a preset of a game not in `games`. Without
// `games` every game's presets are listed and the command checks the text itself.
CLI::Option* addRulesOption(CLI::App* command, std::string& text);
CLI::Option* addRulesOption(CLI::App* command, std::string& text, const Games& games);

// The game of a record's text (docs/records.md): "flip" for a record whose
// first line that is not a comment is "variant flip", "four" for a
// four-player record, else "classic".
std::string gameOfRecord(const std::string& text);
// For a command that reads a record: when --rules was given (`rules` counted),
// the record at `path` must be of that preset's game; throws RulesRefused
// naming both games otherwise.
void requireRecordGame(const CLI::Option& rules, const std::string& rulesText, const std::string& path,
                       const std::string& recordGame);

// "start" (both sides deploy kExampleLayout) or a position text.
Position positionFromArgument(const std::string& text, const Rules& rules);
// The same for Flip Junqi ("start": every piece face down) and four-player
// Junqi ("start": every army deploys kExampleLayout).
FlipPosition flipPositionFromArgument(const std::string& text, const FlipRuleset& rules);
FourPosition fourPositionFromArgument(const std::string& text, const FourRuleset& rules);

// The game of a command that takes any game's position: the --rules preset's,
// or the position text's. A position of one game under another game's preset
// is refused (std::invalid_argument naming the preset it needs).
enum class PositionGame { Classic, Flip, Four };
PositionGame positionGame(const std::string& rules, const std::string& position);

// Checks of numeric options, with plain messages such as
// "--games: must be a number of at least 1, not '0'" (NaN and infinities refused).
CLI::Validator atLeast(double low);
CLI::Validator moreThan(double low);

// The arguments as main got them (main keeps them), for a command that must
// hide one: /proc/PID/cmdline shows them to every process of the machine.
void keepArguments(int argc, char** argv);
// Overwrites every value of `option` (`--seed N` or `--seed=N`) in the kept
// arguments with '*': /proc/PID/cmdline reads them from this process's memory.
// CLI11 has its own copy, so the command's options keep their values.
void hideOptionValue(std::string_view option);

// External JBP bots (docs/match.md), as `junqi match` and `junqi gauntlet`
// take them: "--bot NAME=COMMAND", repeatable, bound to `texts`.
CLI::Option* addBotOption(CLI::App* command, std::vector<std::string>& texts);
// The players of those texts (a name and a command line each); a text
// without '=' is refused, naming it.
std::vector<MatchPlayer> botPlayers(const std::vector<std::string>& texts);
// Before any bot starts: keeps the seed from the bots, which run as this
// user's children and could work out every start from it (docs/match.md
// "What a bot can see"). It leaves this process's command line, the process
// becomes undumpable (no process of the user without CAP_SYS_PTRACE may read
// its memory or environment), and a default seed, one anyone can guess, is
// warned about ("junqi COMMAND: warning: ...").
void keepSeedFromBots(std::string_view command, std::uint64_t seed, bool seedGiven);


}  // namespace junqi::tools
