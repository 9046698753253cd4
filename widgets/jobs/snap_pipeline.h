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

// What the derivation reads from the document: copies, so it can run on a worker.
struct SnapPipelineInput {
  std::vector<MotionId> motionIds;                         // project order
  std::vector<std::shared_ptr<const Motion>> motions;      // as imported (file rate)
  MetricSettings metric;
  std::vector<HubSpec> hubs;                               // creation order
  bool snap = true;                                        // run SnapJob after the graph
};

// Core's result in the document's terms: graph hub i is document hub graphHubs[i].
struct SnapPipelineState : SnapPipelineResult {
  QString error;      // errorMessage
  QString snapError;  // snapErrorMessage
  std::vector<MotionId> motionIds;  // of `working`, in order
  std::vector<HubId> graphHubs;     // graph hub index -> document hub
  std::vector<HubId> emptyHubs;     // hubs whose match set is empty

  int motionIndex(MotionId id) const;      // index into working, or -1
  int graphHubIndex(HubId id) const;       // index into graph.hubs, or -1
};

// Copies the document's inputs (UI thread).
SnapPipelineInput snapPipelineInput(const Project& project);

// runSnapPipeline on `input`, reporting in document terms. Thread-safe: touches only its input.
void runSnapPipeline(const SnapPipelineInput& input, const Progress& progress,
                     const std::function<void(const SnapPipelineState&)>& report);

}  // namespace mg
