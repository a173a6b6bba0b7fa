// What a network's raw outputs mean to a search, for every game: the value
// from the win/draw/loss logits, and the priors as a softmax over the legal
// moves' policy logits (each game has its own policy index of a move).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace junqi::nets {

// P(win) - P(loss) from the three logits, computed in T.
template <class T>
T wdlValue(const float* wdl) {
  const float top = std::max({wdl[0], wdl[1], wdl[2]});
  const T w = std::exp(wdl[0] - top), d = std::exp(wdl[1] - top), l = std::exp(wdl[2] - top);
  return (w - l) / (w + d + l);
}

// The softmax over policy[indexOf(move)] for each of `moves`, in their order.
template <class T, class Moves, class IndexOf>
void legalSoftmax(const float* policy, const Moves& moves, IndexOf indexOf, std::vector<T>& out) {
  out.clear();
  float top = -1e30f;
  for (const auto m : moves) top = std::max(top, policy[static_cast<std::size_t>(indexOf(m))]);
  T sum = 0;
  for (const auto m : moves) {
    out.push_back(std::exp(policy[static_cast<std::size_t>(indexOf(m))] - top));
    sum += out.back();
  }
  for (T& p : out) p /= sum;
}

}  // namespace junqi::nets
