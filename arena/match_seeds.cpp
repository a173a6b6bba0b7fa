#include "arena/match_seeds.h"

#include <fmt/format.h>

#include "core/keyed_hash.h"
#include "core/random.h"

namespace junqi {

namespace {

// Streams of the match seed far from the layout pairs' (0, 1, 2, ...).
constexpr std::uint64_t kKeyStream = 0x6a9e5eed6b657900ULL;
constexpr std::uint64_t kLayoutStream = 0x6c61796f75747300ULL;  // "layouts"
// A fixed key: the seed check must be the same in every run, and is one-way without a secret.
constexpr HashKey kSeedCheckKey = {0x6d617463682e6a73ULL, 0x6f6e2073656564ULL};

}  // namespace

std::uint64_t matchGameSeed(std::uint64_t matchSeed, int game) {
  const HashKey key = {Rng::mix(matchSeed, kKeyStream), Rng::mix(matchSeed, kKeyStream + 1)};
  return keyedHash(key, static_cast<std::uint64_t>(game));
}

std::uint64_t seatSeed(std::uint64_t gameSeed, Seat seat) {
  const HashKey key = {gameSeed, Rng::mix(gameSeed, kKeyStream)};
  return keyedHash(key, static_cast<std::uint64_t>(index(seat)));
}

std::uint64_t gameLayoutSeed(std::uint64_t matchSeed, int game, Seat seat) {
  const HashKey key = {Rng::mix(matchSeed, kLayoutStream), Rng::mix(matchSeed, kLayoutStream + 1)};
  return keyedHash(key, static_cast<std::uint64_t>(game) * 2 + static_cast<std::uint64_t>(index(seat)));
}

std::string matchSeedCheck(std::uint64_t matchSeed) {
  return fmt::format("{:016x}", keyedHash(kSeedCheckKey, matchSeed));
}

std::uint64_t legacyMatchGameSeed(std::uint64_t matchSeed, int game) {
  return Rng::mix(matchSeed, 0x9a3e0000ULL + static_cast<std::uint64_t>(game));
}

}  // namespace junqi
