// SPDX-License-Identifier: MIT
// The Snap-Together editor views on the boxing sample: the session's derivation, the graph
// canvas as a projection of it, the timeline's hit-testing and the random-walk preview.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QStyleOptionGraphicsItem>
#include <QTest>
#include <QTreeWidget>
#include <QWheelEvent>

#include "core/import/motion_reader.h"
#include "core/motion/resample.h"
#include "core/snap/hub_graph_builder.h"
#include "widgets/commands/hub_commands.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/graph/graph_canvas.h"
#include "widgets/views/graph/graph_scene.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/playback/stream_player.h"
#include "widgets/views/snap/hub_graph_model.h"
#include "widgets/views/snap/hub_panel.h"
#include "widgets/views/snap/snap_preview.h"
#include "widgets/views/timeline/match_timeline.h"

namespace mg {
namespace {

const char* const kSnapBoxing = "/usr/share/assimp/models/BVH/Boxing_Toes.bvh";

// Hubs suggested once by the core for the boxing sample (shared by all tests of this file).
struct Suggested {
  std::vector<HubSuggestion> hubs;
  double threshold = 0;
};
const Suggested& suggested() {
  static const Suggested s = [] {
    Result<Motion> m = readMotionFile(kSnapBoxing);
    Result<Motion> r = resampleMotion(*m, 30.0);
    std::vector<std::shared_ptr<const Motion>> motions{
        std::make_shared<const Motion>(std::move(r.value()))};
    HubGraphBuildJob job;
    job.motions = motions;
    job.hubCount = 3;
    Result<SuggestedHubGraph> built = job.run();
    EXPECT_TRUE(built.ok()) << built.error().message;
    return Suggested{built->suggestions, built->threshold};
  }();
  return s;
}

class SnapEditor : public ::testing::Test {
 protected:
  void SetUp() override {
    Result<Motion> m = readMotionFile(kSnapBoxing);
    ASSERT_TRUE(m.ok());
    auto* add =
        new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(m.value())));
    motion = add->id();
    project.undoStack()->push(add);
    const Suggested& s = suggested();
    ASSERT_EQ(s.hubs.size(), 3u);
    for (const HubSuggestion& h : s.hubs) {
      HubSpec spec{kNoHub,
                   hubsOf(project)->nextDefaultName(),
                   hubsOf(project)->nextDefaultColour(),
                   s.threshold,
                   motion,
                   h.query.frame,
                   10,
                   std::nullopt};
      project.undoStack()->push(new AddHubCommand(hubsOf(project), spec));
    }
  }

  // Waits for the session to report a state of `stage` for the current document.
  std::shared_ptr<const SnapPipelineState> settle(int stage) {
    session.flush();
    EXPECT_TRUE(QTest::qWaitFor(
        [&] { return !session.isRunning() && session.state()->stage >= stage; }, 60000));
    return session.state();
  }

  Project project;
  SnapSession session{&project};
  StreamPlayer streams;  // the window's one preview player (no transport: it runs its own clock)
  MotionId motion = kNoMotion;
};

TEST_F(SnapEditor, SessionDerivesGraphAndSnaps) {
  auto state = settle(2);
  ASSERT_TRUE(state->error.isEmpty()) << state->error.toStdString();
  EXPECT_EQ(state->graph.hubs.size(), 3u);
  EXPECT_GT(state->graph.edges.size(), 3u);
  ASSERT_TRUE(state->snapped);
  ASSERT_TRUE(state->cutsBefore && state->cutsAfter);
  EXPECT_LT(state->cutsAfter->maxPositionJump, state->cutsBefore->maxPositionJump);
  EXPECT_EQ(state->contacts.size(), 1u);
  // Renaming does not rerun the pipeline; a threshold change does.
  QSignalSpy appearance(&session, &SnapSession::appearanceChanged);
  const HubId first = hubsOf(project)->hubs()[0].id;
  project.undoStack()->push(renameHubCommand(hubsOf(project), first, QStringLiteral("Guard")));
  session.flush();
  EXPECT_EQ(appearance.count(), 1);
  EXPECT_FALSE(session.isRunning());
  project.undoStack()->push(setHubThresholdCommand(hubsOf(project), first, 1e-7));
  state = settle(1);
  EXPECT_EQ(state->graphHubIndex(first) >= 0
                ? state->graph.hubs[state->graphHubIndex(first)].matchFrames.size()
                : 0u,
            state->graphHubIndex(first) >= 0 ? 1u : 0u);
}

TEST_F(SnapEditor, CanvasProjectsNodesBundlesAndDeadEnds) {
  SnapPreview preview(&session, &streams, nullptr);
  GraphCanvas canvas(&project, &session, &preview);
  GraphScene* scene = canvas.scene();
  HubGraphModel* model = canvas.model();
  EXPECT_EQ(scene->nodeItemCount(), 3);
  auto state = settle(1);
  std::set<std::pair<int, int>> bundles;
  for (const HubEdge& e : state->graph.edges) bundles.insert({e.fromHub, e.toHub});
  EXPECT_EQ(scene->edgeItemCount(), static_cast<int>(bundles.size()));
  EXPECT_LT(scene->edgeItemCount(),
            static_cast<int>(state->graph.edges.size()));  // parallel clips bundled
  int total = 0;
  for (auto [a, b] : bundles) {
    const HubId from = state->graphHubs[a], to = state->graphHubs[b];
    ASSERT_NE(scene->edgeItem(model->bundleId(from, to)), nullptr);
    EXPECT_EQ(model->edge(model->bundleId(from, to))->count, model->bundleCount(from, to));
    total += model->bundleCount(from, to);
  }
  EXPECT_EQ(total, static_cast<int>(state->graph.edges.size()));
  // Every clip arrives once: from another hub (in) or from the hub itself (a loop, not "in").
  int in = 0;
  for (const HubSpec& h : hubsOf(project)->hubs()) {
    EXPECT_EQ(model->inDegree(h.id), hubDegrees(*state, h.id).in);
    in += model->inDegree(h.id) + hubDegrees(*state, h.id).loops;
  }
  EXPECT_EQ(in, static_cast<int>(state->graph.edges.size()));

  // A hub whose only match frame lies near the end of the motion has no clip leaving it.
  const int frames = state->working[0]->frameCount();
  auto* dead =
      new AddHubCommand(hubsOf(project), HubSpec{kNoHub, QStringLiteral("End"), QColor(40, 200, 90),
                                                 1e-9, motion, frames - 3, 2, QPointF(0, 300)});
  const HubId deadId = dead->id();
  project.undoStack()->push(dead);
  state = settle(1);
  ASSERT_GE(state->graphHubIndex(deadId), 0);
  EXPECT_EQ(scene->nodeItemCount(), 4);
  EXPECT_TRUE(model->isDeadEnd(deadId));
  EXPECT_TRUE(model->node(deadId)->deadEnd);
  EXPECT_EQ(model->outDegree(deadId), 0);
  // The dead end is drawn with the red dashed ring; a live hub is not.
  auto redPixels = [&](HubId id) {
    GraphNodeItem* item = scene->nodeItem(id);
    const QRectF r = item->boundingRect();
    QImage image(r.size().toSize(), QImage::Format_ARGB32);
    image.fill(Qt::black);
    QPainter p(&image);
    p.translate(-r.topLeft());
    QStyleOptionGraphicsItem option;
    item->paint(&p, &option, nullptr);
    p.end();
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
      for (int x = 0; x < image.width(); ++x) {
        const QColor c = image.pixelColor(x, y);
        n += c.red() > 200 && c.green() < 110 && c.blue() < 110;
      }
    return n;
  };
  EXPECT_GT(redPixels(deadId), 50);
  EXPECT_EQ(redPixels(hubsOf(project)->hubs()[0].id), 0);

  // Dragging a node is one undoable step and the scene follows undo.
  const HubId first = hubsOf(project)->hubs()[0].id;
  const QPointF before = scene->nodeItem(first)->pos();
  emit scene->nodeMoved(first, QPointF(321, -123));
  EXPECT_EQ(hubsOf(project)->hub(first)->nodePosition, QPointF(321, -123));
  EXPECT_EQ(scene->nodeItem(first)->pos(), QPointF(321, -123));
  project.undoStack()->undo();
  EXPECT_EQ(scene->nodeItem(first)->pos(), before);

  // Pruning removes exactly the dead ends, undoably.
  const int hubsBefore = hubsOf(project)->count();
  std::vector<HubId> deadIds;
  for (int h : state->deadEnds) deadIds.push_back(state->graphHubs[h]);
  project.undoStack()->push(new PruneHubsCommand(hubsOf(project), deadIds));
  EXPECT_EQ(scene->nodeItem(deadId), nullptr);
  EXPECT_EQ(hubsOf(project)->count(), hubsBefore - static_cast<int>(deadIds.size()));
  project.undoStack()->undo();
  EXPECT_NE(scene->nodeItem(deadId), nullptr);
}

// The hub graph through the shared model: bundle ids survive edits that re-derive the graph,
// the scene always matches the model, and the context menus rename and delete hubs undoably.
TEST_F(SnapEditor, HubGraphModelKeepsIdsAndOffersContextMenus) {
  SnapPreview preview(&session, &streams, nullptr);
  GraphCanvas canvas(&project, &session, &preview);
  GraphScene* scene = canvas.scene();
  HubGraphModel* model = canvas.model();
  auto state = settle(1);
  ASSERT_FALSE(state->graph.edges.empty());
  const std::vector<GraphEdgeId> edges = model->edgeIds();
  const std::vector<GraphNodeId> nodes = model->nodeIds();
  auto matches = [&] {
    EXPECT_EQ(scene->nodeItemCount(), model->nodeCount());
    EXPECT_EQ(scene->edgeItemCount(), model->edgeCount());
    for (GraphEdgeId id : model->edgeIds()) EXPECT_NE(scene->edgeItem(id), nullptr);
    for (GraphNodeId id : model->nodeIds()) EXPECT_NE(scene->nodeItem(id), nullptr);
  };
  matches();
  const HubId first = hubsOf(project)->hubs()[0].id;
  model->renameHub(first, QStringLiteral("Guard"));
  EXPECT_EQ(model->node(first)->label, QStringLiteral("Guard"));
  EXPECT_EQ(model->edgeIds(), edges);
  // A threshold round trip re-derives the graph: the same bundles come back with the same ids.
  const double threshold = hubsOf(project)->hub(first)->threshold;
  project.undoStack()->push(setHubThresholdCommand(hubsOf(project), first, threshold * 0.5));
  settle(1);
  matches();
  project.undoStack()->undo();
  settle(1);
  EXPECT_EQ(model->edgeIds(), edges);
  EXPECT_EQ(model->nodeIds(), nodes);
  matches();

  // Node menu: rename (one step), delete (undoable). Edge menu: one entry per clip plays it.
  std::unique_ptr<QMenu> menu = scene->nodeMenu(first);
  ASSERT_NE(menu, nullptr);
  QStringList texts;
  for (QAction* a : menu->actions()) texts << a->text();
  EXPECT_TRUE(texts.contains(QObject::tr("Rename Hub...")));
  QAction* remove = nullptr;
  for (QAction* a : menu->actions()) {
    if (a->text() == QObject::tr("Delete Hub")) remove = a;
  }
  ASSERT_NE(remove, nullptr);
  remove->trigger();
  EXPECT_EQ(hubsOf(project)->hub(first), nullptr);
  EXPECT_EQ(scene->nodeItem(first), nullptr);
  project.undoStack()->undo();
  EXPECT_NE(scene->nodeItem(first), nullptr);
  settle(1);
  const GraphEdgeId bundle = model->edgeIds().front();
  std::unique_ptr<QMenu> edgeMenu = scene->edgeMenu(bundle);
  ASSERT_NE(edgeMenu, nullptr);
  QSignalSpy clips(model, &HubGraphModel::clipActivated);
  edgeMenu->actions().front()->trigger();
  ASSERT_EQ(clips.count(), 1);
  const auto [from, to] = model->bundleHubs(bundle);
  EXPECT_EQ(clips[0][0].toInt(), model->bundleEdges(from, to).front());
}

TEST_F(SnapEditor, TimelineHitTestsClipsAndZooms) {
  MatchTimeline timeline(&project, &session);
  timeline.resize(1200, 200);
  auto state = settle(1);
  timeline.fitAll();
  ASSERT_FALSE(state->graph.edges.empty());
  const int e = static_cast<int>(state->graph.edges.size()) / 2;
  const Clip clip = state->graph.edges[e].clip;
  const int mid = (clip.beginFrame + clip.endFrame) / 2;
  const QPoint at(static_cast<int>(timeline.frameToX(mid + 0.5)), timeline.rowY(clip.motion));
  const TimelineHit hit = timeline.hitTest(at);
  EXPECT_EQ(hit.motion, clip.motion);
  EXPECT_NEAR(hit.frame, mid, 1);
  EXPECT_EQ(hit.edge, e);
  EXPECT_EQ(timeline.hitTest(QPoint(5, at.y())).motion, -1);  // on the names
  EXPECT_EQ(timeline.hitTest(QPoint(at.x(), 2)).motion, -1);  // on the ruler
  // Before the first match frame there is no clip.
  int firstMatch = 1 << 30;
  for (const Hub& h : state->graph.hubs)
    for (const MatchFrame& f : h.matchFrames) firstMatch = std::min(firstMatch, f.ref.frame);
  if (firstMatch > 2) {
    EXPECT_EQ(timeline.hitTest(QPoint(static_cast<int>(timeline.frameToX(0.5)), at.y())).edge, -1);
  }

  // A click moves the playhead; Ctrl+click makes the frame the hub candidate (the clip plays from
  // the context menu).
  QSignalSpy scrubs(&timeline, &MatchTimeline::scrubbed);
  QSignalSpy frames(&timeline, &MatchTimeline::frameClicked);
  QTest::mouseClick(&timeline, Qt::LeftButton, {}, at);
  ASSERT_EQ(scrubs.count(), 1);
  EXPECT_EQ(scrubs[0][0].value<MotionId>(), motion);
  EXPECT_EQ(scrubs[0][1].toInt(), hit.frame);
  EXPECT_EQ(frames.count(), 0);
  QTest::mouseClick(&timeline, Qt::LeftButton, Qt::ControlModifier, at);
  ASSERT_EQ(frames.count(), 1);
  EXPECT_EQ(frames[0][0].value<MotionId>(), motion);
  EXPECT_EQ(timeline.selectedFrame(), hit.frame);

  // Zooming in keeps the frame under the pointer in place.
  const double scale = timeline.pixelsPerFrame();
  QWheelEvent wheel(QPointF(at), timeline.mapToGlobal(QPointF(at)), {}, QPoint(0, 240),
                    Qt::NoButton, {}, Qt::NoScrollPhase, false);
  QApplication::sendEvent(&timeline, &wheel);
  EXPECT_GT(timeline.pixelsPerFrame(), scale * 1.3);
  EXPECT_EQ(timeline.hitTest(at).frame, hit.frame);
}

TEST_F(SnapEditor, RandomWalkIsDeterministicForASeed) {
  SnapPreview preview(&session, &streams, nullptr);
  QSignalSpy edges(&preview, &SnapPreview::currentEdgeChanged);
  auto state = settle(2);
  ASSERT_TRUE(state->snapped);
  auto walk = [&](std::uint64_t seed) {
    preview.setSeed(seed);
    EXPECT_TRUE(preview.restartWalk());
    preview.advanceWalk(2000);
    return preview.walkEdges();
  };
  const std::vector<int> a = walk(7);
  ASSERT_GT(a.size(), 5u);
  EXPECT_EQ(walk(8) == a, false);
  EXPECT_EQ(walk(7), a);
  // Consecutive clips meet at a hub, and the walk matches the core's stream on the pruned graph.
  for (size_t i = 1; i < a.size(); ++i) {
    EXPECT_EQ(state->graph.edges[a[i - 1]].toHub, state->graph.edges[a[i]].fromHub);
  }
  const PlayableGraph playable = playableGraph(state->graph);
  RandomWalkStream stream(playable.graph, state->snapped->motions, 0, 7);
  Pose pose;
  for (int i = 0; i < 2000; ++i) ASSERT_TRUE(stream.next(pose));
  for (size_t i = 0; i < a.size(); ++i)
    EXPECT_EQ(playable.originalEdge[stream.edgesTaken()[i]], a[i]);
  // The timeline position follows the clip being played.
  const Clip& current = state->graph.edges[preview.currentEdge()].clip;
  EXPECT_EQ(preview.currentMotion(), current.motion);
  EXPECT_GE(preview.currentFrame(), current.beginFrame);
  EXPECT_LT(preview.currentFrame(), current.endFrame);

  // Stepping to the next cut starts exactly one new clip, at its first frame.
  const size_t taken = preview.walkEdges().size();
  preview.stepToNextCut();
  EXPECT_EQ(preview.walkEdges().size(), taken + 1);
  EXPECT_EQ(preview.currentFrame(), state->graph.edges[preview.currentEdge()].clip.beginFrame);
  EXPECT_GT(edges.count(), 5);
}

// The walk and a clip play through the one StreamPlayer under the one transport: Space, scrubbing
// and stepping act on them, and the edge and (motion, frame) reported for the timeline are those
// of the shown frame, also when scrubbing back, checked against the core's own stream.
TEST_F(SnapEditor, WalkAndClipPlayUnderTheOneTransport) {
  PlaybackController transport;
  StreamPlayer player;
  player.attachTransport(&transport);
  SnapPreview preview(&session, &player, nullptr);
  std::vector<std::pair<int, int>> playhead;
  QObject::connect(&preview, &SnapPreview::positionChanged, [&](int m, int f) {
    playhead.push_back({m, f});
  });
  auto state = settle(2);
  ASSERT_TRUE(state->snapped);
  // The first snapped graph starts a walk when nothing else plays; the transport was still (as
  // after opening a project), so the walk waits for play.
  ASSERT_TRUE(preview.isWalking());
  EXPECT_FALSE(transport.isPlaying());
  EXPECT_GT(transport.frameCount(), 1);
  EXPECT_EQ(transport.fps(), state->snapped->motions[0]->fps);
  transport.togglePlaying();  // Space
  EXPECT_TRUE(preview.isWalkPlaying());
  transport.togglePlaying();
  EXPECT_FALSE(preview.isWalkPlaying());
  transport.togglePlaying();
  EXPECT_TRUE(preview.isWalkPlaying());
  for (int i = 0; i < 100; ++i) transport.advanceSeconds(0.1);  // 10 s of walk
  EXPECT_EQ(transport.frame(), 300);

  // The same walk from the core, frame by frame: source and edge of every output frame.
  const PlayableGraph playable = playableGraph(state->graph);
  RandomWalkStream reference(playable.graph, state->snapped->motions, 0, preview.seed());
  std::vector<SourceFrame> sources;
  std::vector<int> edgeAt;
  Pose pose;
  for (int f = 0; f <= 300; ++f) {
    ASSERT_TRUE(reference.next(pose));
    sources.push_back(reference.lastSource());
    edgeAt.push_back(playable.originalEdge[reference.edgesTaken()[reference.transitions().size()]]);
  }
  auto expectShown = [&](int f) {
    EXPECT_EQ(preview.currentMotion(), sources[f].motion) << f;
    EXPECT_EQ(preview.currentFrame(), sources[f].frame) << f;
    EXPECT_EQ(preview.currentEdge(), edgeAt[f]) << f;
    EXPECT_EQ(playhead.back(), std::make_pair(sources[f].motion, sources[f].frame)) << f;
  };
  expectShown(300);
  transport.setPlaying(false);
  transport.setFrame(40);  // scrub back
  expectShown(40);
  transport.stepForward();
  expectShown(41);
  transport.stepBackward();
  transport.stepBackward();
  expectShown(39);
  EXPECT_EQ(preview.walkEdges().back(), edgeAt[39]);

  // A clip: once through under the transport, its frames at the working rate.
  const int e = static_cast<int>(state->graph.edges.size()) / 2;
  const Clip clip = state->graph.edges[e].clip;
  preview.playClip(e);
  EXPECT_FALSE(preview.isWalking());
  EXPECT_EQ(transport.frameCount(),
            std::min(clip.frameCount(), 1 + StreamPlayer::kLookaheadFrames));
  transport.setPlaying(false);
  transport.setFrame(5);
  EXPECT_EQ(preview.currentEdge(), e);
  EXPECT_EQ(preview.currentMotion(), clip.motion);
  EXPECT_EQ(preview.currentFrame(), clip.beginFrame + 5);
  // Another stream replacing the clip clears the position (no stale playhead).
  player.play(std::make_unique<MotionClipStream>(state->snapped->motions[0], 0, 10),
              QStringLiteral("other"));
  EXPECT_EQ(preview.currentEdge(), -1);
  EXPECT_EQ(playhead.back(), std::make_pair(-1, -1));
  // Walk play from the canvas's button starts a new walk.
  preview.setWalkPlaying(true);
  EXPECT_TRUE(preview.isWalkPlaying());
  player.stop();
  EXPECT_FALSE(preview.isWalking());
  EXPECT_EQ(transport.frameCount(), 0);
}

TEST_F(SnapEditor, PanelSliderDragIsOneUndoStepAndPreviewIsLive) {
  HubPanel panel(&project, &session);
  auto state = settle(1);
  const HubId first = hubsOf(project)->hubs()[0].id;
  panel.selectHub(first);
  ASSERT_EQ(panel.selectedHub(), first);
  const int steps = project.undoStack()->count();
  QSlider* slider = panel.hubSlider();
  slider->setSliderDown(true);
  emit slider->sliderPressed();
  for (int v : {24, 28, 34, 38}) slider->setValue(v);
  slider->setSliderDown(false);
  EXPECT_EQ(project.undoStack()->count(), steps + 1);
  EXPECT_DOUBLE_EQ(hubsOf(project)->hub(first)->threshold, HubPanel::sliderThreshold(38));
  project.undoStack()->undo();
  EXPECT_DOUBLE_EQ(hubsOf(project)->hub(first)->threshold, suggested().threshold);

  // The candidate's match set follows its slider before anything is committed.
  std::vector<FrameRef> shown;
  QObject::connect(&panel, &HubPanel::previewChanged,
                   [&](const std::vector<FrameRef>& f) { shown = f; });
  panel.setCandidateFrame(motion, 200);
  ASSERT_TRUE(QTest::qWaitFor([&] { return session.hasPreview(); }, 20000));
  panel.candidateSlider()->setValue(HubPanel::thresholdSlider(1e-4));
  const auto few = shown;
  panel.candidateSlider()->setValue(HubPanel::thresholdSlider(0.2));
  const auto many = shown;
  EXPECT_GT(many.size(), few.size());
  EXPECT_EQ(project.undoStack()->index(), steps);  // previewing pushes nothing
  panel.createButton()->click();
  EXPECT_EQ(hubsOf(project)->count(), 4);
  EXPECT_DOUBLE_EQ(hubsOf(project)->hubs()[3].threshold,
                   HubPanel::sliderThreshold(HubPanel::thresholdSlider(0.2)));
  EXPECT_EQ(hubsOf(project)->hubs()[3].frame, 200);
}

// New Project forgets the old project's candidate frame: Create Hub is disabled and makes nothing
// (it once added "Hub 1" with source "missing" to the empty project).
TEST_F(SnapEditor, ClearingTheProjectForgetsTheCandidate) {
  HubPanel panel(&project, &session);
  settle(1);
  panel.setCandidateFrame(project.motions()[0].id, 100);
  ASSERT_TRUE(panel.createButton()->isEnabled());
  project.clear();
  EXPECT_FALSE(panel.createButton()->isEnabled());
  EXPECT_EQ(panel.candidateLabel()->text(), QStringLiteral("Ctrl+click a frame on the timeline."));
  panel.createHub();
  EXPECT_EQ(hubsOf(project)->count(), 0);
  EXPECT_EQ(project.undoStack()->count(), 0);
}

// The box beside the hub slider follows the drag step by step (it once kept the value from before).
TEST_F(SnapEditor, ThresholdBoxFollowsTheSliderDrag) {
  HubPanel panel(&project, &session);
  settle(1);
  const HubId first = hubsOf(project)->hubs()[0].id;
  panel.selectHub(first);
  QSlider* slider = panel.hubSlider();
  slider->setSliderDown(true);
  emit slider->sliderPressed();
  for (int v : {24, 34, 49}) {
    slider->setValue(v);
    EXPECT_DOUBLE_EQ(hubsOf(project)->hub(first)->threshold, HubPanel::sliderThreshold(v));
    EXPECT_NEAR(panel.hubThresholdBox()->value(), HubPanel::sliderThreshold(v), 1e-5)
        << "during the drag, at " << v;
  }
  slider->setSliderDown(false);
  EXPECT_NEAR(panel.hubThresholdBox()->value(), HubPanel::sliderThreshold(49), 1e-5);
  EXPECT_EQ(slider->value(), 49);
  // Both threshold sliders run on the editor's one log scale, a decade at least a few
  // characters wide (a short drag once jumped from 0.0074 to 0.134 m²).
  for (QSlider* s : {slider, panel.candidateSlider()}) {
    EXPECT_EQ(s->maximum(), HubPanel::thresholdScale().tickCount());
    EXPECT_EQ(s->singleStep(), 1);
    EXPECT_GE(s->minimumWidth(),
              4 * LogSliderScale::kCharsPerDecade * s->fontMetrics().averageCharWidth());
  }
  EXPECT_NEAR(HubPanel::sliderThreshold(49) / HubPanel::sliderThreshold(48),
              std::pow(10.0, 1.0 / LogSliderScale::kTicksPerDecade), 1e-9);
  // Undo brings both back.
  project.undoStack()->undo();
  EXPECT_NEAR(panel.hubThresholdBox()->value(), suggested().threshold, 1e-5);
  EXPECT_EQ(slider->value(), HubPanel::thresholdSlider(suggested().threshold));
}

// The hub list's figures fit their headers and values; a name or source too long for its column
// is elided with a tooltip holding it whole (the list once showed "Hu…" and "Boxing_T").
TEST_F(SnapEditor, HubListFitsItsFiguresAndElidesWithTooltips) {
  HubPanel panel(&project, &session);
  settle(1);
  QTreeWidget* tree = panel.hubTree();
  panel.resize(panel.minimumSizeHint().width(), 600);
  panel.show();
  QHeaderView* header = tree->header();
  const QFontMetrics fm = tree->fontMetrics();
  for (int c : {1, 2}) {
    const QString title = tree->headerItem()->text(c);
    EXPECT_GE(header->sectionSize(c), fm.horizontalAdvance(title) + 8) << title.toStdString();
    EXPECT_FALSE(tree->headerItem()->toolTip(c).isEmpty());
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
      EXPECT_GE(header->sectionSize(c), fm.horizontalAdvance(tree->topLevelItem(i)->text(c)) + 8);
    }
  }
  int total = 0;
  for (int c = 0; c < 4; ++c) total += header->sectionSize(c);
  EXPECT_LE(total, tree->viewport()->width());
  ASSERT_GT(tree->topLevelItemCount(), 0);
  for (int i = 0; i < tree->topLevelItemCount(); ++i) {
    QTreeWidgetItem* item = tree->topLevelItem(i);
    EXPECT_EQ(item->toolTip(0), item->text(0));
    EXPECT_EQ(item->toolTip(3), item->text(3));
  }
}

// Suggesting beside existing hubs never proposes their frames (a hub so made had no matches of
// its own), and a hub left without matches is flagged in the list.
TEST_F(SnapEditor, SuggestExcludesTheFramesOfExistingHubsAndEmptyHubsAreFlagged) {
  HubPanel panel(&project, &session);
  auto state = settle(1);
  ASSERT_TRUE(state->emptyHubs.empty());
  std::vector<HubProposal> proposals;
  bool done = false;
  QObject::connect(&session, &SnapSession::suggestionsReady,
                   [&](const std::vector<HubProposal>& p, double) {
                     proposals = p;
                     done = true;
                   });
  QObject::connect(&session, &SnapSession::suggestionFailed, [&](const QString& why) {
    ADD_FAILURE() << why.toStdString();
    done = true;
  });
  session.suggestHubs(2, suggested().threshold, 10);
  ASSERT_TRUE(QTest::qWaitFor([&] { return done; }, 120000));
  ASSERT_FALSE(proposals.empty());
  for (const HubProposal& p : proposals) {
    for (const Hub& hub : state->graph.hubs) {
      for (const MatchFrame& f : hub.matchFrames) {
        EXPECT_GE(std::abs(f.ref.frame - p.frame), 10)
            << "proposal at " << p.frame << " beside match " << f.ref.frame;
      }
    }
  }
  // The panel turns the proposals into hubs (one undo step); each has matches of its own.
  ASSERT_EQ(hubsOf(project)->count(), 3 + static_cast<int>(proposals.size()));
  state = settle(1);
  EXPECT_TRUE(state->emptyHubs.empty())
      << state->emptyHubs.size() << " suggested hub(s) without matches";
  EXPECT_EQ(panel.emptyHubCount(), 0);

  // A hub on the frame of the first hub gets nothing (its frames are taken): flagged.
  const HubSpec& taken = hubsOf(project)->hubs()[0];
  project.undoStack()->push(new AddHubCommand(
      hubsOf(project), HubSpec{kNoHub, QStringLiteral("Beside"), Qt::red, taken.threshold,
                               taken.motion, taken.frame, 10, std::nullopt}));
  state = settle(1);
  ASSERT_EQ(state->emptyHubs.size(), 1u);
  EXPECT_EQ(panel.emptyHubCount(), 1);
  QTreeWidgetItem* last = panel.hubTree()->topLevelItem(panel.hubTree()->topLevelItemCount() - 1);
  EXPECT_TRUE(last->text(2).contains(QStringLiteral("empty"))) << last->text(2).toStdString();
  EXPECT_FALSE(last->toolTip(0).isEmpty());
}

// Suggest reads the motions the document holds when it is pressed, not the last derived state: a
// motion added a moment ago (its restart still pending, as while a batch of files is loading) is
// part of the suggestion, which is the core's suggestion over every motion. Before the session
// read the document itself, it suggested over the stale state's single motion.
TEST(SnapSessionSuggest, UsesTheMotionsOfTheDocumentWhenPressed) {
  Project project;
  SnapSession session{&project};
  Result<Motion> boxing = readMotionFile(kSnapBoxing);
  ASSERT_TRUE(boxing.ok());
  const int frames = boxing->frameCount();
  auto first = std::make_shared<const Motion>(sliceFrames(*boxing, 0, frames / 2));
  auto second = std::make_shared<const Motion>(sliceFrames(*boxing, frames / 2, frames));
  auto* addFirst = new AddMotionCommand(&project, first);
  const MotionId firstId = addFirst->id();
  project.undoStack()->push(addFirst);
  session.flush();
  ASSERT_TRUE(
      QTest::qWaitFor([&] { return !session.isRunning() && session.state()->stage >= 1; }, 60000));
  ASSERT_EQ(session.state()->working.size(), 1u);
  auto* addSecond = new AddMotionCommand(&project, second);
  const MotionId secondId = addSecond->id();
  project.undoStack()->push(addSecond);  // the session's restart waits for its coalescing delay

  std::vector<HubProposal> proposals;
  double threshold = 0.0;
  bool done = false;
  QObject::connect(&session, &SnapSession::suggestionsReady,
                   [&](const std::vector<HubProposal>& p, double t) {
                     proposals = p;
                     threshold = t;
                     done = true;
                   });
  QObject::connect(&session, &SnapSession::suggestionFailed, [&](const QString& why) {
    ADD_FAILURE() << why.toStdString();
    done = true;
  });
  session.suggestHubs(3, 0.0, 10);
  ASSERT_TRUE(QTest::qWaitFor([&] { return done; }, 120000));

  std::vector<std::shared_ptr<const Motion>> working;
  for (const auto& m : {first, second})
    working.push_back(std::make_shared<const Motion>(*resampleMotion(*m, 30.0)));
  HubGraphBuildJob job;
  job.motions = working;
  job.hubCount = 3;
  job.wminFrames = 10;
  Result<SuggestedHubGraph> expected = job.run();
  ASSERT_TRUE(expected.ok()) << expected.error().message;
  EXPECT_DOUBLE_EQ(threshold, expected->threshold);
  ASSERT_EQ(proposals.size(), expected->suggestions.size());
  for (size_t i = 0; i < proposals.size(); ++i) {
    const HubSuggestion& s = expected->suggestions[i];
    EXPECT_EQ(proposals[i].motion, s.query.motion == 0 ? firstId : secondId) << "proposal " << i;
    EXPECT_EQ(proposals[i].frame, s.query.frame) << "proposal " << i;
    EXPECT_EQ(proposals[i].matchCount, static_cast<int>(s.matches.size())) << "proposal " << i;
  }
}

// The timeline has a legend, offers a context menu's actions and, with a motion of another
// skeleton, shows it as a greyed row that cannot be clicked.
TEST_F(SnapEditor, TimelineShowsSetAsideMotionsAndALegend) {
  MatchTimeline timeline(&project, &session);
  timeline.resize(1200, 300);
  Result<Motion> other = readMotionFile("/usr/share/assimp/models/BVH/01_01.bvh");
  ASSERT_TRUE(other.ok());
  project.undoStack()->push(
      new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(other.value()))));
  auto state = settle(1);
  EXPECT_TRUE(state->error.isEmpty()) << state->error.toStdString();
  ASSERT_EQ(state->working.size(), 1u);
  ASSERT_EQ(state->setAside.size(), 1u);
  EXPECT_TRUE(state->setAside[0].reason.contains(QStringLiteral("skeleton")));
  EXPECT_EQ(timeline.rowCount(), 2);
  EXPECT_GE(timeline.minimumHeight(), timeline.rowY(1) + 20);
  EXPECT_EQ(timeline.hitTest(QPoint(600, timeline.rowY(1))).motion, -1);
  EXPECT_TRUE(timeline.legendText().contains(QStringLiteral("foot")));
  QImage image(timeline.size(), QImage::Format_RGB32);
  timeline.render(&image);                  // paints the greyed row without failing
  EXPECT_FALSE(state->graph.hubs.empty());  // the boxer's hubs still form the graph
}

}  // namespace
}  // namespace mg
