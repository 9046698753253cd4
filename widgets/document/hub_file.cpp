// SPDX-License-Identifier: MIT
// HubList's part of the project file: the "snap" section (hub_list.h).
#include <QColor>

#include "core/util/json_fields.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"

namespace mg {

namespace {

const RegisterProjectSection<HubList> kHubListSection;

// The hubs of a checked section, ids 1..n, `motion` an index into the file's motions. Fails
// naming the field (frames count at `workingFps`).
Result<std::vector<HubSpec>> readHubs(const Json& section,
                                      const std::vector<std::shared_ptr<const Motion>>& motions,
                                      double workingFps) {
  JsonFields in(HubList::kKey);
  std::vector<HubSpec> hubs;
  if (!section.is_object()) return Error{std::string(HubList::kKey) + ": must be an object"};
  const Json* list = in.array(section, "hubs", "");
  if (!in.ok()) return in.error();
  const int motionCount = static_cast<int>(motions.size());
  in.objects(*list, "hubs", [&](const Json& h, const std::string& at) {
    HubSpec spec;
    spec.id = static_cast<HubId>(hubs.size()) + 1;
    spec.name = QString::fromStdString(in.text(h, "name", at));
    const std::string colour = in.text(h, "colour", at);
    spec.colour = QColor(QString::fromStdString(colour));
    spec.threshold = in.number(h, "threshold_m2", at);
    spec.motion = in.integer(h, "motion", at, 0, motionCount - 1);
    if (in.ok()) {
      // Frames count at the metric's working rate.
      const int frames = workingFrameCount(*motions[static_cast<size_t>(spec.motion)], workingFps);
      spec.frame = in.integer(h, "frame", at, 0, frames - 1);
    }
    spec.wminFrames = in.integer(h, "wmin_frames", at, 2);
    double xy[2];
    if (const Json* node = in.optional(h, "node", at, JsonKind::Array);
        node && in.numbers(*node, at + ".node", 2, xy))
      spec.nodePosition = QPointF(xy[0], xy[1]);
    if (in.ok() && !spec.colour.isValid())
      in.fail(at + ".colour", "\"" + colour + "\" is not a colour");
    if (in.ok() && !(spec.threshold > 0)) in.fail(at + ".threshold_m2", "must be positive");
    hubs.push_back(std::move(spec));
  });
  if (!in.ok()) return in.error();
  return hubs;
}

}  // namespace

Json HubList::save(const Project& project, const QString& projectFolder) const {
  (void)projectFolder;
  if (m_hubs.empty()) return {};
  JsonArray hubs;
  for (const HubSpec& h : m_hubs) {
    JsonObject hub{{"name", h.name.toStdString()},
                   {"colour", h.colour.name(QColor::HexRgb).toStdString()},
                   {"threshold_m2", h.threshold},
                   {"motion", project.indexOf(h.motion)},
                   {"frame", h.frame},
                   {"wmin_frames", h.wminFrames}};
    if (h.nodePosition) hub["node"] = JsonArray{h.nodePosition->x(), h.nodePosition->y()};
    hubs.emplace_back(std::move(hub));
  }
  return JsonObject{{"hubs", std::move(hubs)}};
}

Status HubList::check(const Json& section, const ProjectFileContext& file) const {
  Result<std::vector<HubSpec>> hubs = readHubs(section, file.motions, file.metric.workingFps);
  if (!hubs) return hubs.error();
  return Status::success();
}

void HubList::apply(const Json& section, const std::vector<MotionId>& motionIds) {
  std::vector<std::shared_ptr<const Motion>> motions;
  for (MotionId id : motionIds) motions.push_back(project()->motion(id));
  Result<std::vector<HubSpec>> hubs =
      readHubs(section, motions, project()->metricSettings().workingFps);
  if (!hubs) return;
  for (HubSpec& h : *hubs) h.motion = motionIds[static_cast<size_t>(h.motion)];
  reset(std::move(hubs.value()));
}

HubList* hubsOf(Project& project) {
  return ensureSection<HubList>(project);
}
const HubList* hubsOf(const Project& project) {
  return ensureSection<HubList>(project);
}

}  // namespace mg
