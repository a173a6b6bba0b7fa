// Reading the reports' SVG text back, for tests of their geometry without a
// renderer: every <text> element with the box it covers (estimated as the
// drawing code estimates it: 0.6 em a character, 0.8 em above the baseline
// and 0.2 em below), every <line> with its attributes, and overlap checks.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace junqi::plots {

struct Box {
  double x0, y0, x1, y1;
  bool overlaps(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
};

struct SvgText {
  std::string content;  // unescaped as far as the tests need: &amp; &lt; &gt;
  std::map<std::string, std::string> attributes;
  double size = 0;
  Box box{};
  bool hasClass(std::string_view c) const;
};

struct SvgElement {
  std::map<std::string, std::string> attributes;
  double number(const std::string& name) const;  // NaN when absent
  bool hasClass(std::string_view c) const;
};

std::vector<SvgText> texts(const std::string& svg);
// Every element called `tag` (<tag .../> or <tag ...>).
std::vector<SvgElement> elements(const std::string& svg, std::string_view tag);
// The texts that have class `c` (one word of the class attribute).
std::vector<SvgText> withClass(const std::vector<SvgText>& all, std::string_view c);

// Pairs of texts whose boxes overlap, as readable lines ("'a' and 'b'"); empty when none do.
std::vector<std::string> overlappingLabels(const std::vector<SvgText>& all);
// Texts that leave the canvas (the root's width and height).
std::vector<std::string> labelsOutside(const std::string& svg, const std::vector<SvgText>& all);

}  // namespace junqi::plots
