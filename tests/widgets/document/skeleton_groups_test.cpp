// SPDX-License-Identifier: MIT
// Motions grouped by skeleton: group 0 is the first motion's whatever comes later, and the
// library shows the other groups as such.
#include <gtest/gtest.h>

#include "tests/support/synthetic_motion.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/project.h"
#include "widgets/document/skeleton_groups.h"
#include "widgets/views/library/motion_library_model.h"

namespace mg {
namespace {

// The swing motion's skeleton with its last joint renamed `tail`: another hierarchy.
std::shared_ptr<const Motion> motionOf(const char* name, const char* tail = nullptr) {
  Motion m = test::makeSwingMotion(30);
  m.name = name;
  if (tail) {
    auto skeleton = std::make_shared<Skeleton>(*m.skeleton);
    skeleton->joints.back().name = tail;
    m.skeleton = skeleton;
  }
  return std::make_shared<const Motion>(std::move(m));
}

TEST(SkeletonGroups, TheFirstMotionsSkeletonIsGroupZeroHoweverManyOthersCome) {
  std::vector<MotionEntry> motions;
  EXPECT_EQ(skeletonGroups(motions).groupCount, 0);
  EXPECT_EQ(workingSkeletonMotion(motions), nullptr);
  motions.push_back({1, motionOf("a")});
  for (int i = 0; i < 3; ++i) motions.push_back({2 + i, motionOf("other", "Tail")});
  motions.push_back({5, motionOf("b")});
  motions.push_back({6, motionOf("third", "Fin")});
  const SkeletonGroups groups = skeletonGroups(motions);
  EXPECT_EQ(groups.groupOfRow, (std::vector<int>{0, 1, 1, 1, 0, 2}));
  EXPECT_EQ(groups.groupCount, 3);
  EXPECT_EQ(groups.group(6), -1);
  EXPECT_EQ(workingSkeletonMotion(motions)->name, "a");
}

TEST(SkeletonGroups, TheLibraryNamesAndGreysOtherGroups) {
  Project p;
  MotionLibraryModel model(&p);
  p.undoStack()->push(new AddMotionCommand(&p, motionOf("a")));
  p.undoStack()->push(new AddMotionCommand(&p, motionOf("other", "Tail")));
  const int joints = p.motions()[0].motion->jointCount();
  EXPECT_EQ(model.data(model.index(0, MotionLibraryModel::Joints), Qt::DisplayRole).toInt(),
            joints);
  EXPECT_EQ(model.data(model.index(1, MotionLibraryModel::Joints), Qt::DisplayRole).toString(),
            QStringLiteral("%1, group 2").arg(joints));
  EXPECT_FALSE(model.data(model.index(0, MotionLibraryModel::Name), Qt::ForegroundRole).isValid());
  EXPECT_TRUE(model.data(model.index(1, MotionLibraryModel::Name), Qt::ForegroundRole).isValid());
  const QString tip =
      model.data(model.index(1, MotionLibraryModel::Frames), Qt::ToolTipRole).toString();
  EXPECT_TRUE(tip.contains(QStringLiteral("Skeleton group 2"))) << tip.toStdString();
  EXPECT_TRUE(tip.contains(QStringLiteral("a's"))) << tip.toStdString();
  // Removing the first motion makes the other skeleton the working one: no group label left.
  p.undoStack()->push(new RemoveMotionCommand(&p, p.motions()[0].id));
  EXPECT_EQ(model.groupOf(0), 0);
  EXPECT_EQ(model.data(model.index(0, MotionLibraryModel::Joints), Qt::DisplayRole).toInt(),
            joints);
}

}  // namespace
}  // namespace mg
