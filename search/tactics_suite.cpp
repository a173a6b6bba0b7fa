#include "search/tactics_suite.h"

#include <algorithm>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "core/info_state.h"
#include "core/movegen.h"
#include "search/material.h"
#include "search/flag_tactics.h"
#include "search/one_ply.h"
#include "search/registry.h"

namespace junqi {

const std::vector<std::string>& tacticsCategories() {
  static const std::vector<std::string> all = {"flag-capture", "flag-defence", "landmine-bomb"};
  return all;
}

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

// ---------------------------------------------------------------- labelling

namespace {

// Can the side to move take the other side's flag with one move?
bool canTakeFlag(const Position& pos) {
  MoveList moves;
  generateMoves(pos, moves);
  for (const Move m : moves)
    if (!pos.isEmpty(m.to) && pos.typeAt(m.to) == PieceType::Flag) return true;
  return false;
}

// Per move, from sampled worlds: how often it takes the flag, and how often the
// game goes on and the enemy can then take ours.
struct SampledOdds {
  std::vector<double> win, lose;
  double threatNow = 0;  // the enemy could take our flag if it were to move now
  std::vector<double> material;  // expected material change of the move's fight (0 if quiet)
};

SampledOdds sampleOdds(const InfoState& state, const MoveList& moves, int samples, Rng& rng) {
  SampledOdds odds;
  const std::size_t n = static_cast<std::size_t>(moves.size());
  odds.win.assign(n, 0), odds.lose.assign(n, 0), odds.material.assign(n, 0);
  const Side us = state.seat();
  for (int s = 0; s < samples; ++s) {
    const Position world = state.sample(rng);
    Position pass = world;
    pass.setSideToMove(state.enemy());
    odds.threatNow += canTakeFlag(pass);
    const double before = material(world, us) - material(world, state.enemy());
    for (std::size_t i = 0; i < n; ++i) {
      Position p = world;
      if (p.play(moves[static_cast<int>(i)]).flagCaptured) {
        ++odds.win[i];
        continue;
      }
      odds.lose[i] += canTakeFlag(p);
      odds.material[i] += material(p, us) - material(p, state.enemy()) - before;
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    odds.win[i] /= samples, odds.lose[i] /= samples;
    odds.material[i] /= std::max(1.0, samples * (1 - odds.win[i]));
  }
  odds.threatNow /= samples;
  return odds;
}

// A certain flag capture: accept every certain one.
std::optional<TacticsLabel> flagCapture(const InfoState& state, const MoveList& moves, const SampledOdds& odds) {
  TacticsLabel label{"flag-capture", {}};
  for (int i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    if (odds.win[static_cast<std::size_t>(i)] < 1.0) continue;
    if (enemyBelief(state, m.to)[typeIndex(PieceType::Flag)] < 1.0 - 1e-12) continue;
    label.accept.push_back(m);
  }
  if (label.accept.empty()) return std::nullopt;
  return label;
}

// A real threat to our flag that some (a minority of) moves answer much better.
std::optional<TacticsLabel> flagDefence(const MoveList& moves, const SampledOdds& odds) {
  if (odds.threatNow < 0.5) return std::nullopt;
  std::vector<double> score(odds.win.size());
  for (std::size_t i = 0; i < score.size(); ++i) {
    if (odds.win[i] > 0) return std::nullopt;  // a gamble on the enemy flag: not a pure defence
    score[i] = -odds.lose[i];
  }
  const double best = *std::max_element(score.begin(), score.end());
  const double worst = *std::min_element(score.begin(), score.end());
  if (best - worst < 0.5) return std::nullopt;
  TacticsLabel label{"flag-defence", {}};
  for (std::size_t i = 0; i < score.size(); ++i)
    if (score[i] >= best - 0.05) label.accept.push_back(moves[static_cast<int>(i)]);
  if (2 * label.accept.size() > static_cast<std::size_t>(moves.size())) return std::nullopt;
  return label;
}

// Flags quiet, and a big officer could attack a probable landmine or bomb that is not the flag at a loss.
std::optional<TacticsLabel> landmineOrBomb(const InfoState& state, const MoveList& moves, const SampledOdds& odds) {
  if (odds.threatNow > 0) return std::nullopt;
  const Observation& obs = state.observation();
  TacticsLabel label{"landmine-bomb", {}};
  bool trap = false;
  for (int i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    const std::size_t k = static_cast<std::size_t>(i);
    if (odds.win[k] > 0 || odds.lose[k] > 0) return std::nullopt;
    bool bad = false;
    if (obs.pieceAt(m.to) != kNoPiece && rank(obs.ownType(obs.pieceAt(m.from))) >= 7) {
      const IdentityMarginals& q = enemyBelief(state, m.to);
      bad = q[typeIndex(PieceType::Landmine)] + q[typeIndex(PieceType::Bomb)] >= 0.6 &&
            q[typeIndex(PieceType::Flag)] == 0 && odds.material[k] < -2;
    }
    trap |= bad;
    if (!bad) label.accept.push_back(m);
  }
  if (!trap) return std::nullopt;
  return label;
}

}  // namespace

// Cheap tests first: most decisions need no sampling.
std::optional<TacticsLabel> labelTacticsPosition(const InfoState& state, int samples, Rng& rng) {
  MoveList moves;
  state.legalMoves(moves);
  if (moves.size() < 3) return std::nullopt;
  const Observation& obs = state.observation();
  bool knownFlag = false, bigAttack = false;
  for (const Move m : moves) {
    if (obs.pieceAt(m.to) == kNoPiece) continue;
    const IdentityMarginals& q = enemyBelief(state, m.to);
    knownFlag |= q[typeIndex(PieceType::Flag)] >= 1.0 - 1e-12;
    bigAttack |= rank(obs.ownType(obs.pieceAt(m.from))) >= 7 &&
                 q[typeIndex(PieceType::Landmine)] + q[typeIndex(PieceType::Bomb)] >= 0.6;
  }
  const bool threat = flagThreatNow(state) >= 0.4;
  if (!knownFlag && !bigAttack && !threat) return std::nullopt;
  const SampledOdds odds = sampleOdds(state, moves, samples, rng);
  if (knownFlag)
    if (auto label = flagCapture(state, moves, odds)) return label;
  if (auto label = flagDefence(moves, odds)) return label;
  if (bigAttack) return landmineOrBomb(state, moves, odds);
  return std::nullopt;
}

// ---------------------------------------------------------------- mining

std::vector<TacticsPosition> mineTacticsSuite(const TacticsMining& mining,
                                              const std::function<void(int, int)>& progress) {
  Rng rng(mining.seed);
  std::map<std::string, int> found;
  std::vector<TacticsPosition> suite;
  const auto full = [&] {
    for (const std::string& c : tacticsCategories())
      if (found[c] < mining.perCategory) return false;
    return true;
  };
  for (int g = 0; g < mining.maxGames && !full(); ++g) {
    const Ruleset ruleset = Ruleset::byName(mining.rulesets[rng.below(mining.rulesets.size())]);
    std::unique_ptr<Agent> agents[2];
    for (auto& a : agents)
      a = makeAgent(fmt::format("{}:seed={}", mining.agents[rng.below(mining.agents.size())], rng.below(1u << 30)));
    const std::uint64_t gameSeed = rng.next();
    for (int s = 0; s < kSides; ++s) agents[s]->newGame(ruleset, static_cast<Side>(s), gameSeed);
    Game game(ruleset, agents[0]->chooseLayout(ruleset, Side::Red), agents[1]->chooseLayout(ruleset, Side::Blue));
    InfoState views[2] = {InfoState::of(game, Side::Red), InfoState::of(game, Side::Blue)};
    std::map<std::string, bool> taken;
    while (!game.isOver() && game.history().size() < 1500) {
      const Side side = game.position().sideToMove();
      const InfoState& view = views[index(side)];
      if (auto label = labelTacticsPosition(view, mining.samples, rng); label && !taken[label->category] &&
                                                             found[label->category] < mining.perCategory) {
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

TacticsResult runTacticsSuite(const std::vector<TacticsPosition>& suite, const std::string& agentSpec,
                              const std::function<void(int)>& progress) {
  TacticsResult result;
  auto agent = makeAgent(agentSpec);
  for (std::size_t i = 0; i < suite.size(); ++i) {
    const TacticsPosition& p = suite[i];
    const Game game = replay(p.record);
    const Side seat = game.position().sideToMove();
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
