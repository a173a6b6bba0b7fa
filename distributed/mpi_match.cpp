#include "distributed/mpi_match.h"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <vector>

#include "core/binary_io.h"
#include "core/stopwatch.h"

namespace junqi {

std::string encodeOrder(const MatchGameOrder& order) {
  ByteWriter out;
  out.put(static_cast<std::int32_t>(order.match));
  out.put(static_cast<std::int32_t>(order.index));
  out.put(order.seed);
  out.put(static_cast<std::uint8_t>(order.oneSeedForBoth));
  return out.bytes();
}

std::optional<MatchGameOrder> decodeOrder(const std::string& bytes) {
  if (bytes.empty()) return std::nullopt;
  ByteReader<std::runtime_error> in(bytes, "rank 0's game");
  MatchGameOrder order;
  order.match = in.get<std::int32_t>("the match");
  order.index = in.get<std::int32_t>("the game's index");
  order.seed = in.get<std::uint64_t>("the game's seed");
  order.oneSeedForBoth = in.get<std::uint8_t>("the seeds' kind") != 0;
  return order;
}

std::string encodeRecord(const Match::RemoteGame& game) {
  ByteWriter out;
  out.put(game.cpuSeconds);
  out.putString(game.record);
  return out.bytes();
}

Match::RemoteGame decodeRecord(const std::string& bytes) {
  ByteReader<std::runtime_error> in(bytes, "a game's record from a rank");
  Match::RemoteGame game;
  game.cpuSeconds = in.get<double>("its CPU seconds");
  game.record = in.getString("the record");
  return game;
}

Match::RemoteGame timedGame(const std::function<std::string()>& play) {
  const double start = processCpuSeconds();
  std::string record = play();
  return {std::move(record), processCpuSeconds() - start};
}

void checkOrderIndex(int index, std::size_t games) {
  if (index < 0 || static_cast<std::size_t>(index) >= games)
    throw std::runtime_error("rank 0 sent a game outside the schedule: are the ranks' options the same?");
}

std::string playOrder(const Match& match, const MatchGameOrder& order) {
  checkOrderIndex(order.index, match.schedule().size());
  ScheduledGame game = match.schedule()[static_cast<std::size_t>(order.index)];
  game.seed = order.seed;
  return match.playRecord(game, order.oneSeedForBoth);
}

void playOnRanks(const MpiWorld& world, Match& match, int matchId, int firstRank) {
  match.playElsewhere(
      [&world, matchId, firstRank](int place, const ScheduledGame& game, bool oneSeedForBoth) {
        world.send(firstRank + place, kMatchGameTag, encodeOrder({matchId, game.index, game.seed, oneSeedForBoth}));
        return decodeRecord(world.receive(firstRank + place, kMatchRecordTag));
      },
      world.size() - firstRank);
}

MatchSummary runMpiMatch(const MpiWorld& world, Match& match, const std::function<void(const std::string&)>& progress) {
  playOnRanks(world, match, 0);
  try {
    MatchSummary summary = match.run(progress);
    endMpiMatch(world);
    return summary;
  } catch (...) {
    endMpiMatch(world);  // games in progress elsewhere are lost; the records written stay
    throw;
  }
}

void endMpiMatch(const MpiWorld& world) {
  for (int rank = 1; rank < world.size(); ++rank) world.send(rank, kMatchGameTag, "");
}

void playMpiMatchGames(const MpiWorld& world, const Match& match) {
  while (const auto order = decodeOrder(world.receive(0, kMatchGameTag)))
    world.send(0, kMatchRecordTag, encodeRecord(timedGame([&] { return playOrder(match, *order); })));
}

namespace {
// The ranks free to play a game: a game waits for one.
class FreeRanks {
 public:
  FreeRanks(int firstRank, int size) {
    for (int rank = size - 1; rank >= firstRank; --rank) free_.push_back(rank);
  }
  int take() {
    std::unique_lock lock(mutex_);
    freed_.wait(lock, [this] { return !free_.empty(); });
    const int rank = free_.back();
    free_.pop_back();
    return rank;
  }
  void give(int rank) {
    {
      std::lock_guard lock(mutex_);
      free_.push_back(rank);
    }
    freed_.notify_one();
  }

 private:
  std::mutex mutex_;
  std::condition_variable freed_;
  std::vector<int> free_;
};
}  // namespace

RemotePairedGames pairedGamesOnRanks(const MpiWorld& world, int matchId, int firstRank, const std::atomic<bool>* stop) {
  auto ranks = std::make_shared<FreeRanks>(firstRank, world.size());
  return {[&world, ranks, matchId, stop](const PairedGame& game) {
            if (stop && *stop) throw MatchStopped();
            const int rank = ranks->take();
            world.send(rank, kMatchGameTag, encodeOrder({matchId, game.index, 0, false}));
            Match::RemoteGame played = decodeRecord(world.receive(rank, kMatchRecordTag));
            ranks->give(rank);  // (a rank that failed ends the whole job: it is not given back)
            return std::move(played.record);
          },
          world.size() - firstRank};
}

void playMpiPairedGames(const MpiWorld& world, std::size_t games, const std::function<std::string(int index)>& playRecord) {
  while (const auto order = decodeOrder(world.receive(0, kMatchGameTag))) {
    checkOrderIndex(order->index, games);
    world.send(0, kMatchRecordTag, encodeRecord(timedGame([&] { return playRecord(order->index); })));
  }
}

}  // namespace junqi
