// A keyed one-way hash (SipHash-2-4, Aumasson and Bernstein 2012): without the
// key, its outputs tell nothing about the key or about other outputs. The match
// gives bots seeds made with it, so that a seed cannot be traced back to the
// match seed from which the openings are drawn.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace junqi {

using HashKey = std::array<std::uint64_t, 2>;  // the 128-bit key as two little-endian words

// SipHash-2-4 of `message` under `key`.
std::uint64_t sipHash24(const HashKey& key, std::span<const std::uint8_t> message);
// SipHash-2-4 of the eight little-endian bytes of `value`.
std::uint64_t keyedHash(const HashKey& key, std::uint64_t value);

}  // namespace junqi
