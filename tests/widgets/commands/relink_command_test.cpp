// SPDX-License-Identifier: MIT
#include "widgets/commands/relink_command.h"

#include <gtest/gtest.h>

#include <QSignalSpy>

#include "core/import/motion_reader.h"
#include "widgets/commands/hub_commands.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/missing_motions.h"

namespace mg {
namespace {

std::shared_ptr<const Motion> smallWalk() {
  Result<Motion> m = readMotionFile(MG_TEST_DATA_DIR "/small_walk.bvh");
  EXPECT_TRUE(m.ok());
  return std::make_shared<const Motion>(std::move(m.value()));
}

TEST(RelinkMotionsCommand, ReplacesTheMissingMotionUnderItsIdAndUndoes) {
  Project project;
  const auto real = smallWalk();
  MotionEntry missing{
      project.allocateMotionId(),
      missingMotionPlaceholder("small_walk", "/gone/small_walk.bvh", real->frameCount(), real->fps),
      {}};
  missing.file.missing = true;
  missing.file.fingerprint = {10, 99};
  const MotionId id = missing.id;
  project.insertMotion(0, missing);
  HubSpec hub{kNoHub, QStringLiteral("Stride"), QColor(1, 2, 3), 0.01, id, 3, 2, std::nullopt};
  project.undoStack()->push(new AddHubCommand(hubsOf(project), hub));
  const std::vector<HubSpec> hubs = hubsOf(project)->hubs();

  MotionEntry found{id, real, {}};
  found.file.fingerprint = {10, 99};
  QSignalSpy added(&project, &Project::motionAdded);
  project.undoStack()->push(new RelinkMotionsCommand(&project, {found}));
  EXPECT_EQ(project.undoStack()->undoText(), QStringLiteral("Relink small_walk"));
  EXPECT_EQ(added.count(), 1);
  EXPECT_FALSE(project.isMissing(id));
  EXPECT_EQ(project.motion(id), real);
  EXPECT_EQ(project.indexOf(id), 0);
  EXPECT_EQ(hubsOf(project)->hubs(), hubs);

  project.undoStack()->undo();
  EXPECT_TRUE(project.isMissing(id));
  EXPECT_EQ(project.motion(id)->sourcePath, "/gone/small_walk.bvh");
  EXPECT_EQ(project.missingCount(), 1);
  project.undoStack()->redo();
  EXPECT_EQ(project.motion(id), real);
  EXPECT_EQ(project.missingCount(), 0);
  EXPECT_EQ(hubsOf(project)->hubs(), hubs);
}

TEST(RelinkMotionsCommand, AnEntryNoLongerInTheProjectIsIgnored) {
  Project project;
  MotionEntry stray{42, smallWalk(), {}};
  project.undoStack()->push(new RelinkMotionsCommand(&project, {stray}));
  EXPECT_EQ(project.motionCount(), 0);
  project.undoStack()->undo();
  EXPECT_EQ(project.motionCount(), 0);
}

}  // namespace
}  // namespace mg
