// SPDX-License-Identifier: MIT
#include "core/motion/units.h"

#include <cmath>
#include <cstdio>

namespace mg {
namespace {
constexpr double kInch = 0.0254;
}  // namespace

LengthUnit lengthUnitByName(const std::string& name) {
  if (name == "m") return {"m", 1.0};
  if (name == "cm") return {"cm", 0.01};
  if (name == "mm") return {"mm", 0.001};
  if (name == "in") return {"in", kInch};
  if (name == "cmu-asf") return {"cmu-asf", kInch / 0.45};
  return {name, 0.0};
}

// The unit in which `h` file units is a person's height; empty when there is none.
const char* humanUnitFor(double h) {
  if (h >= 0.6 && h < 3.0) return "m";
  if (h >= 10.0 && h < 45.0) return "cmu-asf";
  if (h >= 45.0 && h < 100.0) return "in";
  if (h >= 100.0 && h < 300.0) return "cm";
  if (h >= 600.0 && h < 3000.0) return "mm";
  return "";
}

LengthUnit guessLengthUnit(double h) {
  const char* name = humanUnitFor(h);
  return lengthUnitByName(*name ? name : "m");
}

bool isHumanHeight(double h) {
  return *humanUnitFor(h) != '\0';
}

std::string lengthUnitNameOf(double metresPerUnit) {
  for (const char* name : {"m", "cm", "mm", "in", "cmu-asf"}) {
    const double m = lengthUnitByName(name).metresPerUnit;
    if (std::abs(metresPerUnit - m) <= 1e-12 * m) return name;
  }
  return "";
}

}  // namespace mg

namespace mg {

std::string lengthUnitLabel(double metresPerUnit) {
  if (std::string name = lengthUnitNameOf(metresPerUnit); !name.empty()) return name;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.6g m", metresPerUnit);
  return buf;
}

}  // namespace mg
