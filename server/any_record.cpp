#include "server/any_record.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/four/four_notation.h"
#include "core/text.h"
#include "server/classic/record_view.h"
#include "server/flip/flip_record_view.h"
#include "server/four/four_record_view.h"
#include "server/http_util.h"

namespace junqi::server {

namespace {

template <typename... F>
struct Overloaded : F... {
  using F::operator()...;
};

// The record's game in its error: "a Flip Junqi record: line 7: ..." (a
// classic record's own messages already say "record line N").
template <typename Parse>
auto withGame(std::string_view game, Parse parse) {
  try {
    return parse();
  } catch (const RecordError& e) {
    throw RecordError(fmt::format("a {} record: {}", game, e.what()));
  }
}

// Seat names of each game, in turn order.
const std::vector<std::string>& seatsOf(std::string_view game) {
  static const std::vector<std::string> classic{"red", "blue"}, flip{"1", "2"},
      four{"south", "east", "north", "west"};
  return game == "flip" ? flip : game == "four" ? four : classic;
}

// The index of `seat` among its game's seats, nothing for "all".
std::optional<int> seatIndex(std::string_view game, const std::string& seat) {
  if (seat == "all") return std::nullopt;
  const auto& seats = seatsOf(game);
  const auto it = std::find(seats.begin(), seats.end(), seat);
  if (it == seats.end())
    throw ApiError(400, fmt::format("'seat' of a {} record must be {} or all, not '{}'", game,
                                    fmt::join(seats, ", "), seat));
  return static_cast<int>(it - seats.begin());
}

std::optional<Seat> twoSeat(std::optional<int> index) {
  return index ? std::optional<Seat>(*index == 0 ? Seat::Red : Seat::Blue) : std::nullopt;
}

}  // namespace

std::string_view recordGame(std::string_view text) {
  for (const std::string_view line : split(text, '\n')) {
    const auto w = words(line);
    if (w.empty() || w[0].starts_with('#')) continue;
    if (w.size() == 2 && w[0] == "variant" && (w[1] == "flip" || w[1] == "four")) return w[1] == "flip" ? "flip" : "four";
    return "classic";
  }
  return "classic";
}

AnyRecord openAnyRecord(std::string_view text) {
  const std::string_view game = recordGame(text);
  if (game == "flip")
    return withGame("Flip Junqi", [&] {
      FlipRecord record = parseFlipRecord(text);
      replayFlip(record);  // refused now, not at each step
      return AnyRecord(std::move(record));
    });
  if (game == "four")
    return withGame("four-player", [&] {
      FourRecord record = parseFourRecord(text);
      replayFour(record);
      return AnyRecord(std::move(record));
    });
  GameRecord record = parseRecord(text);
  replay(record);
  return record;
}

std::string_view recordGame(const AnyRecord& record) {
  return std::visit(Overloaded{[](const GameRecord&) { return "classic"; }, [](const FlipRecord&) { return "flip"; },
                               [](const FourRecord&) { return "four"; }},
                    record);
}

int recordSteps(const AnyRecord& record) {
  return std::visit(Overloaded{[](const GameRecord& r) { return static_cast<int>(r.actions.size()); },
                               [](const FlipRecord& r) { return static_cast<int>(r.actions.size()); },
                               [](const FourRecord& r) { return static_cast<int>(r.moves.size()); }},
                    record);
}

std::vector<std::string> recordSeats(const AnyRecord& record) { return seatsOf(recordGame(record)); }

nlohmann::json recordStepView(const AnyRecord& record, int step, const std::string& seat) {
  const std::optional<int> index = seatIndex(recordGame(record), seat);
  return std::visit(Overloaded{[&](const GameRecord& r) { return recordView(r, step, twoSeat(index)); },
                               [&](const FlipRecord& r) { return flipRecordView(r, step, twoSeat(index)); },
                               [&](const FourRecord& r) { return fourRecordView(r, step, index); }},
                    record);
}

}  // namespace junqi::server
