// SPDX-License-Identifier: MIT
#pragma once

#include <string>

#include "core/metric/metric_settings.h"
#include "core/util/result.h"

namespace mg {

// File names of the metric's enumerations, shared by the PMG text, JSON and spec formats.
std::string weightingName(WindowWeighting w);  // "uniform", "tapered"
Result<WindowWeighting> weightingByName(const std::string& name);
std::string jointSelectionName(JointSelection s);  // "all", "major", "custom"
Result<JointSelection> jointSelectionByName(const std::string& name);

}  // namespace mg
