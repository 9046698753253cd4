// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/util/file_checksum.h"
#include "core/util/json_text.h"
#include "core/util/result.h"
#include "widgets/document/field_settings.h"
#include "widgets/jobs/field_jobs.h"

namespace mg {

// The motion field's cache beside the project (widgets/document/result_cache.h), name "field".
inline constexpr const char* kFieldCacheName = "field.cache";

// The inputs a field was built from, as cache inputs: the fingerprints of its motions (in build
// order), the workspace's settings, the working rate and the import trim.
Json fieldCacheInputs(const std::vector<FileFingerprint>& motions, const FieldSettings& settings,
                      double workingFps, int trimLeadingFrames);
// The motion fingerprints of fieldCacheInputs' JSON (empty when it is not such JSON).
std::vector<FileFingerprint> fieldCacheMotions(const Json& inputs);

// The payload: the build's figures (one JSON line) then the field file (core/io/field_file.h).
std::string encodeFieldOutcome(const FieldBuildOutcome& outcome);
// Fails, naming what is wrong, when the payload is not encodeFieldOutcome's (the field file's
// own checks included).
Result<std::shared_ptr<const FieldBuildOutcome>> decodeFieldOutcome(const std::string& payload);

}  // namespace mg
