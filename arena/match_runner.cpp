#include "arena/match_runner.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "arena/match_seeds.h"
#include "arena/rating_report.h"
#include "core/files.h"

namespace junqi {

namespace fs = std::filesystem;

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

std::string matchProgressLine(const std::vector<std::string>& names, const std::vector<RatedGame>& games,
                              std::size_t total, int playedNow, double seconds, int remaining) {
  std::string line = fmt::format("games {}/{}", games.size(), total);
  if (names.size() == 2) {
    const Trinomial t = trinomialCounts(games, 0, 1);
    line += fmt::format(" | {} vs {} +{} ={} -{}", names[0], names[1], t.wins, t.draws, t.losses);
  }
  if (seconds > 0 && playedNow > 0) {
    const double eta = seconds / playedNow * remaining;
    line += fmt::format(" | {:.1f} games/min | ETA {}:{:02}:{:02}", 60.0 * playedNow / seconds,
                        static_cast<int>(eta / 3600), static_cast<int>(eta / 60) % 60, static_cast<int>(eta) % 60);
  }
  return line;
}

void runMatchTasks(std::size_t count, int concurrency, const std::function<void(std::size_t)>& task) {
  std::mutex mutex;
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  const auto worker = [&] {
    for (std::size_t k; (k = next++) < count;) {
      try {
        task(k);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        next = count;
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < std::max(1, std::min<int>(concurrency, static_cast<int>(count))); ++t) pool.emplace_back(worker);
  for (auto& th : pool) th.join();
  if (failure) std::rethrow_exception(failure);
}

std::string writeMatchRatings(const std::string& outDir, const std::vector<std::string>& names,
                              const std::vector<RatedGame>& games, EloFit& fit) {
  fit = fitElo(static_cast<int>(names.size()), games);
  const std::string table = formatRatingTable(makeRatingTable(names, fit)) + formatPairingTable(names, games);
  writeFileAtomically((fs::path(outDir) / "ratings.txt").string(), table);
  return table;
}

}  // namespace junqi
