// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QColor>
#include <QElapsedTimer>
#include <QString>
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

// A coloured stretch of one motion that another graph kind draws over the timeline (a minimum-size
// subgraph's key segments, its kept frames).
struct TimelineSpan {
  int motion = -1;                   // index into the session's working motions
  int beginFrame = 0, endFrame = 0;  // working rate, end exclusive
  QColor colour;
  QString label;  // drawn at the start of a key span when there is room; may be empty
};

// The schematic timeline of Snap-Together Motion: one horizontal line per motion, a vertical
// tick at every match frame in its hub's colour, the clips between them as segments, foot
// contacts as thin bars (left foot above right), a preview match set as dashed white ticks, the
// selected frame, and a playhead; a legend line on top; motions set aside by the derivation
// (another skeleton) as greyed rows with the reason. As in every animation tool, a click or drag on
// the ruler or a motion's line moves the playhead (emits scrubbed; the window's one clock then sets
// the playhead back through setPlayhead), Ctrl+click (or the context menu) makes a frame the new
// hub's candidate (frameClicked); the wheel zooms around the pointer, Shift+wheel (or a horizontal
// wheel) pans, and the view pages to keep the playhead in sight. Draws the session's state;
// computes nothing.
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

  void setPreview(std::vector<FrameRef> frames) {
    m_preview = std::move(frames);
    update();
  }
  // -1: hidden; its moment is written on the ruler while it is in view. A playhead that leaves
  // the visible frames pages the view to it, unless the author is dragging on the timeline or
  // zoomed or panned it within the last kManualViewHoldMs.
  void setPlayhead(int motion, int frame);
  static constexpr int kManualViewHoldMs = 1500;
  int playheadMotion() const { return m_playMotion; }
  int playheadFrame() const { return m_playFrame; }
  void setCurrentEdge(int edge);  // highlighted clip, -1: none
  void setSelectedFrame(int motion, int frame);
  int selectedMotion() const { return m_selMotion; }
  int selectedFrame() const { return m_selFrame; }
  double pixelsPerFrame() const { return m_pixelsPerFrame; }
  // The frames visible in the lanes: [firstVisibleFrame(), lastVisibleFrame()], working rate.
  double firstVisibleFrame() const { return m_firstFrame; }
  double lastVisibleFrame() const;
  // Shows frames from `frame` on (>= 0) at the current zoom, as a Shift+wheel pan would.
  void scrollToFrame(double frame);
  // Fits the longest motion to the width; the view stays fitted (refits as motions come and go
  // and on resize) until the author zooms or pans.
  void fitAll();
  // Zooms by `factor` keeping the frame at widget x `x` in place (the context menu's Zoom In/Out).
  void zoomBy(double factor, double x);
  // y of the middle of the frame ruler (a click or drag there moves the playhead).
  int rulerY() const;

  // Overlays of another graph kind: `keys` as outlined boxes around the line with their labels,
  // `shading` as a band just above the line (e.g. the kept frames, coloured by why).
  void setOverlay(std::vector<TimelineSpan> keys, std::vector<TimelineSpan> shading);
  // With range selection on, a left drag along one motion selects a stretch of it (drawn while
  // dragging) and emits rangeSelected; a press without a drag is still a click (it moves the
  // playhead). Off, a drag along a motion scrubs it.
  void setRangeSelection(bool enabled);
  // Replaces the legend line above the ruler (empty: the Snap-Together legend).
  void setLegend(const QString& legend) {
    m_legend = legend;
    update();
  }

  QSize sizeHint() const override { return {900, 160}; }

  // The capture glitch (pose_glitches.h) drawn under `pos` as a red tick and band, described for
  // its tooltip; empty when there is none within a few pixels.
  QString glitchTipAt(const QPoint& pos) const;

 signals:
  // The author made `frame` (working rate) of `motion` the new hub's candidate (Ctrl+click, or the
  // context menu's Set as Hub Candidate; neither with range selection on).
  void frameClicked(mg::MotionId motion, int frame);
  // The author put the playhead on `frame` (working rate) of `motion`: a click or drag on the
  // ruler (the motion under the playhead, else the selected one, else the first) or a click on a
  // motion's line. The owner moves the window's clock there.
  void scrubbed(mg::MotionId motion, int frame);
  // A dragged stretch [beginFrame, endFrame) of `motion`, with the keyboard modifiers held.
  void rangeSelected(mg::MotionId motion, int beginFrame, int endFrame,
                     Qt::KeyboardModifiers modifiers);
  void clipClicked(int edge);  // the context menu's Play This Clip

 protected:
  bool event(QEvent* event) override;  // a glitch's tooltip over its tick
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void stateChanged();
  void projectCleared();
  void updateToolTip();
  void manualView();  // the author zoomed or panned: fit and follow step aside for a while
  void scrubTo(int motion, int frame);  // row index; sets the playhead and emits scrubbed
  int rulerMotion() const;              // the row a ruler click scrubs, -1: none
  int frameAtX(int motion, double x) const;
  QColor hubColour(int graphHub) const;

  Project* m_project;
  SnapSession* m_session;
  std::vector<FrameRef> m_preview;
  double m_pixelsPerFrame = 1.0;
  double m_firstFrame = 0.0;  // frame at the left edge of the lanes
  bool m_fitted = true;       // the view is fitAll()'s, not the author's zoom or pan
  int m_playMotion = -1, m_playFrame = -1;
  int m_currentEdge = -1;
  int m_selMotion = -1, m_selFrame = -1;
  std::vector<TimelineSpan> m_keySpans, m_shading;
  bool m_rangeSelection = false;
  QString m_legend;
  int m_dragMotion = -1, m_dragFrom = -1, m_dragTo = -1;  // the stretch being dragged
  int m_scrubMotion = -1;      // the row a held left button scrubs (ruler or line), -1: none
  QElapsedTimer m_manualView;  // since the author last zoomed or panned (invalid: never)
};

}  // namespace mg
