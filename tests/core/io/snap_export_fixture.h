// SPDX-License-Identifier: MIT
#pragma once

// A snapped synthetic database and its export, shared by the export/import and mgtool tests.

#include <filesystem>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "core/import/import_test_util.h"
#include "core/io/snap_export.h"
#include "core/snap/snap_fixture.h"

namespace mg::test {

struct SnappedSwing {
  std::vector<std::shared_ptr<const Motion>> originals;
  HubGraph graph;  // not pruned
  SnapResult snapped;
};

// The swing database with two suggested hubs, snapped (wmin 8, plants on).
inline std::unique_ptr<SnappedSwing> snappedSwing() {
  auto out = std::make_unique<SnappedSwing>();
  out->originals = swingDatabase();
  const ReferenceMetric metric(out->originals);
  Result<HubGraph> graph = suggestedGraph(out->originals, metric, 0.004, 8);
  EXPECT_TRUE(graph) << graph.error().message;
  if (!graph) return nullptr;
  out->graph = std::move(graph.value());
  SnapSettings settings;
  settings.wminFrames = 8;
  Result<SnapResult> snapped = SnapJob{out->originals, &out->graph, settings}.run();
  EXPECT_TRUE(snapped) << snapped.error().message;
  if (!snapped) return nullptr;
  out->snapped = std::move(snapped.value());
  out->graph = out->snapped.graph;  // the alignments the motions were snapped to
  return out;
}

// A graph with no cycle: one motion cut by two single-frame hubs, so its only clip runs from
// hub 0 to hub 1. Snapped and exported to `directory`.
inline Status exportAcyclicGraph(const std::string& directory) {
  const std::vector<std::shared_ptr<const Motion>> motions{
      std::make_shared<Motion>(makeSwingMotion(120))};
  std::vector<Hub> hubs(2);
  hubs[0].matchFrames.push_back({{0, 40}, {}, 0.0});
  hubs[1].matchFrames.push_back({{0, 80}, {}, 0.0});
  Result<HubGraph> graph = buildHubGraph(std::vector<int>{120}, std::move(hubs));
  if (!graph) return graph.error();
  Result<SnapResult> snapped = SnapJob{motions, &graph.value(), {}}.run();
  if (!snapped) return snapped.error();
  return exportSnapGraph({&snapped->graph, &snapped.value(), {}}, directory);
}

// Copies an export folder (recursively) to `to`.
inline void copyExport(const std::string& from, const std::string& to) {
  std::filesystem::copy(from, to, std::filesystem::copy_options::recursive);
}

}  // namespace mg::test
