#include "tools/commands/common.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <sys/prctl.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "arena/match_settings.h"
#include "core/flip/flip_notation.h"
#include "core/flip/flip_ruleset.h"
#include "core/four/four_notation.h"
#include "core/classic/layout.h"
#include "core/four/four_record.h"
#include "core/four/four_ruleset.h"
#include "core/classic/notation.h"
#include "core/text.h"
#include "core/variant.h"

namespace junqi::tools {

namespace {
std::map<const CLI::App*, std::function<int()>>& actions() {
  static std::map<const CLI::App*, std::function<int()>> all;
  return all;
}

// The --rules check of each command that said which games it takes.
struct RulesCheck {
  Games games;
  const std::string* text;
};
std::map<const CLI::App*, RulesCheck>& rulesChecks() {
  static std::map<const CLI::App*, RulesCheck> all;
  return all;
}
}  // namespace

namespace {
int keptArgc = 0;
char** keptArgv = nullptr;
void blankOut(char* text) {
  for (; *text; ++text) *text = '*';
}
}  // namespace

void keepArguments(int argc, char** argv) {
  keptArgc = argc;
  keptArgv = argv;
}

void hideOptionValue(std::string_view option) {
  for (int i = 1; i < keptArgc; ++i) {
    const std::string_view arg = keptArgv[i];
    if (arg == option && i + 1 < keptArgc) blankOut(keptArgv[++i]);
    else if (arg.size() > option.size() && arg.starts_with(option) && arg[option.size()] == '=')
      blankOut(keptArgv[i] + option.size() + 1);
  }
}

CLI::Option* addBotOption(CLI::App* command, std::vector<std::string>& texts) {
  return command->add_option("--bot", texts, "An external JBP bot: NAME=COMMAND (repeat)");
}

std::vector<MatchPlayer> botPlayers(const std::vector<std::string>& texts) {
  std::vector<MatchPlayer> bots;
  for (const std::string& b : texts) {
    const auto eq = b.find('=');
    if (eq == std::string::npos) throw std::invalid_argument(fmt::format("--bot needs NAME=COMMAND, not '{}'", b));
    bots.push_back({b.substr(0, eq), "", b.substr(eq + 1)});
  }
  return bots;
}

void keepSeedFromBots(std::string_view command, std::uint64_t seed, bool seedGiven) {
  hideOptionValue("--seed");
  prctl(PR_SET_DUMPABLE, 0);
  if (!seedGiven)
    fmt::print(stderr,
               "junqi {}: warning: the seed is the default ({}), which a bot can guess and with it every "
               "layout: give --seed a secret number\n",
               command, seed);
}

void setAction(CLI::App* command, std::function<int()> action) { actions()[command] = std::move(action); }

int runAction(const CLI::App& app) {
  for (const CLI::App* sub : app.get_subcommands()) {
    const auto it = actions().find(sub);
    if (it == actions().end()) continue;
    try {
      if (const auto check = rulesChecks().find(sub); check != rulesChecks().end())
        check->second.games.check(sub->get_name(), *check->second.text);
      return it->second();
    } catch (const RulesRefused& e) {
      fmt::print(stderr, "junqi {}: {}\n", sub->get_name(), e.what());
      return 2;
    } catch (const std::exception& e) {
      fmt::print(stderr, "junqi {}: error: {}\n", sub->get_name(), e.what());
      return 1;
    }
  }
  return 1;
}

std::string gameTitle(const std::string& game) {
  return game == "flip" ? "Flip Junqi" : game == "four" ? "four-player Junqi" : game + " Junqi";
}

std::string gameOfRules(const std::string& rulesText) {
  // A preset that begins with a game's name is that game's, even when it is
  // none of its presets: the game's parser then names its presets.
  if (FlipRuleset::namesFlip(rulesText)) return "flip";
  if (FourRuleset::namesFour(rulesText)) return "four";
  const std::string preset = rulesText.substr(0, rulesText.find(':'));
  try {
    return Variant::ofPreset(preset).name();
  } catch (const VariantError& e) {
    throw RulesRefused(e.what());
  }
}

Games Games::all() { return {}; }

Games Games::without(const std::string& game, std::string lacks) const {
  Games fewer = *this;
  fewer.lacking_[game] = std::move(lacks);
  return fewer;
}

std::vector<std::string> Games::presets() const {
  std::vector<std::string> out;
  for (const std::string& game : Variant::names())
    if (takes(game))
      for (const std::string& preset : Variant::byName(game).presets()) out.push_back(preset);
  return out;
}

void Games::check(const std::string& command, const std::string& rulesText) const {
  const std::string takes = fmt::format("{} takes {}", command, fmt::join(presets(), ", "));
  std::string game;
  try {
    game = gameOfRules(rulesText);
  } catch (const RulesRefused&) {
    throw RulesRefused(
        fmt::format("--rules: no game has a preset '{}'; {}", rulesText.substr(0, rulesText.find(':')), takes));
  }
  if (const auto lack = lacking_.find(game); lack != lacking_.end()) {
    std::string title = gameTitle(game);
    title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[0])));
    throw RulesRefused(fmt::format("{} {}; {}", title, lack->second, takes));
  }
}

namespace {
// "classic Junqi (hiddenfront, worldatplay, refereed) or Flip Junqi (...)".
std::string presetList(const Games& games) {
  std::vector<std::string> parts;
  for (const std::string& game : Variant::names())
    if (games.takes(game))
      parts.push_back(fmt::format("{} ({})", gameTitle(game), fmt::join(Variant::byName(game).presets(), ", ")));
  if (parts.size() == 1) return parts.front();
  const std::string last = parts.back();
  parts.pop_back();
  return fmt::format("{} or {}", fmt::join(parts, ", "), last);
}
}  // namespace

CLI::Option* addRulesOption(CLI::App* command, std::string& text) {
  text = "hiddenfront";
  return command
      ->add_option("--rules", text,
                   fmt::format("Ruleset: a preset of {}, with optional overrides, e.g. 'refereed:quiet-moves=200' "
                               "(see `junqi rules`)",
                               presetList(Games::all())))
      ->capture_default_str();
}

CLI::Option* addRulesOption(CLI::App* command, std::string& text, const Games& games) {
  text = games.presets().front();
  rulesChecks().insert_or_assign(command, RulesCheck{games, &text});
  return command
      ->add_option("--rules", text,
                   fmt::format("Ruleset: a preset of {}, with optional overrides, e.g. '{}:quiet-moves=200' "
                               "(see `junqi rules`)",
                               presetList(games), games.presets().front()))
      ->capture_default_str();
}

std::string gameOfRecord(const std::string& text) {
  if (isFourRecordText(text)) return "four";
  for (const std::string_view line : split(text, '\n')) {
    const auto w = words(line);
    if (w.empty() || w[0].starts_with('#')) continue;
    return w.size() == 2 && w[0] == "variant" && w[1] == "flip" ? "flip" : "classic";
  }
  return "classic";
}

void requireRecordGame(const CLI::Option& rules, const std::string& rulesText, const std::string& path,
                       const std::string& recordGame) {
  if (rules.count() == 0) return;
  const std::string game = gameOfRules(rulesText);
  if (game != recordGame)
    throw RulesRefused(fmt::format("{} is a {} record, not a {} one (--rules {})", path, gameTitle(recordGame),
                                   gameTitle(game), rulesText));
}

Position positionFromArgument(const std::string& text, const Rules& rules) { return parsePositionOrStart(text, rules); }

FlipPosition flipPositionFromArgument(const std::string& text, const FlipRuleset& rules) {
  return text == "start" ? FlipPosition(rules) : parseFlipPosition(text, rules);
}

FourPosition fourPositionFromArgument(const std::string& text, const FourRuleset& rules) {
  const Layout example = parseLayout(kExampleLayout);
  return text == "start" ? FourPosition(rules, {example, example, example, example}) : parseFourPosition(text, rules);
}

PositionGame positionGame(const std::string& rules, const std::string& position) {
  const bool flip = FlipRuleset::namesFlip(rules) || isFlipPositionText(position);
  if (flip && !FlipRuleset::namesFlip(rules))
    throw std::invalid_argument(fmt::format("a flip position needs a flip ruleset (--rules {}), not '{}'",
                                            FlipRuleset::presetNames().front(), rules));
  const bool four = FourRuleset::namesFour(rules) || isFourPositionText(position);
  if (four && !FourRuleset::namesFour(rules))
    throw std::invalid_argument(fmt::format("a four-player position needs a four-player ruleset (--rules {}), not '{}'",
                                            FourRuleset::presetNames().front(), rules));
  return flip ? PositionGame::Flip : four ? PositionGame::Four : PositionGame::Classic;
}

namespace {
CLI::Validator numberCheck(std::function<bool(double)> holds, const std::string& rule) {
  return CLI::Validator(
      [holds, rule](std::string& text) {
        double value = 0;
        if (CLI::detail::lexical_cast(text, value) && std::isfinite(value) && holds(value)) return std::string();
        return fmt::format("must be {}, not '{}'", rule, text);
      },
      rule);
}
}  // namespace

CLI::Validator atLeast(double low) {
  return numberCheck([low](double v) { return v >= low; }, fmt::format("a number of at least {:g}", low));
}

CLI::Validator moreThan(double low) {
  return numberCheck([low](double v) { return v > low; }, fmt::format("a number above {:g}", low));
}

}  // namespace junqi::tools
