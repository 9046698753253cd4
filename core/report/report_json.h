// SPDX-License-Identifier: MIT
#pragma once

#include "core/report/quality_report.h"
#include "core/util/json_text.h"

namespace mg {

// The report as JSON (format "mgstudio.quality-report", version 1): settings, the source
// figures, one object per input (in the order given) with its size, continuity, skate,
// transitions (the worst listed), coverage, responsiveness and timing, and the histograms'
// shared bins and counts. Figures that do not apply (responsiveness of a kind that cannot be
// steered, visit evenness of a blending kind) are null. Units are in the key names: bhps2 =
// body heights / s^2, bhps = body heights / s, mps = m/s.
Json qualityReportJson(const QualityReport& report);

}  // namespace mg
