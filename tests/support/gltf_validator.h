// SPDX-License-Identifier: MIT
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "support/tool_run.h"

namespace mg::test {

// What the Khronos glTF validator (packaging/gltf-validator, installed by
// packaging/install-deps.sh from the npm registry) said about a file.
struct GltfValidation {
  bool available = false;  // node and the validator are installed; else `why` says what is missing
  bool valid = false;      // the report has no errors and no warnings
  std::string report;      // the validator's JSON report
  std::string why;
};

inline GltfValidation validateGltf(const std::string& path) {
  GltfValidation v;
  const std::string node = MG_NODE_PROGRAM;
  if (node.empty()) {
    v.why = "node is not installed";
    return v;
  }
  const ToolRun run = runTool(node, {MG_GLTF_VALIDATOR, path});
  if (run.status == 2) {
    v.why = run.err;
    return v;
  }
  v.available = true;
  v.report = run.out + run.err;
  v.valid = run.status == 0 && run.out.find("\"numWarnings\": 0,") != std::string::npos;
  return v;
}

// Expects the validator to find no error and no warning in `path`; says so and passes when the
// validator is not installed (the test that needs it skips: tests/app/mgtool/motion_output_test).
#define MG_EXPECT_VALID_GLTF(path)                                                 \
  do {                                                                             \
    const ::mg::test::GltfValidation validation_ = ::mg::test::validateGltf(path); \
    if (!validation_.available) {                                                  \
      std::printf("glTF validator not run on %s: %s\n", std::string(path).c_str(), \
                  validation_.why.c_str());                                        \
    } else {                                                                       \
      EXPECT_TRUE(validation_.valid) << (path) << ":\n" << validation_.report;     \
    }                                                                              \
  } while (0)

}  // namespace mg::test
