#include "arena/svg_plot.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace junqi {

std::string xmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace junqi

namespace junqi::svg {

std::vector<double> niceTicks(double lo, double hi, int target) {
  std::vector<double> ticks;
  if (!(hi > lo) || target < 1) return {lo};
  const double raw = (hi - lo) / target;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  double step = power;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    step = m * power;
    if (step >= raw) break;
  }
  for (double t = std::ceil(lo / step) * step; t <= hi + 1e-9 * step; t += step)
    ticks.push_back(std::abs(t) < 1e-12 * step ? 0.0 : t);
  return ticks;
}

std::string tickLabel(double v) { return fmt::format("{:g}", v); }

std::pair<double, double> paddedRange(const std::vector<double>& values, double fallback_lo, double fallback_hi) {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (double v : values) {
    if (!std::isfinite(v)) continue;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  if (!(lo <= hi)) return {fallback_lo, fallback_hi};
  if (hi - lo < 1e-9) {
    const double pad = std::max(1.0, std::abs(lo) * 0.1);
    return {lo - pad, hi + pad};
  }
  const double pad = 0.08 * (hi - lo);
  return {lo - pad, hi + pad};
}

double textWidth(std::string_view text, double size) {
  // Continuation bytes of UTF-8 (10xxxxxx) are not characters of their own.
  const auto chars = std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; });
  return 0.6 * size * static_cast<double>(chars);
}

double fittedSize(std::string_view text, double width, double size) {
  const double w = textWidth(text, size);
  return w <= width || w <= 0 ? size : std::floor(size * width / w * 10) / 10;
}

std::string text(double x, double y, std::string_view content, double size, std::string_view anchor,
                 std::string_view extra) {
  return fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"{:g}\" text-anchor=\"{}\"{}{}>{}</text>\n", x, y,
                     size, anchor, extra.empty() ? "" : " ", extra, xmlEscape(content));
}

std::string line(double x1, double y1, double x2, double y2, std::string_view stroke, std::string_view extra) {
  return fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\"{}{}/>\n", x1, y1, x2,
                     y2, stroke, extra.empty() ? "" : " ", extra);
}

double Panel::x(double v) const { return left + (std::clamp(v, x0, x1) - x0) / (x1 - x0) * width; }

double Panel::y(double v) const { return top + height - (std::clamp(v, y0, y1) - y0) / (y1 - y0) * height; }

namespace {

// As many ticks as `fits` allows: nice steps from `most` ticks down, and of
// each also every second, third... tick, so that two labels fit where they can.
template <typename Fits>
std::vector<double> fittingTicks(double lo, double hi, int most, bool integers, Fits fits) {
  std::vector<double> single;
  for (int target = most; target >= 1; --target) {
    std::vector<double> ticks = niceTicks(lo, hi, target);
    if (integers) std::erase_if(ticks, [](double t) { return t != std::round(t); });
    for (std::size_t every = 1; every < ticks.size(); ++every) {
      std::vector<double> kept;
      for (std::size_t i = 0; i < ticks.size(); i += every) kept.push_back(ticks[i]);
      if (kept.size() >= 2 && fits(kept)) return kept;
    }
    if (single.empty() && !ticks.empty()) single = {ticks.front()};
  }
  return single;
}

}  // namespace

void yAxis(std::string& svg, const Panel& p, std::string_view title) {
  // Labels at least 1.6 font sizes apart, so that their boxes never touch.
  const auto ticks = fittingTicks(p.y0, p.y1, 6, false, [&](const std::vector<double>& t) {
    return t.size() < 2 || std::abs(p.y(t[1]) - p.y(t[0])) >= 1.6 * kTickFont;
  });
  double widest = 0;
  for (double t : ticks) {
    const double y = p.y(t);
    svg += line(p.left, y, p.right(), y, "#ddd", "class=\"grid\"");
    svg += text(p.left - 6, y + 4, tickLabel(t), kTickFont, "end", "class=\"tick y\"");
    widest = std::max(widest, textWidth(tickLabel(t), kTickFont));
  }
  svg += fmt::format(
      "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"none\" stroke=\"#444\"/>\n", p.left,
      p.top, p.width, p.height);
  const double x = p.left - 6 - widest - 6 - kAxisTitleFont / 2;
  const double y = p.top + p.height / 2;
  const double size = fittedSize(title, p.height, kAxisTitleFont);
  svg += text(x, y, title, size, "middle", fmt::format("class=\"axis-title y\" transform=\"rotate(-90 {:.1f} {:.1f})\"", x, y));
}

void xAxis(std::string& svg, const Panel& p, std::string_view title, bool integers) {
  const auto ticks = fittingTicks(p.x0, p.x1, 10, integers, [&](const std::vector<double>& t) {
    double widest = 0;
    for (double v : t) widest = std::max(widest, textWidth(tickLabel(v), kTickFont));
    return t.size() < 2 || p.x(t[1]) - p.x(t[0]) >= widest + 8;
  });
  for (double t : ticks) {
    svg += line(p.x(t), p.bottom(), p.x(t), p.bottom() + 4, "#444");
    svg += text(p.x(t), p.bottom() + 16, tickLabel(t), kTickFont, "middle", "class=\"tick x\"");
  }
  svg += text(p.left + p.width / 2, p.bottom() + 34, title, fittedSize(title, p.width, kAxisTitleFont), "middle",
              "class=\"axis-title x\"");
}

void categoryAxis(std::string& svg, const Panel& p, const std::vector<std::string>& names, std::string_view title) {
  const double slot = p.width / std::max<double>(1.0, static_cast<double>(names.size()));
  for (std::size_t i = 0; i < names.size(); ++i) {
    // A name too long even at 8 pixels is cut (the whole name is in the bar's tooltip).
    std::string name = names[i];
    while (name.size() > 1 && textWidth(name, 8) > slot - 4) name.pop_back();
    if (name.size() < names[i].size() && name.size() > 1) name.back() = '~';
    const double size = std::max(8.0, fittedSize(name, slot - 4, kTickFont));
    svg += text(p.x(static_cast<double>(i) + 0.5), p.bottom() + 16, name, size, "middle", "class=\"tick x\"");
  }
  svg += text(p.left + p.width / 2, p.bottom() + 34, title, fittedSize(title, p.width, kAxisTitleFont), "middle",
              "class=\"axis-title x\"");
}

std::vector<double> spreadApart(const std::vector<double>& wanted, double gap) {
  std::vector<std::size_t> order(wanted.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return wanted[a] < wanted[b]; });
  std::vector<double> placed(wanted.size());
  // Push down past the previous label, then centre the whole run on what was wanted.
  double previous = -std::numeric_limits<double>::infinity();
  for (std::size_t i : order) previous = placed[i] = std::max(wanted[i], previous + gap);
  double shift = 0;
  for (std::size_t i : order) shift += wanted[i] - placed[i];
  shift = order.empty() ? 0 : shift / static_cast<double>(order.size());
  for (double& v : placed) v += shift;
  return placed;
}

}  // namespace junqi::svg
