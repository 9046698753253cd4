// SPDX-License-Identifier: MIT
#include "core/io/keys_json.h"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace mg {
namespace {

namespace fs = std::filesystem;

fs::path tempDir(const std::string& name) {
  const fs::path d =
      fs::temp_directory_path() / ("mg_keys_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

void writeText(const fs::path& p, const std::string& text) {
  std::ofstream(p) << text;
}

TEST(KeysFile, RoundTripsAndResolvesPathsAgainstItsFolder) {
  const fs::path dir = tempDir("round");
  const std::string path = (dir / "KEYS.json").string();
  const std::vector<KeyFileEntry> entries = {{"walk", "cmu/02_01.bvh", 10, 50},
                                             {"jump \"high\"", "j.bvh", 0, 3}};
  ASSERT_TRUE(writeKeysFile(path, entries));
  Result<std::vector<KeyFileEntry>> read = readKeysFile(path);
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_EQ(read->size(), 2u);
  EXPECT_EQ((*read)[1].name, "jump \"high\"");
  EXPECT_EQ((*read)[0].beginFrame, 10);
  EXPECT_EQ((*read)[0].endFrame, 50);
  EXPECT_EQ(resolveKeyFilePath(path, "cmu/02_01.bvh"), (dir / "cmu/02_01.bvh").string());
  EXPECT_EQ(resolveKeyFilePath(path, "/abs/x.bvh"), "/abs/x.bvh");
  EXPECT_EQ(keyFileRelativePath(path, (dir / "cmu" / "a.bvh").string()), "cmu/a.bvh");
}

TEST(KeysFile, BadFilesNameTheProblem) {
  const fs::path dir = tempDir("bad");
  auto message = [&](const std::string& text) {
    const fs::path p = dir / "KEYS.json";
    writeText(p, text);
    Result<std::vector<KeyFileEntry>> r = readKeysFile(p.string());
    return r ? std::string() : r.error().message;
  };
  const std::string head = R"({"format": "mgstudio.keys", "version": 1, "keys": [)";
  EXPECT_NE(message("{").find("KEYS.json"), std::string::npos);
  EXPECT_NE(message(R"({"format": "other", "version": 1, "keys": []})").find("not a key file"),
            std::string::npos);
  EXPECT_NE(message(R"({"format": "mgstudio.keys", "version": 2, "keys": []})").find("version 2"),
            std::string::npos);
  EXPECT_NE(message(head + "]}").find("no keys"), std::string::npos);
  EXPECT_NE(message(head + R"({"name": "a", "file": "x", "begin_frame": 5, "end_frame": 5}]})")
                .find("key 'a'"),
            std::string::npos);
  EXPECT_NE(message(head + R"({"name": "a", "file": "x", "begin_frame": 1, "end_frame": 5},
                            {"name": "a", "file": "y", "begin_frame": 1, "end_frame": 5}]})")
                .find("repeats"),
            std::string::npos);
  EXPECT_NE(message(head + R"({"name": "a", "file": "x", "begin_frame": -1, "end_frame": 5}]})")
                .find("begin_frame"),
            std::string::npos);
  EXPECT_NE(message(head + R"({"name": "a", "begin_frame": 1, "end_frame": 5}]})").find("file"),
            std::string::npos);
  EXPECT_FALSE(readKeysFile((dir / "missing.json").string()));
}

TEST(KeysFile, FileFramesBecomeWorkingFrames) {
  // 120 Hz file, 10 frames trimmed, 30 Hz working rate: file frames [50, 90) are times
  // [40/120, 80/120) s = working frames [10, 20).
  Result<KeySegment> s =
      keySegmentAtWorkingRate({"walk", "a.bvh", 50, 90}, 3, 500, 120.0, 10, 30.0);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(*s, (KeySegment{"walk", 3, 10, 20}));
  // Non-multiples round up at both ends: [51, 53) -> times [41, 43)/120 -> working [11, 11) is
  // empty.
  Result<KeySegment> tiny =
      keySegmentAtWorkingRate({"blip", "a.bvh", 51, 53}, 0, 500, 120.0, 10, 30.0);
  ASSERT_FALSE(tiny);
  EXPECT_NE(tiny.error().message.find("key 'blip'"), std::string::npos);
  EXPECT_FALSE(keySegmentAtWorkingRate({"early", "a.bvh", 5, 90}, 0, 500, 120.0, 10, 30.0));
  Result<KeySegment> late =
      keySegmentAtWorkingRate({"late", "a.bvh", 50, 600}, 0, 500, 120.0, 10, 30.0);
  ASSERT_FALSE(late);
  EXPECT_NE(late.error().message.find("past the 500 frames"), std::string::npos);
}

}  // namespace
}  // namespace mg
