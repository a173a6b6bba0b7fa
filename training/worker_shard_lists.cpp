#include "training/worker_shard_lists.h"

#include <algorithm>
#include <chrono>
#include <set>
#include <sstream>
#include <thread>

#include "core/files.h"
#include "selfplay/shard.h"
#include "training/training_config.h"

namespace junqi {

namespace fs = std::filesystem;

fs::path WorkerShardLists::listPath(int g) const { return dir_ / "log" / (generationName(g) + ".shards"); }

std::vector<std::string> WorkerShardLists::listed(int g) const {
  std::vector<std::string> names;
  std::istringstream in(readFile(listPath(g).string()));
  for (std::string name; in >> name;) names.push_back(name);
  return names;
}

std::uint32_t WorkerShardLists::gamesOf(const std::string& shard) {
  const auto [known, added] = games_.try_emplace(shard);
  if (added) known->second = readShardHead((dir_ / "shards" / shard).string()).games;  // the head alone
  return known->second;
}

std::vector<std::string> WorkerShardLists::take(int g, int games, const std::function<bool()>& stopped,
                                                const std::function<void(long long)>& waiting) {
  if (hasList(g)) return listed(g);
  std::set<std::string> taken;
  for (int h = 1; h < g; ++h)
    if (hasList(h))
      for (const std::string& name : listed(h)) taken.insert(name);
  for (int waited = 0; !stopped(); ++waited) {
    std::vector<std::string> fresh;
    long long found = 0;
    for (const auto& e : fs::directory_iterator(dir_ / "shards")) {
      const std::string name = e.path().filename().string();
      if (e.path().extension() != ".jqs" || name.rfind("w-", 0) != 0 || taken.count(name)) continue;
      fresh.push_back(name);
      found += gamesOf(name);
    }
    if (found >= games) {
      std::sort(fresh.begin(), fresh.end());
      std::string names;
      for (const std::string& name : fresh) names += name + "\n";
      writeFileAtomically(listPath(g).string(), names);
      return fresh;
    }
    if (waited % 15 == 0) waiting(found);
    std::this_thread::sleep_for(std::chrono::seconds(2));
  }
  return {};
}

}  // namespace junqi
