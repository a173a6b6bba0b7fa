// External self-play's shards (`junqi selfplay` workers, an MPI run's ranks)
// as a run's generations take them, every game's runs alike. Once
// the workers' shards (shards/w-*.jqs) that no earlier generation took hold a
// generation's games, their names go into DIR/log/gen-NNNN.shards before it
// trains: a resumed trainer trains on the same games, and no shard is taken
// twice.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace junqi {

class WorkerShardLists {
 public:
  explicit WorkerShardLists(std::filesystem::path runDir) : dir_(std::move(runDir)) {}

  // Generation g's list, DIR/log/gen-NNNN.shards; whether it exists; the
  // shards it names (it must exist).
  std::filesystem::path listPath(int g) const;
  bool hasList(int g) const { return std::filesystem::exists(listPath(g)); }
  std::vector<std::string> listed(int g) const;

  // Generation g's shards: its list if it has one, else once the fresh shards
  // hold `games` games (their list written first). Polls every 2 s, calling
  // `waiting(games so far)` every 30 s; empty once `stopped()`.
  std::vector<std::string> take(int g, int games, const std::function<bool()>& stopped,
                                const std::function<void(long long gamesSoFar)>& waiting);

 private:
  std::uint32_t gamesOf(const std::string& shard);

  std::filesystem::path dir_;
  std::map<std::string, std::uint32_t> games_;  // the shards counted so far (their heads read once)
};

}  // namespace junqi
