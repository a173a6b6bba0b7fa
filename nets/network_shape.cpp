#include "nets/network_shape.h"

#include <stdexcept>

#include <fmt/format.h>

#include "core/four/cross_board.h"
#include "core/text.h"
#include "core/variant.h"

namespace junqi::nets {

NetworkShape NetworkShape::parse(const std::string& text) {
  if (text == "tiny") return tiny();
  if (text == "small") return small();
  if (text == "standard") return standard();
  if (text == "large") return large();
  const std::string_view view = text;
  const auto x = view.find('x');
  const auto blocks = x == view.npos ? std::nullopt : parseNumber(view.substr(0, x), 0, kMaxBlocks);
  const auto channels = x == view.npos ? std::nullopt : parseNumber(view.substr(x + 1), 1, kMaxChannels);
  if (!blocks || !channels)
    throw std::invalid_argument(fmt::format(
        "network shape '{}': use tiny, small, standard, large or BLOCKSxCHANNELS like 6x64 (at most {}x{})", text,
        kMaxBlocks, kMaxChannels));
  NetworkShape s;
  s.blocks = static_cast<int>(*blocks);
  s.channels = static_cast<int>(*channels);
  s.valueHidden = std::max(32, s.channels);
  return s;
}

NetworkGrid gridOfVariant(const std::string& variant) {
  if (variant != Variant::four().name()) return {};
  return {kCrossGrid, kCrossGrid, kCrossPoints};
}

std::string NetworkShape::toString() const { return fmt::format("{}x{}", blocks, channels); }

}  // namespace junqi::nets
