// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <QObject>

#include "core/param/parametric_edge.h"
#include "core/param/parametric_node.h"
#include "core/param/parametric_space.h"
#include "widgets/document/project_section.h"

namespace mg {

class Project;
// Forward-declared so project.h (which includes this header) stays light.
struct ParametricGraph;

// Stable ids of parametric nodes and edges inside one document (never reused while it lives).
using ParamNodeId = int;
using ParamEdgeId = int;
inline constexpr int kNoParamId = -1;

// One example of a node as the author chose it: frames [beginFrame, endFrame) of a project motion.
struct ParamExample {
  int motion = -1;  // MotionId of the project
  int beginFrame = 0;
  int endFrame = 0;
};

// A parametric node being authored: what it is built from, and the built (immutable) node.
struct ParamNodeEntry {
  ParamNodeId id = kNoParamId;
  std::string name;  // unique in the document, no whitespace (the graph file's rule)
  std::vector<ParamExample> examples;
  std::vector<ParameterMetric> metrics;
  RegistrationSettings registration;
  InversionSettings inversion;
  std::shared_ptr<const ParametricNode> built;  // null until built (e.g. just loaded)
  double canvasX = 0.0, canvasY = 0.0;          // position on the graph canvas, scene units
};

// A parametric edge being authored: its settings, the cached expensive stage and the cheap result.
struct ParamEdgeEntry {
  ParamEdgeId id = kNoParamId;
  ParamNodeId source = kNoParamId, target = kNoParamId;  // may be equal (a self-loop)
  EdgeSettings settings;
  // The expensive stage for settings.sampling; null until sampled. Shared, never mutated, so
  // re-thresholding and undo reuse the same object.
  std::shared_ptr<const EdgeSampling> sampling;
  std::shared_ptr<const ParametricEdge> classified;  // classifyEdge(*sampling, thresholds)
};

// The Parametric Motion Graph part of a project (Heck & Gleicher 2007): nodes and edges with
// their authoring settings. Mutators are what the commands in parametric_commands.h call; views
// only read and listen. UI thread only.
// The kind's ProjectSection: the project file's "pmg" key (parametric_file.h).
class ParametricDocument : public ProjectSection {
  Q_OBJECT

 public:
  static constexpr const char* kKey = "pmg";
  explicit ParametricDocument(Project* project);

  Json save(const Project& project, const QString& projectFolder) const override;
  Status check(const Json& section, const ProjectFileContext& file) const override;
  void apply(const Json& section, const std::vector<MotionId>& motionIds) override;

  const std::vector<ParamNodeEntry>& nodes() const { return m_nodes; }
  const std::vector<ParamEdgeEntry>& edges() const { return m_edges; }
  const ParamNodeEntry* node(ParamNodeId id) const;
  const ParamEdgeEntry* edge(ParamEdgeId id) const;
  int nodeRow(ParamNodeId id) const;  // -1 when absent
  int edgeRow(ParamEdgeId id) const;
  const ParamNodeEntry* nodeByName(const std::string& name) const;
  // A name not used yet, from `base` ("walk", "walk_2", ...).
  std::string uniqueName(const std::string& base) const;

  ParamNodeId allocateNodeId() { return m_nextNodeId++; }
  ParamEdgeId allocateEdgeId() { return m_nextEdgeId++; }

  // Precondition: the id is fresh or was taken out before. Emit nodeAdded / edgeAdded.
  void insertNode(int row, ParamNodeEntry entry);
  ParamNodeEntry takeNode(ParamNodeId id);  // emits nodeRemoved; empty entry when absent
  void insertEdge(int row, ParamEdgeEntry entry);
  ParamEdgeEntry takeEdge(ParamEdgeId id);  // emits edgeRemoved
  void setNodePosition(ParamNodeId id, double x, double y);
  void setNodeBuilt(ParamNodeId id, std::shared_ptr<const ParametricNode> built);
  // New thresholds, re-classified from the cached sampling (no distance is recomputed).
  // Returns the error of classifyEdge; without sampling only the settings change.
  Status setEdgeThresholds(ParamEdgeId id, const EdgeThresholds& thresholds);
  // New sampling settings with their sampling (may be null: not sampled), classified at once.
  void setEdgeSampling(ParamEdgeId id, const EdgeSamplingSettings& settings,
                       std::shared_ptr<const EdgeSampling> sampling);
  // Everything removed (no signals per item; emits reset).
  void clear() override;

  // How many classifyEdge runs the document made (tests check that thresholds do not resample).
  int classifyCount() const { return m_classifyCount; }

  // A graph of the built nodes and the edges between them, for the player, previews and export.
  // Nodes without a built node and their edges are left out; `edgeIds` (optional) receives the
  // document id of each graph edge. Example paths are the motions' source files.
  std::shared_ptr<const ParametricGraph> graph(const Project& project,
                                               std::vector<ParamEdgeId>* edgeIds = nullptr) const;

 signals:
  void nodeAdded(mg::ParamNodeId id);
  void nodeRemoved(mg::ParamNodeId id);
  void nodeChanged(mg::ParamNodeId id);
  void edgeAdded(mg::ParamEdgeId id);
  void edgeRemoved(mg::ParamEdgeId id);
  void edgeChanged(mg::ParamEdgeId id);
  void reset();

 private:
  ParamNodeEntry* findNode(ParamNodeId id);
  ParamEdgeEntry* findEdge(ParamEdgeId id);
  void classify(ParamEdgeEntry& e);

  std::vector<ParamNodeEntry> m_nodes;
  std::vector<ParamEdgeEntry> m_edges;
  ParamNodeId m_nextNodeId = 1;
  ParamEdgeId m_nextEdgeId = 1;
  int m_classifyCount = 0;
};

// The parametric nodes and edges of `project` (its "pmg" section, made on first use).
ParametricDocument* parametricOf(Project& project);
const ParametricDocument* parametricOf(const Project& project);

}  // namespace mg
