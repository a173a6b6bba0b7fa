#include "distributed/mpi_match.h"

#include "core/binary_io.h"

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

std::string playOrder(const Match& match, const MatchGameOrder& order) {
  if (order.index < 0 || order.index >= static_cast<int>(match.schedule().size()))
    throw std::runtime_error("rank 0 sent a game outside the schedule: are the ranks' options the same?");
  ScheduledGame game = match.schedule()[static_cast<std::size_t>(order.index)];
  game.seed = order.seed;
  return match.playRecord(game, order.oneSeedForBoth);
}

void playOnRanks(const MpiWorld& world, Match& match, int matchId) {
  match.playElsewhere(
      [&world, matchId](int place, const ScheduledGame& game, bool oneSeedForBoth) {
        world.send(place + 1, kMatchGameTag, encodeOrder({matchId, game.index, game.seed, oneSeedForBoth}));
        return world.receive(place + 1, kMatchRecordTag);
      },
      world.size() - 1);
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
    world.send(0, kMatchRecordTag, playOrder(match, *order));
}

}  // namespace junqi
