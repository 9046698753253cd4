// SPDX-License-Identifier: MIT
// The Motion Fields workspace in the real window (CTest runs it under xvfb-run): undoable settings
// saved in the project, a field built from the library on a worker, steering with the arrow keys
// and its ground arrow, a push, the state-space and polar views, the response-time comparison with
// the graph controller, and a screenshot at 1366x768.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <numbers>

#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QScreen>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include "app/mgstudio/field/field_workspace.h"
#include "app/mgstudio/main_window.h"
#include "app/mgstudio/project_controller.h"
#include "core/import/motion_reader.h"
#include "gui_test_main.h"
#include "support/capture.h"
#include "widgets/commands/field_commands.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/project_file.h"
#include "widgets/views/field/field_plots.h"
#include "widgets/views/field/field_preview.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {
namespace {

// cmu_turns + cmu16 when the shared capture is there (what an author would load), else the
// subset of cmu_turns bundled in tests/data/mocap: real files, so the project can be saved (a
// motion without a source file cannot), on a clone without the shared capture too.
std::vector<std::shared_ptr<const Motion>> captureOrBundled() {
  std::vector<std::string> files;
  const std::filesystem::path root(MG_SHARED_MOCAP_DIR);
  for (const char* folder : {"cmu_turns", "cmu16"}) {
    if (!std::filesystem::exists(root / folder)) break;
    std::vector<std::string> more;
    for (const auto& e : std::filesystem::directory_iterator(root / folder))
      more.push_back(e.path().string());
    std::sort(more.begin(), more.end());
    files.insert(files.end(), more.begin(), more.end());
  }
  if (files.empty()) files = test::captureFiles("cmu_turns");
  std::vector<std::shared_ptr<const Motion>> out;
  for (const std::string& f : files) {
    Result<Motion> m = readMotionFile(f);
    if (m) out.push_back(std::make_shared<const Motion>(std::move(m.value())));
  }
  return out;
}

void shoot(QWidget& window, const char* name) {
  QTest::qWait(1200);  // let the viewport draw
  const QPoint topLeft = window.mapToGlobal(QPoint(0, 0));
  const QImage shot = window.screen()
                          ->grabWindow(0, topLeft.x(), topLeft.y(), window.width(), window.height())
                          .toImage();
  EXPECT_TRUE(shot.save(QString::fromLatin1(MG_GUI_ARTIFACT_DIR) + "/" + name));
}

TEST(FieldGui, BuildSteerPushCompare) {
  MainWindow window;
  window.setAskToSave(false);
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  Project* project = window.project();
  for (const auto& m : captureOrBundled())
    project->undoStack()->push(new AddMotionCommand(project, m));
  FieldWorkspace* ws = window.workspace<FieldWorkspace>();
  ASSERT_NE(ws, nullptr);
  ws->raiseDocks();

  // Settings: undoable, and written to the project's "field" section.
  FieldDocument* doc = ws->document();
  FieldSettings s = doc->settings();
  EXPECT_EQ(s.k, 15);
  s.compression = 10;
  project->undoStack()->push(setFieldSettingsCommand(doc, s));
  EXPECT_EQ(doc->settings().compression, 10);
  project->undoStack()->undo();
  EXPECT_EQ(doc->settings().compression, 1);
  project->undoStack()->redo();
  Result<Json> json = projectJson(*project, QStringLiteral("/tmp/field_gui.mgproj"));
  ASSERT_TRUE(json);
  const Json* section = jsonFind(*json, "field");
  ASSERT_NE(section, nullptr);
  Result<FieldSettings> back = fieldSettingsFromJson(*section);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->compression, 10);
  project->undoStack()->undo();

  QSignalSpy built(ws, &FieldWorkspace::fieldBuilt);
  ws->build();
  EXPECT_TRUE(ws->isBuilding());
  ASSERT_TRUE(built.wait(300000)) << "the field did not build";
  ASSERT_TRUE(ws->field());
  ASSERT_TRUE(ws->field()->values);

  ws->play();
  FieldPreview* preview = ws->preview();
  ASSERT_NE(preview->stream(), nullptr);
  EXPECT_TRUE(window.viewport()->groundArrowVisible());
  const double before = preview->heading();
  QTest::keyClick(window.viewport(), Qt::Key_Left);
  QTest::keyClick(window.viewport(), Qt::Key_Left);
  QTest::keyClick(window.viewport(), Qt::Key_Left);
  EXPECT_NEAR(
      std::remainder(preview->heading() - before - 3 * std::numbers::pi / 8, 2 * std::numbers::pi),
      0.0, 1e-9);
  for (int i = 0; i < 150; ++i) preview->advance(1.0 / 30);
  ASSERT_TRUE(preview->lastResponseSeconds()) << "the field did not turn 67.5 degrees in 5 s";
  EXPECT_LT(*preview->lastResponseSeconds(), 5.0);
  preview->setPlaying(false);  // the screenshots show the frames the test advanced to
  ws->push();
  for (int i = 0; i < 8; ++i) preview->advance(1.0 / 30);
  shoot(window, "field_push.png");
  for (int i = 0; i < 90; ++i) preview->advance(1.0 / 30);
  ASSERT_NE(preview->stream(), nullptr);
  EXPECT_TRUE(preview->stream()->state().pose.rootPosition.allFinite());

  QSignalSpy compared(ws, &FieldWorkspace::compared);
  ws->compare();
  ASSERT_TRUE(compared.wait(600000)) << "the comparison did not finish";
  ASSERT_EQ(ws->chart()->bars().size(), 5u);
  EXPECT_EQ(ws->chart()->bars().back().label, QStringLiteral("graph"));
  for (int i = 0; i < 30; ++i) preview->advance(1.0 / 30);
  shoot(window, "field_workspace.png");
  EXPECT_LE(window.width(), 1366);
  preview->stop();
}

// The field is saved beside the project (<project>.mgcache/field.cache) and shown again on open
// without building; other settings rebuild it; a damaged cache is ignored with a message.
TEST(FieldGui, SavedFieldReopensFromItsCacheWithoutBuilding) {
  MainWindow window;
  window.setAskToSave(false);
  window.projectFiles()->setInteractive(false);
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  Project* project = window.project();
  for (const auto& m : captureOrBundled())
    project->undoStack()->push(new AddMotionCommand(project, m));
  FieldWorkspace* ws = window.workspace<FieldWorkspace>();
  ASSERT_NE(ws, nullptr);
  ws->raiseDocks();
  QSignalSpy built(ws, &FieldWorkspace::fieldBuilt);
  ws->build();
  ASSERT_TRUE(built.wait(300000)) << "the field did not build";
  const int states = ws->field()->database->stateCount();

  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("field.mgproj"));
  ASSERT_TRUE(window.projectFiles()->saveTo(path));
  const QString cache = dir.filePath(QStringLiteral("field.mgcache/field.cache"));
  ASSERT_TRUE(QFileInfo::exists(cache));

  // Reopened: the field is there as soon as the project is, and nothing builds.
  ASSERT_TRUE(window.projectFiles()->openProject(path));
  ASSERT_TRUE(ws->field()) << "the field was not restored from its cache";
  EXPECT_FALSE(ws->isBuilding());
  EXPECT_EQ(ws->field()->database->stateCount(), states);
  shoot(window, "field_restored.png");

  // Other settings: the cache is stale, so the field is built again.
  FieldSettings s = ws->document()->settings();
  s.k = s.k + 1;
  project->undoStack()->push(setFieldSettingsCommand(ws->document(), s));
  ASSERT_TRUE(window.projectFiles()->saveTo(path));
  ASSERT_TRUE(window.projectFiles()->openProject(path));
  EXPECT_TRUE(ws->isBuilding()) << "a stale cache was used";
  ws->cancelJobs();
  QTest::qWait(200);

  // A damaged cache: ignored, said in the status bar, rebuilt; the project opens all the same.
  {
    QFile f(cache);
    ASSERT_TRUE(f.open(QIODevice::ReadWrite));
    f.seek(f.size() / 2);
    f.write("damage");
  }
  ASSERT_TRUE(window.projectFiles()->openProject(path));
  EXPECT_TRUE(window.statusBar()->currentMessage().contains(QStringLiteral("ignored")))
      << window.statusBar()->currentMessage().toStdString();
  EXPECT_TRUE(ws->isBuilding());
  ws->cancelJobs();
  QTest::qWait(200);
}

}  // namespace
}  // namespace mg

int main(int argc, char** argv) {
  return mg::test::runGuiTests(argc, argv, "field_gui_test");
}
