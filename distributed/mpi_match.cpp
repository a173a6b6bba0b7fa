#include "distributed/mpi_match.h"

#include "core/binary_io.h"

namespace junqi {

namespace {

constexpr int kGameTag = 11;    // rank 0 -> worker: a game to play (nothing: the match is over)
constexpr int kRecordTag = 12;  // worker -> rank 0: its record

}  // namespace

MatchSummary runMpiMatch(const MpiWorld& world, Match& match, const std::function<void(const std::string&)>& progress) {
  match.playElsewhere(
      [&world](int place, const ScheduledGame& game, bool oneSeedForBoth) {
        ByteWriter order;
        order.put(static_cast<std::int32_t>(game.index));
        order.put(game.seed);
        order.put(static_cast<std::uint8_t>(oneSeedForBoth));
        world.send(place + 1, kGameTag, order.bytes());
        return world.receive(place + 1, kRecordTag);
      },
      world.size() - 1);
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
  for (int rank = 1; rank < world.size(); ++rank) world.send(rank, kGameTag, "");
}

void playMpiMatchGames(const MpiWorld& world, const Match& match) {
  for (;;) {
    const std::string order = world.receive(0, kGameTag);
    if (order.empty()) return;
    ByteReader<std::runtime_error> in(order, "rank 0's game");
    const auto index = in.get<std::int32_t>("the game's index");
    if (index < 0 || index >= static_cast<int>(match.schedule().size()))
      throw std::runtime_error("rank 0 sent a game outside the schedule: are the ranks' options the same?");
    ScheduledGame game = match.schedule()[static_cast<std::size_t>(index)];
    game.seed = in.get<std::uint64_t>("the game's seed");
    const bool oneSeedForBoth = in.get<std::uint8_t>("the seeds' kind") != 0;
    world.send(0, kRecordTag, match.playRecord(game, oneSeedForBoth));
  }
}

}  // namespace junqi
