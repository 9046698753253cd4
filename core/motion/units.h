// SPDX-License-Identifier: MIT
#pragma once

#include <string>

namespace mg {

// A length unit a capture file may use, with its size in metres.
struct LengthUnit {
  std::string name;      // "m", "cm", "mm", "in", "cmu-asf"
  double metresPerUnit;  // > 0
};

// Guesses the unit of a skeleton from its rest height in file units, assuming a human of roughly
// 1.2 to 2.2 m. CMU's ASF-derived BVH files use 1/0.45 inch per unit (a person is ~30 units tall).
// Ranges: [0.6, 3) m; [10, 45) cmu-asf; [45, 100) in; [100, 300) cm; [600, 3000) mm. Anything
// else is taken as metres, and the caller should let the user state the scale.
LengthUnit guessLengthUnit(double restHeightInFileUnits);

// Whether guessLengthUnit finds a unit in which `restHeightInFileUnits` is a person's height;
// false when it falls back to metres.
bool isHumanHeight(double restHeightInFileUnits);

// The name of the unit of exactly `metresPerUnit` metres (within 1e-12 relative), or "".
std::string lengthUnitNameOf(double metresPerUnit);

// For display: the name of the unit of `metresPerUnit` metres, else "0.0125 m".
std::string lengthUnitLabel(double metresPerUnit);

// The unit named `name` (one of the names above), or a unit with metresPerUnit 0 if unknown.
LengthUnit lengthUnitByName(const std::string& name);

}  // namespace mg
