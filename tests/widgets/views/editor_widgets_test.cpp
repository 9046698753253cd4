// SPDX-License-Identifier: MIT
// The plain widgets of the editor (no 3D): playback bar, motion library view, import options.
#include <gtest/gtest.h>

#include <QAction>
#include <QComboBox>
#include <QSignalSpy>
#include <QSlider>
#include <QTableView>

#include "core/motion/units.h"
#include "support/synthetic_motion.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/views/library/import_options_dialog.h"
#include "widgets/views/library/motion_library_view.h"
#include "widgets/views/playback/playback_bar.h"
#include "widgets/views/playback/playback_controller.h"

namespace mg {
namespace {

TEST(PlaybackBar, FollowsAndDrivesTheController) {
  PlaybackController controller;
  QAction play(QStringLiteral("Play"));
  PlaybackBar bar(&controller, &play, nullptr, nullptr, nullptr);
  EXPECT_FALSE(bar.isEnabled());  // no clip yet
  controller.setClip(100, 30);
  EXPECT_TRUE(bar.isEnabled());
  EXPECT_EQ(bar.slider()->maximum(), 99);
  controller.setFrame(45);
  EXPECT_EQ(bar.slider()->value(), 45);
  EXPECT_EQ(bar.readout().simplified(), QStringLiteral("frame 45 (1.50 s) / 99"));  // the one clock
  bar.slider()->setValue(12);                                                       // scrubbing
  EXPECT_EQ(controller.frame(), 12);
  bar.speedBox()->setCurrentIndex(0);
  EXPECT_EQ(controller.speed(), 0.25);
  controller.setSpeed(2.0);
  EXPECT_EQ(bar.speedBox()->currentData().toDouble(), 2.0);
}

TEST(MotionLibraryView, ReportsSelectedIdsInTableOrder) {
  Project project;
  MotionLibraryView view(&project);
  QList<MotionId> ids;
  for (int i = 0; i < 3; ++i) {
    auto* cmd = new AddMotionCommand(&project,
                                     std::make_shared<const Motion>(test::makeSwingMotion(10 + i)));
    ids.push_back(cmd->id());
    project.undoStack()->push(cmd);
  }
  QSignalSpy selection(&view, &MotionLibraryView::selectionChanged);
  view.selectMotion(ids[2]);
  ASSERT_FALSE(selection.isEmpty());
  EXPECT_EQ(selection.last()[0].value<QList<MotionId>>(), QList<MotionId>{ids[2]});
  view.table()->selectAll();
  EXPECT_EQ(view.selectedMotions(), ids);
  // Removing a selected motion updates the selection without a click.
  project.undoStack()->push(new RemoveMotionCommand(&project, ids[1]));
  EXPECT_EQ(selection.last()[0].value<QList<MotionId>>(), (QList<MotionId>{ids[0], ids[2]}));
}

TEST(ImportOptionsDialog, RoundTripsGuessedNamedAndCustomUnits) {
  ImportOptions guessed;
  guessed.trimLeadingFrames = 12;
  EXPECT_EQ(ImportOptionsDialog(guessed).options().metresPerUnit, 0.0);
  EXPECT_EQ(ImportOptionsDialog(guessed).options().trimLeadingFrames, 12);

  ImportOptions centimetres;
  centimetres.metresPerUnit = 0.01;
  EXPECT_DOUBLE_EQ(ImportOptionsDialog(centimetres).options().metresPerUnit, 0.01);

  ImportOptions cmu;
  cmu.metresPerUnit = lengthUnitByName("cmu-asf").metresPerUnit;
  EXPECT_DOUBLE_EQ(ImportOptionsDialog(cmu).options().metresPerUnit, cmu.metresPerUnit);

  ImportOptions custom;
  custom.metresPerUnit = 0.0123;
  EXPECT_NEAR(ImportOptionsDialog(custom).options().metresPerUnit, 0.0123, 1e-9);
}

}  // namespace
}  // namespace mg
