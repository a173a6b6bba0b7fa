// Planted leaks: they exist only to prove that the leakage tests
// (tests/leakage/) catch what they guard against; scripts/check-planted-leaks.sh
// builds them and expects those tests to fail. Only code under
// JUNQI_PLANT_LEAK_CLASSIC, _FOUR or _FLIP includes this file (the CMake option
// JUNQI_PLANT_LEAK, or the leakage_tests_planted_* programs), so no other build sees it.
//
// A referee-side hook whispers a hidden fact under a key that the agent side
// can form from what it was legitimately given (the text of a view); the agent
// side overhears it. The newest whisper of a key wins, as if the fact had
// travelled inside the view object without changing its text.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace junqi::planted {

inline std::mutex& whisperLock() {
  static std::mutex lock;
  return lock;
}

template <class Fact>
std::map<std::string, Fact>& whispers() {
  static std::map<std::string, Fact> facts;
  return facts;
}

template <class Fact>
void whisper(const std::string& key, const Fact& fact) {
  std::lock_guard lock(whisperLock());
  whispers<Fact>().insert_or_assign(key, fact);
}

template <class Fact>
std::optional<Fact> overhear(const std::string& key) {
  std::lock_guard lock(whisperLock());
  const auto it = whispers<Fact>().find(key);
  if (it == whispers<Fact>().end()) return std::nullopt;
  return it->second;
}

}  // namespace junqi::planted
