// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include <QString>

#include "core/snap/snap_pipeline.h"
#include "core/util/progress.h"
#include "widgets/document/hub_list.h"

namespace mg {

class Project;

// The editor's side of the Snap-Together derivation (core/snap/snap_pipeline.h, the same code
// `mgtool snap` runs): the document's ids in, the document's ids out.

// A motion of the project the derivation leaves out, and why (e.g. another skeleton).
struct SetAsideMotion {
  MotionId id = -1;
  QString name;
  QString reason;
  bool operator==(const SetAsideMotion&) const = default;
};

// What the derivation reads from the document: copies, so it can run on a worker. Snap-Together
// needs one skeleton: the motions of the working skeleton (the first motion's, skeleton_groups.h)
// are derived, the others are set aside with the reason.
struct SnapPipelineInput {
  std::vector<MotionId> motionIds;                     // project order, set-aside ones left out
  std::vector<std::shared_ptr<const Motion>> motions;  // as imported (file rate)
  std::vector<SetAsideMotion> setAside;                // project order
  MetricSettings metric;
  std::vector<HubSpec> hubs;  // creation order
  bool snap = true;           // run SnapJob after the graph
};

// Core's result in the document's terms: graph hub i is document hub graphHubs[i].
struct SnapPipelineState : SnapPipelineResult {
  QString error;                    // errorMessage
  QString snapError;                // snapErrorMessage
  std::vector<MotionId> motionIds;  // of `working`, in order
  std::vector<HubId> graphHubs;     // graph hub index -> document hub
  std::vector<HubId> emptyHubs;     // hubs whose match set is empty (or whose motion is set aside)
  std::vector<SetAsideMotion> setAside;  // motions not derived (SnapPipelineInput::setAside)

  int motionIndex(MotionId id) const;  // index into working, or -1
  int graphHubIndex(HubId id) const;   // index into graph.hubs, or -1
};

// Copies the document's inputs (UI thread).
SnapPipelineInput snapPipelineInput(const Project& project);

// runSnapPipeline on `input`, reporting in document terms. Thread-safe: touches only its input.
void runSnapPipeline(const SnapPipelineInput& input, const Progress& progress,
                     const std::function<void(const SnapPipelineState&)>& report);

}  // namespace mg
