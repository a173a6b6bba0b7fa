#include "arena/match_runner.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

#include "arena/match_seeds.h"
#include "core/files.h"
#include "jbp/protocol_process.h"

namespace junqi {

namespace fs = std::filesystem;

bool isPlainPlayerName(const std::string& name) {
  const auto plain = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.';
  };
  return !name.empty() && name.size() <= 64 && name[0] != '.' && std::all_of(name.begin(), name.end(), plain);
}

std::vector<PairedGame> pairedSchedule(int players, MatchSchedule schedule, int pairs, ScheduleOrder order) {
  std::vector<std::pair<int, int>> pairings;
  for (int a = 0; a < players; ++a)
    for (int b = a + 1; b < players; ++b)
      if (schedule == MatchSchedule::RoundRobin || a == 0) pairings.emplace_back(a, b);
  std::vector<PairedGame> games;
  const auto add = [&](const std::pair<int, int>& pairing, int pair) {
    const auto [a, b] = pairing;
    for (const bool swapped : {false, true})
      games.push_back({static_cast<int>(games.size()), swapped ? b : a, swapped ? a : b, pair});
  };
  if (order == ScheduleOrder::PairByPair) {
    for (int pair = 0; pair < pairs; ++pair)
      for (const auto& pairing : pairings) add(pairing, pair);
  } else {
    for (const auto& pairing : pairings)
      for (int pair = 0; pair < pairs; ++pair) add(pairing, pair);
  }
  return games;
}

RatedGame ratedPairedGame(const PairedGame& g, double score, int pairs, bool paired) {
  const int pairId = (std::min(g.first, g.second) * 1000 + std::max(g.first, g.second)) * (pairs + 1) + g.pair;
  return {g.first, g.second, score, paired ? pairId : -1};
}

void checkMatchPlayers(const MatchSettings& s, const std::function<void(const MatchPlayer&)>& check) {
  const auto bad = [](const std::string& why) { return std::invalid_argument("match: " + why); };
  if (s.players.size() < 2) throw bad("needs at least two players");
  if (s.outDir.empty()) throw bad("needs a directory for its records (--out)");
  if (s.pairs < 1) throw bad("needs at least one start (layout pair) per pairing");
  for (std::size_t i = 0; i < s.players.size(); ++i) {
    const MatchPlayer& p = s.players[i];
    if (!isPlainPlayerName(p.name))
      throw bad(fmt::format("'{}' is not a usable player name (up to 64 letters, digits, '-', '_' and '.', not "
                            "starting with '.')", p.name));
    for (std::size_t j = 0; j < i; ++j)
      if (s.players[j].name == p.name) throw bad(fmt::format("two players are called '{}'", p.name));
    check(p);
  }
}

std::string botStderrLog(const std::string& outDir, const std::string& name) {
  return (fs::path(outDir) / (name + ".stderr.log")).string();
}

std::string quoteBotStderr(const std::string& log, std::uintmax_t from) {
  constexpr std::size_t kShown = 200;
  std::ifstream in(log, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(from));
  std::string text(kShown + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  const bool more = text.size() > kShown;
  text.resize(std::min(text.size(), kShown));
  for (char& c : text)
    if (static_cast<unsigned char>(c) < ' ' || c == 127) c = ' ';
  while (!text.empty() && text.back() == ' ') text.pop_back();
  if (text.empty()) {
    if (stderrLogIsFull(log)) return fmt::format("what it wrote to its standard error is not known: {} is full", log);
    return "it wrote nothing to its standard error";
  }
  return fmt::format("its standard error begins: \"{}{}\"", text, more ? "..." : "");
}

MatchPath movablePath(const std::string& root) {
  return [root](const std::string& text) {
    constexpr std::string_view kRoot = "$ROOT";
    std::string out = text;
    if (!root.empty())
      for (std::size_t at = 0; (at = out.find(root, at)) != std::string::npos; at += kRoot.size())
        out.replace(at, root.size(), kRoot);
    return out;
  };
}

nlohmann::json pairedMatchConfig(const std::string& variant, const std::string& ruleset, const MatchSettings& s,
                                 bool freshStarts, const MatchPath& path) {
  nlohmann::json config = {{"variant", variant},
                           {"ruleset", ruleset},
                           {"schedule", s.schedule == MatchSchedule::RoundRobin ? "round-robin" : "gauntlet"},
                           {"pairs", s.pairs},
                           {"seed", s.seed},
                           {"max_plies", s.maxPlies}};
  if (!s.layoutBook.empty()) config["layout_book"] = path(s.layoutBook);  // absent before books: those resume
  for (const MatchPlayer& p : s.players) config["players"].push_back({{"name", p.name}, {"agent", path(p.agent)}});
  // A bot may read this file: it keeps only a check of the seed (docs/match.md).
  if (std::any_of(s.players.begin(), s.players.end(), [](const MatchPlayer& p) { return !p.command.empty(); })) {
    config.erase("seed");
    config["seed_check"] = matchSeedCheck(s.seed);
    config["pairing"] = freshStarts ? "fresh-starts" : "replayed";
  }
  return config;
}

bool claimMatchDirectory(const std::string& outDir, const nlohmann::json& config, const nlohmann::json& asGiven) {
  const auto bad = [](const std::string& why) { return std::invalid_argument("match: " + why); };
  fs::create_directories(fs::path(outDir) / "games");
  const fs::path path = fs::path(outDir) / "match.json";
  if (!fs::exists(path)) {
    writeSharedFileAtomically(path.string(), config.dump(2) + "\n");  // an MPI run's trainer claims it too
    return false;
  }
  nlohmann::json before;
  try {
    before = nlohmann::json::parse(readFile(path.string()));
  } catch (const std::exception& e) {
    throw bad(fmt::format("{} is unreadable ({}); move it away or use another directory", path.string(), e.what()));
  }
  if (before == config || before == asGiven) return false;
  if (config.contains("seed_check") && before.contains("seed") && before["seed"].is_number_unsigned() &&
      matchSeedCheck(before["seed"].get<std::uint64_t>()) == config["seed_check"])
    throw bad(fmt::format("{} was begun by an older junqi, whose bots could read the match seed there and "
                          "meet their own layouts again; it cannot be resumed safely: use another directory",
                          outDir));
  // Written before game seeds were keyed: the same match, resumed with the seeds it began with.
  if (config.contains("game_seeds") && !before.contains("game_seeds")) {
    before["game_seeds"] = config["game_seeds"];
    if (before == config || before == asGiven) return true;
  }
  throw bad(fmt::format("{} holds a different match; use another directory to start a new one", outDir));
}

}  // namespace junqi
