// SPDX-License-Identifier: MIT
// Runs the built mgtool binary (MGTOOL_PATH): mgtool eval on a snap export of the boxing sample
// (always installed) made by mgtool snap, and on bad command lines and inputs. Real capture from
// ../shared/mocap: a snap graph and a parametric graph side by side (skips without it).
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "core/import/import_test_util.h"
#include "core/util/json_text.h"
#include "support/tool_run.h"

namespace mg {
namespace {

using test::ToolRun;

ToolRun mgtool(const std::vector<std::string>& args) {
  return test::runTool(MGTOOL_PATH, args);
}

const char* const kBoxing = "/usr/share/assimp/models/BVH/Boxing_Toes.bvh";

std::string readAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(MgtoolEval, ReportsOnASnapExportAsJsonAndHtml) {
  test::TempDir dir;
  const std::string graph = dir.file("boxing");
  const ToolRun snap = mgtool({"snap", kBoxing, "--hubs", "3", "--out", graph});
  ASSERT_EQ(snap.status, 0) << snap.err;
  const ToolRun r =
      mgtool({"eval", graph, "--seconds", "20", "--coverage-seconds", "60", "--out",
              dir.file("r.json"), "--html", dir.file("r.html"), "--walks", dir.file("walks")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"report_seconds\""), std::string::npos) << r.out;
  Result<Json> json = readJsonText(readAll(dir.file("r.json")));
  ASSERT_TRUE(json) << json.error().message;
  EXPECT_EQ(json->at("format").get_ref<const std::string&>(), "mgstudio.quality-report");
  const Json& input = json->at("inputs").at(0);
  EXPECT_EQ(input.at("kind").get_ref<const std::string&>(), "snap");
  EXPECT_EQ(jsonFind(input, "error"), nullptr);
  EXPECT_EQ(input.at("walk").at("frames").get<double>(), 600);
  EXPECT_TRUE(std::filesystem::exists(input.at("walk").at("file").get_ref<const std::string&>()));
  EXPECT_GT(input.at("transitions").at("count").get<double>(), 0);
  EXPECT_GT(input.at("coverage").at("playable_fraction").get<double>(), 0.1);
  EXPECT_TRUE(input.at("responsiveness").is_null());  // a snap graph cannot be steered
  // The source is the file the export names (the sample), found and measured.
  const Json& source = json->at("sources").at(0);
  EXPECT_EQ(jsonFind(source, "error"), nullptr);
  EXPECT_GT(source.at("frames").get<double>(), 900);
  const std::string html = readAll(dir.file("r.html"));
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_NE(html.find("boxing"), std::string::npos);
  // The same table as Markdown: a header naming the source and the input with its kind, and the
  // input's walk length in the walk section.
  const ToolRun md = mgtool({"eval", graph, "--seconds", "20", "--coverage-seconds", "0", "--out",
                             dir.file("r2.json"), "--markdown", "-"});
  ASSERT_EQ(md.status, 0) << md.err;
  EXPECT_NE(md.out.find("| measure | source | boxing (snap) |"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("|---|---:|---:|"), std::string::npos) << md.out;
}

TEST(MgtoolEval, BadCommandLinesAndInputs) {
  test::TempDir dir;
  EXPECT_EQ(mgtool({"eval"}).status, 2);
  const std::string folder = dir.file("");
  EXPECT_EQ(mgtool({"eval", folder, "--seconds", "0"}).status, 2);
  EXPECT_EQ(mgtool({"eval", folder, "--source"}).status, 2);
  // Not a graph export: named, with the kinds it reads.
  const ToolRun notGraph = mgtool({"eval", folder});
  EXPECT_EQ(notGraph.status, 1);
  EXPECT_NE(notGraph.err.find("not a graph export"), std::string::npos) << notGraph.err;
  EXPECT_NE(notGraph.err.find("snap"), std::string::npos) << notGraph.err;
  const ToolRun missing = mgtool({"eval", dir.file("none")});
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("no such file"), std::string::npos) << missing.err;
  const ToolRun help = mgtool({"eval", "--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_EQ(help.out.rfind("Usage: mgtool eval", 0), 0u) << help.out;
  EXPECT_NE(help.out.find("subgraph"), std::string::npos);  // the registered kinds are listed
}

}  // namespace
}  // namespace mg
