// SPDX-License-Identifier: MIT
// Runs the built mgtool binary (MGTOOL_PATH): bench import (its run through the import child is
// in general/info_convert_test.cpp).
#include <gtest/gtest.h>

#include "core/import/import_test_util.h"
#include "support/tool_run.h"

namespace mg {
namespace {

using test::ToolRun;

ToolRun mgtool(const std::vector<std::string>& args) {
  return test::runTool(MGTOOL_PATH, args);
}

const std::string kSmall = test::dataPath("small_walk.bvh");

TEST(MgtoolCli, BenchImportPrintsTimes) {
  const ToolRun r = mgtool({"bench", "import", kSmall, "--repeat", "2"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"repeat\": 2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"mean_ms\": "), std::string::npos);
  EXPECT_NE(r.out.find("\"bvh_text_pass\""), std::string::npos);
}

}  // namespace
}  // namespace mg
