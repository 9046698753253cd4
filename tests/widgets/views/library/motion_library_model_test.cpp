// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QColor>
#include <QDir>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include "support/synthetic_motion.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/missing_motions.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/library/motion_library_model.h"
#include "widgets/views/library/motion_library_view.h"

namespace mg {
namespace {

std::shared_ptr<const Motion> libraryMotion(const char* name, int frames, double fps) {
  Motion m = test::makeSwingMotion(frames, fps);
  m.name = name;
  m.sourcePath = std::string("/data/") + name + ".bvh";
  return std::make_shared<const Motion>(std::move(m));
}

TEST(MotionLibraryModel, ShowsOneRowPerMotionWithItsFigures) {
  Project project;
  MotionLibraryModel model(&project);
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  auto* cmd = new AddMotionCommand(&project, libraryMotion("walk", 120, 60));
  const MotionId id = cmd->id();
  project.undoStack()->push(cmd);
  ASSERT_EQ(model.rowCount(), 1);
  ASSERT_EQ(model.columnCount(), MotionLibraryModel::ColumnCount);
  auto cell = [&](int column) { return model.data(model.index(0, column), Qt::DisplayRole); };
  EXPECT_EQ(cell(MotionLibraryModel::Name).toString(), QStringLiteral("walk"));
  EXPECT_EQ(cell(MotionLibraryModel::Joints).toInt(), 11);  // hips, spine, head, 2 x 4 leg joints
  EXPECT_EQ(cell(MotionLibraryModel::Frames).toInt(), 120);
  EXPECT_EQ(cell(MotionLibraryModel::Duration).toString(), QStringLiteral("2.00 s"));
  EXPECT_EQ(cell(MotionLibraryModel::Fps).toString(), QStringLiteral("60"));
  EXPECT_EQ(cell(MotionLibraryModel::SourcePath).toString(), QStringLiteral("/data/walk.bvh"));
  EXPECT_EQ(model.data(model.index(0, 3), MotionLibraryModel::kMotionIdRole).toInt(), id);
  EXPECT_EQ(model.headerData(MotionLibraryModel::Fps, Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("FPS"));
}

// The unit the file was read in shows in its column, and why in the cell's tooltip; a motion not
// read from a file has none.
TEST(MotionLibraryModel, ShowsTheUnitAndWhy) {
  Project project;
  MotionLibraryModel model(&project);
  Motion read = test::makeSwingMotion(10, 30);
  read.sourceUnit = {.name = "cm",
                     .metresPerUnit = 0.01,
                     .basis = UnitBasis::Guessed,
                     .restHeightUnits = 172,
                     .askedBy = {}};
  project.undoStack()->push(
      new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(read))));
  project.undoStack()->push(new AddMotionCommand(&project, libraryMotion("synth", 10, 30)));
  auto cell = [&](int row, int role) {
    return model.data(model.index(row, MotionLibraryModel::Unit), role).toString();
  };
  EXPECT_EQ(cell(0, Qt::DisplayRole), QStringLiteral("cm"));
  EXPECT_EQ(cell(0, Qt::ToolTipRole),
            QStringLiteral("cm, guessed from a rest height of 172 units"));
  EXPECT_EQ(cell(1, Qt::DisplayRole), QStringLiteral("?"));
  EXPECT_EQ(model.headerData(MotionLibraryModel::Unit, Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("Unit"));
}

// A motion whose file was not found is greyed and says where it was looked for.
TEST(MotionLibraryModel, ShowsAMissingMotionGreyedWithItsPath) {
  Project project;
  MotionLibraryModel model(&project);
  MotionEntry missing{
      project.allocateMotionId(), missingMotionPlaceholder("walk", "/gone/walk.bvh", 120, 60), {}};
  missing.file.missing = true;
  project.insertMotion(0, missing);
  auto cell = [&](int column, int role = Qt::DisplayRole) {
    return model.data(model.index(0, column), role);
  };
  EXPECT_EQ(
      cell(MotionLibraryModel::SourcePath).toString(),
      QStringLiteral("missing: ") + QDir::toNativeSeparators(QStringLiteral("/gone/walk.bvh")));
  EXPECT_EQ(cell(MotionLibraryModel::Name).toString(), QStringLiteral("walk (missing)"));
  EXPECT_EQ(cell(MotionLibraryModel::Frames).toInt(), 120);  // the recorded length
  EXPECT_EQ(cell(MotionLibraryModel::Name, Qt::ForegroundRole).value<QColor>(), QColor(Qt::gray));
  EXPECT_TRUE(cell(MotionLibraryModel::Fps, Qt::ToolTipRole).toString().contains("Find Missing"));
  // A version 2 file's motion never found: its length is not known.
  MotionEntry unknown{
      project.allocateMotionId(), missingMotionPlaceholder("old", "/gone/old.bvh", 0, 0), {}};
  unknown.file.missing = true;
  project.insertMotion(1, unknown);
  EXPECT_EQ(model.data(model.index(1, MotionLibraryModel::Frames), Qt::DisplayRole).toString(),
            QStringLiteral("?"));
}

// A motion with a capture glitch (issue 27) has a red mark by its name, and the name's tooltip
// says what jumped; a clean one has neither.
TEST(MotionLibraryModel, MarksAMotionWithACaptureGlitch) {
  Project project;
  SnapSession session{&project};
  MotionLibraryView view(&project);
  view.showGlitchesOf(&session);
  Motion walk = test::makeSwingMotion(300);
  ASSERT_TRUE(test::plantJointFlip(walk, "RightUpLeg", 150, 150));
  walk.name = "glitched";
  auto* add = new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(walk)));
  const MotionId glitched = add->id();
  project.undoStack()->push(add);
  project.undoStack()->push(new AddMotionCommand(&project, libraryMotion("clean", 200, 30)));
  session.flush();
  ASSERT_TRUE(QTest::qWaitFor(
      [&] { return !session.isRunning() && session.state()->working.size() == 2; }, 60000));
  const MotionLibraryModel& model = *view.model();
  auto name = [&](int row, int role) {
    return model.data(model.index(row, MotionLibraryModel::Name), role);
  };
  const QVariant mark = name(0, Qt::DecorationRole);
  ASSERT_TRUE(mark.canConvert<QColor>());
  EXPECT_GT(mark.value<QColor>().red(), 150);
  EXPECT_LT(mark.value<QColor>().green(), 80);
  const QString tip = name(0, Qt::ToolTipRole).toString();
  EXPECT_TRUE(tip.startsWith(QStringLiteral("glitched\n1 capture glitch, left out of every graph")))
      << tip.toStdString();
  EXPECT_TRUE(tip.contains(QStringLiteral("RightUpLeg"))) << tip.toStdString();
  EXPECT_FALSE(name(1, Qt::DecorationRole).isValid());
  EXPECT_EQ(name(1, Qt::ToolTipRole).toString(), QStringLiteral("clean"));
  // Removing the glitched take removes its mark with it.
  EXPECT_EQ(model.glitchesOf(glitched).size(), 1);
  project.undoStack()->undo();
  project.undoStack()->undo();
  session.flush();
  ASSERT_TRUE(QTest::qWaitFor(
      [&] { return !session.isRunning() && model.glitchesOf(glitched).isEmpty(); }, 60000));
}

TEST(MotionLibraryModel, FollowsInsertsRemovalsAndUndo) {
  Project project;
  MotionLibraryModel model(&project);
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
  QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
  QList<MotionId> ids;
  for (const char* name : {"a", "b", "c"}) {
    auto* cmd = new AddMotionCommand(&project, libraryMotion(name, 30, 30));
    ids.push_back(cmd->id());
    project.undoStack()->push(cmd);
  }
  EXPECT_EQ(inserted.count(), 3);
  project.undoStack()->push(new RemoveMotionCommand(&project, ids[0]));
  ASSERT_EQ(removed.count(), 1);
  EXPECT_EQ(removed[0][1].toInt(), 0);
  EXPECT_EQ(model.rowCount(), 2);
  EXPECT_EQ(model.data(model.index(0, 0), Qt::DisplayRole).toString(), QStringLiteral("b"));
  EXPECT_EQ(model.motionIdAt(0), ids[1]);
  project.undoStack()->undo();
  EXPECT_EQ(model.rowCount(), 3);
  EXPECT_EQ(model.data(model.index(0, 0), Qt::DisplayRole).toString(), QStringLiteral("a"));
  EXPECT_EQ(model.rowOf(ids[2]), 2);
}

// At the narrowest the dock allows, every figure's column shows its whole header and value (the
// FPS column once read "F"), and the name and the path elide with their tooltips.
TEST(MotionLibraryView, NoColumnIsCutAtTheTablesMinimumWidth) {
  Project project;
  project.undoStack()->push(
      new AddMotionCommand(&project, libraryMotion("Boxing_Toes_long_name", 3069, 30)));
  MotionLibraryView view(&project);
  QTableView* table = view.table();
  view.resize(view.minimumSizeHint().width(), 200);
  view.show();
  QHeaderView* header = table->horizontalHeader();
  int total = 0;
  for (int c = 0; c < MotionLibraryModel::ColumnCount; ++c) total += header->sectionSize(c);
  EXPECT_LE(total, table->viewport()->width());
  const QFontMetrics fm = header->fontMetrics();
  for (int c = MotionLibraryModel::Joints; c <= MotionLibraryModel::Unit; ++c) {
    const QString title = view.model()->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
    const QString value = view.model()->data(view.model()->index(0, c), Qt::DisplayRole).toString();
    EXPECT_GE(header->sectionSize(c), fm.horizontalAdvance(title) + 8) << title.toStdString();
    EXPECT_GE(header->sectionSize(c), table->fontMetrics().horizontalAdvance(value) + 8)
        << title.toStdString();
    EXPECT_FALSE(view.model()->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
  }
  EXPECT_GT(header->sectionSize(MotionLibraryModel::Name), 0);
  EXPECT_EQ(view.model()
                ->data(view.model()->index(0, MotionLibraryModel::Name), Qt::ToolTipRole)
                .toString(),
            QStringLiteral("Boxing_Toes_long_name"));
}

}  // namespace
}  // namespace mg
