// SPDX-License-Identifier: MIT
// The export folder dialog (widgets/views/export_folder_dialog): its "Clips as" choice, and that
// choosing glTF binary makes the snap export (core/io, the path `mgtool snap --format glb` takes)
// write a .glb beside every clip's BVH that the project's reader reads back to the same motion.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include "core/import/import_motion_loader.h"
#include "core/io/snap_export_fixture.h"
#include "core/io/snap_import.h"
#include "support/joint_distance.h"
#include "widgets/views/common/export_folder_dialog.h"

namespace mg {
namespace {

// Runs the dialog as a user would: picks `format` in "Clips as", types `folder`, presses Export.
std::vector<MotionFormat> chooseInDialog(const QString& start, const QString& folder,
                                         const QString& format) {
  ExportFolderDialog dialog(nullptr, QStringLiteral("Export Snap Graph To"), start);
  dialog.offerClipFormats();
  auto* combo = dialog.findChild<QComboBox*>(QStringLiteral("clipFormat"));
  EXPECT_NE(combo, nullptr);
  if (!combo) return {};
  EXPECT_EQ(combo->count(), 3);
  combo->setCurrentIndex(combo->findData(format));
  dialog.selectFile(folder);
  dialog.accept();
  EXPECT_EQ(dialog.result(), QDialog::Accepted);
  return dialog.clipCopies();
}

TEST(ExportFolderDialog, ClipFormatsOfferedAndTheChoiceRemembered) {
  QTemporaryDir dir;
  ExportFolderDialog plain(nullptr, QStringLiteral("Export"), dir.path());
  EXPECT_EQ(plain.findChild<QComboBox*>(QStringLiteral("clipFormat")), nullptr);
  EXPECT_TRUE(plain.clipCopies().empty());

  EXPECT_EQ(chooseInDialog(dir.path(), dir.filePath(QStringLiteral("a")), QStringLiteral("gltf")),
            std::vector<MotionFormat>{MotionFormat::Gltf});
  ExportFolderDialog next(nullptr, QStringLiteral("Export"), dir.path());
  next.offerClipFormats();
  EXPECT_EQ(next.clipCopies(), std::vector<MotionFormat>{MotionFormat::Gltf});  // the last choice
  EXPECT_TRUE(
      chooseInDialog(dir.path(), dir.filePath(QStringLiteral("b")), QStringLiteral("bvh")).empty());
}

TEST(ExportFolderDialog, ChoosingGlbWritesClipsThatCoreReadsBack) {
  QTemporaryDir dir;
  const QString folder = dir.filePath(QStringLiteral("for the engine"));  // created by the dialog
  const std::vector<MotionFormat> copies =
      chooseInDialog(dir.path(), folder, QStringLiteral("glb"));
  ASSERT_EQ(copies, std::vector<MotionFormat>{MotionFormat::Glb});
  ASSERT_TRUE(QDir(folder).exists());

  const auto swing = test::snappedSwing();
  ASSERT_TRUE(swing);
  SnapExportInput input{&swing->graph, &swing->snapped, {0.004, 8, 0}, {}};
  input.clipCopies = copies;
  const Status exported = exportSnapGraph(input, folder.toStdString());
  ASSERT_TRUE(exported) << exported.error().message;

  const Result<SnapGraphFile> file = readSnapGraph(folder.toStdString(), importMotionLoader());
  ASSERT_TRUE(file) << file.error().message;
  ASSERT_FALSE(file->clipFiles.empty());
  for (const std::string& clip : file->clipFiles) {
    const std::string bvh = folder.toStdString() + "/" + clip;
    const std::string glb = withMotionExtension(bvh, MotionFormat::Glb);
    ASSERT_TRUE(QFileInfo::exists(QString::fromStdString(glb))) << glb;
    EXPECT_LT(test::largestJointDistance(bvh, glb), 1e-4) << clip;  // 0.1 mm, same frames and rate
  }
}

}  // namespace
}  // namespace mg
