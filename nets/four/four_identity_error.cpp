#include "nets/four/four_identity_error.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <memory>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/four/four_beliefs.h"
#include "core/four/four_game.h"
#include "core/numbered_jobs.h"
#include "core/reservoir.h"
#include "nets/four/four_encoding.h"
#include "search/four/four_heuristic.h"

namespace junqi::nets {

void IdentityErrorTally::add(const IdentityErrorTally& o) {
  head += o.head, uniform += o.uniform, prior += o.prior;
  pieces += o.pieces, positions += o.positions, inexact += o.inexact;
  sampledHead += o.sampledHead, sampledUniform += o.sampledUniform, sampledPrior += o.sampledPrior;
  sampledNoise += o.sampledNoise, sampledPieces += o.sampledPieces;
}

double identityAbsError(std::span<const double, kPieceTypes> p, const IdentityMarginals& q) {
  double sum = 0;
  for (int t = 0; t < kPieceTypes; ++t) sum += std::abs(p[static_cast<std::size_t>(t)] - q[static_cast<std::size_t>(t)]);
  return sum / kPieceTypes;
}

namespace {

std::array<double, kPieceTypes> softmaxOf(const float* logits) {
  std::array<double, kPieceTypes> p{};
  const float top = *std::max_element(logits, logits + kPieceTypes);
  double sum = 0;
  for (int t = 0; t < kPieceTypes; ++t) sum += p[static_cast<std::size_t>(t)] = std::exp(double(logits[t]) - top);
  for (double& x : p) x /= sum;
  return p;
}

std::array<double, kPieceTypes> uniformOver(IdentitySet possible) {
  std::array<double, kPieceTypes> p{};
  const int n = std::popcount(static_cast<unsigned>(possible));
  for (int t = 0; t < kPieceTypes; ++t)
    if (possible & identityBit(typeFromIndex(t))) p[static_cast<std::size_t>(t)] = 1.0 / n;
  return p;
}

std::array<double, kPieceTypes> priorOf(const FourRuleset& rules) {
  std::array<double, kPieceTypes> p{};
  const double total = totalPieces(rules.army.counts);
  for (int t = 0; t < kPieceTypes; ++t) p[static_cast<std::size_t>(t)] = rules.army.counts[static_cast<std::size_t>(t)] / total;
  return p;
}

// The armies whose marginals are exact: every army when no two unseen
// pieces fought, else those with no piece in such a battle (the coupling
// ties only the armies it names; the others' counts stay independent).
std::uint8_t exactArmies(const FourBeliefs& beliefs) {
  std::uint8_t exact = 0xf;
  for (const FourBeliefs::CoupledBattle& b : beliefs.coupled())
    exact &= static_cast<std::uint8_t>(~((1u << armyOfPiece(b.attacker)) | (1u << armyOfPiece(b.defender))));
  return exact;
}

// Identity counts per point in the first and the second half of `worlds` drawn worlds.
using WorldCounts = std::array<std::array<std::array<int, kPieceTypes>, kCrossPoints>, 2>;
void countWorlds(const FourBeliefs& beliefs, int worlds, std::uint64_t seed, WorldCounts& counts) {
  for (auto& half : counts)
    for (auto& point : half) point.fill(0);
  Rng rng(seed);
  for (int w = 0; w < worlds; ++w) {
    const FourPosition world = beliefs.sampleWorld(rng);
    for (Square p{}; p < kCrossPoints; ++p)
      if (!world.isEmpty(p)) ++counts[w < worlds / 2 ? 0 : 1][p][static_cast<std::size_t>(typeIndex(world.typeAt(p)))];
  }
}

void tallySampled(const std::array<double, kPieceTypes>& head, const std::array<double, kPieceTypes>& uniform,
                  const std::array<double, kPieceTypes>& prior, const WorldCounts& counts, Square p, int worlds,
                  IdentityErrorTally& tally) {
  IdentityMarginals q{}, first{}, second{};
  const int half = worlds / 2;
  for (std::size_t t = 0; t < kPieceTypes; ++t) {
    q[t] = double(counts[0][p][t] + counts[1][p][t]) / worlds;
    first[t] = double(counts[0][p][t]) / half;
    second[t] = double(counts[1][p][t]) / (worlds - half);
  }
  tally.sampledHead += identityAbsError(head, q);
  tally.sampledUniform += identityAbsError(uniform, q);
  tally.sampledPrior += identityAbsError(prior, q);
  tally.sampledNoise += identityAbsError(first, second) / 2;
  ++tally.sampledPieces;
}

}  // namespace

void tallyFourIdentityError(const FourObservation& obs, const FourRuleset& rules, std::span<const float> layout,
                            IdentityErrorTally& tally, int worlds, std::uint64_t seed) {
  if (layout.size() < static_cast<std::size_t>(kFourGridPlaces * kPieceTypes))
    throw std::invalid_argument("tallyFourIdentityError: the layout logits are not a four-player network's");
  const FourBeliefs beliefs = FourBeliefs::of(obs, rules);
  const std::uint8_t exact = exactArmies(beliefs);
  const auto prior = priorOf(rules);
  std::unique_ptr<WorldCounts> counts;
  if (worlds >= 2 && exact != 0xf) countWorlds(beliefs, worlds, seed, *(counts = std::make_unique<WorldCounts>()));
  ++tally.positions;
  for (Square p{}; p < kCrossPoints; ++p) {
    if (obs.armyAt(p) < 0 || obs.typeAt(p)) continue;  // empty, or seen
    const auto head = softmaxOf(layout.data() + static_cast<std::size_t>(fourPlace(obs.army(), p)) * kPieceTypes);
    const auto uniform = uniformOver(beliefs.possibleAt(p));
    if (!((exact >> obs.armyAt(p)) & 1)) {
      ++tally.inexact;
      if (counts) tallySampled(head, uniform, prior, *counts, p, worlds, tally);
      continue;
    }
    const IdentityMarginals q = beliefs.marginalsAt(p);
    tally.head += identityAbsError(head, q);
    tally.uniform += identityAbsError(uniform, q);
    tally.prior += identityAbsError(prior, q);
    ++tally.pieces;
  }
}

namespace {

// Game g: the heuristic plays every army; a reservoir of the movers'
// observations, then each measured.
IdentityErrorTally measureGame(Backend& network, const FourIdentityErrorOptions& o, int g) {
  const std::uint64_t seed = Rng::mix(o.seed, 0x1de7 + static_cast<std::uint64_t>(g));
  Rng rng(seed);
  std::array<Layout, kArmies> layouts;
  for (Layout& l : layouts) l = randomLayout(o.rules.army, rng);
  FourGame game(o.rules, layouts);
  std::vector<FourHeuristicAgent> agents;
  for (int a = 0; a < kArmies; ++a) agents.emplace_back(0.05, rng.next());
  for (int a = 0; a < kArmies; ++a) agents[static_cast<std::size_t>(a)].newGame(o.rules, a, seed);
  std::vector<FourObservation> kept;
  for (int decision = 0; !game.isOver() && game.position().ply() < o.maxPlies; ++decision) {
    const int army = game.position().toMove();
    FourObservation obs = FourObservation::of(game, army);
    const Move move = agents[static_cast<std::size_t>(army)].chooseMove(obs);
    const int slot = reservoirSlot(decision, o.positionsPerGame, rng);
    if (slot >= 0) {
      if (slot >= static_cast<int>(kept.size())) kept.push_back(std::move(obs));
      else kept[static_cast<std::size_t>(slot)] = std::move(obs);
    }
    game.play(move);
  }
  IdentityErrorTally tally;
  std::vector<float> input(kFourInputSize), policy(kFourPolicySize), layout(kFourGridPlaces * kPieceTypes);
  float wdl[3];
  for (const FourObservation& obs : kept) {
    encodeFour(obs.board(), obs.visibility(), input);
    network.forward(input.data(), 1, policy.data(), wdl, layout.data());
    tallyFourIdentityError(obs, o.rules, layout, tally, o.worlds, rng.next());
  }
  return tally;
}

// The ratio estimator sum(errors) / sum(pieces) with a standard error from
// the games as clusters.
IdentityErrorFigure figureOf(const std::vector<IdentityErrorTally>& games, double IdentityErrorTally::*field,
                             long long IdentityErrorTally::*count = &IdentityErrorTally::pieces) {
  double errors = 0, pieces = 0;
  for (const IdentityErrorTally& t : games) errors += t.*field, pieces += static_cast<double>(t.*count);
  if (pieces == 0) return {};
  const double mean = errors / pieces;
  double spread = 0;
  for (const IdentityErrorTally& t : games) spread += std::pow(t.*field - mean * static_cast<double>(t.*count), 2);
  const double n = static_cast<double>(games.size());
  const double se = n > 1 ? std::sqrt(n / (n - 1) * spread) / pieces : 0;
  return {mean, mean - 1.96 * se, mean + 1.96 * se};
}

}  // namespace

IdentityErrorFigure FourIdentityErrorResult::head() const { return figureOf(games, &IdentityErrorTally::head); }
IdentityErrorFigure FourIdentityErrorResult::uniform() const { return figureOf(games, &IdentityErrorTally::uniform); }
IdentityErrorFigure FourIdentityErrorResult::prior() const { return figureOf(games, &IdentityErrorTally::prior); }
IdentityErrorFigure FourIdentityErrorResult::sampledHead() const {
  return figureOf(games, &IdentityErrorTally::sampledHead, &IdentityErrorTally::sampledPieces);
}
IdentityErrorFigure FourIdentityErrorResult::sampledUniform() const {
  return figureOf(games, &IdentityErrorTally::sampledUniform, &IdentityErrorTally::sampledPieces);
}
IdentityErrorFigure FourIdentityErrorResult::sampledPrior() const {
  return figureOf(games, &IdentityErrorTally::sampledPrior, &IdentityErrorTally::sampledPieces);
}
IdentityErrorFigure FourIdentityErrorResult::sampledNoise() const {
  return figureOf(games, &IdentityErrorTally::sampledNoise, &IdentityErrorTally::sampledPieces);
}

FourIdentityErrorResult measureFourIdentityError(Backend& network, const FourIdentityErrorOptions& o) {
  const NetworkShape& shape = network.shape();
  if (shape.grid != gridOfVariant(Variant::four().name()) || shape.inputPlanes != kFourInputPlanes)
    throw std::invalid_argument("the identity head must be a four-player network's");
  FourIdentityErrorResult result;
  result.games.resize(static_cast<std::size_t>(std::max(0, o.games)));
  std::atomic<bool> failed{false};  // the first failure stops the others
  std::string error;
  runNumberedJobs(0, o.games, o.threads, &failed, [&](int g) {
    try {
      result.games[static_cast<std::size_t>(g)] = measureGame(network, o, g);
    } catch (const std::exception& e) {  // reported once, not thrown out of the thread
      if (!failed.exchange(true)) error = fmt::format("game {}: {}", g, e.what());
    }
  });
  if (failed) throw std::runtime_error(error);
  for (const IdentityErrorTally& t : result.games) result.total.add(t);
  return result;
}

}  // namespace junqi::nets
