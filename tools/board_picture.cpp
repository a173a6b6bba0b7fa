#include "tools/board_picture.h"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

namespace junqi {

namespace {

constexpr double kStep = 44;    // pixels between neighbouring grid places
constexpr double kMargin = 40;  // around the grid
constexpr double kTitle = 24;   // above the top margin: the title
constexpr const char* kHomeColours[] = {"#fde2e2", "#e2ecfd", "#e5f6e0", "#fdf3d8"};

struct Canvas {
  const BoardGeometry& board;
  double x(int point) const { return kMargin + kStep * board.column(point); }
  // Row 1 at the bottom, as the first seat sees the board.
  double y(int point) const { return kTitle + kMargin + kStep * (board.rows() - 1 - board.row(point)); }
};

bool onRailway(const BoardGeometry& board, int a, int b) {
  for (const auto& line : board.railways())
    for (std::size_t k = 1; k < line.size(); ++k)
      if ((line[k - 1] == a && line[k] == b) || (line[k - 1] == b && line[k] == a)) return true;
  return false;
}

// A link between points on different rows and columns that is a railway: a
// corner curve, bent round the empty grid place at its corner.
std::string link(const Canvas& c, int a, int b, bool railway) {
  const char* style = railway ? "class=\"railway\" stroke=\"#222\" stroke-width=\"4\""
                              : "class=\"road\" stroke=\"#999\" stroke-width=\"1.5\"";
  const bool diagonal = c.board.column(a) != c.board.column(b) && c.board.row(a) != c.board.row(b);
  if (!(railway && diagonal))
    return fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {}/>\n", c.x(a), c.y(a), c.x(b), c.y(b), style);
  // The control point is the corner place that is no point of the board.
  const bool firstCorner = !c.board.pointAt(c.board.column(a), c.board.row(b));
  const double cx = firstCorner ? c.x(a) : c.x(b), cy = firstCorner ? c.y(b) : c.y(a);
  return fmt::format("<path d=\"M {} {} Q {} {} {} {}\" fill=\"none\" {}/>\n", c.x(a), c.y(a), cx, cy, c.x(b), c.y(b),
                     style);
}

std::string homes(const Canvas& c) {
  std::string out;
  for (std::size_t seat = 0; seat < c.board.homes().size(); ++seat)
    for (const int p : c.board.homes()[seat])
      out += fmt::format("<rect class=\"home\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                         c.x(p) - kStep / 2, c.y(p) - kStep / 2, kStep, kStep, kHomeColours[seat % 4]);
  return out;
}

std::string point(const Canvas& c, int p) {
  const auto& camps = c.board.camps();
  const auto& headquarters = c.board.headquarters();
  std::string shape;
  if (std::find(camps.begin(), camps.end(), p) != camps.end())
    shape = fmt::format("<circle class=\"camp\" cx=\"{}\" cy=\"{}\" r=\"13\" fill=\"#fff\" stroke=\"#333\"/>", c.x(p), c.y(p));
  else if (std::find(headquarters.begin(), headquarters.end(), p) != headquarters.end())
    shape = fmt::format("<rect class=\"headquarters\" x=\"{}\" y=\"{}\" width=\"26\" height=\"26\" fill=\"#fff\" "
                        "stroke=\"#333\" stroke-width=\"2\"/>", c.x(p) - 13, c.y(p) - 13);
  else
    shape = fmt::format("<rect class=\"post\" x=\"{}\" y=\"{}\" width=\"24\" height=\"16\" fill=\"#fff\" stroke=\"#333\"/>",
                        c.x(p) - 12, c.y(p) - 8);
  return shape + fmt::format("<text class=\"point\" x=\"{}\" y=\"{}\" font-size=\"9\" text-anchor=\"middle\">{}</text>\n",
                             c.x(p), c.y(p) + 3, c.board.pointName(p));
}

}  // namespace

std::string boardPicture(const BoardGeometry& board, const std::string& title) {
  const Canvas c{board};
  const double width = 2 * kMargin + kStep * (board.columns() - 1);
  const double height = kTitle + 2 * kMargin + kStep * (board.rows() - 1);
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
      "font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
      "<text class=\"title\" x=\"{}\" y=\"22\" font-size=\"14\" text-anchor=\"middle\">{}</text>\n",
      width, height, width, height, width / 2, title);
  svg += homes(c);
  for (const auto& [a, b] : board.roads()) svg += link(c, a, b, onRailway(board, a, b));
  for (int p = 0; p < board.pointCount(); ++p) svg += point(c, p);
  return svg + "</svg>\n";
}

}  // namespace junqi
