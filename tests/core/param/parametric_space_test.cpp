// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <cmath>

#include "core/param/parametric_node.h"
#include "core/param/parametric_space.h"
#include "param_fixture.h"
#include "support/synthetic_motion.h"

namespace mg {
namespace {

TEST(ParametricSpace, BlendOfTwoIdenticalExamplesIsTheExample) {
  auto motion = std::make_shared<const Motion>(test::makeSwingMotion(40));
  const ExampleSegment examples[] = {{motion, 0, 40}, {motion, 0, 40}};
  Result<ParametricSpace> space = registerExamples(examples, {});
  ASSERT_TRUE(space) << space.error().message;
  for (const RegisteredExample& e : space->examples) {
    for (int r = 0; r < 40; ++r) EXPECT_NEAR(e.warp[r], r, 1e-9);  // identical: identity warp
  }
  Motion out;
  const double weights[] = {0.3, 0.7};
  ASSERT_TRUE(blendClip(*space, weights, out));
  ASSERT_EQ(out.frameCount(), 40);
  ASSERT_TRUE(out.validate());
  for (int f = 0; f < 40; ++f) {
    EXPECT_NEAR((out.rootPositions[f] - motion->rootPositions[f]).norm(), 0.0, 1e-9) << f;
    for (int j = 0; j < motion->jointCount(); ++j) {
      EXPECT_NEAR(std::abs(out.rotation(f, j).dot(motion->rotation(f, j))), 1.0, 1e-9)
          << f << " " << j;
    }
  }
}

TEST(ParametricSpace, InvalidInputs) {
  EXPECT_FALSE(registerExamples({}, {}));  // an empty node
  auto swing = std::make_shared<const Motion>(test::makeSwingMotion(30));
  const ExampleSegment tooShort[] = {{swing, 0, 3}};
  EXPECT_FALSE(registerExamples(tooShort, {}));
  const ExampleSegment outside[] = {{swing, 10, 31}};
  EXPECT_FALSE(registerExamples(outside, {}));
  const ExampleSegment missing[] = {{nullptr, 0, 10}};
  EXPECT_FALSE(registerExamples(missing, {}));
  RegistrationSettings badReference;
  badReference.referenceExample = 3;
  const ExampleSegment one[] = {{swing, 0, 30}};
  EXPECT_FALSE(registerExamples(one, badReference));
  // Mismatched skeletons: a walk of the CMU skeleton with the synthetic biped.
  {
    Result<std::shared_ptr<const Motion>> cmu =
        test::fileLoader()(test::cmuTurnsDir() + "/16_15.bvh", 0.0);
    ASSERT_TRUE(cmu);
    const ExampleSegment mixed[] = {{swing, 0, 30}, {*cmu, 0, 30}};
    Result<ParametricSpace> r = registerExamples(mixed, {});
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("skeleton"), std::string::npos);
  }
  Result<ParametricSpace> space = registerExamples(one, {});
  ASSERT_TRUE(space);
  Motion out;
  const double two[] = {0.5, 0.5}, zero[] = {0.0}, nan[] = {std::nan("")};
  EXPECT_FALSE(blendClip(*space, two, out));
  EXPECT_FALSE(blendClip(*space, zero, out));
  EXPECT_FALSE(blendClip(*space, nan, out));
  // Nodes: null space, no metrics, four parameters, NaN request.
  EXPECT_FALSE(buildParametricNode("n", nullptr, {ParameterMetric{}}, {}));
  auto shared = std::make_shared<const ParametricSpace>(space.value());
  EXPECT_FALSE(buildParametricNode("n", shared, {}, {}));
  ParameterMetric position;
  position.kind = ParameterKind::EndEffectorPosition;
  position.joint = "Head";
  EXPECT_FALSE(buildParametricNode("n", shared, {position, ParameterMetric{}}, {}));
  position.joint = "NoSuchJoint";
  EXPECT_FALSE(buildParametricNode("n", shared, {position}, {}));
  Result<ParametricNode> node = buildParametricNode("n", shared, {ParameterMetric{}}, {});
  ASSERT_TRUE(node);
  std::vector<double> w;
  EXPECT_FALSE(node->weightsFor({std::nan(""), 0, 0}, w));
  EXPECT_FALSE(node->clipFor({std::nan(""), 0, 0}, out));
}

}  // namespace
}  // namespace mg
