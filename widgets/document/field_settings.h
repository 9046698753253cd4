// SPDX-License-Identifier: MIT
#pragma once

#include "core/util/json_text.h"
#include "core/util/result.h"

namespace mg {

// The Motion Fields workspace's authoring settings, saved in the project's optional
// "field" section (older projects have none and get the defaults): which task the field
// learns, how many neighbours it blends, and the temporal compression of its value function.
struct FieldSettings {
  int task = 0;         // 0 direction, 1 line
  int k = 15;           // [1, 100]
  int compression = 1;  // [1, 100]

  bool operator==(const FieldSettings&) const = default;
  // Fails when a value is out of its range.
  Status validate() const;
};

Json fieldSettingsJson(const FieldSettings& settings);
// Reads a "field" section; fails naming the bad key.
Result<FieldSettings> fieldSettingsFromJson(const Json& json);

}  // namespace mg
