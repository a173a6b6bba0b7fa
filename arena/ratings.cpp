#include "arena/ratings.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace junqi {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
const double kEloPerNat = 400.0 / std::log(10.0);
// Bounds on the fitted parameters: +-4000 Elo for strengths and the first-move
// advantage, +-30 for log nu.
const double kStrengthBound = 4000.0 / kEloPerNat;
constexpr double kLogNuBound = 30.0;

// ln(2 cosh(x / 2)) without overflow.
double logTwoCoshHalf(double x) {
  const double a = std::abs(x);
  return a / 2.0 + std::log1p(std::exp(-a));
}

// A dense symmetric matrix, row-major.
struct Matrix {
  int n = 0;
  std::vector<double> a;
  explicit Matrix(int size = 0) : n(size), a(static_cast<size_t>(size) * size, 0.0) {}
  double& operator()(int i, int j) { return a[static_cast<size_t>(i) * n + j]; }
  double operator()(int i, int j) const { return a[static_cast<size_t>(i) * n + j]; }
};

// Cholesky factor L (lower) of a symmetric positive definite matrix; false if
// the matrix is not numerically positive definite.
bool cholesky(const Matrix& m, Matrix& l) {
  const int n = m.n;
  l = Matrix(n);
  double largest = 0.0;
  for (int i = 0; i < n; ++i) largest = std::max(largest, std::abs(m(i, i)));
  const double tiny = 1e-13 * std::max(largest, 1e-300);
  for (int j = 0; j < n; ++j) {
    double d = m(j, j);
    for (int k = 0; k < j; ++k) d -= l(j, k) * l(j, k);
    if (!(d > tiny)) return false;
    const double root = std::sqrt(d);
    l(j, j) = root;
    for (int i = j + 1; i < n; ++i) {
      double s = m(i, j);
      for (int k = 0; k < j; ++k) s -= l(i, k) * l(j, k);
      l(i, j) = s / root;
    }
  }
  return true;
}

std::vector<double> choleskySolve(const Matrix& l, std::vector<double> b) {
  const int n = l.n;
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < i; ++k) b[i] -= l(i, k) * b[k];
    b[i] /= l(i, i);
  }
  for (int i = n - 1; i >= 0; --i) {
    for (int k = i + 1; k < n; ++k) b[i] -= l(k, i) * b[k];
    b[i] /= l(i, i);
  }
  return b;
}

Matrix choleskyInverse(const Matrix& l) {
  const int n = l.n;
  Matrix inv(n);
  for (int c = 0; c < n; ++c) {
    std::vector<double> e(n, 0.0);
    e[c] = 1.0;
    const std::vector<double> col = choleskySolve(l, std::move(e));
    for (int r = 0; r < n; ++r) inv(r, c) = col[r];
  }
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) inv(i, j) = inv(j, i) = 0.5 * (inv(i, j) + inv(j, i));
  return inv;
}

void checkScore(double score) {
  if (score != 0.0 && score != 0.5 && score != 1.0)
    throw std::invalid_argument("rated game: score must be 0, 0.5 or 1, got " + std::to_string(score));
}

// At most five outcomes (game pairs); small fixed arrays, no allocation.
using Cells = std::array<double, 5>;

// The root lambda of sum_k f_k c_k / (1 + lambda c_k) = 0 (fishtest's secular
// equation), for frequencies f_k > 0 and offsets c_k with min < 0 < max. The
// function is decreasing on the interval where every 1 + lambda c_k > 0.
double secularRoot(const Cells& f, const Cells& c, size_t size) {
  const double cmax = *std::max_element(c.begin(), c.begin() + size);
  const double cmin = *std::min_element(c.begin(), c.begin() + size);
  double lo = -1.0 / cmax;
  double hi = -1.0 / cmin;
  double lambda = 0.0;
  for (int iteration = 0; iteration < 200; ++iteration) {
    double value = 0.0;
    double slope = 0.0;
    for (size_t k = 0; k < size; ++k) {
      const double den = 1.0 + lambda * c[k];
      value += f[k] * c[k] / den;
      slope -= f[k] * c[k] * c[k] / (den * den);
    }
    if (value == 0.0) break;
    if (value > 0.0) {
      lo = lambda;
    } else {
      hi = lambda;
    }
    double next = lambda - value / slope;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (std::abs(next - lambda) <= 1e-15 * (1.0 + std::abs(lambda))) {
      lambda = next;
      break;
    }
    lambda = next;
  }
  return lambda;
}

// Regularized counts (empty cells get 1e-3 games, as fishtest does), their
// total, and the outcomes' scores spread evenly over [0, 1] (counts are given
// from the worst outcome to the best).
struct Outcomes {
  size_t size = 0;
  Cells n{}, a{};
  double total = 0.0;
};

Outcomes outcomes(std::span<const std::int64_t> counts) {
  Outcomes o;
  o.size = counts.size();
  for (size_t k = 0; k < o.size; ++k) {
    o.n[k] = counts[k] == 0 ? 1e-3 : static_cast<double>(counts[k]);
    o.a[k] = static_cast<double>(k) / static_cast<double>(o.size - 1);
    o.total += o.n[k];
  }
  return o;
}

double generalizedLlr(std::span<const std::int64_t> counts, double elo0, double elo1) {
  const Outcomes o = outcomes(counts);
  const double s0 = scoreFromElo(elo0);
  const double s1 = scoreFromElo(elo1);
  Cells f{}, c0{}, c1{};
  for (size_t k = 0; k < o.size; ++k) {
    f[k] = o.n[k] / o.total;
    c0[k] = o.a[k] - s0;
    c1[k] = o.a[k] - s1;
  }
  const double l0 = secularRoot(f, c0, o.size);
  const double l1 = secularRoot(f, c1, o.size);
  double llr = 0.0;
  for (size_t k = 0; k < o.size; ++k) llr += o.n[k] * (std::log1p(l0 * c0[k]) - std::log1p(l1 * c1[k]));
  return llr;
}

double approximateLlr(std::span<const std::int64_t> counts, double elo0, double elo1) {
  const Outcomes o = outcomes(counts);
  double s = 0.0;
  for (size_t k = 0; k < o.size; ++k) s += o.n[k] * o.a[k];
  s /= o.total;
  double var = 0.0;
  for (size_t k = 0; k < o.size; ++k) var += o.n[k] * (o.a[k] - s) * (o.a[k] - s);
  var /= o.total;
  const double s0 = scoreFromElo(elo0);
  const double s1 = scoreFromElo(elo1);
  return o.total * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var);
}

Interval scoreInterval(double score, double se, double z) {
  if (std::isnan(score) || std::isnan(se)) return {kNaN, kNaN, kNaN};
  const double low = std::clamp(score - z * se, 0.0, 1.0);
  const double high = std::clamp(score + z * se, 0.0, 1.0);
  return {eloFromScore(score), eloFromScore(low), eloFromScore(high)};
}

}  // namespace

double eloFromScore(double score) {
  if (std::isnan(score)) return kNaN;
  if (score <= 0.0) return -kInf;
  if (score >= 1.0) return kInf;
  return -kEloPerNat * std::log(1.0 / score - 1.0);
}

double scoreFromElo(double elo) { return 1.0 / (1.0 + std::exp(-elo / kEloPerNat)); }

double normalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

Interval wilsonInterval(double score, double trials) {
  const double n = trials, z2 = kZ95 * kZ95;
  const double centre = (score + z2 / (2 * n)) / (1 + z2 / n);
  const double half = kZ95 * std::sqrt(score * (1 - score) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  return {score, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double Trinomial::score() const {
  const auto n = games();
  if (n == 0) return kNaN;
  return (static_cast<double>(wins) + 0.5 * static_cast<double>(draws)) / static_cast<double>(n);
}

void Trinomial::add(double score) {
  checkScore(score);
  if (score == 1.0) {
    ++wins;
  } else if (score == 0.5) {
    ++draws;
  } else {
    ++losses;
  }
}

std::int64_t Pentanomial::pairs() const {
  return std::accumulate(counts.begin(), counts.end(), std::int64_t{0});
}

double Pentanomial::score() const {
  const auto n = pairs();
  if (n == 0) return kNaN;
  double points = 0.0;
  for (int k = 0; k < 5; ++k) points += static_cast<double>(counts[k]) * k / 4.0;
  return points / static_cast<double>(n);
}

Trinomial trinomialCounts(std::span<const RatedGame> games, int a, int b) {
  Trinomial t;
  for (const RatedGame& g : games)
    if (const auto score = g.scoreOf(a, b)) t.add(*score);
  return t;
}

PairCounts pentanomialCounts(std::span<const RatedGame> games, int a, int b) {
  struct Half {
    int games = 0;
    int as_first = 0;
    double points = 0.0;
  };
  PairCounts out;
  std::map<int, Half> pairs;
  for (const RatedGame& g : games) {
    const bool a_first = g.first == a && g.second == b;
    const bool b_first = g.first == b && g.second == a;
    if (!a_first && !b_first) continue;
    checkScore(g.score);
    if (g.pair < 0) {
      ++out.unpaired;
      continue;
    }
    Half& h = pairs[g.pair];
    ++h.games;
    h.as_first += a_first ? 1 : 0;
    h.points += a_first ? g.score : 1.0 - g.score;
  }
  for (const auto& [id, h] : pairs) {
    if (h.games == 2 && h.as_first == 1) {
      ++out.penta.counts[static_cast<size_t>(std::lround(2.0 * h.points))];
    } else {
      out.unpaired += h.games;
    }
  }
  return out;
}

double trinomialScoreStdError(const Trinomial& t) {
  const auto n = t.games();
  if (n == 0) return kNaN;
  const double s = t.score();
  const double var = (static_cast<double>(t.wins) * (1.0 - s) * (1.0 - s) +
                      static_cast<double>(t.draws) * (0.5 - s) * (0.5 - s) +
                      static_cast<double>(t.losses) * s * s) /
                     static_cast<double>(n);
  return std::sqrt(var / static_cast<double>(n));
}

double pentanomialScoreStdError(const Pentanomial& p) {
  const auto n = p.pairs();
  if (n == 0) return kNaN;
  const double s = p.score();
  double var = 0.0;
  for (int k = 0; k < 5; ++k) {
    const double x = k / 4.0 - s;
    var += static_cast<double>(p.counts[k]) * x * x;
  }
  var /= static_cast<double>(n);
  return std::sqrt(var / static_cast<double>(n));
}

Interval trinomialElo(const Trinomial& t, double z) {
  return scoreInterval(t.score(), trinomialScoreStdError(t), z);
}

Interval pentanomialElo(const Pentanomial& p, double z) {
  return scoreInterval(p.score(), pentanomialScoreStdError(p), z);
}

double likelihoodOfSuperiority(double wins, double losses) {
  if (wins + losses <= 0.0) return 0.5;
  return 0.5 * (1.0 + std::erf((wins - losses) / std::sqrt(2.0 * (wins + losses))));
}

double losFromDifference(double difference, double stddev) {
  if (std::isnan(difference) || std::isnan(stddev)) return kNaN;
  if (stddev <= 0.0) return difference > 0.0 ? 1.0 : difference < 0.0 ? 0.0 : 0.5;
  return normalCdf(difference / stddev);
}

std::array<double, 3> davidsonProbabilities(double d, double nu) {
  const double e = std::exp(d / 2.0);
  const double ei = std::exp(-d / 2.0);
  const double z = e + ei + nu;
  return {e / z, nu / z, ei / z};
}

// ---------------------------------------------------------------------------
// The tournament fit.

namespace {

struct Cell {
  int first = 0;  // rated indices
  int second = 0;
  double wins = 0, draws = 0, losses = 0;  // for first
};

class DavidsonProblem {
 public:
  DavidsonProblem(int rated, std::vector<Cell> cells, const EloFitOptions& options, int gauge,
                  bool meanAnchor, bool fitNu)
      : m_(rated), cells_(std::move(cells)), options_(options), gauge_(gauge),
        meanAnchor_(meanAnchor), fitNu_(fitNu) {
    for (int i = 0; i < m_; ++i)
      if (i != gauge_) free_.push_back(i);
    if (options_.firstMoveAdvantage) {
      etaFree_ = static_cast<int>(free_.size());
      free_.push_back(m_);
    }
    if (fitNu_) {
      phiFree_ = static_cast<int>(free_.size());
      free_.push_back(m_ + 1);
    }
  }

  int size() const { return static_cast<int>(free_.size()); }
  int etaIndex() const { return etaFree_; }
  int phiIndex() const { return phiFree_; }
  const std::vector<int>& freeParameters() const { return free_; }

  // Full parameters: theta_0..theta_{m-1}, eta, phi (log nu).
  std::vector<double> expand(const std::vector<double>& y) const {
    std::vector<double> full(m_ + 2, 0.0);
    for (size_t k = 0; k < free_.size(); ++k) full[free_[k]] = y[k];
    return full;
  }

  double bound(int k) const { return free_[k] == m_ + 1 ? kLogNuBound : kStrengthBound; }

  void clamp(std::vector<double>& y) const {
    for (int k = 0; k < size(); ++k) y[k] = std::clamp(y[k], -bound(k), bound(k));
  }

  bool atBound(const std::vector<double>& y) const {
    for (int k = 0; k < size(); ++k)
      if (std::abs(y[k]) >= bound(k) * (1.0 - 1e-9)) return true;
    return false;
  }

  // Penalized log-likelihood; gradient and Hessian in the free parameters if
  // asked. `gamesOnly` receives the log-likelihood without the priors.
  double evaluate(const std::vector<double>& y, std::vector<double>* gradient, Matrix* hessian,
                  double* gamesOnly = nullptr) const {
    const std::vector<double> p = expand(y);
    std::optional<Derivatives> d;
    if (gradient != nullptr) d.emplace(m_ + 2);
    Derivatives* derivatives = d ? &*d : nullptr;
    double total = gamesLogLikelihood(p, derivatives);
    if (gamesOnly != nullptr) *gamesOnly = total;
    addPlayerPrior(p, total, derivatives);
    addFirstMovePrior(p, total, derivatives);
    addDrawPrior(p, total, derivatives);
    if (d) {
      const int k = size();
      gradient->assign(k, 0.0);
      *hessian = Matrix(k);
      for (int a = 0; a < k; ++a) {
        (*gradient)[a] = d->g[free_[a]];
        for (int b = 0; b < k; ++b) (*hessian)(a, b) = d->h(free_[a], free_[b]);
      }
    }
    return total;
  }

 private:
  // Gradient and Hessian in the full parameters (theta..., eta, phi).
  struct Derivatives {
    explicit Derivatives(int full) : g(full, 0.0), h(full) {}
    std::vector<double> g;
    Matrix h;
  };

  // The log-likelihood of the games (Davidson's model) at full parameters p.
  double gamesLogLikelihood(const std::vector<double>& p, Derivatives* d) const {
    const int eta = m_;
    const int phi = m_ + 1;
    const double nu = fitNu_ ? std::exp(p[phi]) : 0.0;
    double ll = 0.0;
    for (const Cell& c : cells_) {
      const double dd = p[c.first] - p[c.second] + (options_.firstMoveAdvantage ? p[eta] : 0.0);
      const double e = std::exp(dd / 2.0);
      const double ei = std::exp(-dd / 2.0);
      const double z = e + ei + nu;
      const double n = c.wins + c.draws + c.losses;
      ll += (c.wins - c.losses) * dd / 2.0 - n * std::log(z);
      if (c.draws > 0.0) ll += c.draws * p[phi];
      if (d == nullptr) continue;
      const double sh = (e - ei) / 2.0;
      const double ch = (e + ei) / 2.0;
      const double gd = (c.wins - c.losses) / 2.0 - n * sh / z;
      const double hdd = -n * (ch / (2.0 * z) - sh * sh / (z * z));
      // d = theta_first - theta_second (+ eta)
      int idx[3] = {c.first, c.second, eta};
      double sign[3] = {1.0, -1.0, 1.0};
      const int terms = options_.firstMoveAdvantage ? 3 : 2;
      for (int a = 0; a < terms; ++a) {
        d->g[idx[a]] += sign[a] * gd;
        for (int b = 0; b < terms; ++b) d->h(idx[a], idx[b]) += sign[a] * sign[b] * hdd;
      }
      if (fitNu_) {
        d->g[phi] += c.draws - n * nu / z;
        const double hdphi = n * sh * nu / (z * z);
        for (int a = 0; a < terms; ++a) {
          d->h(idx[a], phi) += sign[a] * hdphi;
          d->h(phi, idx[a]) += sign[a] * hdphi;
        }
        d->h(phi, phi) += -n * (nu / z - nu * nu / (z * z));
      }
    }
    return ll;
  }

  // Virtual draws against the anchor (or the mean): w * -ln(2 cosh(x / 2)).
  void addPlayerPrior(const std::vector<double>& p, double& total, Derivatives* d) const {
    const double wp = options_.priorDraws;
    if (wp <= 0.0) return;
    std::vector<double> x(m_);
    double mean = 0.0;
    for (int i = 0; i < m_; ++i) mean += p[i];
    mean /= m_;
    for (int i = 0; i < m_; ++i) x[i] = p[i] - (meanAnchor_ ? mean : p[gauge_]);
    std::vector<double> f1(m_), f2(m_);
    for (int i = 0; i < m_; ++i) {
      if (!meanAnchor_ && i == gauge_) continue;
      total -= wp * logTwoCoshHalf(x[i]);
      const double c = std::cosh(x[i] / 2.0);
      f1[i] = -wp * std::tanh(x[i] / 2.0) / 2.0;
      f2[i] = -wp / (4.0 * c * c);
    }
    if (d == nullptr) return;
    if (meanAnchor_) {
      const double sum1 = std::accumulate(f1.begin(), f1.end(), 0.0);
      const double sum2 = std::accumulate(f2.begin(), f2.end(), 0.0);
      for (int k = 0; k < m_; ++k) {
        d->g[k] += f1[k] - sum1 / m_;
        for (int l = 0; l < m_; ++l)
          d->h(k, l) += (k == l ? f2[k] : 0.0) - (f2[k] + f2[l]) / m_ + sum2 / (double(m_) * m_);
      }
    } else {
      // The gauge is the anchor and is held fixed: only the diagonal.
      for (int k = 0; k < m_; ++k) {
        if (k == gauge_) continue;
        d->g[k] += f1[k];
        d->h(k, k) += f2[k];
      }
    }
  }

  // Virtual draws between equal players for the first-move advantage.
  void addFirstMovePrior(const std::vector<double>& p, double& total, Derivatives* d) const {
    if (!options_.firstMoveAdvantage || options_.firstMovePrior <= 0.0) return;
    const int eta = m_;
    const double w = options_.firstMovePrior;
    total -= w * logTwoCoshHalf(p[eta]);
    if (d == nullptr) return;
    const double c = std::cosh(p[eta] / 2.0);
    d->g[eta] += -w * std::tanh(p[eta] / 2.0) / 2.0;
    d->h(eta, eta) += -w / (4.0 * c * c);
  }

  // Virtual games between equal players, a third each won, drawn and lost.
  void addDrawPrior(const std::vector<double>& p, double& total, Derivatives* d) const {
    if (!fitNu_ || options_.drawPrior <= 0.0) return;
    const int phi = m_ + 1;
    const double nu = std::exp(p[phi]);
    const double w = options_.drawPrior;
    total += w * (p[phi] / 3.0 - std::log(2.0 + nu));
    if (d == nullptr) return;
    d->g[phi] += w * (1.0 / 3.0 - nu / (2.0 + nu));
    d->h(phi, phi) += -w * 2.0 * nu / ((2.0 + nu) * (2.0 + nu));
  }

  int m_;
  std::vector<Cell> cells_;
  EloFitOptions options_;
  int gauge_;
  bool meanAnchor_;
  bool fitNu_;
  std::vector<int> free_;
  int etaFree_ = -1;
  int phiFree_ = -1;
};

int findRoot(std::vector<int>& parent, int x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

// The fit's steps, in order.

void checkOptions(int players, const EloFitOptions& options) {
  if (players < 0) throw std::invalid_argument("fitElo: negative number of players");
  if (options.anchor < -1 || options.anchor >= players)
    throw std::invalid_argument("fitElo: anchor out of range");
  if (options.priorDraws < 0.0 || options.firstMovePrior < 0.0 || options.drawPrior < 0.0)
    throw std::invalid_argument("fitElo: negative prior weight");
}

// A fit before any estimate: the options, the game count, NaN ratings and
// covariances, no first-move advantage, no draws.
EloFit emptyFit(int players, int games, const EloFitOptions& options) {
  EloFit fit;
  fit.anchor = options.anchor;
  fit.anchorElo = options.anchorElo;
  fit.players.assign(players, PlayerRating{});
  fit.games = games;
  fit.covariance.assign(players, std::vector<double>(players, kNaN));
  for (PlayerRating& p : fit.players) p.elo = p.low = p.high = p.stddev = kNaN;
  fit.scale = kEloPerNat;
  fit.firstMoveElo = {0.0, 0.0, 0.0};
  fit.drawNu = {0.0, 0.0, 0.0};
  return fit;
}

// Counts every player's games, results and points (checking each game);
// returns the number of drawn games.
double tallyResults(std::span<const RatedGame> games, std::vector<PlayerRating>& players) {
  const int n = static_cast<int>(players.size());
  double draws = 0.0;
  for (const RatedGame& g : games) {
    if (g.first < 0 || g.first >= n || g.second < 0 || g.second >= n)
      throw std::invalid_argument("fitElo: player index out of range");
    if (g.first == g.second) throw std::invalid_argument("fitElo: a player cannot play itself");
    checkScore(g.score);
    PlayerRating& a = players[g.first];
    PlayerRating& b = players[g.second];
    ++a.games;
    ++b.games;
    a.points += g.score;
    b.points += 1.0 - g.score;
    if (g.score == 1.0) {
      ++a.wins;
      ++b.losses;
    } else if (g.score == 0.0) {
      ++a.losses;
      ++b.wins;
    } else {
      ++a.draws;
      ++b.draws;
      draws += 1.0;
    }
  }
  return draws;
}

// The players with games, numbered 0, 1, ... in player order (rated indices).
struct RatedPlayers {
  std::vector<int> indexOf;  // per player: its rated index, or -1
  std::vector<int> players;  // per rated index: the player
  int count() const { return static_cast<int>(players.size()); }
};

RatedPlayers ratedPlayers(const std::vector<PlayerRating>& players) {
  RatedPlayers rated;
  rated.indexOf.assign(players.size(), -1);
  for (int i = 0; i < static_cast<int>(players.size()); ++i) {
    if (players[i].games == 0) continue;
    rated.indexOf[i] = rated.count();
    rated.players.push_back(i);
  }
  return rated;
}

// The games summed per ordered pair of rated players, in pair order.
std::vector<Cell> resultCells(std::span<const RatedGame> games, const std::vector<int>& ratedIndex) {
  std::map<std::pair<int, int>, Cell> cells;
  for (const RatedGame& g : games) {
    Cell& c = cells[{ratedIndex[g.first], ratedIndex[g.second]}];
    c.first = ratedIndex[g.first];
    c.second = ratedIndex[g.second];
    if (g.score == 1.0) {
      c.wins += 1.0;
    } else if (g.score == 0.0) {
      c.losses += 1.0;
    } else {
      c.draws += 1.0;
    }
  }
  std::vector<Cell> list;
  list.reserve(cells.size());
  for (const auto& [key, c] : cells) list.push_back(c);
  return list;
}

// Without the player prior, games must link every rated player to every other.
void checkConnected(int rated, const std::vector<Cell>& cells) {
  std::vector<int> parent(rated);
  std::iota(parent.begin(), parent.end(), 0);
  for (const Cell& c : cells) parent[findRoot(parent, c.first)] = findRoot(parent, c.second);
  for (int i = 1; i < rated; ++i)
    if (findRoot(parent, i) != findRoot(parent, 0))
      throw std::invalid_argument("fitElo: the games do not connect all players (use a player prior)");
}

// Equal strengths, no first-move advantage, and nu from the draws per decisive
// game (a fair guess) when there are draws.
std::vector<double> startingPoint(const DavidsonProblem& problem, double draws, std::size_t games) {
  std::vector<double> y(problem.size(), 0.0);
  if (problem.phiIndex() >= 0 && draws > 0.0) {
    const double decisive = std::max(1.0, static_cast<double>(games) - draws);
    y[problem.phiIndex()] = std::clamp(std::log(2.0 * draws / decisive), -5.0, 5.0);
  }
  return y;
}

// The Cholesky factor of -hessian, with the least diagonal damping (0, 1e-8,
// 1e-7, ...) that makes it positive definite; none when 1e8 does not.
std::optional<Matrix> dampedNegativeFactor(const Matrix& hessian) {
  const int k = hessian.n;
  Matrix negative(k);
  for (size_t i = 0; i < negative.a.size(); ++i) negative.a[i] = -hessian.a[i];
  Matrix l;
  double damping = 0.0;
  bool factored = cholesky(negative, l);
  while (!factored && damping < 1e8) {
    damping = damping == 0.0 ? 1e-8 : damping * 10.0;
    for (int i = 0; i < k; ++i) negative(i, i) = -hessian(i, i) + damping;
    factored = cholesky(negative, l);
  }
  if (!factored) return std::nullopt;
  return l;
}

// Backtracking along `step` from y (at `value`, with `gradient`): the first
// point, clamped to the bounds, that gains enough (Armijo's rule); none when
// every step length fails or the clamped point does not move.
std::optional<std::vector<double>> backtrack(const DavidsonProblem& problem, const std::vector<double>& y,
                                             double value, const std::vector<double>& gradient,
                                             const std::vector<double>& step) {
  const int k = problem.size();
  std::vector<double> next(k);
  for (double t = 1.0; t > 1e-12; t *= 0.5) {
    for (int i = 0; i < k; ++i) next[i] = y[i] + t * step[i];
    problem.clamp(next);
    const double nextValue = problem.evaluate(next, nullptr, nullptr);
    double expected = 0.0;
    bool changed = false;
    for (int i = 0; i < k; ++i) {
      expected += gradient[i] * (next[i] - y[i]);
      changed = changed || next[i] != y[i];
    }
    if (!changed) return std::nullopt;
    if (nextValue >= value + 1e-4 * expected && nextValue >= value) return next;
  }
  return std::nullopt;
}

struct NewtonResult {
  std::vector<double> y;
  int iterations = 0;
  bool converged = false;
};

// Newton's method with a backtracking line search on the concave objective.
NewtonResult maximize(const DavidsonProblem& problem, std::vector<double> y, int maxIterations) {
  const int k = problem.size();
  std::vector<double> gradient;
  Matrix hessian;
  double value = problem.evaluate(y, &gradient, &hessian);
  NewtonResult result;
  int iteration = 0;
  for (; iteration < maxIterations; ++iteration) {
    const std::optional<Matrix> l = dampedNegativeFactor(hessian);
    if (!l) break;
    const std::vector<double> step = choleskySolve(*l, gradient);
    double decrement = 0.0;
    for (int i = 0; i < k; ++i) decrement += gradient[i] * step[i];
    // The predicted gain (half the Newton decrement) is below what the
    // objective's rounding can show: take the full step and stop.
    if (decrement < 1e-12 * (1.0 + std::abs(value))) {
      for (int i = 0; i < k; ++i) y[i] += step[i];
      problem.clamp(y);
      result.converged = true;
      break;
    }
    std::optional<std::vector<double>> next = backtrack(problem, y, value, gradient, step);
    if (!next) {
      result.converged = decrement < 1e-9 * (1.0 + std::abs(value));
      break;
    }
    y = std::move(*next);
    value = problem.evaluate(y, &gradient, &hessian);
  }
  result.iterations = iteration;
  result.y = std::move(y);
  return result;
}

// The covariance of the free parameters, the inverse observed information
// (-hessian); none when the information is singular.
std::optional<Matrix> parameterCovariance(const Matrix& hessian) {
  const int k = hessian.n;
  Matrix information(k);
  for (size_t i = 0; i < information.a.size(); ++i) information.a[i] = -hessian.a[i];
  Matrix factor;
  if (k > 0 && !cholesky(information, factor)) return std::nullopt;
  Matrix covariance(k);
  if (k > 0) covariance = choleskyInverse(factor);
  return covariance;
}

// The optimum as the report sees it: the full parameters, their covariance,
// and the map from strengths to reported Elo.
struct Optimum {
  const DavidsonProblem& problem;
  std::vector<double> p;             // theta_0..theta_{m-1}, eta, phi
  std::optional<Matrix> covariance;  // of the free parameters; none if singular
  int m = 0;                         // rated players
  bool meanAnchor = true;
  int gauge = 0;
  double nu = 0.0, scale = 0.0, dscaleDphi = 0.0;
  double reference = 0.0;  // the strength reported as the anchor's Elo

  // u' C v for rows u, v in the free parameters (infinite when C is singular).
  double quadratic(const std::vector<double>& u, const std::vector<double>& v) const {
    if (!covariance) return kInf;
    const int k = problem.size();
    double s = 0.0;
    for (int a = 0; a < k; ++a) {
      if (u[a] == 0.0) continue;
      for (int b = 0; b < k; ++b) s += u[a] * (*covariance)(a, b) * v[b];
    }
    return s;
  }
};

Optimum optimumOf(const DavidsonProblem& problem, const std::vector<double>& y, std::optional<Matrix> covariance,
                  bool fitNu, bool logisticScale, int gauge, bool meanAnchor) {
  Optimum o{problem, problem.expand(y), std::move(covariance)};
  o.m = static_cast<int>(o.p.size()) - 2;
  o.meanAnchor = meanAnchor;
  o.gauge = gauge;
  o.nu = fitNu ? std::exp(o.p[o.m + 1]) : 0.0;
  o.scale = logisticScale ? kEloPerNat * 2.0 / (2.0 + o.nu) : kEloPerNat;
  o.dscaleDphi = logisticScale && fitNu ? -kEloPerNat * 2.0 * o.nu / ((2.0 + o.nu) * (2.0 + o.nu)) : 0.0;
  double mean = 0.0;
  for (int i = 0; i < o.m; ++i) mean += o.p[i];
  mean /= o.m;
  o.reference = meanAnchor ? mean : o.p[gauge];
  return o;
}

// Jacobian rows of the reported Elo of each rated player in the free parameters.
std::vector<std::vector<double>> eloJacobian(const Optimum& o) {
  const int m = o.m, k = o.problem.size();
  const std::vector<int>& free = o.problem.freeParameters();
  std::vector<std::vector<double>> jacobian(m, std::vector<double>(k, 0.0));
  for (int i = 0; i < m; ++i) {
    const double x = o.p[i] - o.reference;
    for (int a = 0; a < k; ++a) {
      const int q = free[a];
      if (q < m) jacobian[i][a] = o.scale * ((q == i ? 1.0 : 0.0) - (o.meanAnchor ? 1.0 / m : 0.0));
    }
    if (o.problem.phiIndex() >= 0) jacobian[i][o.problem.phiIndex()] = x * o.dscaleDphi;
    if (!o.meanAnchor && i == o.gauge) std::fill(jacobian[i].begin(), jacobian[i].end(), 0.0);
  }
  return jacobian;
}

// Every rated player's Elo, interval and covariances (the delta method).
void reportPlayers(const Optimum& o, const RatedPlayers& rated, double anchorElo, EloFit& fit) {
  const std::vector<std::vector<double>> jacobian = eloJacobian(o);
  const auto isZero = [](const std::vector<double>& row) {
    return std::all_of(row.begin(), row.end(), [](double v) { return v == 0.0; });
  };
  for (int i = 0; i < o.m; ++i) {
    PlayerRating& r = fit.players[rated.players[i]];
    r.elo = anchorElo + o.scale * (o.p[i] - o.reference);
    for (int j = 0; j < o.m; ++j) {
      double c = o.quadratic(jacobian[i], jacobian[j]);
      if (isZero(jacobian[i]) || isZero(jacobian[j])) c = 0.0;
      fit.covariance[rated.players[i]][rated.players[j]] = c;
    }
    r.stddev = std::sqrt(std::max(0.0, fit.covariance[rated.players[i]][rated.players[i]]));
    r.low = r.elo - kZ95 * r.stddev;
    r.high = r.elo + kZ95 * r.stddev;
  }
}

// The first-move advantage in Elo and Davidson's nu, with their intervals.
void reportFirstMoveAndDraws(const Optimum& o, bool firstMove, bool fitNu, EloFit& fit) {
  const int k = o.problem.size(), m = o.m;
  if (firstMove) {
    std::vector<double> u(k, 0.0);
    u[o.problem.etaIndex()] = o.scale;
    if (o.problem.phiIndex() >= 0) u[o.problem.phiIndex()] = o.p[m] * o.dscaleDphi;
    const double sd = std::sqrt(std::max(0.0, o.quadratic(u, u)));
    const double est = o.scale * o.p[m];
    fit.firstMoveElo = {est, est - kZ95 * sd, est + kZ95 * sd};
  }
  if (fitNu) {
    const int phi = o.problem.phiIndex();
    const double sd = o.covariance ? std::sqrt(std::max(0.0, (*o.covariance)(phi, phi))) : kInf;
    fit.drawNu = {o.nu, std::exp(o.p[m + 1] - kZ95 * sd), std::exp(o.p[m + 1] + kZ95 * sd)};
  }
}

}  // namespace

EloFit fitElo(int players, std::span<const RatedGame> games, const EloFitOptions& options) {
  checkOptions(players, options);
  EloFit fit = emptyFit(players, static_cast<int>(games.size()), options);
  const double draws = tallyResults(games, fit.players);
  const RatedPlayers rated = ratedPlayers(fit.players);
  const int m = rated.count();
  if (options.anchor >= 0 && m > 0 && rated.indexOf[options.anchor] < 0)
    throw std::invalid_argument("fitElo: the anchor has no games");
  if (m == 0) {
    if (players == 1) {  // one player alone is the anchor
      PlayerRating& p = fit.players[0];
      p.elo = p.low = p.high = options.anchorElo;
      p.stddev = 0.0;
      fit.covariance[0][0] = 0.0;
    }
    return fit;
  }
  std::vector<Cell> cells = resultCells(games, rated.indexOf);
  if (options.priorDraws == 0.0) checkConnected(m, cells);

  const bool meanAnchor = options.anchor < 0;
  const int gauge = meanAnchor ? 0 : rated.indexOf[options.anchor];
  const bool fitNu = draws + options.drawPrior > 0.0;
  const DavidsonProblem problem(m, std::move(cells), options, gauge, meanAnchor, fitNu);
  const NewtonResult optimum = maximize(problem, startingPoint(problem, draws, games.size()), options.maxIterations);
  fit.iterations = optimum.iterations;
  fit.converged = optimum.converged && !problem.atBound(optimum.y);
  std::vector<double> gradient;
  Matrix hessian;
  problem.evaluate(optimum.y, &gradient, &hessian, &fit.logLikelihood);

  std::optional<Matrix> covariance = parameterCovariance(hessian);
  if (!covariance) fit.converged = false;
  const Optimum o = optimumOf(problem, optimum.y, std::move(covariance), fitNu, options.logisticScale, gauge,
                              meanAnchor);
  fit.scale = o.scale;
  reportPlayers(o, rated, options.anchorElo, fit);
  reportFirstMoveAndDraws(o, options.firstMoveAdvantage, fitNu, fit);
  return fit;
}

double eloDifferenceStdError(const EloFit& fit, int a, int b) {
  const int n = static_cast<int>(fit.players.size());
  if (a < 0 || a >= n || b < 0 || b >= n) throw std::out_of_range("eloDifferenceStdError: player");
  const double v = fit.covariance[a][a] + fit.covariance[b][b] - 2.0 * fit.covariance[a][b];
  if (std::isnan(v)) return kNaN;
  return std::sqrt(std::max(0.0, v));
}

double likelihoodOfSuperiority(const EloFit& fit, int a, int b) {
  const double sd = eloDifferenceStdError(fit, a, b);
  return losFromDifference(fit.players[a].elo - fit.players[b].elo, sd);
}

// ---------------------------------------------------------------------------
// SPRT

double SprtConfig::lowerBound() const { return std::log(beta / (1.0 - alpha)); }
double SprtConfig::upperBound() const { return std::log((1.0 - beta) / alpha); }

double sprtLlr(const Trinomial& t, double elo0, double elo1) {
  const std::array<std::int64_t, 3> counts = {t.losses, t.draws, t.wins};
  return generalizedLlr(counts, elo0, elo1);
}

double sprtLlr(const Pentanomial& p, double elo0, double elo1) {
  return generalizedLlr(p.counts, elo0, elo1);
}

double sprtLlrApprox(const Trinomial& t, double elo0, double elo1) {
  const std::array<std::int64_t, 3> counts = {t.losses, t.draws, t.wins};
  return approximateLlr(counts, elo0, elo1);
}

double sprtLlrApprox(const Pentanomial& p, double elo0, double elo1) {
  return approximateLlr(p.counts, elo0, elo1);
}

SprtDecision sprtDecide(double llr, const SprtConfig& config) {
  if (llr >= config.upperBound()) return SprtDecision::kAcceptH1;
  if (llr <= config.lowerBound()) return SprtDecision::kAcceptH0;
  return SprtDecision::kContinue;
}

namespace {
SprtStatus statusOf(double llr, const SprtConfig& config) {
  return SprtStatus{.llr = llr, .lower = config.lowerBound(), .upper = config.upperBound(),
                    .decision = sprtDecide(llr, config)};
}
}  // namespace

SprtStatus sprtStatus(const Trinomial& t, const SprtConfig& config) {
  return statusOf(sprtLlr(t, config.elo0, config.elo1), config);
}

SprtStatus sprtStatus(const Pentanomial& p, const SprtConfig& config) {
  return statusOf(sprtLlr(p, config.elo0, config.elo1), config);
}

const char* toString(SprtDecision decision) {
  switch (decision) {
    case SprtDecision::kContinue: return "continue";
    case SprtDecision::kAcceptH0: return "H0";
    case SprtDecision::kAcceptH1: return "H1";
  }
  return "?";
}

}  // namespace junqi
