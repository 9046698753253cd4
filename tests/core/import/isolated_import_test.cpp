// SPDX-License-Identifier: MIT
// The child-process importer: the motion comes back exactly (binary transport), and every way a
// child can fail (crash, hang, garbage, not startable) is an error that names the file. The
// children here are small shell scripts standing in for a misbehaving mgtool; the real mgtool is
// exercised in tests/app/mgtool/mgtool_test.cpp.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include "core/import/assimp_motion.h"
#include "core/import/isolated_import.h"
#include "import_test_util.h"

namespace mg {
namespace {

std::string script(const test::TempDir& dir, const std::string& name, const std::string& body) {
  const std::string path = dir.file(name);
  test::writeText(path, "#!/bin/sh\n" + body + "\n");
  ::chmod(path.c_str(), 0755);
  return path;
}

void expectError(const Result<Motion>& m, const std::string& path, const std::string& problem) {
  ASSERT_FALSE(m) << "accepted";
  EXPECT_EQ(m.error().message.rfind(path, 0), 0u) << m.error().message;
  EXPECT_NE(m.error().message.find(problem), std::string::npos) << m.error().message;
}

TEST(IsolatedImport, EncodingRoundTripsExactly) {
  Result<Motion> m = readAssimpMotion(test::dataPath("three_joint_chain.gltf"), {});
  ASSERT_TRUE(m) << m.error().message;
  Result<Motion> back = decodeMotion(encodeMotion(*m));
  ASSERT_TRUE(back) << back.error().message;
  ASSERT_TRUE(back->skeleton->sameHierarchy(*m->skeleton));
  EXPECT_EQ(back->fps, m->fps);
  EXPECT_EQ(back->rootPositions, m->rootPositions);
  ASSERT_EQ(back->localRotations.size(), m->localRotations.size());
  for (size_t i = 0; i < m->localRotations.size(); ++i)
    EXPECT_EQ(back->localRotations[i].coeffs(), m->localRotations[i].coeffs());
  for (size_t j = 0; j < m->skeleton->joints.size(); ++j)
    EXPECT_EQ(back->skeleton->joints[j].offset, m->skeleton->joints[j].offset);
}

TEST(IsolatedImport, DecodingRefusesEveryTruncationAndHugeCounts) {
  Result<Motion> m = readAssimpMotion(test::dataPath("three_joint_chain.gltf"), {});
  ASSERT_TRUE(m);
  const std::string bytes = encodeMotion(*m);
  for (size_t n = 0; n < bytes.size(); ++n)
    EXPECT_FALSE(decodeMotion(std::string_view(bytes).substr(0, n))) << n;
  EXPECT_FALSE(decodeMotion(bytes + "x"));
  std::string huge = bytes;
  huge[11] = huge[12] = huge[13] = '\xff';  // the joint count
  EXPECT_FALSE(decodeMotion(huge));
}

TEST(IsolatedImport, ACrashingImporterIsAnError) {
  test::TempDir dir;
  const std::string file = test::dataPath("three_joint_chain.gltf");
  expectError(readAssimpMotionIsolated(file, script(dir, "segv.sh", "kill -SEGV $$")), file,
              "could not import the file: the importer crashed (Segmentation fault)");
  expectError(readAssimpMotionIsolated(file, script(dir, "abort.sh", "kill -ABRT $$")), file,
              "the importer crashed (Aborted)");
}

TEST(IsolatedImport, AHangingImporterIsKilled) {
  test::TempDir dir;
  const std::string file = test::dataPath("three_joint_chain.gltf");
  IsolatedImportLimits limits;
  limits.wallSeconds = 1;
  expectError(readAssimpMotionIsolated(file, script(dir, "hang.sh", "exec sleep 60"), limits), file,
              "the importer took more than 1 s");
}

TEST(IsolatedImport, GarbageOrNoImporterIsAnError) {
  test::TempDir dir;
  const std::string file = test::dataPath("three_joint_chain.gltf");
  expectError(readAssimpMotionIsolated(file, script(dir, "echo.sh", "echo MGMOTION 1; echo junk")),
              file, "malformed data");
  expectError(readAssimpMotionIsolated(file, script(dir, "fail.sh", "exit 3")), file,
              "exit status 3");
  expectError(readAssimpMotionIsolated(file, dir.file("absent")), file,
              "cannot start the importer");
  // The child's own message is passed through.
  expectError(
      readAssimpMotionIsolated(file, script(dir, "error.sh", "printf 'MGERROR\\nit said no'")),
      "it said no", "");
}

}  // namespace
}  // namespace mg
