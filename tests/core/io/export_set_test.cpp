// SPDX-License-Identifier: MIT
// The export folder scheme (core/io/export_set.h): numbered clip folders, one per export, named in
// the index; the previous folder removed after the index is replaced, other files left alone.
#include "core/io/export_set.h"

#include <filesystem>
#include <set>

#include <gtest/gtest.h>

#include "core/import/import_test_util.h"
#include "core/util/json_text.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

// An index naming `files` the way snap_graph.json and subgraph.json do: {"clips": [{"file": ...}]}.
std::string indexNaming(const std::vector<std::string>& files) {
  JsonArray clips;
  for (const std::string& f : files) clips.push_back(JsonObject{{"file", f}});
  return jsonText(Json(JsonObject{{"clips", std::move(clips)}}), 2);
}

// One export as exportSnapGraph and exportSubgraph make it: clips NAMES under the next folder.
Status exportOnce(const std::string& dir, const std::vector<std::string>& names,
                  const std::string& content) {
  const std::string index = dir + "/index.json";
  const std::string folder = nextExportClipFolder(index);
  std::vector<std::pair<std::string, std::string>> clips;
  std::vector<std::string> relative;
  for (const std::string& n : names) {
    relative.push_back(exportClipPath("clips/" + n, folder));
    clips.emplace_back(dir + "/" + relative.back(), content + " " + n);
  }
  return commitExport(dir, clips, {index, indexNaming(relative)});
}

void writeFile(const std::string& path, const std::string& text) {
  fs::create_directories(fs::path(path).parent_path());
  test::writeText(path, text);
}

std::set<std::string> entries(const fs::path& dir) {
  std::set<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    out.insert(fs::relative(e.path(), dir).string());
  return out;
}

TEST(ExportSet, FolderNamesCountTheExports) {
  EXPECT_TRUE(isExportClipFolderName("clips"));
  EXPECT_TRUE(isExportClipFolderName("clips-2"));
  EXPECT_TRUE(isExportClipFolderName("clips-117"));
  EXPECT_TRUE(isExportClipFolderName("clips_b"));
  for (const char* other : {"clips-1", "clips-0", "clips-02", "clips-", "clips-2x", "clipsx",
                            "Clips", "my clips", ""}) {
    EXPECT_FALSE(isExportClipFolderName(other)) << other;
  }
  EXPECT_EQ(exportClipPath("clips/Walk_to_Run.bvh", "clips-4"), "clips-4/Walk_to_Run.bvh");
  EXPECT_EQ(exportClipPath("clips/a.bvh", "clips"), "clips/a.bvh");
}

TEST(ExportSet, NextFolderIsOnePastTheOneTheIndexNames) {
  test::TempDir dir;
  const std::string index = dir.file("index.json");
  EXPECT_EQ(nextExportClipFolder(index), "clips");  // no index
  auto next = [&](const std::vector<std::string>& files) {
    test::writeText(index, indexNaming(files));
    return nextExportClipFolder(index);
  };
  EXPECT_EQ(next({"clips/a.bvh"}), "clips-2");
  EXPECT_EQ(next({"clips_b/a.bvh"}), "clips-2");  // the older two-folder layout
  EXPECT_EQ(next({"clips-2/a.bvh", "clips-2/b.bvh"}), "clips-3");
  EXPECT_EQ(next({"clips-9/a.bvh"}), "clips-10");
  EXPECT_EQ(next({}), "clips-2");  // an index is there: clips/ may hold its files
  EXPECT_EQ(next({"other/a.bvh"}), "clips-2");
  test::writeText(index, "{ not json");
  EXPECT_EQ(nextExportClipFolder(index), "clips");  // no readable export
}

TEST(ExportSet, EachExportLeavesTheIndexAndExactlyItsOwnClipFolder) {
  test::TempDir dir;
  const std::string d = dir.file("export");
  fs::create_directories(d);
  ASSERT_TRUE(exportOnce(d, {"a.bvh", "b.bvh"}, "first"));
  EXPECT_EQ(entries(d),
            (std::set<std::string>{"index.json", "clips", "clips/a.bvh", "clips/b.bvh"}));
  ASSERT_TRUE(exportOnce(d, {"c.bvh"}, "second"));
  EXPECT_EQ(entries(d), (std::set<std::string>{"index.json", "clips-2", "clips-2/c.bvh"}));
  EXPECT_EQ(test::readText(d + "/clips-2/c.bvh"), "second c.bvh");
  ASSERT_TRUE(exportOnce(d, {"a.bvh", "c.bvh"}, "third"));
  EXPECT_EQ(entries(d),
            (std::set<std::string>{"index.json", "clips-3", "clips-3/a.bvh", "clips-3/c.bvh"}));
  EXPECT_NE(test::readText(d + "/index.json").find("clips-3/a.bvh"), std::string::npos);
}

TEST(ExportSet, LeftoversOfKilledExportsGoAndOtherFilesStay) {
  test::TempDir dir;
  const std::string d = dir.file("export");
  ASSERT_TRUE(exportOnce(d, {"a.bvh"}, "first"));
  // A killed export's folder with a clip and a temporary, the older layout's folder, and files
  // that are not the export's: a user's notes inside a clip folder and beside it.
  writeFile(d + "/clips-2/a.bvh", "killed");
  writeFile(d + "/clips-2/.b.bvh.tmp1234", "killed");
  writeFile(d + "/clips_b/old.bvh", "older layout");
  writeFile(d + "/clips/notes.txt", "mine");
  writeFile(d + "/readme.txt", "mine too");
  ASSERT_TRUE(exportOnce(d, {"b.bvh"}, "second"));
  EXPECT_EQ(entries(d), (std::set<std::string>{"index.json", "readme.txt", "clips",
                                               "clips/notes.txt", "clips-2", "clips-2/b.bvh"}));
  EXPECT_EQ(test::readText(d + "/clips-2/b.bvh"), "second b.bvh");
}

TEST(ExportSet, AFailedExportLeavesThePreviousOneAsItWas) {
  test::TempDir dir;
  const std::string d = dir.file("export");
  ASSERT_TRUE(exportOnce(d, {"a.bvh"}, "first"));
  const std::set<std::string> before = entries(d);
  // The next clip folder's name is taken by a file: the clips cannot be written.
  writeFile(d + "/clips-2", "in the way");
  const Status s = exportOnce(d, {"b.bvh"}, "second");
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("the previous export in " + d + " is intact"), std::string::npos)
      << s.error().message;
  std::set<std::string> after = entries(d);
  after.erase("clips-2");
  std::set<std::string> expected = before;
  EXPECT_EQ(after, expected);
  EXPECT_EQ(test::readText(d + "/clips/a.bvh"), "first a.bvh");
}

}  // namespace
}  // namespace mg
