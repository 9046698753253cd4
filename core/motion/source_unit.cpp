// SPDX-License-Identifier: MIT
#include "core/motion/source_unit.h"

#include <cstdio>

#include "core/motion/units.h"

namespace mg {
namespace {

// A number as people write it: "172", "0.9", "1.25e+04" (up to 4 significant digits).
std::string shortNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

}  // namespace

std::string sourceUnitLabel(const SourceUnit& unit) {
  if (!unit.known()) return "?";
  return unit.name.empty() ? lengthUnitLabel(unit.metresPerUnit) : unit.name;
}

std::string sourceUnitReason(const SourceUnit& unit) {
  const std::string height = "a rest height of " + shortNumber(unit.restHeightUnits) + " units";
  switch (unit.basis) {
    case UnitBasis::Unknown:
      return "not read from a file";
    case UnitBasis::Guessed:
      return "guessed from " + height;
    case UnitBasis::Fallback:
      return height + " fits no human size, taken as metres";
    case UnitBasis::Asked:
      return unit.askedBy.empty() ? std::string("as asked") : "as asked (" + unit.askedBy + ")";
  }
  return {};
}

std::string describeSourceUnit(const SourceUnit& unit) {
  return sourceUnitLabel(unit) + ", " + sourceUnitReason(unit);
}

}  // namespace mg
