// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QWidget>

#include "core/snap/frame_metric.h"
#include "widgets/document/hub_list.h"

namespace mg {

class Project;
class SnapSession;

// Where a point of the timeline lies.
struct TimelineHit {
  int motion = -1;  // index into the session's working motions, -1 off every line
  int frame = -1;   // frame at the working rate, clamped to the motion
  int edge = -1;    // graph edge (clip) containing that frame, -1 between/outside clips
};

// The schematic timeline of Snap-Together Motion: one horizontal line per motion, a vertical
// tick at every match frame in its hub's colour, the clips between them as segments, foot
// contacts as thin bars (left foot above right), a preview match set as dashed white ticks, the
// selected frame, and a playhead; a legend line on top; motions set aside by the derivation
// (another skeleton) as greyed rows with the reason. Clicking selects a frame and plays the clip under it; the
// wheel zooms around the pointer, Shift+wheel (or a horizontal wheel) pans. Draws the session's
// state; computes nothing.
class MatchTimeline : public QWidget {
  Q_OBJECT

 public:
  // `project` and `session` must outlive the view.
  MatchTimeline(Project* project, SnapSession* session, QWidget* parent = nullptr);

  TimelineHit hitTest(const QPoint& pos) const;
  double frameToX(double frame) const;
  int rowY(int motion) const;  // y of the line of `motion`
  // Rows drawn: the working motions, then the set-aside ones (greyed, with the reason).
  int rowCount() const;
  // What the bars, ticks and colours mean (drawn above the ruler).
  QString legendText() const;

  void setPreview(std::vector<FrameRef> frames) { m_preview = std::move(frames); update(); }
  void setPlayhead(int motion, int frame);  // -1: hidden; its moment is written on the ruler
  int playheadMotion() const { return m_playMotion; }
  int playheadFrame() const { return m_playFrame; }
  void setCurrentEdge(int edge);            // highlighted clip, -1: none
  void setSelectedFrame(int motion, int frame);
  int selectedMotion() const { return m_selMotion; }
  int selectedFrame() const { return m_selFrame; }
  double pixelsPerFrame() const { return m_pixelsPerFrame; }
  // Fits the longest motion to the width.
  void fitAll();

  QSize sizeHint() const override { return {900, 160}; }

 signals:
  void frameClicked(mg::MotionId motion, int frame);
  void clipClicked(int edge);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void stateChanged();
  void zoomBy(double factor, double x);
  QColor hubColour(int graphHub) const;

  Project* m_project;
  SnapSession* m_session;
  std::vector<FrameRef> m_preview;
  double m_pixelsPerFrame = 1.0;
  double m_firstFrame = 0.0;  // frame at the left edge of the lanes
  bool m_fitted = false;
  int m_playMotion = -1, m_playFrame = -1;
  int m_currentEdge = -1;
  int m_selMotion = -1, m_selFrame = -1;
};

}  // namespace mg
