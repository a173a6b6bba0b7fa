// Ratings of agents from games between teams (four-player Junqi, where a
// team's two armies may be played by different agents).
//
// The model: Bradley-Terry over the team's summed strengths, with Davidson's
// draws and an advantage for the team that moves first, as fitElo
// (arena/ratings.h) does for single players. Agent i has strength theta_i; in
// a game of team A (moving first) against team B,
//     d = sum of theta over A's armies - sum over B's armies + eta,
//     P(A wins) = exp(d/2) / Z,  P(draw) = nu / Z,  P(B wins) = exp(-d/2) / Z,
//     Z = exp(d/2) + exp(-d/2) + nu,
// so an agent playing both armies of a team counts twice. theta, eta and
// log nu are fitted together by Newton's method on the log-likelihood with
// the weak priors of fitElo (each agent one virtual draw against strength 0,
// one for eta, one game a result for nu), so a winless agent still gets a
// finite rating. Intervals are 95% (1.96 standard errors from the inverse of
// the negative Hessian); ratings are relative to the agents' mean and
// reported on fitElo's logistic Elo scale (400 / ln 10 * 2 / (2 + nu) per
// unit of theta; the interval leaves out the uncertainty of nu in that
// scale).
#pragma once

#include <span>
#include <string>
#include <vector>

namespace junqi {

struct TeamGame {
  std::vector<int> first, second;  // the agents of each army of the two teams; `first` moved first
  double score = 0.5;              // first team's result: 1, 0.5 or 0
};

struct TeamEloFit {
  std::vector<double> theta, thetaSe;  // relative to the agents' mean, natural units
  std::vector<double> elo, low, high;  // the same on the Elo scale, with 95% intervals
  double firstTeamElo = 0;             // the first-moving team's advantage
  double nu = 0;                       // Davidson's draw parameter
  bool converged = false;
};

// Throws std::invalid_argument for an agent index out of range or a score
// that is not 0, 0.5 or 1.
TeamEloFit fitTeamElo(int agents, std::span<const TeamGame> games);

// A table of the fit: rank, name, Elo, interval, games.
std::string formatTeamElo(const TeamEloFit& fit, const std::vector<std::string>& names, std::span<const TeamGame> games);

}  // namespace junqi
