#include "tools/belief_board.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "arena/svg_plot.h"
#include "core/classic/knowledge.h"

namespace junqi {

namespace {

constexpr double kCell = 90;
constexpr double kLeft = 50, kTop = 64, kBottom = 40, kScaleWidth = 130;
constexpr double kLabelWidth = 66;  // inside a square's 70 x 40 box

// White to blue: the probability of the most likely identity.
std::string colour(double p) {
  const auto mix = [&](int from, int to) { return static_cast<int>(std::lround(from + (to - from) * p)); };
  return fmt::format("#{:02x}{:02x}{:02x}", mix(255, 0x42), mix(255, 0x92), mix(255, 0xc6));
}

// Where a square is drawn: the seat's own side at the bottom.
struct Placement {
  Seat seat;
  double x(Square s) const {
    const int c = seat == Seat::Red ? columnOf(s) : kColumns - 1 - columnOf(s);
    return kLeft + c * kCell + kCell / 2;
  }
  double y(Square s) const {
    const int r = seat == Seat::Red ? kRows - 1 - rowOf(s) : rowOf(s);
    return kTop + r * kCell + kCell / 2;
  }
};

// Column letters above and below the board, row numbers left of it, as the seat sees them.
void coordinates(std::string& svg, const Placement& at) {
  for (int c = 0; c < kColumns; ++c) {
    const Square s = makeSquare(c, 0);
    const std::string letter = squareName(s).substr(0, 1);
    for (double y : {kTop - 6, kTop + kRows * kCell + 18})
      svg += svg::text(at.x(s), y, letter, 13, "middle", "class=\"coordinate\"");
  }
  for (int r = 0; r < kRows; ++r)
    svg += svg::text(kLeft - 14, at.y(makeSquare(0, r)) + 4, std::to_string(r + 1), 13, "end", "class=\"coordinate\"");
}

// The colour scale right of the board: ten steps, labels every 25%, a title.
void colourScale(std::string& svg, double left, double top, double height) {
  const int steps = 10;
  for (int i = 0; i < steps; ++i)
    svg += fmt::format(
        "<rect class=\"scale\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"18\" height=\"{:.1f}\" fill=\"{}\" stroke=\"#555\"/>\n",
        left, top + height - (i + 1) * height / steps, height / steps, colour((i + 0.5) / steps));
  for (int q = 0; q <= 4; ++q)
    svg += svg::text(left + 24, top + height - q * height / 4 + 4, fmt::format("{}%", 25 * q), svg::kTickFont,
                     "start", "class=\"scale-label\"");
  const double x = left + 76, y = top + height / 2;
  svg += svg::text(x, y, "probability of the most likely identity", svg::kAxisTitleFont, "middle",
                   fmt::format("class=\"scale-title\" transform=\"rotate(-90 {:.1f} {:.1f})\"", x, y));
}

// An enemy piece: its square coloured by its best identity's probability, its note and that identity.
void enemyPiece(std::string& svg, const InfoState& view, int p, double x, double y) {
  const int k = p % kMaxPiecesPerSide;
  int best = 0;
  for (int u = 1; u < kPieceTypes; ++u)
    if (view.marginals()[k][u] > view.marginals()[k][best]) best = u;
  const double q = view.marginals()[k][best];
  svg += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"66\" height=\"36\" fill=\"{}\" class=\"belief\"/>\n",
                     x - 33, y - 18, colour(q));
  const std::string note = describeIdentities(view.support(k));
  const std::string guess = fmt::format("{} {:.0f}%", typeName(typeFromIndex(best)), 100 * q);
  svg += svg::text(x, y - 3, note, svg::fittedSize(note, kLabelWidth, 12), "middle", "fill=\"#003\"");
  svg += svg::text(x, y + 12, guess, svg::fittedSize(guess, kLabelWidth, 10), "middle", "fill=\"#003\"");
}

}  // namespace

std::string beliefBoardSvg(const InfoState& view) {
  const Observation& obs = view.observation();
  const Topology& t = obs.rules().topology();
  const Placement at{view.seat()};
  const double boardRight = kLeft + kColumns * kCell, height = kTop + kRows * kCell + kBottom;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" "
      "font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"#f4ecd8\"/>\n",
      boardRight + kScaleWidth, height);
  const std::string title = fmt::format("{}'s view before move {}: what it knows of {}'s pieces",
                                        seatName(view.seat()), obs.ply() + 1, seatName(view.enemy()));
  svg += svg::text((boardRight + kScaleWidth) / 2, 26, title,
                   svg::fittedSize(title, boardRight + kScaleWidth - 20, 16), "middle", "class=\"title\"");
  coordinates(svg, at);
  for (Square a{}; a < kSquares; ++a)
    for (Bitboard b = t.stepNeighbours[a]; b;) {
      const Square c = popLsb(b);
      if (c < a) continue;
      const bool rail = contains(t.railNeighbours[a], c);
      svg += svg::line(at.x(a), at.y(a), at.x(c), at.y(c), "#555",
                       fmt::format("stroke-width=\"{}\"{}", rail ? 5 : 1, rail ? " stroke-dasharray=\"10,4\"" : ""));
    }
  for (Square s{}; s < kSquares; ++s) {
    const double x = at.x(s), y = at.y(s);
    const bool camp = contains(t.camps, s), hq = contains(t.headquarters, s);
    svg += camp ? fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"30\" fill=\"#fff\" stroke=\"#555\"/>\n", x, y)
                : fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"70\" height=\"40\" fill=\"#fff\" stroke=\"{}\" "
                              "stroke-width=\"{}\"/>\n", x - 35, y - 20, hq ? "#b8860b" : "#555", hq ? 3 : 1);
    const PieceId p = obs.pieceAt(s);
    if (p == kNoPiece) continue;
    if (obs.isOwn(p)) {
      const std::string name(typeName(obs.ownType(p)));
      svg += svg::text(x, y + 6, name, svg::fittedSize(name, kLabelWidth, 18), "middle", "fill=\"#c00\"");
      continue;
    }
    enemyPiece(svg, view, p, x, y);
  }
  colourScale(svg, boardRight + 20, kTop + 2 * kCell, 6 * kCell);
  return svg + "</svg>\n";
}

}  // namespace junqi
