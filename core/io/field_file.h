// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <string>

#include "core/field/motion_field.h"
#include "core/util/result.h"

namespace mg {

// The motion field file, format "mgstudio.field" version 2 (FIELD_FORMAT.md; version 1 files,
// without the build time, still read): one binary file with
// the field's settings, its skeleton, its motions at the working rate, and its value function if
// it has one. Reading rebuilds the states, features and neighbour index from those motions, so a
// field read back plays exactly as the field written.
inline constexpr const char* kFieldMagic = "MGFIELD1";  // 8 bytes at offset 0
inline constexpr int kFieldVersion = 2;
inline constexpr int kFieldOldestVersion = 1;

// The file's bytes for `field`.
std::string encodeFieldFile(const MotionField& field);

// Writes `field` to `path` atomically (core/util/atomic_file.h). Fails, naming the file, when it
// cannot be written.
Status writeFieldFile(const std::string& path, const MotionField& field);

// Parses bytes of a field file (`name` is used in messages). Fails, naming what is wrong, when:
// the magic is not a field file's; the version is not kFieldOldestVersion..kFieldVersion
// ("version 3; this program reads versions 1 to 2"); the file is shorter than its header says
// (truncated) or longer; the checksum does not match (corrupt); a count, size or number is out of
// range or not finite; the skeleton or a motion is invalid; the value function does not fit the
// database.
Result<std::shared_ptr<const MotionField>> decodeFieldFile(const std::string& bytes,
                                                           const std::string& name);

// Reads and decodes `path`.
Result<std::shared_ptr<const MotionField>> readFieldFile(const std::string& path);

}  // namespace mg
