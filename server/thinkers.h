// The agents' threads still thinking, those of ended games included (a search
// cannot be interrupted: a game that ends or expires lets its agent's thread
// go, and the move it finds is dropped). The server caps how many there are,
// so that games resigned in a row cannot pile up searches, and waits for them
// before it is gone.
#pragma once

#include <condition_variable>
#include <mutex>

namespace junqi::server {

class Thinkers {
 public:
  void begin() {
    std::lock_guard lock(mutex_);
    ++running_;
  }
  void end() {
    std::lock_guard lock(mutex_);
    --running_;
    done_.notify_all();
  }
  int running() const {
    std::lock_guard lock(mutex_);
    return running_;
  }
  void waitForAll() {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return running_ == 0; });
  }

 private:
  mutable std::mutex mutex_;
  std::condition_variable done_;
  int running_ = 0;
};

}  // namespace junqi::server
