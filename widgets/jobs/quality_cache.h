// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <string>

#include "core/report/quality_report.h"
#include "core/util/json_text.h"
#include "core/util/result.h"

namespace mg {

class Project;

// The quality report's cache beside the project (widgets/document/result_cache.h).
inline constexpr const char* kQualityCacheName = "quality.cache";

// The inputs of a report on `project`'s graphs, as cache inputs: everything the graphs are
// derived from (projectInputsJson) and the report's settings.
Json qualityCacheInputs(const Project& project, const QualityReportSettings& settings);

// The payload: every figure of `report` (binary, QDataStream Qt 6.0 layout, little-endian).
std::string encodeQualityReport(const QualityReport& report);
// Fails when the payload is truncated or has another tag or version.
Result<std::shared_ptr<const QualityReport>> decodeQualityReport(const std::string& payload);

}  // namespace mg
