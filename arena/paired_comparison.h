// Two matches of one player on the same starts, compared pair by pair: "did
// my change help?" Each start (a layout pair, a deal) is played twice with
// the seats swapped in both matches, so the difference of a pair's points
// between the matches cancels most of the luck of the start, and its
// interval is far narrower than the two scores' intervals side by side.
// What `junqi compare A B` prints (docs/match.md "Comparing two matches").
#pragma once

#include <map>
#include <string>

namespace junqi {

// One player's games in a match directory (its match.json and games.pgn).
struct PlayerPairs {
  std::string dir;
  std::string player, opponent;
  std::map<int, double> pairScore;  // pair id -> the player's mean score over the pair's two games
  int games = 0;                    // of the player, in finished pairs
};

// A mean with its 95% normal interval: Wilson's where all values are equal
// (no spread to measure), NaN ends with fewer than two values.
struct MeanInterval {
  double mean = 0, low = 0, high = 0;
  int count = 0;
};

struct PairedComparison {
  MeanInterval a, b;           // each match's score, over its own finished pairs
  MeanInterval bMinusA;        // per pair played in both, in score (x100: points per 100 games)
};

// The player's pairs in DIR. Throws std::runtime_error, one line naming the
// directory, for a missing or damaged match.json or games.pgn, a match of
// more than two players, or a player it does not have (listing its players).
PlayerPairs readPlayerPairs(const std::string& dir, const std::string& player);

// The first player named in DIR/match.json (the default player to compare).
std::string firstPlayerOf(const std::string& dir);

// Throws std::runtime_error naming the difference when the two match
// directories were not played on the same starts (another game, rules,
// seed or start book).
void checkSameStarts(const std::string& dirA, const std::string& dirB);

// The comparison; throws std::runtime_error when no pair was finished in both.
PairedComparison comparePairs(const PlayerPairs& a, const PlayerPairs& b);

}  // namespace junqi
