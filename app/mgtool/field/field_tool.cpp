// SPDX-License-Identifier: MIT
#include "app/mgtool/field/field_tool.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/subgraph/dmg_database.h"
#include "core/util/stopwatch.h"

namespace mg::tool {
namespace {

std::vector<std::string> split(const std::string& text, char by) {
  std::vector<std::string> out(1);
  for (char c : text) {
    if (c == by) {
      out.emplace_back();
    } else {
      out.back().push_back(c);
    }
  }
  return out;
}

bool number(const std::string& s, double& v) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && end == s.data() + s.size() && std::isfinite(v);
}

// Entries "a:b[:c...]" with `minParts`..`maxParts` numbers each (the last may be a name when
// `lastMayBeName`).
std::optional<std::vector<std::vector<std::string>>> entries(const Command& command,
                                                             const std::string& option,
                                                             const std::string& text,
                                                             size_t minParts, size_t maxParts) {
  std::vector<std::vector<std::string>> out;
  for (const std::string& e : split(text, ',')) {
    if (e.empty()) continue;
    std::vector<std::string> parts = split(e, ':');
    double v;
    bool ok = parts.size() >= minParts && parts.size() <= maxParts;
    for (size_t i = 0; ok && i < std::min(parts.size(), minParts); ++i) ok = number(parts[i], v);
    if (!ok || !number(parts[0], v) || v < 0) {
      command.usageError("--" + option + ": bad entry '" + e + "'");
      return std::nullopt;
    }
    out.push_back(std::move(parts));
  }
  return out;
}

}  // namespace

FieldBuildOptions::FieldBuildOptions(Command& command)
    : m_task(command.choice(
          "task", "KIND", "direction or line (default direction)",
          {fieldTaskName(FieldTaskKind::Direction), fieldTaskName(FieldTaskKind::Line)},
          fieldTaskName(FieldTaskKind::Direction))),
      m_k(command.number<int>("k", "K", "neighbours and actions per state (default 15)", 15, 1,
                              1000)),
      m_fps(command.number<double>(
          "fps", "R", "working rate the files are resampled to (default 30)", 30, 1, 1000)),
      m_trim(command.number<int>(
          "trim", "F", "drop F leading frames of each file (e.g. 10 for CMU)", 0, 0, 1e9)),
      m_compression(command.number<int>("compression", "N",
                                        "store values at every N-th state of each clip (default 1)",
                                        1, 1, 1e6)),
      m_discount(command.number<double>("discount", "G",
                                        "discount factor of value iteration (default 0.99)", 0.99,
                                        1e-6, 0.999999)),
      m_tolerance(command.number<double>(
          "tolerance", "E", "stop when the Bellman residual is below E (default 0.001)", 1e-3, 1e-9,
          1e3)),
      m_drift(command.number<double>(
          "drift", "D", "drift correction towards the nearest state (default 0.1)", 0.1, 0, 0.99)),
      m_passive(command.flag("passive", "no value function: the field only plays passively")),
      m_threads(threadsOption(command)),
      m_units(command),
      m_glitches(command) {}

FieldToolSettings FieldBuildOptions::settings() const {
  FieldToolSettings s;
  MotionFieldBuildSettings& b = s.build;
  parseFieldTaskKind(*m_task, b.task.kind);  // one of the choices, which all parse
  s.fps = *m_fps;
  s.trimFrames = *m_trim;
  s.import = m_units.apply({});
  s.keepGlitches = m_glitches.keep();
  b.field.database.workingFps = *m_fps;
  b.field.flow.k = *m_k;
  b.field.flow.driftCorrection = *m_drift;
  b.learn = !*m_passive;
  b.iteration.compression = *m_compression;
  b.iteration.discount = *m_discount;
  b.iteration.tolerance = *m_tolerance;
  b.threads = *m_threads;
  return s;
}

std::optional<MotionFieldBuild> buildFieldFromFiles(const Command& command,
                                                    const std::vector<std::string>& files,
                                                    const FieldToolSettings& settings,
                                                    double* loadSeconds) {
  Stopwatch clock;
  DmgToolSettings load;
  load.fps = settings.fps;
  load.trimFrames = settings.trimFrames;
  load.import = settings.import;
  const std::optional<DmgDatabase> db = loadDmgDatabase(command, files, load);
  if (!db) return std::nullopt;
  std::vector<std::shared_ptr<const Motion>> motions = db->motions;
  if (!settings.keepGlitches) {
    // Half a second at least: a shorter run between glitches gives states with no future.
    auto clean = leaveOutGlitches(command, motions, db->files, 0.5);
    if (!clean) return std::nullopt;
    motions = std::move(*clean);
  }
  if (loadSeconds) *loadSeconds = clock.seconds();
  Result<MotionFieldBuild> built = buildMotionField(motions, settings.build);
  if (!built) {
    command.note(built.error().message);
    return std::nullopt;
  }
  auto field = std::make_shared<MotionField>(*built->field);
  field->trimLeadingFrames = settings.trimFrames;  // recorded in the file for reports
  built->field = std::move(field);
  return std::move(built.value());
}

std::optional<std::vector<ScheduledDirective>> parseDirections(const Command& command,
                                                               const std::string& text) {
  const auto parsed = entries(command, "directions", text, 2, 2);
  if (!parsed) return std::nullopt;
  std::vector<ScheduledDirective> out;
  for (const auto& p : *parsed) {
    ScheduledDirective d;
    double deg = 0;
    number(p[0], d.seconds), number(p[1], deg);
    d.directive.kind = Directive::Kind::Heading;
    d.directive.headingRadians = deg * M_PI / 180.0;
    out.push_back(d);
  }
  return out;
}

std::optional<std::vector<ScheduledDirective>> parseLines(const Command& command,
                                                          const std::string& text) {
  const auto parsed = entries(command, "line", text, 3, 3);
  if (!parsed) return std::nullopt;
  std::vector<ScheduledDirective> out;
  for (const auto& p : *parsed) {
    ScheduledDirective d;
    double deg = 0;
    number(p[0], d.seconds), number(p[1], deg), number(p[2], d.directive.lineOffsetMetres);
    d.directive.kind = Directive::Kind::Line;
    d.directive.headingRadians = deg * M_PI / 180.0;
    out.push_back(d);
  }
  return out;
}

std::optional<std::vector<ScheduledPush>> parsePushes(const Command& command,
                                                      const std::string& text,
                                                      const Skeleton& skeleton) {
  const auto parsed = entries(command, "push", text, 3, 4);
  if (!parsed) return std::nullopt;
  std::vector<ScheduledPush> out;
  for (const auto& p : *parsed) {
    ScheduledPush s;
    double vx = 0, vz = 0;
    number(p[0], s.seconds), number(p[1], vx), number(p[2], vz);
    s.push.velocityChange = Eigen::Vector3d(vx, 0, vz);
    if (p.size() == 4) {
      s.push.joint = skeleton.findJoint(p[3]);
      if (s.push.joint < 0) {
        command.usageError("--push: the skeleton has no joint '" + p[3] + "'");
        return std::nullopt;
      }
    }
    out.push_back(s);
  }
  return out;
}

void writeResponseSummary(JsonWriter& json, const std::vector<ResponseRecord>& records) {
  const ResponseSummary s = summarizeResponses(records);
  json.beginObject();
  json.key("changes"), json.value(s.changes);
  json.key("failures"), json.value(s.failures);
  json.key("mean"), json.value(s.meanSeconds);
  json.key("median"), json.value(s.medianSeconds);
  json.key("max"), json.value(s.maxSeconds);
  json.endObject();
}

}  // namespace mg::tool
