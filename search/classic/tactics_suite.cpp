#include "search/classic/tactics_suite.h"

#include <algorithm>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "core/classic/info_state.h"
#include "search/registry.h"

namespace junqi {

const std::vector<std::string>& tacticsCategories() {
  static const std::vector<std::string> all = {"flag-capture",  "flag-defence", "landmine-bomb",
                                               "engineer-path", "trade-ahead",  "trade-behind"};
  return all;
}

bool isProverbCategory(std::string_view category) { return category == "trade-ahead" || category == "trade-behind"; }

// ---------------------------------------------------------------- file format

namespace {

std::string joinMoves(const std::vector<Move>& moves) {
  std::string out;
  for (const Move m : moves) {
    if (!out.empty()) out += ',';
    out += moveName(m);
  }
  return out;
}

std::vector<Move> splitMoves(const std::string& text, const std::string& where) {
  std::vector<Move> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const auto m = parseMove(std::string_view(text).substr(start, comma - start));
    if (!m) throw RecordError(fmt::format("{}: '{}' is not a list of moves", where, text));
    out.push_back(*m);
    start = comma + 1;
  }
  return out;
}

}  // namespace

std::string formatTacticsSuite(const std::vector<TacticsPosition>& suite) {
  std::string out;
  for (const TacticsPosition& p : suite) {
    GameRecord r = p.record;
    r.tags.insert(r.tags.begin(), {{"tactics-id", p.id}, {"category", p.category}, {"accept", joinMoves(p.accept)}});
    out += formatRecord(r) + "\n";
  }
  return out;
}

std::vector<TacticsPosition> parseTacticsSuite(std::string_view text) {
  std::vector<TacticsPosition> suite;
  const std::string_view head = "junqi-record";
  for (std::size_t at = text.find(head); at != std::string_view::npos;) {
    const std::size_t next = text.find(std::string("\n") + std::string(head), at);
    const std::string_view entry = text.substr(at, next == std::string_view::npos ? next : next + 1 - at);
    at = next == std::string_view::npos ? next : next + 1;
    const std::string where = fmt::format("tactics entry {}", suite.size() + 1);
    TacticsPosition p;
    try {
      p.record = parseRecord(entry);
    } catch (const RecordError& e) {
      throw RecordError(fmt::format("{}: {}", where, e.what()));
    }
    const auto id = p.record.tag("tactics-id"), category = p.record.tag("category"), accept = p.record.tag("accept");
    if (!id || !category || !accept) throw RecordError(where + ": needs the tags tactics-id, category and accept");
    p.id = *id;
    p.category = *category;
    std::erase_if(p.record.tags, [](const auto& tag) {
      return tag.first == "tactics-id" || tag.first == "category" || tag.first == "accept";
    });
    if (std::find(tacticsCategories().begin(), tacticsCategories().end(), p.category) == tacticsCategories().end())
      throw RecordError(fmt::format("{} ({}): unknown category '{}'", where, p.id, p.category));
    p.accept = splitMoves(*accept, where + " (" + p.id + ")");
    suite.push_back(std::move(p));
  }
  return suite;
}

// ---------------------------------------------------------------- mining

std::vector<TacticsPosition> mineTacticsSuite(const TacticsMining& mining,
                                              const std::function<void(int, int)>& progress) {
  Rng rng(mining.seed);
  std::map<std::string, int> found;
  std::vector<TacticsPosition> suite;
  const std::vector<std::string>& wanted = mining.categories.empty() ? tacticsCategories() : mining.categories;
  const auto full = [&] {
    for (const std::string& c : wanted)
      if (found[c] < mining.perCategory) return false;
    return true;
  };
  for (int g = 0; g < mining.maxGames && !full(); ++g) {
    const Ruleset ruleset = Ruleset::byName(mining.rulesets[rng.below(mining.rulesets.size())]);
    std::unique_ptr<Agent> agents[2];
    for (auto& a : agents)
      a = makeAgent(fmt::format("{}:seed={}", mining.agents[rng.below(mining.agents.size())], rng.below(1u << 30)));
    const std::uint64_t gameSeed = rng.next();
    for (int s = 0; s < kSeats; ++s) agents[s]->newGame(ruleset, static_cast<Seat>(s), gameSeed);
    Game game(ruleset, agents[0]->chooseLayout(ruleset, Seat::Red), agents[1]->chooseLayout(ruleset, Seat::Blue));
    InfoState views[2] = {InfoState::of(game, Seat::Red), InfoState::of(game, Seat::Blue)};
    std::map<std::string, bool> taken;
    while (!game.isOver() && game.history().size() < 1500) {
      const Seat side = game.position().sideToMove();
      const InfoState& view = views[index(side)];
      const auto label = labelTacticsPosition(view, mining.samples, rng);
      if (label && !taken[label->category] && found[label->category] < mining.perCategory &&
          std::find(wanted.begin(), wanted.end(), label->category) != wanted.end()) {
        taken[label->category] = true;
        const int n = ++found[label->category];
        suite.push_back({fmt::format("{}-{:03}", label->category, n), label->category, recordOf(game), label->accept});
      }
      game.apply(agents[index(side)]->chooseAction(view));
      const PublicEvent event = publicEvent(game, game.history().size() - 1);
      for (InfoState& v : views) v.apply(event);
    }
    if (progress) progress(g + 1, static_cast<int>(suite.size()));
  }
  std::stable_sort(suite.begin(), suite.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  return suite;
}

// ---------------------------------------------------------------- solving

int TacticsResult::solved() const {
  int n = 0;
  for (const auto& [c, st] : byCategory) n += st.first;
  return n;
}

int TacticsResult::total() const {
  int n = 0;
  for (const auto& [c, st] : byCategory) n += st.second;
  return n;
}

int TacticsResult::tacticsSolved() const {
  int n = 0;
  for (const auto& [c, st] : byCategory) n += isProverbCategory(c) ? 0 : st.first;
  return n;
}

int TacticsResult::tacticsTotal() const {
  int n = 0;
  for (const auto& [c, st] : byCategory) n += isProverbCategory(c) ? 0 : st.second;
  return n;
}

TacticsResult runTacticsSuite(const std::vector<TacticsPosition>& suite, const std::string& agentSpec,
                              const std::function<void(int)>& progress) {
  TacticsResult result;
  auto agent = makeAgent(agentSpec);
  for (std::size_t i = 0; i < suite.size(); ++i) {
    const TacticsPosition& p = suite[i];
    const Game game = replay(p.record);
    const Seat seat = game.position().sideToMove();
    agent->newGame(p.record.ruleset, seat, 1000 + i);
    const Action a = agent->chooseAction(InfoState::of(game, seat));
    const bool ok = a.type == ActionType::Move && std::find(p.accept.begin(), p.accept.end(), a.move) != p.accept.end();
    auto& [solved, total] = result.byCategory[p.category];
    ++total;
    if (ok) {
      ++solved;
    } else {
      const std::string played = a.type == ActionType::Move ? moveName(a.move) : "a non-move action";
      result.failures.push_back(fmt::format("{}: played {}, accept {}", p.id, played, joinMoves(p.accept)));
    }
    if (progress) progress(static_cast<int>(i + 1));
  }
  return result;
}

}  // namespace junqi
