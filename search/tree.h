// The search tree: nodes and edges in two flat pools (indices, not pointers),
// reused from search to search so that a new search allocates nothing.
//
// A node is a public history (the moves and the fight results both players
// saw) reached from the search's root; its edges are the moves the side to
// move may have there. Because a move's result depends on hidden identities,
// one edge can lead to up to four children, one per announced result, chained
// through `sibling`. Each edge keeps statistics from two viewpoints: the
// searching seat's (viewpoint 0) and, for multiple-observer search, the
// opponent's (viewpoint 1).
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include "core/move.h"

namespace junqi {

constexpr std::uint32_t kNoNode = 0xFFFFFFFF;

struct EdgeStats {
  std::uint32_t visits = 0;
  std::uint32_t available = 0;  // iterations in which this move was legal (ISMCTS availability)
  float valueSum = 0;           // from the point of view of the side to move at the node
};

struct Edge {
  Move move;
  std::uint16_t prior = 0;  // the move's prior probability times 65535 (PUCT), from a network or the tactical player
  std::uint32_t child = kNoNode;  // first child (by fight result)
  EdgeStats stats[2];
};

struct Node {
  std::uint32_t firstEdge = 0;
  std::uint16_t edgeCount = 0;
  std::uint8_t result = 0;         // the public result of the move that led here (ismcts.cpp: publicResult)
  std::uint8_t sideToMove = 0;
  std::uint32_t sibling = kNoNode;  // the next child of the same edge, for another result
  std::uint32_t padding = 0;  // keeps a node at 16 bytes
};

static_assert(sizeof(Node) == 16, "a node should stay 16 bytes");
static_assert(sizeof(Edge) == 32, "an edge should stay 32 bytes");

struct Tree {
  std::vector<Node> nodes;
  std::vector<Edge> edges;

  void clear() {
    nodes.clear();
    edges.clear();
  }
  std::size_t bytes() const { return nodes.size() * sizeof(Node) + edges.size() * sizeof(Edge); }
};

// Trees kept between searches, so that their memory is allocated once and
// reused (a search of a few thousand iterations grows megabytes of edges).
class TreePool {
 public:
  static TreePool& shared();
  Tree acquire();               // an empty tree, with the capacity of an earlier one if there is one
  void release(Tree&& tree);    // back into the pool, emptied (the pool keeps a few)

 private:
  std::mutex mutex_;
  std::vector<Tree> free_;
};

}  // namespace junqi
