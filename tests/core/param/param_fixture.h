// SPDX-License-Identifier: MIT
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/import/import_motion_loader.h"
#include "core/param/parametric_graph.h"
#include "core/param/step_cycles.h"
#include "support/capture.h"

namespace mg::test {

// The walks of CMU subject 16 the paper's first example asks for (cmu_turns, 30 Hz).
inline const std::vector<std::string>& cmuWalkFiles() {
  static const std::vector<std::string> files = {"16_15.bvh", "16_11.bvh", "16_13.bvh",
                                                 "16_17.bvh", "16_19.bvh", "16_47.bvh"};
  return files;
}

// The bundled copies (tests/data/mocap), so these tests run from a bare clone.
inline std::string cmuTurnsDir() {
  return captureDir("cmu_turns");
}

inline MotionFileLoader fileLoader() {
  return importMotionLoader();
}

// The walking node of the paper: two-step cycles from a left heel strike, cut from the six walks,
// parameterised by the change of travel direction. Built once per test binary.
inline NodeSource walkNodeSource() {
  NodeSource source;
  source.name = "walk";
  for (const std::string& file : cmuWalkFiles()) {
    Result<Motion> m = readMotionFile(cmuTurnsDir() + "/" + file);
    if (!m) continue;
    Result<std::vector<StepCycle>> cycles = findStepCycles(*m);
    if (!cycles) continue;
    for (const StepCycle& c : *cycles) source.examples.push_back({file, c.beginFrame, c.endFrame});
  }
  source.metrics = {ParameterMetric{}};  // travel direction change
  source.inversion.samples = 1000;
  return source;
}

inline std::shared_ptr<const ParametricNode> walkNode() {
  static std::shared_ptr<const ParametricNode> node = [] {
    Result<std::shared_ptr<const ParametricNode>> r =
        buildNodeFromSource(walkNodeSource(), cmuTurnsDir(), fileLoader());
    return r ? r.value() : nullptr;
  }();
  return node;
}

}  // namespace mg::test

namespace mg::test {

// A graph of the walking node with its self-loop edge, at a small sampling for tests
// (n_s = 20, n_t = 200). Built once per test binary; null without the capture.
inline std::shared_ptr<const ParametricGraph> walkGraph() {
  static std::shared_ptr<const ParametricGraph> graph =
      []() -> std::shared_ptr<const ParametricGraph> {
    std::shared_ptr<const ParametricNode> node = walkNode();
    if (!node) return nullptr;
    auto g = std::make_shared<ParametricGraph>();
    g->nodeSources.push_back(walkNodeSource());
    g->nodes.push_back(node);
    EdgeSettings settings;
    settings.sampling.sourceSamples = 20;
    settings.sampling.targetSamples = 200;
    if (!addEdge(*g, 0, 0, settings)) return nullptr;
    return g;
  }();
  return graph;
}

}  // namespace mg::test
