// Small text helpers shared by the parsers (notation, records, the bot protocol).
#pragma once

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

}  // namespace junqi
