// SPDX-License-Identifier: MIT
#include "app/mgtool/cli/common_options.h"

#include "core/motion/units.h"

namespace mg::tool {

Value<std::uint64_t> seedOption(Command& command, std::string help) {
  return command.number<std::uint64_t>("seed", "K", std::move(help), 1, 0, kMaxSeed);
}

Value<int> threadsOption(Command& command, std::string help) {
  return command.number<int>("threads", "N", std::move(help), 0, 0, 1024);
}

Value<std::string> outOption(Command& command, std::string valueName, std::string what) {
  return command.required("out", std::move(valueName), std::move(what));
}

UnitsOption::UnitsOption(Command& command, std::string help)
    : m_units(command.choice("units", "U", std::move(help), {"cm", "m", "mm", "in"}, "")) {}

double UnitsOption::metresPerUnit() const {
  return m_units.given() ? lengthUnitByName(*m_units).metresPerUnit : 0.0;
}

ImportOptions UnitsOption::apply(ImportOptions options) const {
  if (!m_units.given()) return options;
  options.metresPerUnit = metresPerUnit();
  options.unitAskedBy = "--units " + *m_units;
  return options;
}

BvhWriteOptions UnitsOption::bvhOptions() const {
  BvhWriteOptions bvh;
  if (m_units.given()) bvh.metresPerUnit = metresPerUnit();
  return bvh;
}

MotionFormatOption::MotionFormatOption(Command& command)
    : m_command(command),
      m_format(command.text("format", "F",
                            "file format of the motion written: bvh, gltf or glb (default: from "
                            "the file name; FBX is not offered, see README)")) {}

std::optional<MotionFormat> MotionFormatOption::formatFor(const std::string& out,
                                                          bool defaultBvh) const {
  if (m_format.given() && m_format->empty()) {
    m_command.usageError(std::string("--format needs a value (") + motionFormatNames() + ")");
    return std::nullopt;
  }
  Result<MotionFormat> format = chooseMotionFormat(out, *m_format, defaultBvh);
  if (!format) {
    m_command.usageError(format.error().message);
    return std::nullopt;
  }
  return *format;
}

ClipFormatOption::ClipFormatOption(Command& command)
    : m_command(command),
      m_format(command.text("format", "F",
                            "also write every clip as F (glb or gltf) beside its BVH, for game "
                            "engines (default bvh: BVH only)")) {}

std::optional<std::vector<MotionFormat>> ClipFormatOption::copies() const {
  if (!m_format.given()) return std::vector<MotionFormat>{};
  Result<MotionFormat> format = chooseMotionFormat("", *m_format, true);
  if (m_format->empty() || !format) {
    m_command.usageError("--format: " + (m_format->empty() ? std::string("give bvh, glb or gltf")
                                                           : format.error().message));
    return std::nullopt;
  }
  if (*format == MotionFormat::Bvh) return std::vector<MotionFormat>{};
  return std::vector<MotionFormat>{*format};
}

}  // namespace mg::tool
