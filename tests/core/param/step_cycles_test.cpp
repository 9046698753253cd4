// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include "core/import/motion_reader.h"
#include "core/io/pmg_spec.h"
#include "core/motion/pose_glitches.h"
#include "core/param/step_cycles.h"
#include "param_fixture.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

TEST(StepCycles, TwoStepCyclesOfTheWalks) {
  const NodeSource source = test::walkNodeSource();
  ASSERT_GE(source.examples.size(), 10u);
  for (const ExampleRef& e : source.examples) {
    // Two steps of a walk at about 1 m/s take about one second.
    EXPECT_GE(e.endFrame - e.beginFrame, 25) << e.path;
    EXPECT_LE(e.endFrame - e.beginFrame, 45) << e.path;
  }
  StepCycleSettings bad;
  bad.steps = 0;
  EXPECT_FALSE(bad.validate());
}

// A bundled walk with one frame's thigh flipped in the middle of its second cycle.
struct GlitchedWalk {
  Motion motion;
  std::vector<StepCycle> clean;  // the cycles of the walk as captured
  int bad = 0;
};

GlitchedWalk glitchedWalk() {
  GlitchedWalk w;
  // The first bundled walk long enough for three cycles.
  for (const std::string& file : test::cmuWalkFiles()) {
    Result<Motion> read = readMotionFile(test::cmuTurnsDir() + "/" + file);
    if (!read) continue;
    Result<std::vector<StepCycle>> cycles = findStepCycles(*read);
    if (!cycles || cycles->size() < 3) continue;
    w.motion = std::move(read.value());
    w.clean = *cycles;
    break;
  }
  EXPECT_GE(w.clean.size(), 3u) << "no bundled walk has three step cycles";
  if (w.clean.size() < 3) return w;
  w.bad = (w.clean[1].beginFrame + w.clean[1].endFrame) / 2;
  EXPECT_TRUE(test::plantJointFlip(w.motion, "rfemur", w.bad, 150));
  return w;
}

TEST(StepCycles, ACycleThatHoldsACaptureGlitchIsLeftOutUnlessKept) {
  const GlitchedWalk w = glitchedWalk();
  ASSERT_GE(w.clean.size(), 3u);
  ASSERT_EQ(findPoseGlitches(w.motion).size(), 1u);
  std::vector<StepCycle> leftOut;
  Result<std::vector<StepCycle>> cycles = findStepCycles(w.motion, {}, &leftOut);
  ASSERT_TRUE(cycles);
  ASSERT_FALSE(leftOut.empty());
  for (const StepCycle& c : leftOut) {
    EXPECT_LE(c.beginFrame, w.bad);
    EXPECT_GT(c.endFrame, w.bad);
  }
  for (const StepCycle& c : *cycles) EXPECT_TRUE(c.endFrame <= w.bad || c.beginFrame > w.bad);
  EXPECT_EQ(cycles->size() + leftOut.size(), w.clean.size());

  StepCycleSettings keep;
  keep.keepGlitches = true;
  std::vector<StepCycle> none;
  Result<std::vector<StepCycle>> kept = findStepCycles(w.motion, keep, &none);
  ASSERT_TRUE(kept);
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(kept->size(), w.clean.size());
}

TEST(PmgSpecBuild, ExamplesThatHoldACaptureGlitchAreLeftOutWithANote) {
  const GlitchedWalk w = glitchedWalk();
  ASSERT_GE(w.clean.size(), 3u);
  auto glitched = std::make_shared<const Motion>(w.motion);
  const MotionFileLoader load = [glitched](const std::string&,
                                           double) -> Result<std::shared_ptr<const Motion>> {
    return glitched;
  };
  PmgSpec spec;
  NodeSpec node;
  node.source.name = "walk";
  node.source.metrics = {ParameterMetric{}};
  node.source.inversion.samples = 50;
  for (const StepCycle& c : w.clean)
    node.source.examples.push_back({"w.bvh", c.beginFrame, c.endFrame});
  spec.nodes.push_back(node);
  std::vector<std::string> notes;
  SpecBuildOptions options;
  options.onNote = [&](const std::string& line) { notes.push_back(line); };
  Result<ParametricGraph> g = buildGraphFromSpec(spec, "/data", load, options);
  ASSERT_TRUE(g) << g.error().message;
  ASSERT_EQ(g->nodeSources.size(), 1u);
  EXPECT_EQ(g->nodeSources[0].examples.size(), w.clean.size() - 1);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("frames " + std::to_string(w.clean[1].beginFrame)), std::string::npos)
      << notes[0];
  EXPECT_NE(notes[0].find("rfemur"), std::string::npos) << notes[0];

  // Every example glitched: a clear error, not an empty node.
  spec.nodes[0].source.examples = {{"w.bvh", w.clean[1].beginFrame, w.clean[1].endFrame},
                                   {"w.bvh", w.clean[1].beginFrame, w.clean[2].endFrame}};
  Result<ParametricGraph> empty = buildGraphFromSpec(spec, "/data", load, options);
  ASSERT_FALSE(empty);
  EXPECT_NE(empty.error().message.find("capture glitch"), std::string::npos)
      << empty.error().message;
  options.keepGlitches = true;
  EXPECT_TRUE(buildGraphFromSpec(spec, "/data", load, options));
}

}  // namespace
}  // namespace mg
