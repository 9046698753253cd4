// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <QSignalSpy>

#include "support/synthetic_motion.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/project.h"

namespace mg {
namespace {

std::shared_ptr<const Motion> makeMotion(const char* name, int frames) {
  Motion m = test::makeSwingMotion(frames);
  m.name = name;
  return std::make_shared<const Motion>(std::move(m));
}

TEST(Project, AddMotionCommandAssignsStableIdsAndSignals) {
  Project project;
  QSignalSpy aboutToAdd(&project, &Project::motionAboutToBeAdded);
  QSignalSpy added(&project, &Project::motionAdded);
  auto* first = new AddMotionCommand(&project, makeMotion("a", 10));
  auto* second = new AddMotionCommand(&project, makeMotion("b", 20));
  const MotionId a = first->id();
  const MotionId b = second->id();
  project.undoStack()->push(first);
  project.undoStack()->push(second);
  EXPECT_NE(a, b);
  ASSERT_EQ(project.motionCount(), 2);
  EXPECT_EQ(project.motions()[0].id, a);
  EXPECT_EQ(project.motions()[1].id, b);
  EXPECT_EQ(project.motion(b)->frameCount(), 20);
  ASSERT_EQ(added.count(), 2);
  EXPECT_EQ(aboutToAdd.count(), 2);
  EXPECT_EQ(added[1][0].value<MotionId>(), b);
  EXPECT_EQ(added[1][1].toInt(), 1);  // row
}

TEST(Project, UndoRedoKeepsIdAndRow) {
  Project project;
  project.undoStack()->push(new AddMotionCommand(&project, makeMotion("a", 5)));
  auto* cmd = new AddMotionCommand(&project, makeMotion("b", 6));
  const MotionId b = cmd->id();
  project.undoStack()->push(cmd);
  QSignalSpy removed(&project, &Project::motionRemoved);
  project.undoStack()->undo();
  EXPECT_EQ(project.motionCount(), 1);
  EXPECT_EQ(project.motion(b), nullptr);
  ASSERT_EQ(removed.count(), 1);
  EXPECT_EQ(removed[0][0].value<MotionId>(), b);
  project.undoStack()->redo();
  ASSERT_EQ(project.motionCount(), 2);
  EXPECT_EQ(project.motions()[1].id, b);
  EXPECT_EQ(project.motion(b)->name, "b");
}

TEST(Project, RemoveMotionCommandRestoresRowOnUndo) {
  Project project;
  QList<MotionId> ids;
  for (const char* name : {"a", "b", "c"}) {
    auto* cmd = new AddMotionCommand(&project, makeMotion(name, 4));
    ids.push_back(cmd->id());
    project.undoStack()->push(cmd);
  }
  const std::shared_ptr<const Motion> middle = project.motion(ids[1]);
  project.undoStack()->push(new RemoveMotionCommand(&project, ids[1]));
  ASSERT_EQ(project.motionCount(), 2);
  EXPECT_EQ(project.indexOf(ids[1]), -1);
  EXPECT_EQ(project.indexOf(ids[2]), 1);
  project.undoStack()->undo();
  ASSERT_EQ(project.motionCount(), 3);
  EXPECT_EQ(project.indexOf(ids[1]), 1);
  EXPECT_EQ(project.motion(ids[1]), middle);  // the same shared motion, not a copy
}

TEST(Project, NewIdsNeverReuseRemovedOnes) {
  Project project;
  auto* cmd = new AddMotionCommand(&project, makeMotion("a", 4));
  const MotionId a = cmd->id();
  project.undoStack()->push(cmd);
  project.undoStack()->undo();
  // Pushing a new command drops the undone one; its id must still not come back.
  auto* next = new AddMotionCommand(&project, makeMotion("b", 4));
  EXPECT_NE(next->id(), a);
  project.undoStack()->push(next);
}

TEST(Project, ImportOptionsSignalOnlyOnChange) {
  Project project;
  QSignalSpy changed(&project, &Project::importOptionsChanged);
  ImportOptions o;
  project.setImportOptions(o);
  EXPECT_EQ(changed.count(), 0);
  o.trimLeadingFrames = 3;
  project.setImportOptions(o);
  EXPECT_EQ(changed.count(), 1);
  EXPECT_EQ(project.importOptions().trimLeadingFrames, 3);
}

}  // namespace
}  // namespace mg
