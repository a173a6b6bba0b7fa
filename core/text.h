// Small text helpers shared by the parsers (notation, records, the bot protocol).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace junqi {

// The pieces of `text` between separators (empty pieces kept).
std::vector<std::string_view> split(std::string_view text, char sep);
// The words of a line: runs of characters other than space, tab and '\r'.
std::vector<std::string_view> words(std::string_view line);
// Words `from` onwards joined by single spaces.
std::string joinWords(const std::vector<std::string_view>& words, std::size_t from = 0);
// The whole of `text` as a decimal number from `low` to `high` (digits only:
// no sign, space or anything after them); nullopt otherwise, overflow included.
std::optional<std::uint64_t> parseNumber(std::string_view text, std::uint64_t low, std::uint64_t high);

}  // namespace junqi
