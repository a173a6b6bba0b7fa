#include "core/keyed_hash.h"

namespace junqi {
namespace {

constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

struct SipState {
  std::uint64_t v0, v1, v2, v3;

  void round() {
    v0 += v1;
    v1 = rotl(v1, 13) ^ v0;
    v0 = rotl(v0, 32);
    v2 += v3;
    v3 = rotl(v3, 16) ^ v2;
    v0 += v3;
    v3 = rotl(v3, 21) ^ v0;
    v2 += v1;
    v1 = rotl(v1, 17) ^ v2;
    v2 = rotl(v2, 32);
  }
  void compress(std::uint64_t word) {
    v3 ^= word;
    round();
    round();
    v0 ^= word;
  }
};

std::uint64_t littleEndianWord(const std::uint8_t* bytes, std::size_t n) {
  std::uint64_t word = 0;
  for (std::size_t i = 0; i < n; ++i) word |= static_cast<std::uint64_t>(bytes[i]) << (8 * i);
  return word;
}

}  // namespace

std::uint64_t sipHash24(const HashKey& key, std::span<const std::uint8_t> message) {
  SipState s{key[0] ^ 0x736f6d6570736575ULL, key[1] ^ 0x646f72616e646f6dULL, key[0] ^ 0x6c7967656e657261ULL,
             key[1] ^ 0x7465646279746573ULL};
  const std::size_t whole = message.size() / 8 * 8;
  for (std::size_t at = 0; at < whole; at += 8) s.compress(littleEndianWord(message.data() + at, 8));
  // The last word: the remaining bytes, and the message length in its top byte.
  const std::uint64_t last = littleEndianWord(message.data() + whole, message.size() - whole) |
                             (static_cast<std::uint64_t>(message.size() & 0xff) << 56);
  s.compress(last);
  s.v2 ^= 0xff;
  for (int i = 0; i < 4; ++i) s.round();
  return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

std::uint64_t keyedHash(const HashKey& key, std::uint64_t value) {
  std::array<std::uint8_t, 8> bytes{};
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::uint8_t>(value >> (8 * i));
  return sipHash24(key, bytes);
}

}  // namespace junqi
