// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <mutex>

#include "core/io/pmg_json.h"
#include "core/io/pmg_spec.h"
#include "core/io/pmg_text.h"
#include "core/param/edge_lookup.h"
#include "core/param/param_fixture.h"

namespace mg {
namespace {

std::filesystem::path scratchDir() {
  const auto dir =
      std::filesystem::temp_directory_path() / ("mg_param_test_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

TEST(PmgText, RoundTripThroughTheFile) {
  std::shared_ptr<const ParametricGraph> g = test::walkGraph();
  ASSERT_TRUE(g);
  const std::string path = (scratchDir() / "walk.pmg").string();
  ASSERT_TRUE(writePmgText(*g, path));
  const std::string text = formatPmgText(*g, scratchDir().string());
  // Example paths are relative to the file and name the capture files.
  EXPECT_NE(text.find("cmu_turns/16_15.bvh"), std::string::npos);
  // No absolute path: a relative one may still contain the absolute path as a substring
  // ("../../work/shared/..." from a scratch folder), so look at each path's first character.
  EXPECT_EQ(text.find(" " + test::cmuTurnsDir()), std::string::npos);
  EXPECT_EQ(text.find("\"" + test::cmuTurnsDir()), std::string::npos);
  Result<ParametricGraph> read = readPmgText(path, test::fileLoader());
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_EQ(read->nodeCount(), 1);
  ASSERT_EQ(read->edges.size(), 1u);
  // The rebuilt node is the same node (registration and sampling are deterministic).
  EXPECT_EQ(read->nodes[0]->rangeMin(), g->nodes[0]->rangeMin());
  EXPECT_EQ(read->nodes[0]->rangeMax(), g->nodes[0]->rangeMax());
  const ParametricEdge& a = g->edges[0].edge;
  const ParametricEdge& b = read->edges[0].edge;
  EXPECT_EQ(a.exists, b.exists);
  EXPECT_EQ(a.goodPairs, b.goodPairs);
  ASSERT_EQ(a.samples.size(), b.samples.size());
  for (size_t i = 0; i < a.samples.size(); ++i) {
    EXPECT_NEAR(a.samples[i].source[0], b.samples[i].source[0],
                1e-5 * (1 + std::abs(a.samples[i].source[0])));
    EXPECT_NEAR(a.samples[i].centre[0], b.samples[i].centre[0],
                1e-5 * (1 + std::abs(a.samples[i].centre[0])));
    EXPECT_NEAR(a.samples[i].widths[0], b.samples[i].widths[0],
                1e-5 * (1 + std::abs(a.samples[i].widths[0])));
    EXPECT_NEAR(a.samples[i].sourceTime, b.samples[i].sourceTime, 1e-6);
  }
  for (double l : {-50.0, -3.0, 12.0}) {
    Result<TransitionLookup> la = lookupTransition(a, {l, 0, 0}),
                             lb = lookupTransition(b, {l, 0, 0});
    ASSERT_TRUE(la && lb);
    EXPECT_NEAR(la->box.centre()[0], lb->box.centre()[0], 1e-3);
  }
  // A graph read from a file has no cached distances to re-threshold.
  EXPECT_FALSE(rethresholdEdge(*read, 0, {0.004, 0.006, 1.0}));
  // The JSON export holds the same content.
  Result<Json> json = readJsonText(jsonText(pmgToJson(*g, scratchDir().string())));
  ASSERT_TRUE(json) << json.error().message;
  EXPECT_EQ(json->at("format").get_ref<const std::string&>(), "mg-pmg");
  const Json& edge = json->at("edges")[0];
  EXPECT_EQ(edge.at("samples").size(), a.samples.size());
  EXPECT_EQ(static_cast<int>(edge.at("good").get<double>()), a.goodPairs);
  EXPECT_EQ(json->at("nodes")[0].at("examples")[0].at("file").get_ref<const std::string&>(),
            read->nodeSources[0].examples[0].path);
}

// The build time is an optional informative line after the header; files without it read as
// "unknown" and a malformed one names its line.
TEST(PmgText, BuildTimeIsAnOptionalLine) {
  std::shared_ptr<const ParametricGraph> walk = test::walkGraph();
  ASSERT_TRUE(walk);
  ParametricGraph g = *walk;
  g.buildSeconds = 1.25;
  const std::string text = formatPmgText(g, scratchDir().string());
  EXPECT_NE(text.find("\nbuilt seconds 1.25\nnodes "), std::string::npos);
  Result<PmgDocument> doc = parsePmgText(text);
  ASSERT_TRUE(doc) << doc.error().message;
  EXPECT_EQ(doc->buildSeconds, 1.25);
  g.buildSeconds = -1;
  const std::string plain = formatPmgText(g, scratchDir().string());
  EXPECT_EQ(plain.find("built"), std::string::npos);
  doc = parsePmgText(plain);
  ASSERT_TRUE(doc) << doc.error().message;
  EXPECT_LT(doc->buildSeconds, 0);
  for (const char* bad :
       {"built seconds -1", "built seconds", "built minutes 3", "built seconds nan"}) {
    std::string edited = text;
    edited.replace(edited.find("built seconds 1.25"), 18, bad);
    Result<PmgDocument> r = parsePmgText(edited);
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().message.rfind("line 3:", 0), 0u) << r.error().message;
  }
}

TEST(PmgText, ParseErrorsNameTheLine) {
  EXPECT_FALSE(parsePmgText(""));
  EXPECT_FALSE(parsePmgText("PMG 2\nnodes 0\nedges 0\n"));
  ASSERT_TRUE(parsePmgText("PMG 1\nnodes 0\nedges 0\n"));
  Result<PmgDocument> trailing = parsePmgText("PMG 1\nnodes 0\nedges 0\nextra\n");
  ASSERT_FALSE(trailing);
  EXPECT_NE(trailing.error().message.find("line 4"), std::string::npos);
  const std::string edgeToNowhere = "PMG 1\nnodes 0\nedges 1\nedge a b 1 1\n";
  Result<PmgDocument> unknown = parsePmgText(edgeToNowhere);
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("unknown node"), std::string::npos);
}

TEST(PmgText, ParseRejectsBadSamplesAndThresholds) {
  const std::string node =
      "PMG 1\nnodes 1\nnode w\nregistration reference 0 smoothing 5 contacts 1 shift 0.25\n"
      "metric window 9 weighting tapered joints all custom \"\" fps 30\n"
      "inversion samples 10 mix 0 neighbours 0 seed 1\nparameters 1\n"
      "parameter travel_direction_change joint \"\" end_site 0 key_time 1 axes xyz window "
      "0.3333333\n"
      "range 1 -5 5\nexamples 1\nexample \"a b.bvh\" 0 30\nend_node\n";
  const std::string edgeHead =
      "edges 1\nedge w w 1 1\nsampling n_s 1 n_t 2 source_region 0.6 1 target_region 0 0.4 seed 1\n"
      "metric window 9 weighting tapered joints all custom \"\" fps 30\n";
  const std::string good = node + edgeHead +
                           "thresholds t_good 0.005 t_bad 0.007 epsilon 1\nresult exists 1 good 2 "
                           "neutral 0 bad 0 shrunk 0 empty 0\n"
                           "samples 1\nsample 0 1 2 0.8 0.1\nend_edge\n";
  Result<PmgDocument> ok = parsePmgText(good);
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(ok->nodes[0].examples[0].path, "a b.bvh");  // quoted paths keep their spaces
  EXPECT_DOUBLE_EQ(ok->edges[0].edge.samples[0].widths[0], 2.0);
  std::string shortSample = good;
  shortSample.replace(shortSample.find("sample 0 1 2 0.8 0.1"), 20, "sample 0 1 2 0.8");
  EXPECT_FALSE(parsePmgText(shortSample));
  std::string nan = good;
  nan.replace(nan.find("sample 0 1 2 0.8 0.1"), 20, "sample 0 1 nan 0.8 0.1");
  EXPECT_FALSE(parsePmgText(nan));
  std::string inverted = good;
  inverted.replace(inverted.find("t_good 0.005"), 12, "t_good 0.009");
  EXPECT_FALSE(parsePmgText(inverted));  // t_good > t_bad
  // Seeds cover the whole uint64 range the writer prints (read as a double, the largest became
  // 2^64, undefined as a uint64: UBSan in fuzz_pmg_text), and nothing else.
  std::string big = good;
  big.replace(big.find("neighbours 0 seed 1"), 19, "neighbours 0 seed 18446744073709551615");
  Result<PmgDocument> bigSeed = parsePmgText(big);
  ASSERT_TRUE(bigSeed) << bigSeed.error().message;
  EXPECT_EQ(bigSeed->nodes[0].inversion.seed, 18446744073709551615ull);
  for (const char* bad : {"18446744073709551616", "-1", "1e3", "1.5", "x"}) {
    std::string text = good;
    text.replace(text.find("neighbours 0 seed 1"), 19, std::string("neighbours 0 seed ") + bad);
    Result<PmgDocument> refused = parsePmgText(text);
    ASSERT_FALSE(refused) << bad;
    EXPECT_NE(refused.error().message.find("line 6"), std::string::npos) << refused.error().message;
  }
}

TEST(PmgSpec, BuildsTheWalkingGraph) {
  const std::string spec = R"({
    "format": "mg-pmg-spec", "version": 1,
    "nodes": [{"name": "walk",
               "step_cycles": {"files": ["16_15.bvh", "16_11.bvh", "16_13.bvh", "16_19.bvh"],
                               "steps": 2, "start_foot": "left"},
               "parameters": [{"metric": "travel_direction_change"}],
               "inversion": {"samples": 200, "seed": 3}}],
    "edges": [{"from": "walk", "to": "walk", "n_s": 10, "n_t": 100, "t_good": 0.005, "t_bad": 0.007}]
  })";
  Result<Json> json = readJsonText(spec);
  ASSERT_TRUE(json) << json.error().message;
  Result<PmgSpec> parsed = parsePmgSpec(*json);
  ASSERT_TRUE(parsed) << parsed.error().message;
  int callbacks = 0;
  std::mutex lock;
  std::vector<double> seen;
  const Progress record(nullptr, [&](double f) {
    std::lock_guard<std::mutex> guard(lock);
    seen.push_back(f);
  });
  SpecBuildOptions options;
  options.onEdge = [&](const ParametricGraph&, int, double) { ++callbacks; };
  Result<ParametricGraph> g =
      buildGraphFromSpec(*parsed, test::cmuTurnsDir(), test::fileLoader(), options, record);
  ASSERT_TRUE(g) << g.error().message;
  EXPECT_EQ(callbacks, 1);
  // The job convention: the node takes [0, 0.5], the edge [0.5, 1], and the last report is 1.
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.back(), 1.0);
  for (double f : seen) EXPECT_TRUE(f >= 0.0 && f <= 1.0) << f;
  EXPECT_TRUE(std::any_of(seen.begin(), seen.end(), [](double f) { return f > 0.0 && f < 0.5; }));
  EXPECT_TRUE(std::any_of(seen.begin(), seen.end(), [](double f) { return f > 0.5 && f < 1.0; }));
  EXPECT_GE(g->nodes[0]->space().exampleCount(), 6);
  EXPECT_EQ(g->edges[0].edge.samples.size(), 10u);
  // Re-thresholding the cached edge equals classifying its sampling anew.
  ASSERT_TRUE(rethresholdEdge(*g, 0, {0.004, 0.006, 1.0}));
  EXPECT_DOUBLE_EQ(g->edges[0].edge.thresholds.tGood, 0.004);
}

TEST(PmgSpec, InvalidSpecs) {
  auto fails = [](const std::string& text, const std::string& expect) {
    Result<Json> json = readJsonText(text);
    ASSERT_TRUE(json) << json.error().message;
    Result<PmgSpec> r = parsePmgSpec(*json);
    ASSERT_FALSE(r) << text;
    EXPECT_NE(r.error().message.find(expect), std::string::npos) << r.error().message;
  };
  const std::string node =
      R"({"name": "w", "examples": [{"file": "a.bvh", "begin_frame": 0, "end_frame": 30}],
                               "parameters": [{"metric": "travel_direction_change"}]})";
  fails(R"({"format": "other", "version": 1, "nodes": []})", "format");
  fails(
      R"({"format": "mg-pmg-spec", "version": 1, "nodes": [{"name": "w", "parameters": [{"metric": "travel_speed"}]}]})",
      "empty node");
  fails(R"({"format": "mg-pmg-spec", "version": 1, "nodes": [)" + node + R"(],
           "edges": [{"from": "w", "to": "w", "t_good": 0.8, "t_bad": 0.7}]})",
        "T_GOOD");
  fails(R"({"format": "mg-pmg-spec", "version": 1, "nodes": [)" + node + R"(],
           "edges": [{"from": "w", "to": "w", "n_s": 0}]})",
        "n_s");
  fails(R"({"format": "mg-pmg-spec", "version": 1, "nodes": [)" + node + R"(],
           "edges": [{"from": "w", "to": "run"}]})",
        "unknown node");
  fails(
      R"({"format": "mg-pmg-spec", "version": 1, "nodes": [{"name": "w", "examples": [{"file": "a.bvh", "begin_frame": 0, "end_frame": 30}],
           "parameters": [{"metric": "punch"}]}]})",
      "unknown parameter metric");
}

TEST(Json, ParseAndSerialise) {
  Result<Json> v =
      readJsonText(R"({"a": [1, 2.5, -3e2, true, null], "b": "x\"\u00e9\ud83d\ude00", "c": {}})");
  ASSERT_TRUE(v) << v.error().message;
  EXPECT_EQ(v->at("a")[2].get<double>(), -300.0);
  EXPECT_EQ(v->at("b").get_ref<const std::string&>(), "x\"\xc3\xa9\xf0\x9f\x98\x80");
  Result<Json> again = readJsonText(jsonText(*v));
  ASSERT_TRUE(again);
  EXPECT_EQ(jsonText(*again, -1), jsonText(*v, -1));
  EXPECT_EQ(jsonText(Json(0.1)), "0.1");
  for (const char* bad :
       {"", "{", "[1,]", "{\"a\":1,\"a\":2}", "01", "\"abc", "tru", "[1] x", "{\"a\" 1}"}) {
    EXPECT_FALSE(readJsonText(bad)) << bad;
  }
  Result<Json> err = readJsonText("{\n  \"a\": x\n}");
  ASSERT_FALSE(err);
  EXPECT_NE(err.error().message.find("line 2"), std::string::npos);
}

}  // namespace
}  // namespace mg
