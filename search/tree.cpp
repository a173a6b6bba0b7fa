#include "search/tree.h"

namespace junqi {

TreePool& TreePool::shared() {
  static TreePool pool;
  return pool;
}

Tree TreePool::acquire() {
  std::lock_guard lock(mutex_);
  if (free_.empty()) return {};
  Tree t = std::move(free_.back());
  free_.pop_back();
  return t;
}

void TreePool::release(Tree&& tree) {
  // A moved-from tree has no memory to keep; pooled, it would push out one that has.
  if (tree.edges.capacity() == 0 && tree.nodes.capacity() == 0) return;
  tree.clear();
  std::lock_guard lock(mutex_);
  if (free_.size() < 8) free_.push_back(std::move(tree));
}

}  // namespace junqi
