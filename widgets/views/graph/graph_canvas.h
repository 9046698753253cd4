// SPDX-License-Identifier: MIT
#pragma once

#include <QGraphicsView>
#include <QWidget>

#include "widgets/document/hub_list.h"

class QLabel;
class QSpinBox;
class QToolButton;

namespace mg {

class GraphScene;
class HubGraphModel;
class Project;
class SnapPreview;
class SnapSession;

// A QGraphicsView that zooms with the wheel (around the pointer) and pans with the middle or
// right button, or by dragging the background (it has no scroll bars). Until the user zooms or
// pans it keeps the whole graph in view: on real size changes, and on changes while hidden once
// it is shown again (never while hidden).
class ZoomingGraphicsView : public QGraphicsView {
 public:
  explicit ZoomingGraphicsView(QGraphicsScene* scene, QWidget* parent = nullptr);
  // Fits the graph and goes back to following it.
  void fitContent();
  // Fits the graph unless the user has zoomed or panned since the last fitContent(); while the
  // view is hidden, remembers to fit when it is shown.
  void fitIfFollowing();
  // How many times the view has fitted the graph (for tests: it must not fit in a loop).
  int fitCount() const { return m_fitCount; }
  // A modest preferred size: QGraphicsView's own is the scene's (up to 2/3 of the screen), which
  // made the dock's scroll area (the dock policy) scroll the canvas instead of fitting it.
  QSize sizeHint() const override { return {360, 240}; }

 protected:
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  bool m_following = true;
  bool m_fitWhenShown = false;
  int m_fitCount = 0;
  bool m_panning = false;
  QPoint m_last;
};

// The graph canvas dock: the hub graph (the shared GraphScene projecting HubGraphModel; drag
// nodes to arrange them, undoably; right-click menus on hubs and bundles), the random-walk
// controls (play/pause, step to the next cut, seed) and a status line with cut quality and
// foot skate before/after snapping.
class GraphCanvas : public QWidget {
  Q_OBJECT

 public:
  // All must outlive the canvas.
  GraphCanvas(Project* project, SnapSession* session, SnapPreview* preview,
              QWidget* parent = nullptr);
  ~GraphCanvas() override;

  GraphScene* scene() const { return m_scene; }
  HubGraphModel* model() const { return m_model; }
  ZoomingGraphicsView* view() const { return m_view; }
  QLabel* qualityLabel() const { return m_quality; }

 private:
  void updateQuality();

  Project* m_project;
  SnapSession* m_session;
  SnapPreview* m_preview;
  HubGraphModel* m_model;
  GraphScene* m_scene;
  ZoomingGraphicsView* m_view;
  QToolButton* m_play = nullptr;
  QSpinBox* m_seed = nullptr;
  QLabel* m_quality = nullptr;
};

}  // namespace mg
