#include "tests/plots/svg_text.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <regex>
#include <sstream>

#include <fmt/format.h>

namespace junqi::plots {

namespace {

std::map<std::string, std::string> attributesOf(const std::string& tag) {
  std::map<std::string, std::string> out;
  static const std::regex attribute(R"re(([a-zA-Z][a-zA-Z0-9-]*)=(?:"([^"]*)"|'([^']*)'))re");
  for (std::sregex_iterator it(tag.begin(), tag.end(), attribute), end; it != end; ++it)
    out[(*it)[1]] = (*it)[2].matched ? (*it)[2].str() : (*it)[3].str();
  return out;
}

bool classHas(const std::map<std::string, std::string>& a, std::string_view c) {
  const auto it = a.find("class");
  if (it == a.end()) return false;
  std::istringstream words(it->second);
  for (std::string w; words >> w;)
    if (w == c) return true;
  return false;
}

std::string unescape(const std::string& s) {
  static const std::pair<std::string_view, char> entities[] = {
      {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}, {"&amp;", '&'}};
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto* e = std::find_if(std::begin(entities), std::end(entities),
                                 [&](const auto& e) { return std::string_view(s).substr(i, e.first.size()) == e.first; });
    if (e != std::end(entities)) {
      out += e->second;
      i += e->first.size();
    } else {
      out += s[i++];
    }
  }
  return out;
}

double attr(const std::map<std::string, std::string>& a, const std::string& name, double fallback) {
  const auto it = a.find(name);
  return it == a.end() ? fallback : std::stod(it->second);
}

// The box of a text at (x, y); a rotate(-90 ...) about its own anchor turns it upright.
Box boxOf(const SvgText& t) {
  const double x = attr(t.attributes, "x", 0), y = attr(t.attributes, "y", 0);
  int chars = 0;
  for (char c : t.content) chars += (c & 0xC0) != 0x80;
  const double w = 0.6 * t.size * chars;
  const std::string anchor = t.attributes.count("text-anchor") ? t.attributes.at("text-anchor") : "start";
  const double start = anchor == "middle" ? -w / 2 : anchor == "end" ? -w : 0;
  if (t.attributes.count("transform") && t.attributes.at("transform").find("rotate(-90") != std::string::npos)
    return {x - 0.8 * t.size, y - start - w, x + 0.2 * t.size, y - start};
  return {x + start, y - 0.8 * t.size, x + start + w, y + 0.2 * t.size};
}

}  // namespace

bool SvgText::hasClass(std::string_view c) const { return classHas(attributes, c); }
bool SvgElement::hasClass(std::string_view c) const { return classHas(attributes, c); }

double SvgElement::number(const std::string& name) const {
  return attr(attributes, name, std::numeric_limits<double>::quiet_NaN());
}

std::vector<SvgText> texts(const std::string& svg) {
  std::vector<SvgText> out;
  static const std::regex text(R"re(<text\b([^>]*)>([^<]*)</text>)re");
  // The root's font-size, inherited by texts without their own.
  const double rootSize = attr(attributesOf(svg.substr(0, svg.find('>'))), "font-size", 16);
  for (std::sregex_iterator it(svg.begin(), svg.end(), text), end; it != end; ++it) {
    SvgText t;
    t.attributes = attributesOf((*it)[1]);
    t.content = unescape((*it)[2]);
    t.size = attr(t.attributes, "font-size", rootSize);
    t.box = boxOf(t);
    out.push_back(std::move(t));
  }
  return out;
}

std::vector<SvgElement> elements(const std::string& svg, std::string_view tag) {
  std::vector<SvgElement> out;
  std::string pattern = "<";
  pattern.append(tag).append(R"re(\b([^>]*)>)re");
  const std::regex element(pattern);
  for (std::sregex_iterator it(svg.begin(), svg.end(), element), end; it != end; ++it)
    out.push_back({attributesOf((*it)[1])});
  return out;
}

std::vector<SvgText> withClass(const std::vector<SvgText>& all, std::string_view c) {
  std::vector<SvgText> out;
  for (const SvgText& t : all)
    if (t.hasClass(c)) out.push_back(t);
  return out;
}

std::vector<std::string> overlappingLabels(const std::vector<SvgText>& all) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < all.size(); ++i)
    for (std::size_t j = i + 1; j < all.size(); ++j)
      if (all[i].box.overlaps(all[j].box)) out.push_back(fmt::format("'{}' and '{}'", all[i].content, all[j].content));
  return out;
}

std::vector<std::string> labelsOutside(const std::string& svg, const std::vector<SvgText>& all) {
  const auto root = attributesOf(svg.substr(0, svg.find('>')));
  const double w = attr(root, "width", 0), h = attr(root, "height", 0);
  std::vector<std::string> out;
  for (const SvgText& t : all)
    if (t.box.x0 < 0 || t.box.y0 < 0 || t.box.x1 > w || t.box.y1 > h)
      out.push_back(fmt::format("'{}' at [{:.0f}, {:.0f}]-[{:.0f}, {:.0f}] in {}x{}", t.content, t.box.x0, t.box.y0,
                                t.box.x1, t.box.y1, w, h));
  return out;
}

}  // namespace junqi::plots
