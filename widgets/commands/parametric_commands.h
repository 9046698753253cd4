// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include <QUndoCommand>

#include "widgets/document/parametric_document.h"

namespace mg {

// Adds a node (usually one just built by a job). The document must outlive the command.
class AddParametricNodeCommand : public QUndoCommand {
 public:
  // `entry.id` may be kNoParamId: a fresh id is allocated.
  AddParametricNodeCommand(ParametricDocument* doc, ParamNodeEntry entry,
                           QUndoCommand* parent = nullptr);
  ParamNodeId id() const { return m_entry.id; }
  void redo() override;
  void undo() override;

 private:
  ParametricDocument* m_doc;
  ParamNodeEntry m_entry;
};

// Removes a node and every edge touching it; undo restores them in place.
class RemoveParametricNodeCommand : public QUndoCommand {
 public:
  RemoveParametricNodeCommand(ParametricDocument* doc, ParamNodeId id,
                              QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  ParametricDocument* m_doc;
  ParamNodeId m_id;
  int m_row = -1;
  ParamNodeEntry m_node;
  std::vector<std::pair<int, ParamEdgeEntry>> m_edges;  // (row, entry) in row order
};

// Adds an edge between two nodes (sampled or not yet).
class AddParametricEdgeCommand : public QUndoCommand {
 public:
  AddParametricEdgeCommand(ParametricDocument* doc, ParamEdgeEntry entry,
                           QUndoCommand* parent = nullptr);
  ParamEdgeId id() const { return m_entry.id; }
  void redo() override;
  void undo() override;

 private:
  ParametricDocument* m_doc;
  ParamEdgeEntry m_entry;
};

class RemoveParametricEdgeCommand : public QUndoCommand {
 public:
  RemoveParametricEdgeCommand(ParametricDocument* doc, ParamEdgeId id,
                              QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  ParametricDocument* m_doc;
  ParamEdgeId m_id;
  int m_row = -1;
  ParamEdgeEntry m_entry;
};

// New thresholds (T_GOOD, T_BAD, epsilon) of one edge (a ChangeValue): re-classified from the
// cached sampling. Successive changes of the same edge merge into one step (a slider drag).
// Precondition: thresholds.validate() succeeds; the edge exists.
QUndoCommand* setEdgeThresholdsCommand(ParametricDocument* doc, ParamEdgeId id,
                                       const EdgeThresholds& thresholds);

// The result of a Rebuild: new sampling settings (n_s, n_t, regions) with their sampling.
// Undo brings back the previous settings and the previous cached sampling object.
class SetEdgeSamplingCommand : public QUndoCommand {
 public:
  SetEdgeSamplingCommand(ParametricDocument* doc, ParamEdgeId id,
                         const EdgeSamplingSettings& settings,
                         std::shared_ptr<const EdgeSampling> sampling,
                         QUndoCommand* parent = nullptr);
  void redo() override;
  void undo() override;

 private:
  ParametricDocument* m_doc;
  ParamEdgeId m_edge;
  EdgeSamplingSettings m_beforeSettings, m_afterSettings;
  std::shared_ptr<const EdgeSampling> m_before, m_after;
};

// Moves a node on the canvas to (x, y) (a ChangeValue; a drag is one step, never merged).
QUndoCommand* moveParametricNodeCommand(ParametricDocument* doc, ParamNodeId id, double x,
                                        double y);

}  // namespace mg
