#include "tests/leakage/decision.h"

#include <fmt/format.h>

namespace junqi::leakage {

std::string differenceBetween(const Decision& a, const Decision& b) {
  std::string d;
  if (a.choice != b.choice) d += fmt::format(" choice {} vs {};", a.choice, b.choice);
  if (a.report.simulations != b.report.simulations) d += " simulations;";
  if (a.report.depth != b.report.depth) d += " depth;";
  if (a.report.value != b.report.value) d += fmt::format(" value {} vs {};", a.report.value, b.report.value);
  if (a.report.principalLine != b.report.principalLine) d += " principal line;";
  if (a.report.rootShares != b.report.rootShares) d += " root visit shares;";
  if (a.report.note != b.report.note) d += fmt::format(" note '{}' vs '{}';", a.report.note, b.report.note);
  return d;
}

}  // namespace junqi::leakage
