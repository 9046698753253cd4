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
// naming the field; with `insideMotions`, also on a frame past its motion's end at `workingFps`.
Result<std::vector<HubSpec>> readHubs(const Json& section,
                                      const std::vector<std::shared_ptr<const Motion>>& motions,
                                      bool insideMotions = false, double workingFps = 0) {
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
    // Frames count at the metric's working rate (a new rate moves them: followHubFrames). A
    // capture file that changed since can leave a hub past its motion's end: the editor keeps such
    // a hub (empty: the snap pipeline skips it) and opens the project as it was saved.
    if (in.ok() && insideMotions) {
      const int frames = workingFrameCount(*motions[static_cast<size_t>(spec.motion)], workingFps);
      spec.frame = in.integer(h, "frame", at, 0, frames - 1);
    } else {
      spec.frame = in.integer(h, "frame", at, 0);
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
  JsonArray hubs;
  for (const HubSpec& h : m_hubs) {
    // A hub on a removed motion stays in the editor (undoing the removal brings the motion back)
    // but has no motion to refer to in the file, so it is left out, as subgraph keys are.
    const int motion = project.indexOf(h.motion);
    if (motion < 0) continue;
    JsonObject hub{{"name", h.name.toStdString()},
                   {"colour", h.colour.name(QColor::HexRgb).toStdString()},
                   {"threshold_m2", h.threshold},
                   {"motion", motion},
                   {"frame", h.frame},
                   {"wmin_frames", h.wminFrames}};
    if (h.nodePosition) hub["node"] = JsonArray{h.nodePosition->x(), h.nodePosition->y()};
    hubs.emplace_back(std::move(hub));
  }
  if (hubs.empty()) return {};
  return JsonObject{{"hubs", std::move(hubs)}};
}

Status HubList::check(const Json& section, const ProjectFileContext& file) const {
  Result<std::vector<HubSpec>> hubs =
      readHubs(section, file.motions, file.requireItemsInsideMotions, file.metric.workingFps);
  if (!hubs) return hubs.error();
  return Status::success();
}

void HubList::apply(const Json& section, const std::vector<MotionId>& motionIds) {
  std::vector<std::shared_ptr<const Motion>> motions;
  for (MotionId id : motionIds) motions.push_back(project()->motion(id));
  Result<std::vector<HubSpec>> hubs = readHubs(section, motions);
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
