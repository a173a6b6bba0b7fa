// Rating statistics for matches between agents: Elo by maximum likelihood over
// all games of a tournament, head-to-head estimates with 95% intervals
// (trinomial per game, pentanomial per layout pair), likelihood of superiority
// and the sequential probability ratio test (SPRT) as fishtest runs it.
//
// Everything here needs only games as (first player, second player, result);
// nothing depends on the rules of Junqi.
//
// ---------------------------------------------------------------------------
// Elo scale. "Elo" in the head-to-head helpers and in the SPRT is logistic Elo:
// a player expected to score s against another is eloFromScore(s) =
// -400 log10(1/s - 1) Elo stronger (draws count half).
//
// ---------------------------------------------------------------------------
// The tournament model (fitElo). Davidson's extension of Bradley-Terry to draws
// (R. R. Davidson, JASA 65, 1970), with a first-move advantage. Player i has a
// strength theta_i (natural log units); in a game where i moves first (Red)
// against j, let d = theta_i - theta_j + eta, with eta the first-move
// advantage, and nu >= 0 the draw parameter. Then
//     P(first wins)  = exp(d/2)  / Z
//     P(draw)        = nu        / Z        Z = exp(d/2) + exp(-d/2) + nu
//     P(second wins) = exp(-d/2) / Z
// so d is the log-odds of a win against a loss, and with nu = 0 the model is
// Bradley-Terry (logistic). The log-likelihood is concave in
// (theta, eta, log nu), which is fitted together by Newton's method with a
// backtracking line search (the strengths are defined up to a common shift:
// one of them is held fixed while fitting, then the table is shifted to the
// anchor).
//
// Reported Elo. Under Davidson's model a strength difference d gives an
// expected score (exp(d/2) + nu/2) / Z, whose slope at d = 0 is 1/(2(2+nu))
// instead of the logistic 1/4. The fitted strengths are reported on the
// logistic Elo scale matched at equal strength (BayesElo rescales its ratings
// in the same spirit):
//     Elo_i = anchorElo + scale(nu) * (theta_i - theta_anchor),
//     scale(nu) = (400 / ln 10) * 2 / (2 + nu),
// so that small Elo differences mean the same expected score as in the
// logistic formula (with EloFitOptions::logisticScale = false the scale is
// the plain 400 / ln 10, "win-loss odds" Elo). theta_anchor is one player's
// strength, or the mean strength of the players with games (anchor = -1).
// The first-move advantage is reported as scale(nu) * eta Elo.
//
// Intervals. 95% intervals are estimate +- 1.96 standard errors, the standard
// errors from the observed Fisher information: the inverse of the negative
// Hessian of the (penalized) log-likelihood in the free parameters
// (theta with the fixed one removed, eta, log nu), at the optimum. This is the
// covariance of the strengths relative to the held player; it is mapped to
// the anchored, rescaled Elo by the delta method (a linear map for the anchor
// and mean, plus the dependence of scale(nu) on nu). So the anchor player's
// interval has width zero, and with the mean anchor every player's interval
// is that of its distance from the mean. Differences between two players use
// the full covariance (EloFit::covariance), e.g. for their LOS.
//
// Priors (all on by default, each weight 0 turns it off). With a player who
// won (or lost) every game the MLE does not exist (its strength goes to
// infinity), so as BayesElo does we add virtual games:
//   - priorDraws: each player gets this many virtual draws against the anchor
//     (a player of the anchor's strength; with anchor = -1 the mean strength),
//     each counted as half a win and half a loss under the logistic model:
//     priorDraws * (-ln(2 cosh(x / 2))) with x the distance to the anchor.
//   - firstMovePrior: as many virtual draws between equal players, as
//     above but for the first-move advantage: -w ln(2 cosh(eta / 2)).
//   - drawPrior: as many virtual games between equal players, a third each
//     won, drawn and lost: w (ln(nu) / 3 - ln(2 + nu)), maximal at nu = 1.
//     Without it a table with no draws has nu = 0 (Bradley-Terry): the fit then
//     holds nu at 0.
// The priors are weak (one game each); with them the intervals come from the
// curvature of the penalized log-likelihood (a Laplace approximation of the
// posterior). With the priors at zero the fit is the plain MLE; if that does
// not exist (a player unbeaten or winless, or only draws), the parameters
// stop at +-4000 Elo (log nu at +-30) and EloFit::converged is false; if a
// parameter is not identified at all (e.g. the first-move advantage when every
// pair of players kept the same seats, without its prior), the information is
// singular, the intervals are infinite and converged is false too.
// Without player prior the table must be connected (every rated player linked
// to every other by games); otherwise fitElo throws std::invalid_argument.
//
// Players with no games get NaN Elo and NaN intervals. One player alone, or
// the anchor, gets exactly anchorElo with a zero-width interval.
//
// ---------------------------------------------------------------------------
// Head-to-head intervals (trinomialElo, pentanomialElo), as fastchess and
// cutechess report them: the mean score s and its standard error (the sample
// standard deviation of the per-game score, or of the per-pair mean score for
// pentanomial counts, over sqrt(number of games or pairs)), the interval
// s +- 1.96 se, each end mapped through eloFromScore. Scores of 0 or 1 map to
// -inf or +inf.
//
// LOS (likelihood of superiority) from wins and losses (draws carry no
// information about which player is better): the normal approximation
// LOS = Phi((W - L) / sqrt(W + L)) = (1 + erf((W - L) / sqrt(2 (W + L)))) / 2.
//
// ---------------------------------------------------------------------------
// SPRT. H0: the logistic Elo difference is elo0; H1: it is elo1. The
// generalized SPRT of fishtest (M. Van den Bergh): the log-likelihood ratio is
// that of the two multinomial distributions over the outcomes (3 for single
// games, 5 for game pairs) that are closest to the observed frequencies (their
// maximum likelihood estimates) under the constraint that the expected score is
// s0 = scoreFromElo(elo0) or s1 = scoreFromElo(elo1):
//     LLR = sum_k n_k ln(p1_k / p0_k),  p_k = f_k / (1 + lambda (a_k - s)),
// lambda the root of sum_k f_k (a_k - s) / (1 + lambda (a_k - s)) = 0, a_k the
// scores of the outcomes (0, 1/2, 1; or 0, 1/4, ..., 1 per game in a pair),
// f_k the observed frequencies with empty cells replaced by 1e-3 games
// (fishtest's regularization). The normal approximation (fishtest's LLR_alt2)
//     LLR ~= N (s1 - s0) (2 s - s0 - s1) / (2 var)
// is available as sprtLlr*Approx. Stop when LLR >= ln((1 - beta) / alpha)
// (accept H1) or LLR <= ln(beta / (1 - alpha)) (accept H0).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace junqi {

// One game. `first` moved first (Red); `score` is first's result: 1, 0.5 or 0.
// The two games of one layout pair (seats swapped) share a pair id >= 0.
struct RatedGame {
  int first = 0;
  int second = 1;
  double score = 0.5;
  int pair = -1;

  // The player's score, if it played this game.
  std::optional<double> scoreOf(int player) const {
    if (player == first) return score;
    if (player == second) return 1.0 - score;
    return std::nullopt;
  }
  // a's score against b, if this game is between them.
  std::optional<double> scoreOf(int a, int b) const {
    if ((first == a && second == b) || (first == b && second == a)) return scoreOf(a);
    return std::nullopt;
  }
};

inline constexpr double kZ95 = 1.959963984540054;  // Phi^-1(0.975)

// Logistic Elo from an expected score in [0, 1] (+-inf at 1 and 0) and back.
double eloFromScore(double score);
double scoreFromElo(double elo);

// The standard normal distribution function.
double normalCdf(double x);

// A point estimate with its interval.
struct Interval {
  double estimate = 0.0;
  double low = 0.0;
  double high = 0.0;
};

// Wilson's 95% interval for a mean score `score` in [0, 1] over `trials`
// trials. Where every game had one result there is no spread to estimate a
// standard error from; this is an interval there, not a point.
Interval wilsonInterval(double score, double trials);

// Wins, draws and losses of one player against another.
struct Trinomial {
  std::int64_t wins = 0;
  std::int64_t draws = 0;
  std::int64_t losses = 0;
  std::int64_t games() const { return wins + draws + losses; }
  double score() const;  // mean score per game; NaN with no games
  // Counts one game scored 1, 0.5 or 0 by the player; throws on another score.
  void add(double score);
};

// Game pairs by the pair's total score for one player: counts[k] pairs scored
// k / 2 points (0, 0.5, 1, 1.5, 2).
struct Pentanomial {
  std::array<std::int64_t, 5> counts{};
  std::int64_t pairs() const;
  double score() const;  // mean score per game; NaN with no pairs
};

// `a`'s results against `b` over the games between them (in either seat).
Trinomial trinomialCounts(std::span<const RatedGame> games, int a, int b);

// `a`'s pairs against `b`: games between them grouped by pair id. Games with
// no pair id, and pair ids that do not hold exactly two games between a and b
// with a in each seat once, are not counted in `penta`, only in `unpaired`
// (games).
struct PairCounts {
  Pentanomial penta;
  std::int64_t unpaired = 0;
};
PairCounts pentanomialCounts(std::span<const RatedGame> games, int a, int b);

// Elo of the first player with a 95% (z = kZ95) interval; see the top.
Interval trinomialElo(const Trinomial& t, double z = kZ95);
Interval pentanomialElo(const Pentanomial& p, double z = kZ95);
// Standard error of the mean score per game (not Elo): trinomial per game,
// pentanomial per pair. NaN with fewer than one game or pair.
double trinomialScoreStdError(const Trinomial& t);
double pentanomialScoreStdError(const Pentanomial& p);

// Likelihood of superiority from wins and losses; 0.5 without decisive games.
double likelihoodOfSuperiority(double wins, double losses);
// The same from an estimated difference and its standard error: Phi(diff / sd)
// (0, 0.5 or 1 by the sign of diff when sd is 0).
double losFromDifference(double difference, double stddev);

// ---------------------------------------------------------------------------
// The tournament fit.

struct EloFitOptions {
  int anchor = -1;          // player held at anchorElo; -1: the mean
  double anchorElo = 0.0;   // Elo of the anchor (or of the mean)
  bool firstMoveAdvantage = true;
  bool logisticScale = true;    // report on the logistic-matched scale
  double priorDraws = 1.0;      // virtual draws per player against the anchor
  double firstMovePrior = 1.0;  // virtual games scored 1/2 for the first mover
  double drawPrior = 1.0;       // virtual games, 1/3 each won, drawn, lost
  int maxIterations = 200;
};

struct PlayerRating {
  int games = 0;
  int wins = 0;
  int draws = 0;
  int losses = 0;
  double points = 0.0;  // wins + draws / 2
  double elo = 0.0;     // NaN with no games
  double low = 0.0;     // 95% interval
  double high = 0.0;
  double stddev = 0.0;  // standard error of elo
};

struct EloFit {
  std::vector<PlayerRating> players;
  // Covariance of the reported Elo of every pair of players (NaN rows and
  // columns for players with no games).
  std::vector<std::vector<double>> covariance;
  int anchor = -1;
  double anchorElo = 0.0;
  Interval firstMoveElo;  // 0 with a zero-width interval when not fitted
  Interval drawNu;        // Davidson's nu (0 with a zero interval when held)
  double scale = 0.0;       // reported Elo per natural unit of strength
  double logLikelihood = 0.0;  // of the games alone, at the optimum
  int games = 0;
  int iterations = 0;
  bool converged = true;

  // Expected draw rate between equal players: nu / (2 + nu).
  double drawRateEqual() const { return drawNu.estimate / (2.0 + drawNu.estimate); }
};

// Fits the model above to `games` between players 0 .. players - 1. Throws
// std::invalid_argument for a game with a player out of range or against
// itself, a score other than 0, 0.5 or 1, an anchor out of range or with no
// games (when there are games), a negative prior weight, or (without player
// prior) a table that does not connect all rated players.
EloFit fitElo(int players, std::span<const RatedGame> games, const EloFitOptions& options = {});

// Standard error of Elo(a) - Elo(b) in a fit, and the probability that a is
// stronger than b (normal approximation). NaN if either has no games.
double eloDifferenceStdError(const EloFit& fit, int a, int b);
double likelihoodOfSuperiority(const EloFit& fit, int a, int b);

// The model's outcome probabilities, for tests, checks and simulations: (first wins, draw, second wins) for a strength difference
// d (natural units, first-move advantage included) and draw parameter nu.
std::array<double, 3> davidsonProbabilities(double d, double nu);

// ---------------------------------------------------------------------------
// SPRT

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

struct SprtConfig {
  double elo0 = 0.0;  // logistic Elo under H0
  double elo1 = 2.0;  // under H1
  double alpha = 0.05;
  double beta = 0.05;
  double lowerBound() const;  // ln(beta / (1 - alpha))
  double upperBound() const;  // ln((1 - beta) / alpha)
};

// Generalized log-likelihood ratios (the exact constrained multinomial MLE).
double sprtLlr(const Trinomial& t, double elo0, double elo1);
double sprtLlr(const Pentanomial& p, double elo0, double elo1);
// The normal approximation.
double sprtLlrApprox(const Trinomial& t, double elo0, double elo1);
double sprtLlrApprox(const Pentanomial& p, double elo0, double elo1);

SprtDecision sprtDecide(double llr, const SprtConfig& config);

struct SprtStatus {
  double llr = 0.0;
  double lower = 0.0;
  double upper = 0.0;
  SprtDecision decision = SprtDecision::kContinue;
};
SprtStatus sprtStatus(const Trinomial& t, const SprtConfig& config);
SprtStatus sprtStatus(const Pentanomial& p, const SprtConfig& config);

const char* toString(SprtDecision decision);

}  // namespace junqi
