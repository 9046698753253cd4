// SPDX-License-Identifier: MIT
#include "core/motion/units.h"

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

LengthUnit guessLengthUnit(double h) {
  if (h >= 0.6 && h < 3.0) return lengthUnitByName("m");
  if (h >= 10.0 && h < 45.0) return lengthUnitByName("cmu-asf");
  if (h >= 45.0 && h < 100.0) return lengthUnitByName("in");
  if (h >= 100.0 && h < 300.0) return lengthUnitByName("cm");
  if (h >= 600.0 && h < 3000.0) return lengthUnitByName("mm");
  return lengthUnitByName("m");
}

}  // namespace mg
