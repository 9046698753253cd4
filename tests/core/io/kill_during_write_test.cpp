// SPDX-License-Identifier: MIT
// Kill -9 at random moments while a child process writes, over and over, one of two versions of a
// file or export folder: after every kill the files on disk must be a complete version, the last
// one the child finished or the one it was writing (never a mix, never a torn file). Hundreds of
// kills per writer; the delay is random, so kills land in formatting, writing, syncing, renaming
// and removing.
#include <filesystem>

#include <gtest/gtest.h>

#include "core/dmg/dmg_builder.h"
#include "core/import/bvh_writer.h"
#include "core/import/import_motion_loader.h"
#include "core/import/motion_reader.h"
#include "core/io/export_set.h"
#include "core/io/keys_json.h"
#include "core/io/snap_import.h"
#include "core/io/subgraph_export.h"
#include "snap_export_fixture.h"
#include "support/kill_repeatedly.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

class KillDuringWrite : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = fs::temp_directory_path() /
            ("mg_kill_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(m_dir);
    fs::create_directories(m_dir);
  }
  void TearDown() override { fs::remove_all(m_dir); }
  fs::path m_dir;
};

TEST_F(KillDuringWrite, BvhFileIsAlwaysTheOldOrTheNewMotion) {
  const Motion a = test::makeSwingMotion(400, 30.0, 1.0, 0.5);
  const Motion b = test::makeSwingMotion(250, 60.0, 1.2, 0.4);
  const std::string path = (m_dir / "walk.bvh").string();
  ASSERT_TRUE(writeBvhFile(a, path));
  test::killRepeatedly(
      [&](int v) { (void)writeBvhFile(v ? b : a, path); },
      [&] {
        Result<Motion> m = readMotionFile(path);
        if (!m) return -1;
        return m->frameCount() == a.frameCount() ? 0 : m->frameCount() == b.frameCount() ? 1 : -1;
      },
      std::chrono::milliseconds(40));
}

TEST_F(KillDuringWrite, SnapExportIsAlwaysOneCompleteExport) {
  const std::unique_ptr<test::SnappedSwing> swing = test::snappedSwing();
  ASSERT_TRUE(swing);
  // Version 1: one motion cut by two hubs (one clip), so clip 0 differs in length between versions.
  const std::vector<std::shared_ptr<const Motion>> motions{
      std::make_shared<Motion>(test::makeSwingMotion(120))};
  std::vector<Hub> hubs(2);
  hubs[0].matchFrames.push_back({{0, 40}, {}, 0.0});
  hubs[1].matchFrames.push_back({{0, 80}, {}, 0.0});
  Result<HubGraph> small = buildHubGraph(std::vector<int>{120}, std::move(hubs));
  ASSERT_TRUE(small);
  Result<SnapResult> smallSnapped = SnapJob{motions, &small.value(), {}}.run();
  ASSERT_TRUE(smallSnapped);
  const SnapExportInput versions[2] = {{&swing->graph, &swing->snapped, {}},
                                       {&small.value(), &smallSnapped.value(), {}}};
  const size_t clips[2] = {swing->graph.edges.size(), 1};
  ASSERT_NE(clips[0], clips[1]);
  const std::string dir = m_dir.string();
  ASSERT_TRUE(exportSnapGraph(versions[0], dir));
  test::killRepeatedly(
      [&](int v) { (void)exportSnapGraph(versions[v], dir); },
      [&] {
        Result<SnapGraphFile> f = readSnapGraph(dir, importMotionLoader());
        if (!f) {
          ADD_FAILURE() << f.error().message;
          return -1;
        }
        return f->clips.size() == clips[0] ? 0 : f->clips.size() == clips[1] ? 1 : -1;
      },
      std::chrono::milliseconds(60));
  // Killed exports leave clips only in clip folders of the scheme (the one a killed export was
  // writing, and those a killed tidy-up had not yet removed: kills in a row can leave several),
  // and one more completed export leaves exactly its own clip folder.
  Result<SnapGraphFile> last = readSnapGraph(dir, importMotionLoader());
  ASSERT_TRUE(last);
  for (const auto& e : fs::recursive_directory_iterator(m_dir)) {
    if (e.path().extension() != ".bvh") continue;
    EXPECT_EQ(e.path().parent_path().parent_path(), m_dir) << e.path();
    EXPECT_TRUE(isExportClipFolderName(e.path().parent_path().filename().string())) << e.path();
  }
  ASSERT_TRUE(exportSnapGraph(versions[1], dir));
  std::vector<std::string> folders;
  for (const auto& e : fs::directory_iterator(m_dir)) {
    if (e.is_directory()) folders.push_back(e.path().filename().string());
  }
  ASSERT_EQ(folders.size(), 1u);
  Result<SnapGraphFile> after = readSnapGraph(dir, importMotionLoader());
  ASSERT_TRUE(after);
  EXPECT_EQ(after->clips.size(), clips[1]);
  EXPECT_EQ(fs::path(after->clipFiles.at(0)).begin()->string(), folders[0]);
}

TEST_F(KillDuringWrite, SubgraphExportIsAlwaysOneCompleteExport) {
  std::vector<std::shared_ptr<const Motion>> motions{
      std::make_shared<Motion>(test::makeSwingMotion(150, 30.0, 1.0, 0.5)),
      std::make_shared<Motion>(test::makeSwingMotion(120, 30.0, 1.4, 0.4))};
  DmgBuildSettings settings;
  settings.threshold = 0.03;
  settings.grid.threads = 1;
  const std::vector<const Motion*> pointers = {motions[0].get(), motions[1].get()};
  Result<DmgBuildResult> built = buildDatabaseMotionGraph(pointers, settings);
  ASSERT_TRUE(built);
  const DatabaseMotionGraph& g = built->graph;
  // Version 0 keeps every vertex; version 1 the first motion's only.
  SubgraphExportInput in[2];
  std::vector<int> all, firstMotion;
  for (int v = 0; v < g.vertexCount(); ++v) {
    all.push_back(v);
    if (g.vertex(v).motion == 0) firstMotion.push_back(v);
  }
  for (int i = 0; i < 2; ++i) {
    in[i].graph = &g;
    in[i].motions = motions;
    in[i].keptVertices = i == 0 ? all : firstMotion;
  }
  const std::string dir = m_dir.string();
  ASSERT_TRUE(exportSubgraph(dir, in[0]));
  Result<SubgraphFile> f0 = readSubgraphFile(dir);
  ASSERT_TRUE(f0) << f0.error().message;
  const size_t clips0 = f0->clips.size();
  test::killRepeatedly(
      [&](int v) { (void)exportSubgraph(dir, in[v]); },
      [&] {
        Result<SubgraphFile> f = readSubgraphFile(dir);
        if (!f) return ADD_FAILURE() << f.error().message, -1;
        if (!readSubgraphClips(*f, importMotionLoader()))
          return ADD_FAILURE() << "clips do not read", -1;
        return f->graph.vertexCount() == static_cast<int>(all.size()) && f->clips.size() == clips0
                   ? 0
               : f->graph.vertexCount() == static_cast<int>(firstMotion.size()) ? 1
                                                                                : -1;
      },
      std::chrono::milliseconds(40));
}

TEST_F(KillDuringWrite, KeysFileIsAlwaysComplete) {
  std::vector<KeyFileEntry> versions[2];
  for (int i = 0; i < 2000; ++i)
    versions[0].push_back({"key " + std::to_string(i), "a.bvh", i, i + 1});
  versions[1] = {{"only", "b.bvh", 0, 10}};
  const std::string path = (m_dir / "KEYS.json").string();
  ASSERT_TRUE(writeKeysFile(path, versions[0]));
  test::killRepeatedly([&](int v) { (void)writeKeysFile(path, versions[v]); },
                       [&] {
                         Result<std::vector<KeyFileEntry>> k = readKeysFile(path);
                         if (!k) return -1;
                         return k->size() == versions[0].size() ? 0 : k->size() == 1 ? 1 : -1;
                       },
                       std::chrono::milliseconds(20));
}

}  // namespace
}  // namespace mg
