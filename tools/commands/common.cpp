#include "tools/commands/common.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "core/notation.h"

namespace junqi::tools {

namespace {
std::map<const CLI::App*, std::function<int()>>& actions() {
  static std::map<const CLI::App*, std::function<int()>> all;
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

void setAction(CLI::App* command, std::function<int()> action) { actions()[command] = std::move(action); }

int runAction(const CLI::App& app) {
  for (const CLI::App* sub : app.get_subcommands()) {
    const auto it = actions().find(sub);
    if (it == actions().end()) continue;
    try {
      return it->second();
    } catch (const std::exception& e) {
      fmt::print(stderr, "junqi {}: error: {}\n", sub->get_name(), e.what());
      return 1;
    }
  }
  return 1;
}

CLI::Option* addRulesOption(CLI::App* command, std::string& text) {
  text = "hiddenfront";
  return command->add_option("--rules", text,
                      "Ruleset: a preset (hiddenfront, worldatplay, refereed; flip-worldatplay, flip-kawu for "
                      "Flip Junqi in perft, match, train and rules; four-worldatplay for four-player Junqi in "
                      "perft, match, play-random and rules) with optional overrides, e.g. 'refereed:quiet-moves=200' "
                      "(see `junqi rules`)")
      ->capture_default_str();
}

Position positionFromArgument(const std::string& text, const Rules& rules) { return parsePositionOrStart(text, rules); }

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
