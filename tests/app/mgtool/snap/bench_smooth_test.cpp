// SPDX-License-Identifier: MIT
// Runs the built mgtool binary (MGTOOL_PATH): mgtool bench smooth on Assimp's boxing sample.
#include <cmath>

#include <gtest/gtest.h>

#include "support/tool_run.h"

namespace mg {
namespace {

using test::ToolRun;

ToolRun mgtool(const std::vector<std::string>& args) {
  return test::runTool(MGTOOL_PATH, args);
}

// The number after `"key": ` in the first place `scope` is found, then `key` after it.
double numberAfter(const std::string& text, const std::string& scope, const std::string& key) {
  const size_t at = text.find("\"" + scope + "\"");
  if (at == std::string::npos) return std::nan("");
  const size_t k = text.find("\"" + key + "\": ", at);
  if (k == std::string::npos) return std::nan("");
  return std::stod(text.substr(k + key.size() + 4));
}

// bench smooth on Assimp's boxing sample (always installed): snapping with plants makes the feet
// hold still, plants holding two match frames slide less than in the capture, and the walk's
// planted feet are slower than the capture's, with no frame above 1.5 x the capture's max.
TEST(MgtoolBenchSmooth, SnappedBoxingHoldsItsFeet) {
  const std::string boxing = std::string(MG_SAMPLE_DIR) + "/Boxing_Toes.bvh";
  const ToolRun r = mgtool({"bench", "smooth", boxing, "--hubs", "3", "--seconds", "20", "--seeds",
                            "1,2", "--threads", "1"});
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* key :
       {"\"added_by_plants\"", "\"over_near_plant_edges\"", "\"over_near_match_frames\"",
        "\"worst_point\"", "\"linked_plants_snapped\"", "\"across_cuts_mean_mps\""}) {
    EXPECT_NE(r.out.find(key), std::string::npos) << key << " in " << r.out;
  }
  const double linkedBefore = numberAfter(r.out, "linked_plants_original", "mean_mps");
  const double linkedAfter = numberAfter(r.out, "linked_plants_snapped", "mean_mps");
  EXPECT_LT(linkedAfter, 0.6 * linkedBefore) << r.out;
  const double sourceSkate = numberAfter(r.out, "source", "mean_mps");
  const double walkSkate = numberAfter(r.out, "walks", "mean_mps");
  EXPECT_LT(walkSkate, 0.6 * sourceSkate) << r.out;
  EXPECT_EQ(numberAfter(r.out, "walks", "frames_above_1_5_source_max"), 0.0) << r.out;
  EXPECT_LT(numberAfter(r.out, "walks", "p99_over_source_median_p99"), 1.2) << r.out;
}

}  // namespace
}  // namespace mg
