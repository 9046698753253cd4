// SPDX-License-Identifier: MIT
#include "widgets/jobs/snap_pipeline.h"

#include <algorithm>

#include <QDir>
#include <QObject>

#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"
#include "widgets/document/skeleton_groups.h"

namespace mg {

int SnapPipelineState::motionIndex(MotionId id) const {
  auto it = std::find(motionIds.begin(), motionIds.end(), id);
  return it == motionIds.end() ? -1 : static_cast<int>(it - motionIds.begin());
}

int SnapPipelineState::graphHubIndex(HubId id) const {
  auto it = std::find(graphHubs.begin(), graphHubs.end(), id);
  return it == graphHubs.end() ? -1 : static_cast<int>(it - graphHubs.begin());
}

SnapPipelineInput snapPipelineInput(const Project& project) {
  SnapPipelineInput in;
  const std::vector<MotionEntry>& entries = project.motions();
  // The working skeleton is the first motion's (skeleton_groups.h): files of another skeleton
  // added later are set aside and never take the hubs' motions away. Missing motions (their file
  // was not found: a placeholder) are set aside too, saying where the file was.
  const SkeletonGroups groups = skeletonGroups(entries);
  const Motion* first = workingSkeletonMotion(entries);
  for (size_t row = 0; row < entries.size(); ++row) {
    const MotionEntry& e = entries[row];
    if (e.file.missing) {
      in.setAside.push_back(
          {e.id, QString::fromStdString(e.motion->name),
           QObject::tr("the file is missing: %1 (File > Find Missing Files, or Locate...)")
               .arg(QDir::toNativeSeparators(QString::fromStdString(e.motion->sourcePath)))});
      continue;
    }
    if (groups.groupOfRow[row] > 0) {
      in.setAside.push_back(
          {e.id, QString::fromStdString(e.motion->name),
           QObject::tr("another skeleton (%1 joints) than %2 (%3 joints), the first motion's: "
                       "Snap-Together needs one skeleton")
               .arg(e.motion->skeleton->jointCount())
               .arg(QString::fromStdString(first->name))
               .arg(first->skeleton->jointCount())});
      continue;
    }
    in.motionIds.push_back(e.id);
    in.motions.push_back(e.motion);
  }
  std::stable_sort(in.setAside.begin(), in.setAside.end(),
                   [&project](const SetAsideMotion& a, const SetAsideMotion& b) {
                     return project.indexOf(a.id) < project.indexOf(b.id);
                   });
  in.metric = project.metricSettings();
  in.hubs = hubsOf(project)->hubs();
  return in;
}

void runSnapPipeline(const SnapPipelineInput& input, const Progress& progress,
                     const std::function<void(const SnapPipelineState&)>& report) {
  SnapPipelineRequest request;
  request.motions = input.motions;
  request.metric = input.metric;
  request.snap = input.snap;
  std::vector<int> inputHubOfRequest;  // a hub on a set-aside motion sends no request
  std::vector<HubId> hubsSetAside;
  for (size_t i = 0; i < input.hubs.size(); ++i) {
    const HubSpec& h = input.hubs[i];
    auto it = std::find(input.motionIds.begin(), input.motionIds.end(), h.motion);
    const int motion =
        it == input.motionIds.end() ? -1 : static_cast<int>(it - input.motionIds.begin());
    const bool asideMotion =
        std::any_of(input.setAside.begin(), input.setAside.end(),
                    [&h](const SetAsideMotion& a) { return a.id == h.motion; });
    if (asideMotion) {
      hubsSetAside.push_back(h.id);
      continue;
    }
    inputHubOfRequest.push_back(static_cast<int>(i));
    request.hubs.push_back({h.name.toStdString(), motion, h.frame, h.threshold, h.wminFrames});
  }
  runSnapPipeline(request, progress, [&](const SnapPipelineResult& result) {
    SnapPipelineState s;
    static_cast<SnapPipelineResult&>(s) = result;
    s.error = QString::fromStdString(result.errorMessage);
    s.snapError = QString::fromStdString(result.snapErrorMessage);
    s.motionIds = input.motionIds;
    s.setAside = input.setAside;
    for (int r : result.hubRequestOfGraphHub)
      s.graphHubs.push_back(input.hubs[inputHubOfRequest[r]].id);
    for (int r : result.emptyHubRequests)
      s.emptyHubs.push_back(input.hubs[inputHubOfRequest[r]].id);
    s.emptyHubs.insert(s.emptyHubs.end(), hubsSetAside.begin(), hubsSetAside.end());
    report(s);
  });
}

}  // namespace mg
