// SPDX-License-Identifier: MIT
// The Match Timeline as an animator's timeline: clicks and drags on the ruler or a motion move the
// playhead (scrubbed), Ctrl+click sets the hub candidate, the view pages to follow the playhead,
// and a project's reset leaves no playhead of the old one.
#include <gtest/gtest.h>

#include <QApplication>
#include <QImage>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

#include "support/synthetic_motion.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/project.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/timeline/match_timeline.h"

namespace mg {
namespace {

class MatchTimelineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (int frames : {300, 200}) {
      auto* add = new AddMotionCommand(
          &project, std::make_shared<const Motion>(test::makeSwingMotion(frames)));
      ids.push_back(add->id());
      project.undoStack()->push(add);
    }
    session.flush();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return !session.isRunning() && session.state()->working.size() == 2; }, 60000));
    timeline.resize(1000, 200);
    timeline.fitAll();
  }

  QPoint onLine(int motion, int frame) const {
    return {static_cast<int>(timeline.frameToX(frame + 0.5)), timeline.rowY(motion)};
  }
  QPoint onRuler(int frame) const {
    return {static_cast<int>(timeline.frameToX(frame + 0.5)), timeline.rulerY()};
  }
  void moveHeld(const QPoint& to, Qt::KeyboardModifiers mods = {}) {
    QMouseEvent move(QEvent::MouseMove, to, timeline.mapToGlobal(to), Qt::NoButton, Qt::LeftButton,
                     mods);
    QApplication::sendEvent(&timeline, &move);
  }

  Project project;
  SnapSession session{&project};
  MatchTimeline timeline{&project, &session};
  std::vector<MotionId> ids;
};

TEST_F(MatchTimelineTest, AClickOnAMotionMovesThePlayheadNotTheHubCandidate) {
  QSignalSpy scrubs(&timeline, &MatchTimeline::scrubbed);
  QSignalSpy candidates(&timeline, &MatchTimeline::frameClicked);
  QSignalSpy clips(&timeline, &MatchTimeline::clipClicked);
  QTest::mouseClick(&timeline, Qt::LeftButton, {}, onLine(1, 120));
  ASSERT_EQ(scrubs.count(), 1);
  EXPECT_EQ(scrubs[0][0].value<MotionId>(), ids[1]);
  EXPECT_NEAR(scrubs[0][1].toInt(), 120, 1);
  EXPECT_EQ(timeline.playheadMotion(), 1);
  EXPECT_EQ(timeline.playheadFrame(), scrubs[0][1].toInt());
  EXPECT_EQ(candidates.count(), 0);
  EXPECT_EQ(clips.count(), 0);
  EXPECT_EQ(timeline.selectedFrame(), -1);
}

TEST_F(MatchTimelineTest, ClickAndDragOnTheRulerScrubTheMotionUnderThePlayhead) {
  timeline.setPlayhead(1, 10);
  QSignalSpy scrubs(&timeline, &MatchTimeline::scrubbed);
  QSignalSpy candidates(&timeline, &MatchTimeline::frameClicked);
  QTest::mousePress(&timeline, Qt::LeftButton, {}, onRuler(50));
  ASSERT_EQ(scrubs.count(), 1);
  EXPECT_EQ(scrubs[0][0].value<MotionId>(), ids[1]);
  EXPECT_NEAR(scrubs[0][1].toInt(), 50, 1);
  moveHeld(onRuler(90));
  moveHeld(onRuler(400));  // past the end of the 200-frame motion: its last frame
  QTest::mouseRelease(&timeline, Qt::LeftButton, {}, onRuler(400));
  ASSERT_EQ(scrubs.count(), 3);
  EXPECT_NEAR(scrubs[1][1].toInt(), 90, 1);
  EXPECT_EQ(scrubs[2][1].toInt(), 199);
  EXPECT_EQ(timeline.playheadMotion(), 1);
  EXPECT_EQ(timeline.playheadFrame(), 199);
  EXPECT_EQ(candidates.count(), 0);
  // Without a playhead the ruler scrubs the first motion.
  timeline.setPlayhead(-1, -1);
  QTest::mouseClick(&timeline, Qt::LeftButton, {}, onRuler(30));
  ASSERT_EQ(scrubs.count(), 4);
  EXPECT_EQ(scrubs[3][0].value<MotionId>(), ids[0]);
}

TEST_F(MatchTimelineTest, CtrlClickSetsTheHubCandidateAndLeavesThePlayhead) {
  timeline.setPlayhead(0, 5);
  QSignalSpy scrubs(&timeline, &MatchTimeline::scrubbed);
  QSignalSpy candidates(&timeline, &MatchTimeline::frameClicked);
  QSignalSpy clips(&timeline, &MatchTimeline::clipClicked);
  QTest::mouseClick(&timeline, Qt::LeftButton, Qt::ControlModifier, onLine(1, 80));
  ASSERT_EQ(candidates.count(), 1);
  EXPECT_EQ(candidates[0][0].value<MotionId>(), ids[1]);
  EXPECT_NEAR(candidates[0][1].toInt(), 80, 1);
  EXPECT_EQ(timeline.selectedMotion(), 1);
  EXPECT_EQ(timeline.selectedFrame(), candidates[0][1].toInt());
  EXPECT_EQ(scrubs.count(), 0);
  EXPECT_EQ(clips.count(), 0);
  EXPECT_EQ(timeline.playheadMotion(), 0);
  EXPECT_EQ(timeline.playheadFrame(), 5);
  EXPECT_TRUE(timeline.toolTip().contains(QStringLiteral("Ctrl+click")));
  EXPECT_TRUE(timeline.legendText().contains(QStringLiteral("Ctrl+click")));
}

// The Subgraph Timeline: a drag is a key segment (Shift+drag by hand), a click moves the playhead.
TEST_F(MatchTimelineTest, WithRangeSelectionAClickScrubsAndADragSelects) {
  timeline.setRangeSelection(true);
  QSignalSpy scrubs(&timeline, &MatchTimeline::scrubbed);
  QSignalSpy ranges(&timeline, &MatchTimeline::rangeSelected);
  QSignalSpy candidates(&timeline, &MatchTimeline::frameClicked);
  QTest::mouseClick(&timeline, Qt::LeftButton, {}, onLine(0, 40));
  ASSERT_EQ(scrubs.count(), 1);
  EXPECT_EQ(scrubs[0][0].value<MotionId>(), ids[0]);
  EXPECT_EQ(ranges.count(), 0);
  QTest::mousePress(&timeline, Qt::LeftButton, Qt::ShiftModifier, onLine(0, 60));
  moveHeld(onLine(0, 100), Qt::ShiftModifier);
  QTest::mouseRelease(&timeline, Qt::LeftButton, Qt::ShiftModifier, onLine(0, 100));
  ASSERT_EQ(ranges.count(), 1);
  EXPECT_EQ(ranges[0][0].value<MotionId>(), ids[0]);
  EXPECT_NEAR(ranges[0][1].toInt(), 60, 1);
  EXPECT_NEAR(ranges[0][2].toInt(), 101, 1);
  EXPECT_TRUE(ranges[0][3].value<Qt::KeyboardModifiers>() & Qt::ShiftModifier);
  EXPECT_EQ(scrubs.count(), 1);  // the drag did not move the playhead
  EXPECT_EQ(candidates.count(), 0);
}

TEST_F(MatchTimelineTest, TheViewPagesToFollowThePlayhead) {
  timeline.zoomBy(4.0, timeline.frameToX(0));
  const double page = timeline.lastVisibleFrame() - timeline.firstVisibleFrame();
  ASSERT_LT(page, 120);
  ASSERT_EQ(timeline.firstVisibleFrame(), 0);
  const int beyond = static_cast<int>(timeline.lastVisibleFrame()) + 30;
  timeline.setPlayhead(0, beyond);
  EXPECT_LE(timeline.firstVisibleFrame(), beyond);
  EXPECT_GE(timeline.lastVisibleFrame(), beyond + 1);
  EXPECT_NEAR(timeline.lastVisibleFrame() - timeline.firstVisibleFrame(), page, 1e-6);  // paged
  // Back before the view (a loop wrapping): the view pages back.
  timeline.setPlayhead(0, 3);
  EXPECT_LE(timeline.firstVisibleFrame(), 3);
}

// The author just panned by hand: the view stays, and the playhead out of view is not labelled
// at the view's edge (no yellow of the playhead or its label anywhere).
TEST_F(MatchTimelineTest, AfterAPanByHandTheViewStaysAndAnOutOfViewPlayheadHasNoLabel) {
  timeline.zoomBy(4.0, timeline.frameToX(0));
  const QPoint at = onLine(0, 10);
  QWheelEvent pan(QPointF(at), timeline.mapToGlobal(QPointF(at)), {}, QPoint(0, -120), Qt::NoButton,
                  Qt::ShiftModifier, Qt::NoScrollPhase, false);
  QApplication::sendEvent(&timeline, &pan);
  const double first = timeline.firstVisibleFrame();
  ASSERT_GT(first, 0);
  timeline.setPlayhead(0, static_cast<int>(timeline.lastVisibleFrame()) + 40);
  EXPECT_EQ(timeline.firstVisibleFrame(), first);
  QImage image(timeline.size(), QImage::Format_RGB32);
  timeline.render(&image);
  int yellow = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x)
      if (image.pixelColor(x, y) == QColor(250, 220, 60)) ++yellow;
  EXPECT_EQ(yellow, 0);
  // In view, it is drawn and labelled.
  timeline.setPlayhead(0, static_cast<int>(first) + 5);
  timeline.render(&image);
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x)
      if (image.pixelColor(x, y) == QColor(250, 220, 60)) ++yellow;
  EXPECT_GT(yellow, 20);
}

TEST_F(MatchTimelineTest, AProjectResetLeavesNoPlayheadAndRefits) {
  timeline.zoomBy(4.0, timeline.frameToX(0));
  timeline.setPlayhead(0, 250);
  timeline.setSelectedFrame(1, 20);
  ASSERT_GT(timeline.firstVisibleFrame(), 0);
  project.clear();
  EXPECT_EQ(timeline.playheadMotion(), -1);
  EXPECT_EQ(timeline.playheadFrame(), -1);
  EXPECT_EQ(timeline.selectedFrame(), -1);
  EXPECT_EQ(timeline.firstVisibleFrame(), 0);
  // The next project's motions are fitted again.
  project.undoStack()->push(
      new AddMotionCommand(&project, std::make_shared<const Motion>(test::makeSwingMotion(90))));
  session.flush();
  ASSERT_TRUE(QTest::qWaitFor(
      [&] { return !session.isRunning() && session.state()->working.size() == 1; }, 60000));
  EXPECT_GE(timeline.lastVisibleFrame(), 89);
  EXPECT_LT(timeline.lastVisibleFrame(), 100);
}

// Capture glitches (issue 27) show on the timeline as red ticks whose tooltip says what jumped;
// a motion without any shows none and the legend does not mention them.
TEST(MatchTimelineGlitches, AGlitchFrameHasARedTickWithWhatJumped) {
  Project project;
  SnapSession session{&project};
  MatchTimeline timeline{&project, &session};
  Motion walk = test::makeSwingMotion(300);
  ASSERT_TRUE(test::plantJointFlip(walk, "RightUpLeg", 150, 150));
  walk.name = "glitched";
  project.undoStack()->push(
      new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(walk))));
  project.undoStack()->push(
      new AddMotionCommand(&project, std::make_shared<const Motion>(test::makeSwingMotion(200))));
  session.flush();
  ASSERT_TRUE(QTest::qWaitFor(
      [&] { return !session.isRunning() && session.state()->working.size() == 2; }, 60000));
  timeline.resize(1000, 200);
  timeline.fitAll();
  const int glitchFrame = 150 * 30 / static_cast<int>(session.state()->working[0]->fps);
  ASSERT_EQ(session.state()->glitches.size(), 2u);
  ASSERT_EQ(session.state()->glitches[0].size(), 1u);
  EXPECT_TRUE(session.state()->glitches[1].empty());
  const QPoint at(static_cast<int>(timeline.frameToX(glitchFrame + 0.5)), timeline.rowY(0));
  const QString tip = timeline.glitchTipAt(at);
  EXPECT_TRUE(tip.startsWith(QStringLiteral("Capture glitch in glitched"))) << tip.toStdString();
  EXPECT_TRUE(tip.contains(QStringLiteral("RightUpLeg"))) << tip.toStdString();
  EXPECT_TRUE(tip.contains(QStringLiteral("No clip plays across it"))) << tip.toStdString();
  EXPECT_TRUE(
      timeline.glitchTipAt({static_cast<int>(timeline.frameToX(40)), timeline.rowY(0)}).isEmpty());
  EXPECT_TRUE(timeline.glitchTipAt({at.x(), timeline.rowY(1)}).isEmpty());
  EXPECT_TRUE(timeline.legendText().contains(QStringLiteral("red: capture glitch")));
  // The red tick is drawn where the tooltip is.
  const QImage image = timeline.grab().toImage();
  bool red = false;
  for (int dy = -12; dy <= 12 && !red; ++dy) {
    const QColor c =
        image.pixelColor(static_cast<int>(timeline.frameToX(glitchFrame)), at.y() + dy);
    red = c.red() > 200 && c.green() < 90 && c.blue() < 90;
  }
  EXPECT_TRUE(red);
}

TEST_F(MatchTimelineTest, CleanCaptureHasNoGlitchMarks) {
  EXPECT_FALSE(timeline.legendText().contains(QStringLiteral("glitch")));
  for (int f = 0; f < 300; f += 7) EXPECT_TRUE(timeline.glitchTipAt(onLine(0, f)).isEmpty()) << f;
}

}  // namespace
}  // namespace mg
