// SPDX-License-Identifier: MIT
// AddOpenedMotionsCommand: the motions of one File > Open merge into one undo step, whatever
// else is on the stack.
#include <gtest/gtest.h>

#include <QUndoStack>

#include "support/synthetic_motion.h"
#include "widgets/commands/motion_commands.h"

namespace mg {
namespace {

std::shared_ptr<const Motion> openedMotion(const char* name) {
  Motion m = test::makeSwingMotion(4);
  m.name = name;
  return std::make_shared<const Motion>(std::move(m));
}

std::vector<std::string> motionNames(const Project& project) {
  std::vector<std::string> out;
  for (const MotionEntry& e : project.motions()) out.push_back(e.motion->name);
  return out;
}

TEST(AddOpenedMotionsCommand, OneBatchIsOneUndoStepInArrivalOrder) {
  Project project;
  QUndoStack* stack = project.undoStack();
  for (const char* name : {"a", "b", "c"})
    stack->push(new AddOpenedMotionsCommand(&project, 1, openedMotion(name)));
  EXPECT_EQ(stack->count(), 1);
  EXPECT_EQ(stack->undoText(), QStringLiteral("Load 3 motions"));
  EXPECT_EQ(motionNames(project), (std::vector<std::string>{"a", "b", "c"}));
  const std::vector<MotionId> ids = {project.motions()[0].id, project.motions()[1].id,
                                     project.motions()[2].id};
  stack->undo();
  EXPECT_EQ(project.motionCount(), 0);
  stack->redo();  // the same motions under the same ids
  ASSERT_EQ(motionNames(project), (std::vector<std::string>{"a", "b", "c"}));
  for (int i = 0; i < 3; ++i) EXPECT_EQ(project.motions()[size_t(i)].id, ids[size_t(i)]);
}

TEST(AddOpenedMotionsCommand, AnotherBatchOrAnotherCommandStartsANewStep) {
  Project project;
  QUndoStack* stack = project.undoStack();
  stack->push(new AddOpenedMotionsCommand(&project, 1, openedMotion("a")));
  EXPECT_EQ(stack->undoText(), QStringLiteral("Load a"));
  stack->push(new AddOpenedMotionsCommand(&project, 2, openedMotion("b")));
  EXPECT_EQ(stack->count(), 2);
  stack->push(new AddMotionCommand(&project, openedMotion("c")));
  stack->push(new AddOpenedMotionsCommand(&project, 2, openedMotion("d")));
  EXPECT_EQ(stack->count(), 4);  // "c" came between: batch 2's "d" is a step of its own
  stack->undo();
  EXPECT_EQ(motionNames(project), (std::vector<std::string>{"a", "b", "c"}));
  stack->undo();
  stack->undo();
  EXPECT_EQ(motionNames(project), (std::vector<std::string>{"a"}));
}

}  // namespace
}  // namespace mg
