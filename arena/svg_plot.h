// Small pieces of SVG plotting shared by the reports (a match's, a training
// run's, the belief board): a panel that maps data to pixels, "nice" tick
// values, axes with tick labels and titles, and text sized to fit. Text widths
// are estimated (0.6 em a character of sans-serif), which is what keeps labels
// apart without a renderer; the tests check the same estimate.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace junqi::svg {

inline constexpr double kTickFont = 11;
inline constexpr double kAxisTitleFont = 12;

// Tick values covering [lo, hi] with a step of 1, 2 or 5 times a power of ten.
std::vector<double> niceTicks(double lo, double hi, int target = 5);
std::string tickLabel(double v);  // shortest form: 0.5, 100, 1e+06

// Range [lo, hi] of the finite values, padded; the fallback when there are none.
std::pair<double, double> paddedRange(const std::vector<double>& values, double fallback_lo, double fallback_hi);

// The estimated width of `text` at `size` pixels (UTF-8 sequences count once).
double textWidth(std::string_view text, double size);
// The largest size up to `size` at which `text` fits in `width` pixels.
double fittedSize(std::string_view text, double width, double size);

// A <text> element; `anchor` is start, middle or end; `extra` more attributes.
std::string text(double x, double y, std::string_view content, double size, std::string_view anchor = "middle",
                 std::string_view extra = "");
std::string line(double x1, double y1, double x2, double y2, std::string_view stroke, std::string_view extra = "");

// A plotting area and the data ranges it shows.
struct Panel {
  double left, top, width, height;
  double x0, x1, y0, y1;
  double x(double v) const;  // pixels, clamped to the panel
  double y(double v) const;
  double bottom() const { return top + height; }
  double right() const { return left + width; }
};

// Grid lines, tick labels (as many as fit apart), the frame and a rotated
// title left of the widest tick label.
void yAxis(std::string& svg, const Panel& p, std::string_view title);
// Tick labels below the panel, spaced so that the widest fits between
// neighbours, and a title under them. `integers`: whole-number ticks only.
void xAxis(std::string& svg, const Panel& p, std::string_view title, bool integers = false);
// One label per category i (centred at x = i + 0.5), shrunk or cut to its
// slot, and a title under them.
void categoryAxis(std::string& svg, const Panel& p, const std::vector<std::string>& names, std::string_view title);

// Moves label positions (sorted by the caller or not) apart to at least
// `gap` pixels, staying as near as possible to where they were asked for.
std::vector<double> spreadApart(const std::vector<double>& wanted, double gap);

// The space a y axis's tick labels and title take left of the panel.
inline constexpr double kYAxisMargin = 70;
// The space an x axis's tick labels and title take below the panel.
inline constexpr double kXAxisMargin = 42;

}  // namespace junqi::svg

namespace junqi {
// Escapes &, <, >, " and ' for XML text and attributes.
std::string xmlEscape(std::string_view text);
}  // namespace junqi
