// SPDX-License-Identifier: MIT
// Other projects' BVH test files (../shared/external-bvh, README there): the project's reader
// must find in each what those projects' own tests assert, and a write-then-read round trip of
// each must be exact in size and values. Skips when the folder is absent.
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/import/bvh_text.h"
#include "core/import/bvh_writer.h"
#include "core/import/motion_reader.h"
#include "core/motion/forward_kinematics.h"
#include "core/motion/quaternion.h"
#include "import_test_util.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

// MG_EXTERNAL_BVH_DIR from the environment, else the CMake define (../shared/external-bvh).
std::string externalDir() {
  if (const char* env = std::getenv("MG_EXTERNAL_BVH_DIR"); env && *env) return env;
  return MG_EXTERNAL_BVH_DIR;
}

#define MG_REQUIRE_EXTERNAL()                                                               \
  do {                                                                                      \
    if (!fs::is_directory(externalDir()))                                                   \
      GTEST_SKIP() << "no external BVH fixtures: looked in " << externalDir()               \
                   << " (set MG_EXTERNAL_BVH_DIR, or the CMake cache variable of the same " \
                      "name)";                                                              \
  } while (0)

std::string external(const std::string& relative) {
  return (fs::path(externalDir()) / relative).string();
}

// Read in file units: every expected value below is in the file's own numbers.
Result<Motion> readRaw(const std::string& relative) {
  return readMotionFile(external(relative), {.metresPerUnit = 1.0, .unitAskedBy = "the test"});
}

// The angle between two rotations, radians (q and -q are the same rotation); atan2 rather than
// acos of the dot product, which cannot resolve angles below about 3e-8.
double angleBetween(const Eigen::Quaterniond& a, const Eigen::Quaterniond& b) {
  const Eigen::Quaterniond d = a.normalized().conjugate() * b.normalized();
  return 2.0 * std::atan2(d.vec().norm(), std::abs(d.w()));
}

// A quaternion given as (w, x, y, z), as glm and bvhio write it.
Eigen::Quaterniond wxyz(double w, double x, double y, double z) {
  return Eigen::Quaterniond(w, x, y, z);
}

// The rows of a CSV file, cells trimmed; the first row is the header.
std::vector<std::vector<std::string>> readCsv(const std::string& path) {
  std::vector<std::vector<std::string>> rows;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    std::vector<std::string> cells;
    std::stringstream s(line);
    for (std::string cell; std::getline(s, cell, ',');) {
      const size_t b = cell.find_first_not_of(" \t"), e = cell.find_last_not_of(" \t");
      cells.push_back(b == std::string::npos ? std::string() : cell.substr(b, e - b + 1));
    }
    rows.push_back(std::move(cells));
  }
  return rows;
}

// Every readable file of the folder, with its joints, frames and frame time as its README says.
struct Expected {
  const char* file;
  int joints;
  int frames;
  double frameTimeSeconds;
};
constexpr Expected kFiles[] = {
    {"bvh-toolbox/walk01.bvh", 19, 101, 0.0416667},
    {"usdBVHAnim/test_bvh.bvh", 2, 20, 0.041667},
    {"usdBVHAnim/ParseBVHTests_inline.bvh", 2, 20, 0.041667},
    {"bvh-python/test_freebvh.bvh", 55, 69, 0.0333333},
    {"bvh-python/test_mocapbank.bvh", 19, 455, 0.033333},
    {"bvh_anim/test_simple.bvh", 2, 2, 0.033333333},
    {"bvh_anim/test_mocapbank.bvh", 19, 455, 0.033333},
    {"bvh-parser/simple.bvh", 18, 1, 1.0},
    {"bvh-parser/example.bvh", 18, 2, 0.033333},
    {"bvhio/example.bvh", 18, 2, 0.033333},
    {"three.js/pirouette_head5.bvh", 20, 5, 0.00833333},
};

TEST(ExternalBvh, EveryFileOfTheFolderIsCovered) {
  MG_REQUIRE_EXTERNAL();
  // A new file in the folder must be added to kFiles (or be the refused nonstandard one).
  for (const auto& e : fs::recursive_directory_iterator(externalDir())) {
    if (e.path().extension() != ".bvh") continue;
    const std::string relative = fs::relative(e.path(), externalDir()).generic_string();
    bool listed = relative == "bvh_anim/nonstandard_formatting.bvh";
    for (const Expected& x : kFiles) listed = listed || relative == x.file;
    EXPECT_TRUE(listed) << relative << " is not checked by this test";
  }
}

TEST(ExternalBvh, JointsFramesAndFrameTimeOfEveryFile) {
  MG_REQUIRE_EXTERNAL();
  for (const Expected& x : kFiles) {
    SCOPED_TRACE(x.file);
    Result<Motion> m = readMotionFile(external(x.file));
    ASSERT_TRUE(m) << m.error().message;
    EXPECT_EQ(m->jointCount(), x.joints);
    EXPECT_EQ(m->frameCount(), x.frames);
    // The rate is snapped to a whole number when within 0.01% of one (motion_reader.h).
    EXPECT_NEAR(1.0 / m->fps, x.frameTimeSeconds, 1e-4 * x.frameTimeSeconds);
    Result<BvhDocument> doc = readBvhFile(external(x.file));
    ASSERT_TRUE(doc) << doc.error().message;
    EXPECT_DOUBLE_EQ(doc->frameTimeSeconds, x.frameTimeSeconds);
  }
}

// Each file written in the unit it was read in and read again: the same unit guess, the same
// skeleton and rate, and every joint where it was in every frame (6 decimals in the file).
TEST(ExternalBvh, WriteThenReadIsExactInSizeAndValues) {
  MG_REQUIRE_EXTERNAL();
  test::TempDir dir;
  for (const Expected& x : kFiles) {
    SCOPED_TRACE(x.file);
    Result<Motion> a = readMotionFile(external(x.file));
    ASSERT_TRUE(a) << a.error().message;
    const std::string out = dir.file("round_trip.bvh");
    Status written = writeBvhFile(*a, out);
    ASSERT_TRUE(written) << written.error().message;
    EXPECT_EQ(bvhUnitWarning(*a, {}), "");
    Result<Motion> b = readMotionFile(out);
    ASSERT_TRUE(b) << b.error().message;
    EXPECT_EQ(b->sourceUnit.name, a->sourceUnit.name);
    EXPECT_EQ(b->sourceUnit.metresPerUnit, a->sourceUnit.metresPerUnit);
    EXPECT_EQ(b->sourceUnit.basis, a->sourceUnit.basis);
    const double unit = a->sourceUnit.metresPerUnit;
    EXPECT_NEAR(restHeight(*b->skeleton), restHeight(*a->skeleton), 1e-6 * unit);
    ASSERT_TRUE(b->skeleton->sameHierarchy(*a->skeleton));
    ASSERT_EQ(b->skeleton->endSites.size(), a->skeleton->endSites.size());
    for (int j = 0; j < a->jointCount(); ++j) {
      EXPECT_LT((b->skeleton->joints[j].offset - a->skeleton->joints[j].offset).norm(),
                1e-6 * unit);
    }
    ASSERT_EQ(b->frameCount(), a->frameCount());
    EXPECT_EQ(b->fps, a->fps);
    double worstPosition = 0, worstAngle = 0;
    for (int f = 0; f < a->frameCount(); ++f) {
      worstPosition = std::max(worstPosition, (b->rootPositions[f] - a->rootPositions[f]).norm());
      for (int j = 0; j < a->jointCount(); ++j)
        worstAngle = std::max(worstAngle, angleBetween(a->rotation(f, j), b->rotation(f, j)));
    }
    EXPECT_LT(worstPosition, 2e-6 * unit);  // half a unit of the 6th decimal, per axis
    EXPECT_LT(worstAngle, 1e-6);            // radians: 6 decimals of a degree, Euler re-chosen
  }
}

// bvh-toolbox: walk01_hierarchy.csv (offsets of joints and End Sites) and walk01_pos.csv (world
// positions per frame, which bvh2csv computes without the root OFFSET: ours are theirs plus it).
TEST(ExternalBvh, BvhToolboxWalkWorldPositionsAndOffsets) {
  MG_REQUIRE_EXTERNAL();
  Result<Motion> m = readRaw("bvh-toolbox/walk01.bvh");
  ASSERT_TRUE(m) << m.error().message;
  const Skeleton& s = *m->skeleton;
  auto endName = [&](int e) { return s.joints[s.endSites[e].joint].name + "_End"; };

  const auto hierarchy = readCsv(external("bvh-toolbox/walk01_hierarchy.csv"));
  ASSERT_EQ(hierarchy.size(), 1 + s.joints.size() + s.endSites.size());
  for (size_t r = 1; r < hierarchy.size(); ++r) {
    const auto& row = hierarchy[r];
    ASSERT_EQ(row.size(), 5u);
    const Eigen::Vector3d offset(std::stod(row[2]), std::stod(row[3]), std::stod(row[4]));
    const int j = s.findJoint(row[0]);
    if (j >= 0) {
      EXPECT_EQ(j == 0 ? std::string() : s.joints[s.joints[j].parent].name, row[1]) << row[0];
      EXPECT_LT((s.joints[j].offset - offset).norm(), 1e-5) << row[0];
      continue;
    }
    bool found = false;
    for (size_t e = 0; e < s.endSites.size(); ++e) {
      if (endName(static_cast<int>(e)) != row[0]) continue;
      found = true;
      EXPECT_LT((s.endSites[e].offset - offset).norm(), 1e-5) << row[0];
    }
    EXPECT_TRUE(found) << row[0];
  }
  EXPECT_LT((s.joints[0].offset - Eigen::Vector3d(0, 103.511, 0)).norm(), 1e-9);

  const auto pos = readCsv(external("bvh-toolbox/walk01_pos.csv"));
  ASSERT_EQ(static_cast<int>(pos.size()), 1 + m->frameCount());
  const std::vector<std::string>& header = pos[0];
  ASSERT_EQ(header.size(), 1 + 3 * (s.joints.size() + s.endSites.size()));
  std::vector<Eigen::Vector3d> world(s.jointCount());
  std::vector<Eigen::Quaterniond> turn(s.jointCount());
  double worst = 0;
  int compared = 0;
  for (int f = 0; f < m->frameCount(); ++f) {
    const auto& row = pos[1 + f];
    ASSERT_EQ(row.size(), header.size());
    EXPECT_NEAR(std::stod(row[0]), f * (1.0 / 24.0), 1e-4);
    forwardKinematics(s, m->rootPositions[f], m->frameRotations(f), world.data(), turn.data());
    const std::vector<Eigen::Vector3d> tips = endSitePositions(s, world.data(), turn.data());
    for (size_t c = 1; c + 2 < header.size(); c += 3) {
      const std::string name = header[c].substr(0, header[c].size() - 2);  // "Hips.x"
      const Eigen::Vector3d theirs(std::stod(row[c]), std::stod(row[c + 1]), std::stod(row[c + 2]));
      Eigen::Vector3d ours;
      if (const int j = s.findJoint(name); j >= 0) {
        ours = world[j];
      } else {
        int e = 0;
        while (e < static_cast<int>(tips.size()) && endName(e) != name) ++e;
        ASSERT_LT(e, static_cast<int>(tips.size())) << name;
        ours = tips[e];
      }
      worst = std::max(worst, (ours - s.joints[0].offset - theirs).norm());
      ++compared;
    }
  }
  EXPECT_EQ(compared, 101 * 24);
  EXPECT_LT(worst, 1e-4);  // cm; the CSV has 5 decimals
}

// bvh-toolbox: walk01_rot.csv, the rotation channels in file order (degrees).
TEST(ExternalBvh, BvhToolboxWalkRotations) {
  MG_REQUIRE_EXTERNAL();
  Result<Motion> m = readRaw("bvh-toolbox/walk01.bvh");
  ASSERT_TRUE(m) << m.error().message;
  const auto rot = readCsv(external("bvh-toolbox/walk01_rot.csv"));
  ASSERT_EQ(static_cast<int>(rot.size()), 1 + m->frameCount());
  const std::vector<std::string>& header = rot[0];
  ASSERT_EQ(header.size(), 1 + 3 * m->jointCount());
  double worst = 0;
  for (int f = 0; f < m->frameCount(); ++f) {
    for (size_t c = 1; c + 2 < header.size(); c += 3) {
      const std::string name = header[c].substr(0, header[c].size() - 2);
      std::string axes;
      for (int k = 0; k < 3; ++k) axes += static_cast<char>(std::toupper(header[c + k].back()));
      const int j = m->skeleton->findJoint(name);
      ASSERT_GE(j, 0) << name;
      const Eigen::Vector3d degrees(std::stod(rot[1 + f][c]), std::stod(rot[1 + f][c + 1]),
                                    std::stod(rot[1 + f][c + 2]));
      worst = std::max(worst, angleBetween(m->rotation(f, j), eulerToQuaternion(axes, degrees)));
    }
  }
  EXPECT_LT(worst, 1e-6);  // radians; the CSV has 5 decimals of a degree
}

// usdBVHAnim ParseBVH_ParseTest (tolerance 1e-6), on both the data file and the test's inline
// string (no newline after the last line). The skeleton lies along Z: no height, taken as metres.
TEST(ExternalBvh, UsdBvhAnimTransformsOfFirstAndLastFrame) {
  MG_REQUIRE_EXTERNAL();
  for (const char* file : {"usdBVHAnim/test_bvh.bvh", "usdBVHAnim/ParseBVHTests_inline.bvh"}) {
    SCOPED_TRACE(file);
    Result<Motion> m = readMotionFile(external(file));
    ASSERT_TRUE(m) << m.error().message;
    EXPECT_EQ(m->sourceUnit.name, "m");
    EXPECT_EQ(m->sourceUnit.basis, UnitBasis::Fallback);
    const Skeleton& s = *m->skeleton;
    ASSERT_EQ(s.jointCount(), 2);
    EXPECT_EQ(s.joints[0].name, "Root");
    EXPECT_EQ(s.joints[1].name, "Foo");
    EXPECT_EQ(s.joints[0].parent, -1);
    EXPECT_EQ(s.joints[1].parent, 0);
    EXPECT_LT(s.joints[0].offset.norm(), 1e-6);
    EXPECT_LT((s.joints[1].offset - Eigen::Vector3d(0, 0, 1)).norm(), 1e-6);
    EXPECT_NEAR(1.0 / m->fps, 0.041667, 1e-4 * 0.041667);
    EXPECT_LT(m->rootPositions[0].norm(), 1e-6);
    EXPECT_LT(angleBetween(m->rotation(0, 0), Eigen::Quaterniond::Identity()), 1e-6);
    EXPECT_LT(angleBetween(m->rotation(0, 1), Eigen::Quaterniond::Identity()), 1e-6);
    EXPECT_LT((m->rootPositions[19] - Eigen::Vector3d(0, 1, 0)).norm(), 1e-6);
    const double h = std::sin(M_PI * 0.25);
    const Eigen::Quaterniond rootEnd(std::cos(M_PI * 0.25), h, 0, 0),
        fooEnd(std::cos(M_PI * 0.25), 0, h, 0);
    EXPECT_LT((m->rotation(19, 0).coeffs() - rootEnd.coeffs()).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_LT((m->rotation(19, 1).coeffs() - fooEnd.coeffs()).cwiseAbs().maxCoeff(), 1e-6);
  }
}

// bvh-python test_bvh.py: names at depth-first indices (colons kept), frames and frame times,
// and the sum of Hips Xposition over all 455 frames of both copies of the mocapbank capture.
TEST(ExternalBvh, BvhPythonNamesFramesAndHipsXSum) {
  MG_REQUIRE_EXTERNAL();
  Result<Motion> free = readRaw("bvh-python/test_freebvh.bvh");
  ASSERT_TRUE(free) << free.error().message;
  const Skeleton& s = *free->skeleton;
  ASSERT_EQ(s.jointCount(), 55);
  EXPECT_EQ(s.joints[0].name, "mixamorig:Hips");
  EXPECT_EQ(s.joints[17].name, "mixamorig:LeftHandThumb2");
  EXPECT_EQ(s.joints[22].name, "mixamorig:LeftHandRing1");
  EXPECT_EQ(s.joints[30].name, "mixamorig:RightForeArm");
  EXPECT_EQ(free->frameCount(), 69);

  for (const char* file : {"bvh-python/test_mocapbank.bvh", "bvh_anim/test_mocapbank.bvh"}) {
    SCOPED_TRACE(file);
    Result<Motion> m = readRaw(file);
    ASSERT_TRUE(m) << m.error().message;
    ASSERT_EQ(m->frameCount(), 455);
    EXPECT_EQ(m->skeleton->joints[0].name, "Hips");
    double sum = 0;  // the Xposition channel: the world root minus the root OFFSET
    for (const Eigen::Vector3d& p : m->rootPositions)
      sum += p.x() - m->skeleton->joints[0].offset.x();
    EXPECT_NEAR(sum, -19735.9027, 5e-5);
  }
}

// The two mocapbank copies (CRLF with trailing spaces, and LF) are the same capture.
TEST(ExternalBvh, BothMocapbankCopiesReadTheSame) {
  MG_REQUIRE_EXTERNAL();
  Result<Motion> a = readRaw("bvh-python/test_mocapbank.bvh");
  Result<Motion> b = readRaw("bvh_anim/test_mocapbank.bvh");
  ASSERT_TRUE(a && b);
  ASSERT_TRUE(a->skeleton->sameHierarchy(*b->skeleton));
  ASSERT_EQ(a->frameCount(), b->frameCount());
  for (int f = 0; f < a->frameCount(); ++f) {
    EXPECT_LT((a->rootPositions[f] - b->rootPositions[f]).norm(), 1e-9) << f;
    for (int j = 0; j < a->jointCount(); ++j)
      EXPECT_LT(angleBetween(a->rotation(f, j), b->rotation(f, j)), 1e-9) << f << " " << j;
  }
}

// bvh-parser main.cc ExampleFileTest.ParseTest: the root's six channels in both frames.
TEST(ExternalBvh, BvhParserExampleRootChannels) {
  MG_REQUIRE_EXTERNAL();
  Result<Motion> m = readRaw("bvh-parser/example.bvh");
  ASSERT_TRUE(m) << m.error().message;
  ASSERT_EQ(m->frameCount(), 2);
  EXPECT_EQ(m->skeleton->joints[0].name, "Hips");
  const double expected[2][6] = {{8.03, 35.01, 88.36, -3.41, 14.78, -164.35},
                                 {7.81, 35.10, 86.47, -3.78, 12.94, -166.97}};
  for (int f = 0; f < 2; ++f) {
    const Eigen::Vector3d channels = m->rootPositions[f] - m->skeleton->joints[0].offset;
    EXPECT_LT((channels - Eigen::Vector3d(expected[f][0], expected[f][1], expected[f][2])).norm(),
              1e-9);
    const Eigen::Quaterniond r =
        eulerToQuaternion("ZXY", {expected[f][3], expected[f][4], expected[f][5]});
    EXPECT_LT(angleBetween(m->rotation(f, 0), r), 1e-9) << f;
  }
}

// bvhio test_bvh.py: names, offsets and every joint's local rotation (w, x, y, z) in both frames
// (their tolerance: 1e-5 on the quaternion's difference), of the example with blank lines.
TEST(ExternalBvh, BvhioLocalRotationsOfEveryJoint) {
  MG_REQUIRE_EXTERNAL();
  Result<Motion> m = readRaw("bvhio/example.bvh");
  ASSERT_TRUE(m) << m.error().message;
  struct Row {
    const char* name;
    Eigen::Vector3d offset;
    Eigen::Quaterniond frame0, frame1;
  };
  const Row rows[] = {
      {"Hips",
       {0, 0, 0},
       wxyz(0.131166, -0.0117277, -0.982546, -0.131386),
       wxyz(0.108987, -0.0197806, -0.987099, -0.115613)},
      {"Chest",
       {0, 5.21, 0},
       wxyz(0.919631, 0.357174, -0.160325, 0.0316445),
       wxyz(0.916321, 0.373837, -0.140206, 0.0307345)},
      {"Neck",
       {0, 18.65, 0},
       wxyz(0.925643, 0.372106, 0.0256287, 0.0637533),
       wxyz(0.926374, 0.370617, 0.0248438, 0.0620981)},
      {"Head",
       {0, 5.45, 0},
       wxyz(0.933054, -0.351756, 0.0585907, -0.0473785),
       wxyz(0.933368, -0.351521, 0.0529141, -0.0495629)},
      {"LeftCollar",
       {1.12, 16.23, 1.87},
       wxyz(0.992182, -0.00781711, 0.0886372, 0.0875027),
       wxyz(0.985491, -0.00602162, 0.0357919, 0.165799)},
      {"LeftUpArm",
       {5.54, 0, 0},
       wxyz(0.639614, -0.120021, -0.165798, 0.740945),
       wxyz(0.677778, 0.00159328, -0.117437, 0.725826)},
      {"LeftLowArm",
       {0, -11.96, 0},
       wxyz(0.694325, -0.714836, -0.0378194, -0.0741041),
       wxyz(0.669542, -0.740189, 0.0610665, 0.0102361)},
      {"LeftHand",
       {0, -9.93, 0},
       wxyz(0.999982, 0.000261795, 1.57639e-06, 0.00602135),
       wxyz(0.999976, 0.00322879, 1.97238e-05, 0.00610858)},
      {"RightCollar",
       {-1.12, 16.23, 1.87},
       wxyz(0.98834, -0.0111829, -0.0908157, -0.121703),
       wxyz(0.979149, -0.0142239, -0.188732, -0.0737944)},
      {"RightUpArm",
       {-6.07, 0, 0},
       wxyz(0.517563, -0.581909, -0.519682, -0.351341),
       wxyz(0.577333, -0.624629, -0.433, -0.29839)},
      {"RightLowArm",
       {0, -11.82, 0},
       wxyz(0.762976, -0.606189, 0.177084, 0.138002),
       wxyz(0.778739, -0.591803, 0.161657, 0.131154)},
      {"RightHand",
       {0, -10.65, 0},
       wxyz(0.999888, 0.00602318, 9.20184e-05, -0.0136991),
       wxyz(0.999864, 0.0082931, 0.000143844, -0.0142213)},
      {"LeftUpLeg",
       {3.91, 0, 0},
       wxyz(0.971953, 0.202143, -0.024446, 0.117674),
       wxyz(0.984412, 0.13691, -0.0151918, 0.109352)},
      {"LeftLowLeg",
       {0, -18.34, 0},
       wxyz(0.894013, 0.411485, 0.106536, 0.141674),
       wxyz(0.8647, 0.490346, 0.0719332, 0.081736)},
      {"LeftFoot",
       {0, -17.37, 0},
       wxyz(0.999951, -0.00994821, 0, 0),
       wxyz(0.999898, 0.0143112, 0, 0)},
      {"RightUpLeg",
       {-3.91, 0, 0},
       wxyz(0.985387, -0.0944943, -0.0135394, -0.141065),
       wxyz(0.985, -0.0903176, -0.0134328, -0.146418)},
      {"RightLowLeg",
       {0, -17.63, 0},
       wxyz(0.883393, 0.4543, -0.109673, 0.0346498),
       wxyz(0.884521, 0.457052, -0.0869551, 0.0341273)},
      {"RightFoot",
       {0, -17.14, 0},
       wxyz(0.978238, -0.207485, 0, 0),
       wxyz(0.974507, -0.224356, 0, 0)},
  };
  ASSERT_EQ(m->jointCount(), 18);
  ASSERT_EQ(m->frameCount(), 2);
  for (int j = 0; j < 18; ++j) {
    const Row& r = rows[j];
    SCOPED_TRACE(r.name);
    EXPECT_EQ(m->skeleton->joints[j].name, r.name);
    EXPECT_LT((m->skeleton->joints[j].offset - r.offset).norm(), 1e-9);
    for (int f = 0; f < 2; ++f) {
      Eigen::Quaterniond ours = m->rotation(f, j);
      const Eigen::Quaterniond& theirs = f == 0 ? r.frame0 : r.frame1;
      if (ours.dot(theirs) < 0) ours.coeffs() = -ours.coeffs();
      EXPECT_LT((ours.coeffs() - theirs.coeffs()).norm(), 1e-5) << "frame " << f;
    }
  }
}

// bvh_anim's minimal file: its bvh! macro (offsets, and every channel 0 then 1).
TEST(ExternalBvh, BvhAnimSimpleFile) {
  MG_REQUIRE_EXTERNAL();
  Result<Motion> m = readRaw("bvh_anim/test_simple.bvh");
  ASSERT_TRUE(m) << m.error().message;
  const Skeleton& s = *m->skeleton;
  ASSERT_EQ(s.jointCount(), 2);
  EXPECT_EQ(s.joints[0].name, "Base");
  EXPECT_EQ(s.joints[1].name, "End");
  EXPECT_LT((s.joints[1].offset - Eigen::Vector3d(0, 0, 15)).norm(), 1e-12);
  ASSERT_EQ(s.endSites.size(), 1u);
  EXPECT_LT((s.endSites[0].offset - Eigen::Vector3d(0, 0, 30)).norm(), 1e-12);
  EXPECT_LT(m->rootPositions[0].norm(), 1e-12);
  EXPECT_LT((m->rootPositions[1] - Eigen::Vector3d(1, 1, 1)).norm(), 1e-12);
  const Eigen::Quaterniond one = eulerToQuaternion("ZXY", {1, 1, 1});
  for (int j = 0; j < 2; ++j) {
    EXPECT_LT(angleBetween(m->rotation(0, j), Eigen::Quaterniond::Identity()), 1e-12);
    EXPECT_LT(angleBetween(m->rotation(1, j), one), 1e-12);
  }
}

// Files without value assertions elsewhere (bvh-parser's simple.bvh, the three.js excerpt): their
// own channel values, as the project's text parser reads them, are what the motion holds.
TEST(ExternalBvh, ChannelValuesOfTheFilesWithoutOtherAssertions) {
  MG_REQUIRE_EXTERNAL();
  for (const char* file : {"bvh-parser/simple.bvh", "three.js/pirouette_head5.bvh"}) {
    SCOPED_TRACE(file);
    Result<Motion> m = readRaw(file);
    Result<BvhDocument> doc = readBvhFile(external(file));
    ASSERT_TRUE(m && doc);
    for (int f = 0; f < doc->frameCount; ++f) {
      for (size_t j = 0; j < doc->joints.size(); ++j) {
        const BvhJoint& bj = doc->joints[j];
        std::string axes;
        Eigen::Vector3d degrees;
        for (size_t c = 0; c < bj.channels.size(); ++c) {
          const int k = static_cast<int>(bj.channels[c]) - static_cast<int>(BvhChannel::Xrotation);
          if (k < 0) continue;  // a position channel
          degrees[static_cast<int>(axes.size())] =
              doc->value(f, bj.firstValue + static_cast<int>(c));
          axes += static_cast<char>('X' + k);
        }
        if (axes.size() != 3) continue;
        EXPECT_LT(
            angleBetween(m->rotation(f, static_cast<int>(j)), eulerToQuaternion(axes, degrees)),
            1e-12)
            << bj.name << " frame " << f;
      }
    }
  }
  Result<Motion> simple = readRaw("bvh-parser/simple.bvh");
  ASSERT_TRUE(simple);
  EXPECT_EQ(simple->fps, 1.0);
  Result<Motion> pirouette = readRaw("three.js/pirouette_head5.bvh");
  ASSERT_TRUE(pirouette);
  EXPECT_EQ(pirouette->fps, 120.0);
  // No position channels on the root: the root stays at its OFFSET.
  EXPECT_LT((pirouette->rootPositions[4] - pirouette->skeleton->joints[0].offset).norm(), 1e-12);
}

// bvh_anim does not parse its own nonstandard file yet: a refusal naming the file and the line is
// acceptable; reading it must then give its three joints and two frames.
TEST(ExternalBvh, NonstandardFormattingIsReadOrCleanlyRefused) {
  MG_REQUIRE_EXTERNAL();
  const std::string path = external("bvh_anim/nonstandard_formatting.bvh");
  Result<Motion> m = readMotionFile(path);
  if (!m) {
    EXPECT_NE(m.error().message.find("nonstandard_formatting.bvh:"), std::string::npos)
        << m.error().message;
    return;
  }
  EXPECT_EQ(m->jointCount(), 3);
  EXPECT_EQ(m->frameCount(), 2);
}

}  // namespace
}  // namespace mg
