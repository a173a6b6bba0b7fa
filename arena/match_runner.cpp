#include "arena/match_runner.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "arena/match_seeds.h"
#include "core/files.h"

namespace junqi {

namespace fs = std::filesystem;

bool isPlainPlayerName(const std::string& name) {
  const auto plain = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.';
  };
  return !name.empty() && name.size() <= 64 && name[0] != '.' && std::all_of(name.begin(), name.end(), plain);
}

std::vector<PairedGame> pairedSchedule(int players, MatchSchedule schedule, int pairs) {
  std::vector<PairedGame> games;
  for (int a = 0; a < players; ++a)
    for (int b = a + 1; b < players; ++b) {
      if (schedule == MatchSchedule::Gauntlet && a != 0) continue;
      for (int pair = 0; pair < pairs; ++pair)
        for (const bool swapped : {false, true})
          games.push_back({static_cast<int>(games.size()), swapped ? b : a, swapped ? a : b, pair});
    }
  return games;
}

RatedGame ratedPairedGame(const PairedGame& g, double score, int pairs) {
  const int pairId = (std::min(g.first, g.second) * 1000 + std::max(g.first, g.second)) * (pairs + 1) + g.pair;
  return {g.first, g.second, score, pairId};
}

void checkMatchPlayers(const std::vector<MatchPlayer>& players, const std::string& outDir,
                       const std::function<void(const MatchPlayer&)>& check) {
  const auto bad = [](const std::string& why) { return std::invalid_argument("match: " + why); };
  if (players.size() < 2) throw bad("a match needs at least two players");
  if (outDir.empty()) throw bad("a match needs a directory for its records (--out)");
  for (std::size_t i = 0; i < players.size(); ++i) {
    if (!isPlainPlayerName(players[i].name))
      throw bad(fmt::format("'{}' is not a usable player name (up to 64 letters, digits, '-', '_' and '.', not "
                            "starting with '.')", players[i].name));
    for (std::size_t j = 0; j < i; ++j)
      if (players[j].name == players[i].name) throw bad(fmt::format("two players are called '{}'", players[i].name));
    check(players[i]);
  }
}

nlohmann::json pairedMatchConfig(const std::string& variant, const std::string& ruleset,
                                 const std::vector<MatchPlayer>& players, MatchSchedule schedule, int pairs,
                                 std::uint64_t seed, int maxPlies) {
  nlohmann::json config = {{"variant", variant},
                           {"ruleset", ruleset},
                           {"schedule", schedule == MatchSchedule::RoundRobin ? "round-robin" : "gauntlet"},
                           {"pairs", pairs},
                           {"seed", seed},
                           {"max_plies", maxPlies}};
  for (const MatchPlayer& p : players) config["players"].push_back({{"name", p.name}, {"agent", p.agent}});
  // A bot may read this file: it keeps only a check of the seed (docs/match.md).
  if (std::any_of(players.begin(), players.end(), [](const MatchPlayer& p) { return !p.command.empty(); })) {
    config.erase("seed");
    config["seed_check"] = matchSeedCheck(seed);
  }
  return config;
}

void claimMatchDirectory(const std::string& outDir, const nlohmann::json& config) {
  fs::create_directories(fs::path(outDir) / "games");
  const fs::path path = fs::path(outDir) / "match.json";
  if (!fs::exists(path)) {
    writeFileAtomically(path.string(), config.dump(2) + "\n");
    return;
  }
  std::ifstream in(path);
  nlohmann::json old;
  try {
    old = nlohmann::json::parse(in);
  } catch (const std::exception&) {
    throw std::invalid_argument(fmt::format("match: {} is not a match's match.json", path.string()));
  }
  if (old != config) throw std::invalid_argument(fmt::format("match: {} holds another match (use a new directory)", outDir));
}

}  // namespace junqi
