#include "arena/four/team_ratings.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

namespace junqi {

namespace {

using TeamMatrix = std::vector<std::vector<double>>;

// Parameters: theta_0..theta_{n-1}, eta, log nu.
struct TeamEloModel {
  int agents;
  std::span<const TeamGame> games;
  static constexpr double kPrior = 1.0;  // virtual games, as fitElo's priors

  int size() const { return agents + 2; }

  // The log-likelihood with the priors, its gradient and Hessian at `p`.
  double evaluate(const std::vector<double>& p, std::vector<double>* grad, TeamMatrix* hess) const;
};

void addPriorDraw(double x, double weight, double& ll, double* g, double* h) {
  ll -= weight * std::log(2 * std::cosh(x / 2));
  if (g) *g -= weight / 2 * std::tanh(x / 2);
  if (h) *h -= weight / 4 / std::pow(std::cosh(x / 2), 2);
}

double TeamEloModel::evaluate(const std::vector<double>& p, std::vector<double>* grad, TeamMatrix* hess) const {
  const int n = size(), eta = agents, lambda = agents + 1;
  if (grad) grad->assign(static_cast<std::size_t>(n), 0.0);
  if (hess) hess->assign(static_cast<std::size_t>(n), std::vector<double>(static_cast<std::size_t>(n), 0.0));
  const double nu = std::exp(p[static_cast<std::size_t>(lambda)]);
  double ll = 0;
  std::vector<double> x(static_cast<std::size_t>(n));
  for (const TeamGame& g : games) {
    std::fill(x.begin(), x.end(), 0.0);
    for (const int a : g.first) x[static_cast<std::size_t>(a)] += 1;
    for (const int b : g.second) x[static_cast<std::size_t>(b)] -= 1;
    x[static_cast<std::size_t>(eta)] = 1;
    double d = 0;
    for (int i = 0; i <= eta; ++i) d += x[static_cast<std::size_t>(i)] * p[static_cast<std::size_t>(i)];
    const double a = std::exp(d / 2), b = std::exp(-d / 2), z = a + b + nu;
    const bool draw = g.score == 0.5;
    ll += (g.score == 1 ? d / 2 : g.score == 0 ? -d / 2 : std::log(nu)) - std::log(z);
    const double gd = (g.score == 1 ? 0.5 : g.score == 0 ? -0.5 : 0.0) - (a - b) / (2 * z);
    const double gl = (draw ? 1.0 : 0.0) - nu / z;
    const double hdd = -((a + b) / (4 * z) - std::pow((a - b) / (2 * z), 2));
    const double hll = -(nu / z - std::pow(nu / z, 2));
    const double hdl = (a - b) * nu / (2 * z * z);
    for (int i = 0; i <= eta; ++i) {
      const double xi = x[static_cast<std::size_t>(i)];
      if (xi == 0) continue;
      if (grad) (*grad)[static_cast<std::size_t>(i)] += xi * gd;
      if (!hess) continue;
      for (int j = 0; j <= eta; ++j) (*hess)[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] += xi * x[static_cast<std::size_t>(j)] * hdd;
      (*hess)[static_cast<std::size_t>(i)][static_cast<std::size_t>(lambda)] += xi * hdl;
      (*hess)[static_cast<std::size_t>(lambda)][static_cast<std::size_t>(i)] += xi * hdl;
    }
    if (grad) (*grad)[static_cast<std::size_t>(lambda)] += gl;
    if (hess) (*hess)[static_cast<std::size_t>(lambda)][static_cast<std::size_t>(lambda)] += hll;
  }
  for (int i = 0; i <= eta; ++i)
    addPriorDraw(p[static_cast<std::size_t>(i)], kPrior, ll, grad ? &(*grad)[static_cast<std::size_t>(i)] : nullptr,
                 hess ? &(*hess)[static_cast<std::size_t>(i)][static_cast<std::size_t>(i)] : nullptr);
  // One virtual game a result between equals: w (ln nu / 3 - ln(2 + nu)).
  ll += kPrior * (std::log(nu) / 3 - std::log(2 + nu));
  if (grad) (*grad)[static_cast<std::size_t>(lambda)] += kPrior * (1.0 / 3 - nu / (2 + nu));
  if (hess) (*hess)[static_cast<std::size_t>(lambda)][static_cast<std::size_t>(lambda)] -= kPrior * 2 * nu / std::pow(2 + nu, 2);
  return ll;
}

// Solves m x = rhs by Gaussian elimination with partial pivoting; false when singular.
bool solveTeamNewtonStep(TeamMatrix m, std::vector<double> rhs, std::vector<double>& x) {
  const std::size_t n = rhs.size();
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::abs(m[r][c]) > std::abs(m[pivot][c])) pivot = r;
    if (std::abs(m[pivot][c]) < 1e-12) return false;
    std::swap(m[c], m[pivot]);
    std::swap(rhs[c], rhs[pivot]);
    for (std::size_t r = c + 1; r < n; ++r) {
      const double f = m[r][c] / m[c][c];
      for (std::size_t k = c; k < n; ++k) m[r][k] -= f * m[c][k];
      rhs[r] -= f * rhs[c];
    }
  }
  x.assign(n, 0.0);
  for (std::size_t r = n; r-- > 0;) {
    double s = rhs[r];
    for (std::size_t k = r + 1; k < n; ++k) s -= m[r][k] * x[k];
    x[r] = s / m[r][r];
  }
  return true;
}

void checkGames(int agents, std::span<const TeamGame> games) {
  for (const TeamGame& g : games) {
    if (g.score != 0 && g.score != 0.5 && g.score != 1)
      throw std::invalid_argument(fmt::format("team ratings: a score of {} (must be 0, 0.5 or 1)", g.score));
    for (const auto* team : {&g.first, &g.second})
      for (const int a : *team)
        if (a < 0 || a >= agents) throw std::invalid_argument(fmt::format("team ratings: no agent {}", a));
  }
}

}  // namespace

TeamEloFit fitTeamElo(int agents, std::span<const TeamGame> games) {
  checkGames(agents, games);
  const TeamEloModel model{agents, games};
  std::vector<double> p(static_cast<std::size_t>(model.size()), 0.0), grad, step;
  TeamMatrix hess;
  TeamEloFit fit;
  for (int iteration = 0; iteration < 100; ++iteration) {
    const double ll = model.evaluate(p, &grad, &hess);
    TeamMatrix negative = hess;
    for (auto& row : negative)
      for (double& v : row) v = -v;
    if (!solveTeamNewtonStep(negative, grad, step)) break;
    double scale = 1, stepNorm = 0;
    for (const double s : step) stepNorm = std::max(stepNorm, std::abs(s));
    std::vector<double> next(p.size());
    for (int halvings = 0; halvings < 30; ++halvings, scale /= 2) {  // backtracking: never downhill
      for (std::size_t i = 0; i < p.size(); ++i) next[i] = p[i] + scale * step[i];
      if (model.evaluate(next, nullptr, nullptr) >= ll - 1e-12) break;
    }
    p = next;
    if (stepNorm * scale < 1e-10) {
      fit.converged = true;
      break;
    }
  }
  model.evaluate(p, &grad, &hess);
  const std::size_t n = static_cast<std::size_t>(agents);
  const double mean = std::accumulate(p.begin(), p.begin() + static_cast<long>(n), 0.0) / std::max<std::size_t>(n, 1);
  fit.nu = std::exp(p[n + 1]);
  const double eloScale = 400 / std::log(10.0) * 2 / (2 + fit.nu);
  fit.firstTeamElo = eloScale * p[n];
  for (std::size_t i = 0; i < n; ++i) {
    // Var(theta_i - mean) = c' C c with C = (-H)^-1: solveTeamNewtonStep (-H) y = c, then c'y.
    std::vector<double> c(p.size(), -1.0 / static_cast<double>(n)), y;
    c[n] = c[n + 1] = 0;
    c[i] += 1;
    TeamMatrix negative = hess;
    for (auto& row : negative)
      for (double& v : row) v = -v;
    double var = NAN;
    if (solveTeamNewtonStep(negative, c, y)) var = std::inner_product(c.begin(), c.end(), y.begin(), 0.0);
    fit.theta.push_back(p[i] - mean);
    fit.thetaSe.push_back(std::sqrt(var));
    fit.elo.push_back(eloScale * fit.theta.back());
    fit.low.push_back(eloScale * (fit.theta.back() - 1.96 * fit.thetaSe.back()));
    fit.high.push_back(eloScale * (fit.theta.back() + 1.96 * fit.thetaSe.back()));
  }
  return fit;
}

std::string formatTeamElo(const TeamEloFit& fit, const std::vector<std::string>& names, std::span<const TeamGame> games) {
  std::vector<int> played(names.size(), 0);
  for (const TeamGame& g : games) {
    std::vector<bool> in(names.size(), false);
    for (const int a : g.first) in[static_cast<std::size_t>(a)] = true;
    for (const int b : g.second) in[static_cast<std::size_t>(b)] = true;
    for (std::size_t i = 0; i < in.size(); ++i) played[i] += in[i];
  }
  std::vector<std::size_t> order(names.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return fit.elo[a] > fit.elo[b]; });
  std::string out = "Agents rated from team results (Bradley-Terry over each team's summed strengths; docs/match.md)\n";
  out += fmt::format("{:<5} {:<24} {:>8} {:>22} {:>7}\n", "Rank", "Agent", "Elo", "95% interval", "Games");
  for (std::size_t r = 0; r < order.size(); ++r) {
    const std::size_t i = order[r];
    out += fmt::format("{:<5} {:<24} {:>+8.1f} {:>22} {:>7}\n", r + 1, names[i], fit.elo[i],
                       fmt::format("[{:+.1f}, {:+.1f}]", fit.low[i], fit.high[i]), played[i]);
  }
  out += fmt::format("Elo relative to the agents' mean; first-moving team's advantage {:+.1f} Elo; draw parameter nu {:.3f}{}\n",
                     fit.firstTeamElo, fit.nu, fit.converged ? "" : " (the fit did not converge)");
  return out;
}

}  // namespace junqi
