// SPDX-License-Identifier: MIT
#include "widgets/jobs/field_cache.h"

#include "core/io/field_file.h"

namespace mg {

Json fieldCacheInputs(const std::vector<FileFingerprint>& motions, const FieldSettings& settings,
                      double workingFps, int trimLeadingFrames) {
  JsonArray list;
  for (const FileFingerprint& f : motions)
    list.push_back(JsonObject{{"size_bytes", static_cast<double>(f.sizeBytes)},
                              {"checksum", checksumHex(f.checksum)}});
  return JsonObject{{"result", "motion field"},
                    {"motions", std::move(list)},
                    {"settings", fieldSettingsJson(settings)},
                    {"working_fps", workingFps},
                    {"trim_leading_frames", trimLeadingFrames},
                    // Fields from before capture glitches were left out are stale.
                    {"glitches", "left out"}};
}

std::vector<FileFingerprint> fieldCacheMotions(const Json& inputs) {
  std::vector<FileFingerprint> out;
  const Json* motions = inputs.is_object() ? jsonFind(inputs, "motions") : nullptr;
  if (!motions || !motions->is_array()) return {};
  for (const Json& m : *motions) {
    const Json* size = m.is_object() ? jsonFind(m, "size_bytes") : nullptr;
    const Json* checksum = m.is_object() ? jsonFind(m, "checksum") : nullptr;
    if (!size || !size->is_number() || !checksum || !checksum->is_string()) return {};
    Result<std::uint64_t> c = checksumFromHex(checksum->get_ref<const std::string&>());
    if (!c) return {};
    out.push_back({static_cast<std::int64_t>(size->get<double>()), *c});
  }
  return out;
}

std::string encodeFieldOutcome(const FieldBuildOutcome& outcome) {
  const MotionFieldBuildStats& s = outcome.stats;
  const Json stats(JsonObject{{"states", s.states},
                              {"dims", s.dims},
                              {"anchors", s.anchors},
                              {"iterations", s.iterations},
                              {"bellman_residual", s.bellmanResidual},
                              {"states_seconds", s.statesSeconds},
                              {"neighbours_seconds", s.neighboursSeconds},
                              {"value_iteration_seconds", s.valueIterationSeconds}});
  return jsonText(stats, -1) + "\n" + encodeFieldFile(*outcome.field);
}

Result<std::shared_ptr<const FieldBuildOutcome>> decodeFieldOutcome(const std::string& payload) {
  const size_t line = payload.find('\n');
  if (line == std::string::npos) return Error{"the field cache has no figures line"};
  Result<Json> stats = readJsonText(std::string_view(payload).substr(0, line));
  if (!stats || !stats->is_object()) return Error{"the field cache's figures are not JSON"};
  MotionFieldBuildStats s;
  auto number = [&](const char* key) {
    const Json* v = jsonFind(*stats, key);
    return v && v->is_number() ? v->get<double>() : 0.0;
  };
  s.states = static_cast<int>(number("states"));
  s.dims = static_cast<int>(number("dims"));
  s.anchors = static_cast<int>(number("anchors"));
  s.iterations = static_cast<int>(number("iterations"));
  s.bellmanResidual = number("bellman_residual");
  s.statesSeconds = number("states_seconds");
  s.neighboursSeconds = number("neighbours_seconds");
  s.valueIterationSeconds = number("value_iteration_seconds");
  Result<std::shared_ptr<const MotionField>> field =
      decodeFieldFile(payload.substr(line + 1), "the field cache");
  if (!field) return field.error();
  if (!(*field)->values) return Error{"the field cache holds a field without its value function"};
  return fieldOutcomeOf(std::move(field.value()), s);
}

}  // namespace mg
