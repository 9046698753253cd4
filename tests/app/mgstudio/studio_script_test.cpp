// SPDX-License-Identifier: MIT
// mgstudio FILES --suggest-hubs N --walk: the suggestion waits until every file is read, so two
// runs on the same files give the same graph (it once ran on whichever motions had arrived when
// the first derivation reported, and two runs differed). Runs the real main window under Xvfb.
#include <gtest/gtest.h>

#include <QTemporaryDir>
#include <QTest>

#include "app/mgstudio/main_window.h"
#include "app/mgstudio/snap/snap_workspace.h"
#include "app/mgstudio/studio_script.h"
#include "core/import/bvh_writer.h"
#include "core/import/motion_reader.h"
#include "core/motion/resample.h"
#include "core/snap/hub_graph_builder.h"
#include "gui_test_main.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/snap/snap_preview.h"

namespace mg {
namespace {

const char* const kBoxing = "/usr/share/assimp/models/BVH/Boxing_Toes.bvh";

// The hubs (motion index in project order, frame) and their threshold after the script ran on
// `paths` in a fresh window; fails the test if the script does not suggest, snap and walk.
struct ScriptedGraph {
  std::vector<std::pair<int, int>> hubs;
  double threshold = 0.0;
  int motions = 0;
};
ScriptedGraph runScript(const QStringList& paths) {
  ScriptedGraph out;
  MainWindow window;
  window.resize(1366, 768);
  window.show();
  StudioOptions options;
  options.suggestHubs = 3;
  options.walk = true;
  StudioScript script(&window, options);
  window.openFiles(paths);
  script.begin();
  Project* project = window.project();
  SnapSession* session = window.workspace<SnapWorkspace>()->session();
  EXPECT_TRUE(QTest::qWaitFor(
      [&] { return window.workspace<SnapWorkspace>()->preview()->isWalkPlaying(); }, 240000))
      << "the script did not suggest, snap and walk";
  out.motions = project->motionCount();
  for (const HubSpec& h : hubsOf(*project)->hubs()) {
    int index = -1;
    for (int m = 0; m < project->motionCount(); ++m) {
      if (project->motions()[m].id == h.motion) index = m;
    }
    out.hubs.push_back({index, h.frame});
    out.threshold = h.threshold;
  }
  EXPECT_TRUE(session->state()->snapped);
  return out;
}

TEST(StudioScript, SuggestsOverEveryFileAndTwoRunsAgree) {
  // Three takes of one skeleton: thirds of the boxing sample, written as files to read; the last
  // at 960 Hz, so it takes a while to read and the first ones are derived before it arrives.
  Result<Motion> boxing = readMotionFile(kBoxing);
  ASSERT_TRUE(boxing.ok()) << boxing.error().message;
  QTemporaryDir dir;
  QStringList paths;
  std::vector<std::shared_ptr<const Motion>> working;
  const int third = boxing->frameCount() / 3;
  for (int i = 0; i < 3; ++i) {
    Motion part = sliceFrames(*boxing, i * third, (i + 1) * third);
    if (i == 2) part = *resampleMotion(part, 960.0);
    const QString path = dir.filePath(QStringLiteral("take_%1.bvh").arg(i));
    ASSERT_TRUE(writeBvhFile(part, path.toStdString()));
    paths.push_back(path);
    Result<Motion> read = readMotionFile(path.toStdString());
    ASSERT_TRUE(read.ok()) << read.error().message;
    working.push_back(std::make_shared<const Motion>(*resampleMotion(*read, 30.0)));
  }
  // What a suggestion over all three gives.
  HubGraphBuildJob job;
  job.motions = working;
  job.hubCount = 3;
  job.wminFrames = 10;
  Result<SuggestedHubGraph> expected = job.run();
  ASSERT_TRUE(expected.ok()) << expected.error().message;

  for (int run = 0; run < 2; ++run) {
    const ScriptedGraph got = runScript(paths);
    EXPECT_EQ(got.motions, 3) << "run " << run;
    EXPECT_DOUBLE_EQ(got.threshold, expected->threshold) << "run " << run;
    ASSERT_EQ(got.hubs.size(), expected->suggestions.size()) << "run " << run;
    for (size_t h = 0; h < got.hubs.size(); ++h) {
      EXPECT_EQ(got.hubs[h].first, expected->suggestions[h].query.motion)
          << "run " << run << " hub " << h;
      EXPECT_EQ(got.hubs[h].second, expected->suggestions[h].query.frame)
          << "run " << run << " hub " << h;
    }
  }
}

}  // namespace
}  // namespace mg

int main(int argc, char** argv) {
  return mg::test::runGuiTests(argc, argv, "mg_gui_studio_script_test");
}
