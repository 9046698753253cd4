// SPDX-License-Identifier: MIT
#include "widgets/document/subgraph_file.h"

#include <cmath>
#include <set>

#include "widgets/document/project.h"

namespace mg {

namespace {

const JsonValue* field(const JsonValue& object, const char* name, JsonValue::Kind kind, std::string& why,
                       const std::string& where) {
  const JsonValue* v = object.isObject() ? object.find(name) : nullptr;
  if (!v || v->kind() != kind) {
    if (why.empty()) why = "subgraph: " + where + "\"" + name + "\" is missing or of the wrong type";
    return nullptr;
  }
  return v;
}

bool wholeIn(const JsonValue& v, int low, int high, int* out) {
  const double n = v.asNumber();
  if (!std::isfinite(n) || n != std::floor(n) || n < low || n > high) return false;
  *out = static_cast<int>(n);
  return true;
}

// Reads {motion, begin_seconds, end_seconds} of `object` into the three outputs.
std::string readSpan(const JsonValue& object, const std::vector<std::shared_ptr<const Motion>>& motions,
                     const std::string& where, int* motion, double* begin, double* end) {
  std::string why;
  const JsonValue* m = field(object, "motion", JsonValue::Kind::Number, why, where);
  const JsonValue* b = field(object, "begin_seconds", JsonValue::Kind::Number, why, where);
  const JsonValue* e = field(object, "end_seconds", JsonValue::Kind::Number, why, where);
  if (!why.empty()) return why;
  if (!wholeIn(*m, 0, static_cast<int>(motions.size()) - 1, motion)) {
    return "subgraph: " + where + "names a motion that is not in the project";
  }
  *begin = b->asNumber();
  *end = e->asNumber();
  const double duration = motions[*motion]->durationSeconds();
  if (!std::isfinite(*begin) || !std::isfinite(*end) || *begin < 0 || *end <= *begin ||
      *end > duration + 1e-6) {
    return "subgraph: " + where + "times are outside its motion or empty";
  }
  return {};
}

}  // namespace

JsonValue subgraphSectionJson(const SubgraphDocument& doc, const Project& project) {
  if (doc.isEmpty()) return {};
  JsonValue::Array keys, choices;
  for (const SubgraphKeySpec& k : doc.keys()) {
    const int index = project.indexOf(k.motion);
    if (index < 0) continue;
    keys.push_back(JsonValue::Object{{"name", k.name.toStdString()},
                                     {"colour", k.colour.name(QColor::HexRgb).toStdString()},
                                     {"motion", index},
                                     {"begin_seconds", k.beginSeconds},
                                     {"end_seconds", k.endSeconds}});
  }
  for (const SubgraphChoice& c : doc.choices()) {
    const int index = project.indexOf(c.motion);
    if (index < 0) continue;
    choices.push_back(
        JsonValue::Object{{"motion", index}, {"begin_seconds", c.beginSeconds}, {"end_seconds", c.endSeconds}});
  }
  const SubgraphSettings& s = doc.settings();
  return JsonValue::Object{{"keys", keys},
                           {"settings", JsonValue::Object{{"requirement", s.requirement},
                                                          {"gamma", s.gamma},
                                                          {"alpha", s.alpha},
                                                          {"frame_cost", s.frameCost},
                                                          {"entry_frames", s.entryFrames},
                                                          {"strict", s.strict},
                                                          {"from_core", s.fromCore},
                                                          {"threshold_m2", s.thresholdM2},
                                                          {"max_iterations", s.maxIterations}}},
                           {"choices", choices}};
}

Result<SubgraphSection> readSubgraphSection(const JsonValue& section,
                                            const std::vector<std::shared_ptr<const Motion>>& motions) {
  std::string why;
  const JsonValue* keys = field(section, "keys", JsonValue::Kind::Array, why, "");
  const JsonValue* settings = field(section, "settings", JsonValue::Kind::Object, why, "");
  const JsonValue* choices = field(section, "choices", JsonValue::Kind::Array, why, "");
  if (!why.empty()) return Error{why};
  SubgraphSection out;
  std::set<std::string> names;
  for (const JsonValue& k : keys->asArray()) {
    const std::string where = "key " + std::to_string(out.keys.size() + 1) + ": ";
    const JsonValue* name = field(k, "name", JsonValue::Kind::String, why, where);
    const JsonValue* colour = field(k, "colour", JsonValue::Kind::String, why, where);
    if (!why.empty()) return Error{why};
    const std::string label = "key \"" + name->asString() + "\": ";
    if (name->asString().empty()) return Error{"subgraph: " + where + "the name is empty"};
    if (!names.insert(name->asString()).second) return Error{"subgraph: " + label + "the name is repeated"};
    SubgraphKeySpec spec;
    spec.id = static_cast<int>(out.keys.size()) + 1;
    spec.name = QString::fromStdString(name->asString());
    spec.colour = QColor(QString::fromStdString(colour->asString()));
    if (!spec.colour.isValid()) return Error{"subgraph: " + label + "bad colour"};
    if (std::string e = readSpan(k, motions, label, &spec.motion, &spec.beginSeconds, &spec.endSeconds); !e.empty())
      return Error{e};
    out.keys.push_back(std::move(spec));
  }
  for (const JsonValue& c : choices->asArray()) {
    SubgraphChoice choice;
    const std::string where = "chosen stretch " + std::to_string(out.choices.size() + 1) + ": ";
    if (std::string e = readSpan(c, motions, where, &choice.motion, &choice.beginSeconds, &choice.endSeconds);
        !e.empty())
      return Error{e};
    out.choices.push_back(choice);
  }
  SubgraphSettings& s = out.settings;
  const std::string where = "settings: ";
  const JsonValue* requirement = field(*settings, "requirement", JsonValue::Kind::Number, why, where);
  const JsonValue* gamma = field(*settings, "gamma", JsonValue::Kind::Number, why, where);
  const JsonValue* alpha = field(*settings, "alpha", JsonValue::Kind::Number, why, where);
  const JsonValue* frameCost = field(*settings, "frame_cost", JsonValue::Kind::Number, why, where);
  const JsonValue* entry = field(*settings, "entry_frames", JsonValue::Kind::Number, why, where);
  const JsonValue* strict = field(*settings, "strict", JsonValue::Kind::Bool, why, where);
  const JsonValue* fromCore = field(*settings, "from_core", JsonValue::Kind::Bool, why, where);
  const JsonValue* threshold = field(*settings, "threshold_m2", JsonValue::Kind::Number, why, where);
  const JsonValue* iterations = field(*settings, "max_iterations", JsonValue::Kind::Number, why, where);
  if (!why.empty()) return Error{why};
  s.alpha = alpha->asNumber();
  s.frameCost = frameCost->asNumber();
  s.thresholdM2 = threshold->asNumber();
  s.strict = strict->asBool();
  s.fromCore = fromCore->asBool();
  if (!wholeIn(*requirement, 1, 4, &s.requirement) || !wholeIn(*gamma, 1, 2000, &s.gamma) ||
      !wholeIn(*entry, 1, 1000000, &s.entryFrames) || !wholeIn(*iterations, 1, 10000, &s.maxIterations) ||
      !std::isfinite(s.alpha) || s.alpha < 0 || !std::isfinite(s.frameCost) || s.frameCost <= 0 ||
      !std::isfinite(s.thresholdM2) || s.thresholdM2 <= 0) {
    return Error{"subgraph: settings: a value is out of range"};
  }
  return out;
}

void applySubgraphSection(SubgraphDocument* doc, SubgraphSection section, const std::vector<int>& motionIds) {
  for (SubgraphKeySpec& k : section.keys) k.motion = motionIds[k.motion];
  for (SubgraphChoice& c : section.choices) c.motion = motionIds[c.motion];
  doc->replaceAll(std::move(section.keys), section.settings, std::move(section.choices));
}

}  // namespace mg
