#include "tools/commands/common.h"

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

void addRulesOption(CLI::App* command, std::string& text) {
  text = "hiddenfront";
  command->add_option("--rules", text,
                      "Ruleset: a preset (hiddenfront, worldatplay, refereed) with optional overrides, "
                      "e.g. 'refereed:quiet-moves=200' (see `junqi rules`)")
      ->capture_default_str();
}

Position positionFromArgument(const std::string& text, const Rules& rules) { return parsePositionOrStart(text, rules); }

}  // namespace junqi::tools
