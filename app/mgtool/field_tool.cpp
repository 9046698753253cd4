// SPDX-License-Identifier: MIT
#include "app/mgtool/field_tool.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "app/mgtool/dmg_database.h"
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
std::optional<std::vector<std::vector<std::string>>> entries(const std::string& command,
                                                             const std::string& option,
                                                             const std::string& text, size_t minParts,
                                                             size_t maxParts) {
  std::vector<std::vector<std::string>> out;
  for (const std::string& e : split(text, ',')) {
    if (e.empty()) continue;
    std::vector<std::string> parts = split(e, ':');
    double v;
    bool ok = parts.size() >= minParts && parts.size() <= maxParts;
    for (size_t i = 0; ok && i < std::min(parts.size(), minParts); ++i) ok = number(parts[i], v);
    if (!ok || !number(parts[0], v) || v < 0) {
      std::fprintf(stderr, "mgtool %s: --%s: bad entry '%s'\n", command.c_str(), option.c_str(), e.c_str());
      return std::nullopt;
    }
    out.push_back(std::move(parts));
  }
  return out;
}

}  // namespace

std::vector<OptionSpec> fieldBuildOptions() {
  return {{"task", "KIND", "direction or line (default direction)"},
          {"k", "K", "neighbours and actions per state (default 15)"},
          {"fps", "R", "working rate the files are resampled to (default 30)"},
          {"trim", "F", "drop F leading frames of each file (e.g. 10 for CMU)"},
          {"compression", "N", "store values at every N-th state of each clip (default 1)"},
          {"discount", "G", "discount factor of value iteration (default 0.99)"},
          {"tolerance", "E", "stop when the Bellman residual is below E (default 0.001)"},
          {"drift", "D", "drift correction towards the nearest state (default 0.1)"},
          {"passive", "", "no value function: the field only plays passively"},
          {"threads", "N", "threads (default: every hardware thread)"}};
}

std::optional<FieldToolSettings> readFieldToolSettings(const ParsedArgs& args, const std::string& command) {
  const auto k = numberOption(args, command, "k", 15, 1, 1000);
  const auto fps = numberOption(args, command, "fps", 30, 1, 1000);
  const auto trim = numberOption(args, command, "trim", 0, 0, 1e9);
  const auto compression = numberOption(args, command, "compression", 1, 1, 1e6);
  const auto discount = numberOption(args, command, "discount", 0.99, 1e-6, 0.999999);
  const auto tolerance = numberOption(args, command, "tolerance", 1e-3, 1e-9, 1e3);
  const auto drift = numberOption(args, command, "drift", 0.1, 0, 0.99);
  const auto threads = numberOption(args, command, "threads", 0, 0, 1024);
  if (!k || !fps || !trim || !compression || !discount || !tolerance || !drift || !threads) {
    return std::nullopt;
  }
  FieldToolSettings s;
  MotionFieldBuildSettings& b = s.build;
  const std::string task = args.has("task") ? args.options.at("task") : "direction";
  if (!parseFieldTaskKind(task, b.task.kind)) {
    std::fprintf(stderr, "mgtool %s: --task must be direction or line, not '%s'\n", command.c_str(), task.c_str());
    return std::nullopt;
  }
  s.fps = *fps;
  s.trimFrames = static_cast<int>(*trim);
  b.field.database.workingFps = *fps;
  b.field.flow.k = static_cast<int>(*k);
  b.field.flow.driftCorrection = *drift;
  b.learn = !args.has("passive");
  b.iteration.compression = static_cast<int>(*compression);
  b.iteration.discount = *discount;
  b.iteration.tolerance = *tolerance;
  b.threads = static_cast<int>(*threads);
  return s;
}

std::optional<MotionFieldBuild> buildFieldFromFiles(const std::string& command,
                                                    const std::vector<std::string>& files,
                                                    const FieldToolSettings& settings,
                                                    double* loadSeconds) {
  Stopwatch clock;
  DmgToolSettings load;
  load.fps = settings.fps;
  load.trimFrames = settings.trimFrames;
  const std::optional<DmgDatabase> db = loadDmgDatabase(command, files, load);
  if (!db) return std::nullopt;
  if (loadSeconds) *loadSeconds = clock.seconds();
  Result<MotionFieldBuild> built = buildMotionField(db->motions, settings.build);
  if (!built) {
    std::fprintf(stderr, "mgtool %s: %s\n", command.c_str(), built.error().message.c_str());
    return std::nullopt;
  }
  auto field = std::make_shared<MotionField>(*built->field);
  field->trimLeadingFrames = settings.trimFrames;  // recorded in the file for reports
  built->field = std::move(field);
  return std::move(built.value());
}

std::optional<std::vector<ScheduledDirective>> parseDirections(const std::string& command,
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

std::optional<std::vector<ScheduledDirective>> parseLines(const std::string& command,
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

std::optional<std::vector<ScheduledPush>> parsePushes(const std::string& command, const std::string& text,
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
        std::fprintf(stderr, "mgtool %s: --push: the skeleton has no joint '%s'\n", command.c_str(), p[3].c_str());
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
