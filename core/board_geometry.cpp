#include "core/board_geometry.h"

#include <algorithm>
#include <stdexcept>

#include "core/text.h"

namespace junqi {

namespace {

PointPair ordered(int a, int b) { return a < b ? PointPair{a, b} : PointPair{b, a}; }

bool has(const std::vector<int>& points, int p) { return std::find(points.begin(), points.end(), p) != points.end(); }

// `kind` number `index` (1-based) with its text: names one entry of a list.
std::string entry(std::string_view kind, std::size_t index, std::string_view text) {
  return std::string(kind) + " " + std::to_string(index + 1) + " (\"" + std::string(text) + "\")";
}

}  // namespace

BoardGeometry::BoardGeometry(const BoardDescription& description)
    : name_(description.name), columns_(description.columns), rows_(description.rows) {
  // Column letters A..Z name the columns; a board needs at least one point.
  if (columns_ < 1 || columns_ > 26 || rows_ < 1)
    fail("size", std::to_string(columns_) + " columns and " + std::to_string(rows_) +
                     " rows (1-26 columns and at least one row are needed)");
  numberPoints(description);
  addRoads(description);
  addRailways(description);
  addRegions(description);
}

void BoardGeometry::numberPoints(const BoardDescription& description) {
  pointOfGrid_.assign(static_cast<std::size_t>(columns_ * rows_), 0);
  for (const std::string_view word : words(description.absent)) {
    const auto places = gridRectangle(word);
    if (!places) fail("absent points", "unknown point '" + std::string(word) + "'");
    for (const int grid : *places) pointOfGrid_[static_cast<std::size_t>(grid)] = -1;
  }
  for (int grid = 0; grid < columns_ * rows_; ++grid) {
    if (pointOfGrid_[static_cast<std::size_t>(grid)] < 0) continue;
    pointOfGrid_[static_cast<std::size_t>(grid)] = static_cast<int>(gridOfPoint_.size());
    gridOfPoint_.push_back(grid);
  }
  if (gridOfPoint_.empty()) fail("absent points", "no point is left");
  if (gridOfPoint_.size() > kNoSquare)  // points 0-254: kNoSquare marks none
    fail("absent points", std::to_string(gridOfPoint_.size()) + " points, more than a Square holds (255)");
}

std::optional<std::vector<int>> BoardGeometry::gridRectangle(std::string_view word) const {
  // "X-Y" is the rectangle with corners X and Y; a plain name is one place.
  const auto dash = word.find('-');
  const auto first = gridPlace(word.substr(0, dash));
  const auto last = dash == std::string_view::npos ? first : gridPlace(word.substr(dash + 1));
  if (!first || !last) return std::nullopt;
  const int firstColumn = *first % columns_, lastColumn = *last % columns_;
  const int firstRow = *first / columns_, lastRow = *last / columns_;
  std::vector<int> places;
  for (int r = std::min(firstRow, lastRow); r <= std::max(firstRow, lastRow); ++r)
    for (int c = std::min(firstColumn, lastColumn); c <= std::max(firstColumn, lastColumn); ++c)
      places.push_back(r * columns_ + c);
  return places;
}

std::string BoardGeometry::pointName(int point) const {
  const int grid = gridOfPoint_.at(static_cast<std::size_t>(point));
  return std::string(1, static_cast<char>('A' + grid % columns_)) + std::to_string(grid / columns_ + 1);
}

std::optional<Square> BoardGeometry::pointAt(int column, int row) const {
  if (column < 0 || column >= columns_ || row < 0 || row >= rows_) return std::nullopt;
  const int p = pointOfGrid_[static_cast<std::size_t>(row * columns_ + column)];
  if (p < 0) return std::nullopt;
  return Square(p);
}

std::optional<Square> BoardGeometry::point(std::string_view name) const {
  const auto grid = gridPlace(name);
  if (!grid) return std::nullopt;
  return pointAt(*grid % columns_, *grid / columns_);
}

std::optional<int> BoardGeometry::gridPlace(std::string_view name) const {
  if (name.size() < 2) return std::nullopt;
  const char letter = static_cast<char>(name[0] >= 'a' && name[0] <= 'z' ? name[0] - 'a' + 'A' : name[0]);
  if (letter < 'A' || letter >= 'A' + columns_) return std::nullopt;
  if (name[1] == '0') return std::nullopt;  // no leading zeros: "A01" is not a point
  const auto row = parseNumber(name.substr(1), 1, static_cast<std::uint64_t>(rows_));
  if (!row) return std::nullopt;
  return (static_cast<int>(*row) - 1) * columns_ + (letter - 'A');
}

bool BoardGeometry::joinedByRoad(int a, int b) const {
  return std::find(roads_.begin(), roads_.end(), ordered(a, b)) != roads_.end();
}

void BoardGeometry::fail(std::string_view what, const std::string& why) const {
  throw std::invalid_argument("board '" + name_ + "': " + std::string(what) + ": " + why);
}

std::vector<int> BoardGeometry::parseLine(std::string_view what, std::string_view text) const {
  std::vector<int> line;
  for (const std::string_view word : words(text)) {
    const auto p = point(word);
    if (!p) fail(what, "unknown point '" + std::string(word) + "'");
    if (has(line, *p)) fail(what, pointName(*p) + " is on it twice");
    line.push_back(*p);
  }
  return line;
}

std::vector<int> BoardGeometry::parseSet(std::string_view what, std::string_view text) const {
  std::vector<int> set;
  for (const std::string_view word : words(text)) {
    // A rectangle holds the points among its places; a plain name must be a point.
    const auto places = gridRectangle(word);
    const bool plain = word.find('-') == std::string_view::npos;
    if (!places || (plain && !point(word))) fail(what, "unknown point '" + std::string(word) + "'");
    for (const int grid : *places) {
      const int p = pointOfGrid_[static_cast<std::size_t>(grid)];
      if (p < 0) continue;
      if (has(set, p)) fail(what, pointName(p) + " is listed twice");
      set.push_back(p);
    }
  }
  return set;
}

void BoardGeometry::addRoads(const BoardDescription& description) {
  for (std::size_t i = 0; i < description.roads.size(); ++i) {
    const std::string what = entry("road line", i, description.roads[i]);
    const std::vector<int> line = parseLine(what, description.roads[i]);
    if (line.size() < 2) fail(what, "a road line needs at least two points");
    for (std::size_t k = 1; k < line.size(); ++k) {
      if (joinedByRoad(line[k - 1], line[k]))
        fail(what, "the road " + pointName(line[k - 1]) + "-" + pointName(line[k]) + " is already listed");
      roads_.push_back(ordered(line[k - 1], line[k]));
    }
  }
  // Gaps come after every road line: a gap cuts a road whichever line lists it.
  for (std::size_t i = 0; i < description.gaps.size(); ++i) {
    const std::string what = entry("gap", i, description.gaps[i]);
    const std::vector<int> pair = parseLine(what, description.gaps[i]);
    if (pair.size() != 2) fail(what, "a gap is two points");
    const auto road = std::find(roads_.begin(), roads_.end(), ordered(pair[0], pair[1]));
    if (road == roads_.end()) fail(what, "no road joins " + pointName(pair[0]) + " and " + pointName(pair[1]));
    roads_.erase(road);
  }
}

void BoardGeometry::addRailways(const BoardDescription& description) {
  std::vector<PointPair> links;  // every railway link so far
  for (std::size_t i = 0; i < description.railways.size(); ++i) {
    const std::string what = entry("railway line", i, description.railways[i]);
    std::vector<int> line = parseLine(what, description.railways[i]);
    if (line.size() < 2) fail(what, "a railway line needs at least two points");
    bool ownLink = false;  // lines share links only where a railway forks
    for (std::size_t k = 1; k < line.size(); ++k) {
      // A railway runs on the road: a gap or a jump in a line is a typo.
      if (!joinedByRoad(line[k - 1], line[k]))
        fail(what, pointName(line[k - 1]) + " and " + pointName(line[k]) + " are not joined by a road");
      if (std::find(links.begin(), links.end(), ordered(line[k - 1], line[k])) != links.end()) continue;
      links.push_back(ordered(line[k - 1], line[k]));
      ownLink = true;
    }
    if (!ownLink) fail(what, "every link of it is on an earlier railway line");
    railways_.push_back(std::move(line));
  }
}

void BoardGeometry::addRegions(const BoardDescription& description) {
  camps_ = parseSet("camps", description.camps);
  headquarters_ = parseSet("headquarters", description.headquarters);
  for (const int p : camps_)
    if (has(headquarters_, p)) fail("camps", pointName(p) + " is also a headquarters");
  for (std::size_t seat = 0; seat < description.homes.size(); ++seat) {
    const std::string what = entry("home of seat", seat, description.homes[seat]);
    std::vector<int> home = parseSet(what, description.homes[seat]);
    for (std::size_t other = 0; other < seat; ++other)
      for (const int p : home)
        if (has(homes_[other], p))
          fail(what, pointName(p) + " is also in the home of seat " + std::to_string(other + 1));
    homes_.push_back(std::move(home));
  }
}

}  // namespace junqi
