// SPDX-License-Identifier: MIT
#include "widgets/document/subgraph_file.h"

#include <set>

#include "core/util/json_fields.h"
#include "widgets/document/project.h"

namespace mg {

namespace {

// Reads {motion, begin_seconds, end_seconds} of `object` into the three outputs; `label` names the
// entry in the message of a span outside its motion.
void readSpan(JsonFields& in, const Json& object,
              const std::vector<std::shared_ptr<const Motion>>& motions, const std::string& at,
              const std::string& label, int* motion, double* begin, double* end) {
  *motion = in.integer(object, "motion", at, 0, static_cast<int>(motions.size()) - 1);
  *begin = in.number(object, "begin_seconds", at);
  *end = in.number(object, "end_seconds", at);
  if (in.ok() &&
      (*begin < 0 || *end <= *begin || *end > motions[*motion]->durationSeconds() + 1e-6))
    in.fail(label, "times are outside its motion or empty");
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
  JsonFields in("subgraph");
  const Json* keys = in.array(section, "keys", "");
  const Json* settings = in.object(section, "settings", "");
  const Json* choices = in.array(section, "choices", "");
  if (!in.ok()) return in.error();
  SubgraphSection out;
  std::set<std::string> names;
  in.objects(*keys, "keys", [&](const Json& k, const std::string& at) {
    const std::string name = in.text(k, "name", at), colour = in.text(k, "colour", at);
    const std::string label = at + " (key \"" + name + "\")";
    if (in.ok() && name.empty()) return in.fail(at + ".name", "is empty");
    if (in.ok() && !names.insert(name).second) return in.fail(label, "the name is repeated");
    SubgraphKeySpec spec;
    spec.id = static_cast<int>(out.keys.size()) + 1;
    spec.name = QString::fromStdString(name);
    spec.colour = QColor(QString::fromStdString(colour));
    if (in.ok() && !spec.colour.isValid())
      return in.fail(at + ".colour", "\"" + colour + "\" is not a colour");
    readSpan(in, k, motions, at, label, &spec.motion, &spec.beginSeconds, &spec.endSeconds);
    out.keys.push_back(std::move(spec));
  });
  in.objects(*choices, "choices", [&](const Json& c, const std::string& at) {
    SubgraphChoice choice;
    readSpan(in, c, motions, at, at + " (chosen stretch)", &choice.motion, &choice.beginSeconds,
             &choice.endSeconds);
    out.choices.push_back(choice);
  });
  SubgraphSettings& s = out.settings;
  s.requirement = in.integer(*settings, "requirement", "settings", 1, 4);
  s.gamma = in.integer(*settings, "gamma", "settings", 1, 2000);
  s.alpha = in.number(*settings, "alpha", "settings");
  s.frameCost = in.number(*settings, "frame_cost", "settings");
  s.entryFrames = in.integer(*settings, "entry_frames", "settings", 1, 1000000);
  s.strict = in.flag(*settings, "strict", "settings");
  s.fromCore = in.flag(*settings, "from_core", "settings");
  s.thresholdM2 = in.number(*settings, "threshold_m2", "settings");
  s.maxIterations = in.integer(*settings, "max_iterations", "settings", 1, 10000);
  if (in.ok() && s.alpha < 0) in.fail("settings.alpha", "must be >= 0");
  if (in.ok() && !(s.frameCost > 0)) in.fail("settings.frame_cost", "must be positive");
  if (in.ok() && !(s.thresholdM2 > 0)) in.fail("settings.threshold_m2", "must be positive");
  if (!in.ok()) return in.error();
  return out;
}

void applySubgraphSection(SubgraphDocument* doc, SubgraphSection section,
                          const std::vector<int>& motionIds) {
  for (SubgraphKeySpec& k : section.keys) k.motion = motionIds[k.motion];
  for (SubgraphChoice& c : section.choices) c.motion = motionIds[c.motion];
  doc->replaceAll(std::move(section.keys), section.settings, std::move(section.choices));
}

}  // namespace mg
