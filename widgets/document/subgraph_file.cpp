// SPDX-License-Identifier: MIT
#include "widgets/document/subgraph_file.h"

#include <cmath>
#include <set>

#include "widgets/document/project.h"

namespace mg {

namespace {

const Json* field(const Json& object, const char* name, JsonKind kind, std::string& why,
                  const std::string& where) {
  const Json* v = object.is_object() ? jsonFind(object, name) : nullptr;
  if (!v || jsonKind(*v) != kind) {
    if (why.empty()) why = "subgraph: " + where + "\"" + name + "\" is missing or of the wrong type";
    return nullptr;
  }
  return v;
}

bool wholeIn(const Json& v, int low, int high, int* out) {
  const double n = v.get<double>();
  if (!std::isfinite(n) || n != std::floor(n) || n < low || n > high) return false;
  *out = static_cast<int>(n);
  return true;
}

// Reads {motion, begin_seconds, end_seconds} of `object` into the three outputs.
std::string readSpan(const Json& object, const std::vector<std::shared_ptr<const Motion>>& motions,
                     const std::string& where, int* motion, double* begin, double* end) {
  std::string why;
  const Json* m = field(object, "motion", JsonKind::Number, why, where);
  const Json* b = field(object, "begin_seconds", JsonKind::Number, why, where);
  const Json* e = field(object, "end_seconds", JsonKind::Number, why, where);
  if (!why.empty()) return why;
  if (!wholeIn(*m, 0, static_cast<int>(motions.size()) - 1, motion)) {
    return "subgraph: " + where + "names a motion that is not in the project";
  }
  *begin = b->get<double>();
  *end = e->get<double>();
  const double duration = motions[*motion]->durationSeconds();
  if (!std::isfinite(*begin) || !std::isfinite(*end) || *begin < 0 || *end <= *begin ||
      *end > duration + 1e-6) {
    return "subgraph: " + where + "times are outside its motion or empty";
  }
  return {};
}

}  // namespace

Json subgraphSectionJson(const SubgraphDocument& doc, const Project& project) {
  if (doc.isEmpty()) return {};
  JsonArray keys, choices;
  for (const SubgraphKeySpec& k : doc.keys()) {
    const int index = project.indexOf(k.motion);
    if (index < 0) continue;
    keys.push_back(JsonObject{{"name", k.name.toStdString()},
                              {"colour", k.colour.name(QColor::HexRgb).toStdString()},
                              {"motion", index},
                              {"begin_seconds", k.beginSeconds},
                              {"end_seconds", k.endSeconds}});
  }
  for (const SubgraphChoice& c : doc.choices()) {
    const int index = project.indexOf(c.motion);
    if (index < 0) continue;
    choices.push_back(JsonObject{
        {"motion", index}, {"begin_seconds", c.beginSeconds}, {"end_seconds", c.endSeconds}});
  }
  const SubgraphSettings& s = doc.settings();
  return JsonObject{{"keys", keys},
                    {"settings", JsonObject{{"requirement", s.requirement},
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

Result<SubgraphSection> readSubgraphSection(
    const Json& section, const std::vector<std::shared_ptr<const Motion>>& motions) {
  std::string why;
  const Json* keys = field(section, "keys", JsonKind::Array, why, "");
  const Json* settings = field(section, "settings", JsonKind::Object, why, "");
  const Json* choices = field(section, "choices", JsonKind::Array, why, "");
  if (!why.empty()) return Error{why};
  SubgraphSection out;
  std::set<std::string> names;
  for (const Json& k : *keys) {
    const std::string where = "key " + std::to_string(out.keys.size() + 1) + ": ";
    const Json* name = field(k, "name", JsonKind::String, why, where);
    const Json* colour = field(k, "colour", JsonKind::String, why, where);
    if (!why.empty()) return Error{why};
    const std::string label = "key \"" + name->get_ref<const std::string&>() + "\": ";
    if (name->get_ref<const std::string&>().empty())
      return Error{"subgraph: " + where + "the name is empty"};
    if (!names.insert(name->get_ref<const std::string&>()).second)
      return Error{"subgraph: " + label + "the name is repeated"};
    SubgraphKeySpec spec;
    spec.id = static_cast<int>(out.keys.size()) + 1;
    spec.name = QString::fromStdString(name->get_ref<const std::string&>());
    spec.colour = QColor(QString::fromStdString(colour->get_ref<const std::string&>()));
    if (!spec.colour.isValid()) return Error{"subgraph: " + label + "bad colour"};
    if (std::string e = readSpan(k, motions, label, &spec.motion, &spec.beginSeconds, &spec.endSeconds); !e.empty())
      return Error{e};
    out.keys.push_back(std::move(spec));
  }
  for (const Json& c : *choices) {
    SubgraphChoice choice;
    const std::string where = "chosen stretch " + std::to_string(out.choices.size() + 1) + ": ";
    if (std::string e = readSpan(c, motions, where, &choice.motion, &choice.beginSeconds, &choice.endSeconds);
        !e.empty())
      return Error{e};
    out.choices.push_back(choice);
  }
  SubgraphSettings& s = out.settings;
  const std::string where = "settings: ";
  const Json* requirement = field(*settings, "requirement", JsonKind::Number, why, where);
  const Json* gamma = field(*settings, "gamma", JsonKind::Number, why, where);
  const Json* alpha = field(*settings, "alpha", JsonKind::Number, why, where);
  const Json* frameCost = field(*settings, "frame_cost", JsonKind::Number, why, where);
  const Json* entry = field(*settings, "entry_frames", JsonKind::Number, why, where);
  const Json* strict = field(*settings, "strict", JsonKind::Bool, why, where);
  const Json* fromCore = field(*settings, "from_core", JsonKind::Bool, why, where);
  const Json* threshold = field(*settings, "threshold_m2", JsonKind::Number, why, where);
  const Json* iterations = field(*settings, "max_iterations", JsonKind::Number, why, where);
  if (!why.empty()) return Error{why};
  s.alpha = alpha->get<double>();
  s.frameCost = frameCost->get<double>();
  s.thresholdM2 = threshold->get<double>();
  s.strict = strict->get<bool>();
  s.fromCore = fromCore->get<bool>();
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
