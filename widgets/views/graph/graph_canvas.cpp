// SPDX-License-Identifier: MIT
#include "widgets/views/graph/graph_canvas.h"

#include <cmath>

#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>

#include "widgets/commands/hub_commands.h"
#include "widgets/document/project.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/common/count_text.h"
#include "widgets/views/graph/graph_scene.h"
#include "widgets/views/snap/hub_graph_model.h"
#include "widgets/views/snap/snap_preview.h"

namespace mg {

ZoomingGraphicsView::ZoomingGraphicsView(QGraphicsScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent) {
  setRenderHint(QPainter::Antialiasing);
  setTransformationAnchor(AnchorUnderMouse);
  setDragMode(NoDrag);
  setViewportUpdateMode(FullViewportUpdate);
  // No scroll bars: the view pans by dragging. With scroll bars "as needed", fitting changed
  // whether they showed, which resized the viewport, which fitted again: a loop that kept the UI
  // thread busy (thousands of resizes a second) and starved autosave and shortcuts.
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
}

void ZoomingGraphicsView::fitIfFollowing() {
  if (!m_following) return;
  // A hidden view, or one squeezed to nothing (its dock tabbed behind another), has no size to
  // fit into: fit when it is shown or given a size again.
  if (!isVisible() || viewport()->width() < 8 || viewport()->height() < 8) {
    m_fitWhenShown = true;
    return;
  }
  fitContent();
}

void ZoomingGraphicsView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  if (event->size() != event->oldSize()) fitIfFollowing();
}

void ZoomingGraphicsView::showEvent(QShowEvent* event) {
  QGraphicsView::showEvent(event);
  if (m_fitWhenShown) fitIfFollowing();
}

void ZoomingGraphicsView::fitContent() {
  m_following = true;
  m_fitWhenShown = false;
  ++m_fitCount;
  const QRectF r = scene()->itemsBoundingRect().adjusted(-40, -40, 40, 40);
  if (r.isEmpty()) return;
  // The view's scroll range: the graph with room to pan all round, so the graph can be centred
  // (the scene's own rect only grows, and kept old content at one edge of it).
  setSceneRect(r.adjusted(-5000, -5000, 5000, 5000));
  fitInView(r, Qt::KeepAspectRatio);
  if (transform().m11() > 1.5) {
    // A small graph is not blown up past 1.5x; it stays centred (the clamp once left it where the
    // larger fit had scrolled, half off the canvas).
    setTransform(QTransform::fromScale(1.5, 1.5));
    centerOn(r.center());
  }
}

void ZoomingGraphicsView::wheelEvent(QWheelEvent* event) {
  const double factor = std::pow(1.15, event->angleDelta().y() / 120.0);
  const double scaleNow = transform().m11();
  if (scaleNow * factor < 0.1 || scaleNow * factor > 6) return;
  m_following = false;
  scale(factor, factor);
  event->accept();
}

void ZoomingGraphicsView::mousePressEvent(QMouseEvent* event) {
  const bool background = !itemAt(event->position().toPoint());
  // The right button pans from the background; on an item it opens the item's context menu.
  if (event->button() == Qt::MiddleButton || (event->button() != Qt::MiddleButton && background)) {
    m_panning = true;
    m_last = event->position().toPoint();
    viewport()->setCursor(Qt::ClosedHandCursor);
    if (background) scene()->clearSelection();
    event->accept();
    return;
  }
  QGraphicsView::mousePressEvent(event);
}

void ZoomingGraphicsView::mouseMoveEvent(QMouseEvent* event) {
  if (m_panning) {
    const QPoint d = event->position().toPoint() - m_last;
    m_last = event->position().toPoint();
    if (!d.isNull()) m_following = false;
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
    verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
    return;
  }
  QGraphicsView::mouseMoveEvent(event);
}

void ZoomingGraphicsView::mouseReleaseEvent(QMouseEvent* event) {
  if (m_panning) {
    m_panning = false;
    viewport()->unsetCursor();
    return;
  }
  QGraphicsView::mouseReleaseEvent(event);
}

GraphCanvas::GraphCanvas(Project* project, SnapSession* session, SnapPreview* preview,
                         QWidget* parent)
    : QWidget(parent), m_project(project), m_session(session), m_preview(preview) {
  m_model = new HubGraphModel(project, session, this);
  m_scene = new GraphScene(m_model, this);
  m_scene->setSceneRect(-2000, -2000, 4000, 4000);
  m_view = new ZoomingGraphicsView(m_scene, this);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  auto* bar = new QHBoxLayout;
  m_play = new QToolButton(this);
  m_play->setCheckable(true);
  m_play->setToolTip(tr("Play or pause the random walk"));
  m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  m_play->setText(tr("Walk"));
  m_play->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  auto* step = new QToolButton(this);
  step->setText(tr("Next Cut"));
  step->setIcon(style()->standardIcon(QStyle::SP_MediaSkipForward));
  step->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  step->setToolTip(tr("Advance the walk to its next clip"));
  m_seed = new QSpinBox(this);
  m_seed->setRange(1, 999999);
  m_seed->setValue(static_cast<int>(preview->seed()));
  m_seed->setPrefix(tr("seed "));
  auto* fit = new QToolButton(this);
  fit->setText(tr("Fit"));
  bar->addWidget(m_play);
  bar->addWidget(step);
  bar->addWidget(m_seed);
  bar->addStretch(1);
  bar->addWidget(fit);
  layout->addLayout(bar);
  layout->addWidget(m_view, 1);
  m_quality = new QLabel(this);
  m_quality->setWordWrap(true);
  m_quality->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_quality);

  connect(m_play, &QToolButton::toggled, preview,
          [this](bool on) { m_preview->setWalkPlaying(on); });
  connect(preview, &SnapPreview::walkPlayingChanged, this, [this](bool on) {
    QSignalBlocker block(m_play);
    m_play->setChecked(on);
    m_play->setIcon(style()->standardIcon(on ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  });
  connect(step, &QToolButton::clicked, preview, &SnapPreview::stepToNextCut);
  connect(m_seed, &QSpinBox::valueChanged, preview,
          [this](int seed) { m_preview->setSeed(static_cast<std::uint64_t>(seed)); });
  connect(fit, &QToolButton::clicked, m_view, &ZoomingGraphicsView::fitContent);
  connect(preview, &SnapPreview::currentEdgeChanged, m_model, &HubGraphModel::setCurrentGraphEdge);
  connect(m_model, &HubGraphModel::clipActivated, preview, &SnapPreview::playClip);
  auto showPose = [this](HubId id) {
    m_preview->showHubPose(m_session->state()->graphHubIndex(id));
  };
  connect(m_model, &HubGraphModel::hubActivated, this, showPose);
  connect(m_model, &HubGraphModel::hubPoseRequested, this, showPose);
  connect(m_model, &GraphModel::nodeAdded, m_view, &ZoomingGraphicsView::fitIfFollowing);
  connect(session, &SnapSession::stateChanged, this, [this] {
    updateQuality();
    m_view->fitIfFollowing();
  });
  connect(session, &SnapSession::pipelineProgress, this, [this](int v, int max, const QString&) {
    if (m_session->state()->stage < 2 && max > 0)
      m_quality->setText(tr("Snapping... %1%").arg(100 * v / max));
  });
  updateQuality();
}

GraphCanvas::~GraphCanvas() {
  // The view and scene go before the model they project.
  delete m_view;
  delete m_scene;
}

void GraphCanvas::updateQuality() {
  const auto s = m_session->state();
  if (s->stage == 0 && s->working.empty()) {
    m_quality->setText(tr("Load motions and create hubs (Hubs dock) to build the graph."));
    return;
  }
  if (!s->error.isEmpty()) {
    m_quality->setText(tr("Cannot build the graph: %1").arg(s->error));
    return;
  }
  QString text = tr("%1, %2, %3")
                     .arg(countText(s->graph.hubs.size(), tr("%1 hub"), tr("%1 hubs")),
                          countText(s->graph.edges.size(), tr("%1 clip"), tr("%1 clips")),
                          countText(s->deadEnds.size(), tr("%1 dead end"), tr("%1 dead ends")));
  if (!s->emptyHubs.empty()) {
    text += countText(s->emptyHubs.size(), tr(", %1 hub without matches"),
                      tr(", %1 hubs without matches"));
  }
  if (s->edgesLeftOut > 0) {
    text += countText(s->edgesLeftOut, tr(", %1 clip left out across a capture glitch"),
                      tr(", %1 clips left out across capture glitches"));
  }
  if (!s->snapError.isEmpty()) {
    text += tr("\nSnapping failed: %1").arg(s->snapError);
  } else if (s->cutsBefore && s->cutsAfter) {
    text += tr("\nCuts: position jump %1 → %2 m, velocity jump %3 → %4 m/s; foot skate %5 → %6 m/s")
                .arg(s->cutsBefore->maxPositionJump, 0, 'f', 3)
                .arg(s->cutsAfter->maxPositionJump, 0, 'f', 3)
                .arg(s->cutsBefore->maxVelocityJump, 0, 'f', 2)
                .arg(s->cutsAfter->maxVelocityJump, 0, 'f', 2)
                .arg(s->skateBeforeMps, 0, 'f', 3)
                .arg(s->skateAfterMps, 0, 'f', 3);
  } else if (!s->graph.edges.empty()) {
    text += tr("\nSnapping...");
  }
  m_quality->setText(text);
}

}  // namespace mg
