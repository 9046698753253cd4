// SPDX-License-Identifier: MIT
#pragma once

#include <string>

namespace mg {

// Why a motion's file was read in the unit it was.
enum class UnitBasis {
  Unknown,   // no file: a synthesised motion (metresPerUnit 0)
  Guessed,   // guessLengthUnit of the file's rest height (a person of plausible size)
  Fallback,  // the rest height fits no human size in any unit, so it was taken as metres
  Asked,     // given by the user (mgtool --units, the project's import options)
};

// The length unit a motion's file was written in, kept on the Motion so that writing it again
// (mgtool convert, the editor's export) uses the same unit and a reader that guesses makes the same
// guess: a round trip is exact in size.
struct SourceUnit {
  std::string name = {};     // "cm", "m", "in", "mm", "cmu-asf"; empty for an unnamed scale
  double metresPerUnit = 0;  // size of one file unit in metres; 0: unknown (basis Unknown)
  UnitBasis basis = UnitBasis::Unknown;
  double restHeightUnits = 0;  // the file's rest height in its own units, what a guess saw
  std::string askedBy = {};    // basis Asked: who asked, e.g. "--units m"; may be empty

  bool known() const { return metresPerUnit > 0; }
};

// The unit's short name for display: its name, else lengthUnitLabel, or "?" when unknown.
std::string sourceUnitLabel(const SourceUnit& unit);

// Why the unit is what it is, in words: "guessed from a rest height of 172 units", "as asked
// (--units m)", "a rest height of 0 units fits no human size, taken as metres", "not read from a
// file".
std::string sourceUnitReason(const SourceUnit& unit);

// "cm, guessed from a rest height of 172 units": the label and the reason.
std::string describeSourceUnit(const SourceUnit& unit);

}  // namespace mg
