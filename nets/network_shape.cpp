#include "nets/network_shape.h"

#include <cstdio>
#include <stdexcept>

#include <fmt/format.h>

namespace junqi::nets {

NetworkShape NetworkShape::parse(const std::string& text) {
  if (text == "tiny") return tiny();
  if (text == "small") return small();
  if (text == "standard") return standard();
  if (text == "large") return large();
  NetworkShape s;
  char x = 0, extra = 0;
  if (std::sscanf(text.c_str(), "%d%c%d%c", &s.blocks, &x, &s.channels, &extra) != 3 || x != 'x' || s.blocks < 0 ||
      s.blocks > kMaxBlocks || s.channels < 1 || s.channels > kMaxChannels)
    throw std::invalid_argument(
        fmt::format("network shape '{}': use tiny, small, standard, large or BLOCKSxCHANNELS like 6x64", text));
  s.valueHidden = std::max(32, s.channels);
  return s;
}

std::string NetworkShape::toString() const { return fmt::format("{}x{}", blocks, channels); }

}  // namespace junqi::nets
