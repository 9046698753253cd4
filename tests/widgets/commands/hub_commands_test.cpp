// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <QSignalSpy>

#include "widgets/commands/hub_commands.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/project.h"

namespace mg {
namespace {

HubSpec spec(const char* name, double threshold) {
  return HubSpec{kNoHub,      QString::fromLatin1(name), QColor(200, 100, 50), threshold, 1, 40, 10,
                 std::nullopt};
}

// Pushes `command`, then checks undo restores `before` and redo gives `after` again.
void checkUndoRedo(Project& p, QUndoCommand* command, const std::vector<HubSpec>& expectedAfter) {
  const std::vector<HubSpec> before = hubsOf(p)->hubs();
  p.undoStack()->push(command);
  EXPECT_EQ(hubsOf(p)->hubs(), expectedAfter);
  p.undoStack()->undo();
  EXPECT_EQ(hubsOf(p)->hubs(), before);
  p.undoStack()->redo();
  EXPECT_EQ(hubsOf(p)->hubs(), expectedAfter);
}

TEST(HubCommands, AddAndRemoveKeepIdsAndRows) {
  Project p;
  QSignalSpy added(hubsOf(p), &HubList::hubAdded);
  auto* a = new AddHubCommand(hubsOf(p), spec("a", 0.1));
  auto* b = new AddHubCommand(hubsOf(p), spec("b", 0.2));
  auto* c = new AddHubCommand(hubsOf(p), spec("c", 0.3));
  EXPECT_NE(a->id(), b->id());
  const HubId ida = a->id(), idb = b->id(), idc = c->id();
  p.undoStack()->push(a);
  p.undoStack()->push(b);
  p.undoStack()->push(c);
  ASSERT_EQ(hubsOf(p)->count(), 3);
  EXPECT_EQ(added.count(), 3);
  const std::vector<HubSpec> all = hubsOf(p)->hubs();
  EXPECT_EQ(all[1].id, idb);
  EXPECT_EQ(all[1].name, QStringLiteral("b"));

  std::vector<HubSpec> withoutB = {all[0], all[2]};
  checkUndoRedo(p, new RemoveHubCommand(hubsOf(p), idb), withoutB);
  p.undoStack()->undo();
  EXPECT_EQ(hubsOf(p)->hubs(), all);  // back at row 1 with the same id

  // Pruning several hubs is one step, and undo restores their order.
  checkUndoRedo(p, new PruneHubsCommand(hubsOf(p), {ida, idc}), {all[1]});
  EXPECT_EQ(p.undoStack()->count(),
            4);  // three adds and the prune (the undone removal was dropped)
  p.undoStack()->undo();
  EXPECT_EQ(hubsOf(p)->hubs(), all);
}

TEST(HubCommands, EachFieldChangeUndoes) {
  Project p;
  auto* add = new AddHubCommand(hubsOf(p), spec("a", 0.1));
  const HubId id = add->id();
  p.undoStack()->push(add);
  QSignalSpy changed(hubsOf(p), &HubList::hubChanged);
  HubSpec want = *hubsOf(p)->hub(id);

  want.name = QStringLiteral("Guard");
  checkUndoRedo(p, renameHubCommand(hubsOf(p), id, want.name), {want});
  want.colour = QColor(1, 2, 3);
  checkUndoRedo(p, recolourHubCommand(hubsOf(p), id, want.colour), {want});
  want.threshold = 0.25;
  checkUndoRedo(p, setHubThresholdCommand(hubsOf(p), id, want.threshold), {want});
  want.wminFrames = 4;
  checkUndoRedo(p, setHubWminCommand(hubsOf(p), id, want.wminFrames), {want});
  want.nodePosition = QPointF(3, 4);
  checkUndoRedo(p, moveHubNodeCommand(hubsOf(p), id, QPointF(3, 4)), {want});
  EXPECT_EQ(changed.count(), 15);  // push, undo, redo of five commands
  EXPECT_EQ(p.undoStack()->count(), 6);

  // A change to the same value is no step at all.
  p.undoStack()->push(renameHubCommand(hubsOf(p), id, want.name));
  EXPECT_EQ(p.undoStack()->count(), 6);
}

TEST(HubCommands, ThresholdSliderDragMergesIntoOneStep) {
  Project p;
  auto* add = new AddHubCommand(hubsOf(p), spec("a", 0.1));
  const HubId id = add->id();
  p.undoStack()->push(add);

  const int drag = nextDragSerial();
  for (double t : {0.11, 0.12, 0.15, 0.2})
    p.undoStack()->push(setHubThresholdCommand(hubsOf(p), id, t, drag));
  EXPECT_EQ(p.undoStack()->count(), 2);
  EXPECT_DOUBLE_EQ(hubsOf(p)->hub(id)->threshold, 0.2);

  // A second drag is its own step; so is a typed value (serial 0).
  const int second = nextDragSerial();
  EXPECT_NE(second, drag);
  p.undoStack()->push(setHubThresholdCommand(hubsOf(p), id, 0.3, second));
  p.undoStack()->push(setHubThresholdCommand(hubsOf(p), id, 0.35, second));
  p.undoStack()->push(setHubThresholdCommand(hubsOf(p), id, 0.4));
  p.undoStack()->push(setHubThresholdCommand(hubsOf(p), id, 0.5));
  EXPECT_EQ(p.undoStack()->count(), 5);
  p.undoStack()->undo();
  p.undoStack()->undo();
  EXPECT_DOUBLE_EQ(hubsOf(p)->hub(id)->threshold, 0.35);
  p.undoStack()->undo();
  EXPECT_DOUBLE_EQ(hubsOf(p)->hub(id)->threshold, 0.2);
  p.undoStack()->undo();
  EXPECT_DOUBLE_EQ(hubsOf(p)->hub(id)->threshold, 0.1);  // the whole first drag at once
  p.undoStack()->redo();
  EXPECT_DOUBLE_EQ(hubsOf(p)->hub(id)->threshold, 0.2);

  // Dragging away and back to the start leaves no step behind.
  const int third = nextDragSerial();
  while (p.undoStack()->canRedo()) p.undoStack()->redo();
  const int before = p.undoStack()->count();
  p.undoStack()->push(setHubThresholdCommand(hubsOf(p), id, 0.7, third));
  p.undoStack()->push(setHubThresholdCommand(hubsOf(p), id, 0.5, third));
  EXPECT_EQ(p.undoStack()->count(), before);
  EXPECT_DOUBLE_EQ(hubsOf(p)->hub(id)->threshold, 0.5);
}

TEST(HubCommands, ClearEmptiesHubsAndHistory) {
  Project p;
  p.undoStack()->push(new AddHubCommand(hubsOf(p), spec("a", 0.1)));
  p.setFileName(QStringLiteral("/tmp/x.mgproj"));
  QSignalSpy reset(hubsOf(p), &HubList::hubsReset);
  p.clear();
  EXPECT_EQ(hubsOf(p)->count(), 0);
  EXPECT_EQ(p.undoStack()->count(), 0);
  EXPECT_TRUE(p.fileName().isEmpty());
  EXPECT_EQ(reset.count(), 1);
}

}  // namespace
}  // namespace mg
