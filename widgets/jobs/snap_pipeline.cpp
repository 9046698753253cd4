// SPDX-License-Identifier: MIT
#include "widgets/jobs/snap_pipeline.h"

#include <algorithm>

#include "widgets/document/project.h"

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
  for (const MotionEntry& e : project.motions()) {
    in.motionIds.push_back(e.id);
    in.motions.push_back(e.motion);
  }
  in.metric = project.metricSettings();
  in.hubs = project.hubs()->hubs();
  return in;
}

void runSnapPipeline(const SnapPipelineInput& input, const Progress& progress,
                     const std::function<void(const SnapPipelineState&)>& report) {
  SnapPipelineRequest request;
  request.motions = input.motions;
  request.metric = input.metric;
  request.snap = input.snap;
  for (const HubSpec& h : input.hubs) {
    auto it = std::find(input.motionIds.begin(), input.motionIds.end(), h.motion);
    const int motion = it == input.motionIds.end() ? -1 : static_cast<int>(it - input.motionIds.begin());
    request.hubs.push_back({h.name.toStdString(), motion, h.frame, h.threshold, h.wminFrames});
  }
  runSnapPipeline(request, progress, [&](const SnapPipelineResult& result) {
    SnapPipelineState s;
    static_cast<SnapPipelineResult&>(s) = result;
    s.error = QString::fromStdString(result.errorMessage);
    s.snapError = QString::fromStdString(result.snapErrorMessage);
    s.motionIds = input.motionIds;
    for (int r : result.hubRequestOfGraphHub) s.graphHubs.push_back(input.hubs[r].id);
    for (int r : result.emptyHubRequests) s.emptyHubs.push_back(input.hubs[r].id);
    report(s);
  });
}

}  // namespace mg
