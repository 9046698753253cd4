// SPDX-License-Identifier: MIT
#include "widgets/commands/change_value.h"

#include <gtest/gtest.h>

#include <vector>

#include <QUndoStack>

namespace mg {
namespace {

// Two plain values standing in for document fields.
struct Model {
  double a = 1.0;
  double b = 10.0;
  std::vector<double> history;  // every value set, in order
};

ValueAccess<double> accessA(Model* m) {
  return {[m] { return m->a; },
          [m](const double& v) {
            m->a = v;
            m->history.push_back(v);
          }};
}
ValueAccess<double> accessB(Model* m) {
  return {[m] { return m->b; }, [m](const double& v) { m->b = v; }};
}

QUndoCommand* setA(Model* m, double v, MergeId id = MergeId::None, MergeTarget target = {}) {
  return new ChangeValue<double>(QStringLiteral("Set a"), accessA(m), v, id, target);
}

TEST(ChangeValue, UndoRedoRestoreTheExactValues) {
  Model m;
  QUndoStack stack;
  const double exact = 0.1 + 0.2;  // not 0.3: undo/redo keep the very bits
  stack.push(setA(&m, exact));
  EXPECT_EQ(m.a, exact);
  EXPECT_EQ(stack.count(), 1);
  EXPECT_EQ(stack.text(0), QStringLiteral("Set a"));
  stack.undo();
  EXPECT_EQ(m.a, 1.0);
  stack.redo();
  EXPECT_EQ(m.a, exact);
  EXPECT_EQ(m.history, (std::vector<double>{exact, 1.0, exact}));
}

TEST(ChangeValue, AnUnchangedValueIsNotRecorded) {
  Model m;
  QUndoStack stack;
  auto* command = new ChangeValue<double>(QStringLiteral("Set a"), accessA(&m), 1.0);
  EXPECT_TRUE(command->isObsolete());
  stack.push(command);
  EXPECT_EQ(stack.count(), 0);
}

TEST(ChangeValue, SameMergeIdAndTargetMergeKeepingTheFirstOldValue) {
  Model m;
  QUndoStack stack;
  const MergeTarget target{&m, 1, 7};
  for (double v : {2.0, 3.0, 4.0}) stack.push(setA(&m, v, MergeId::FieldSettings, target));
  EXPECT_EQ(stack.count(), 1);
  EXPECT_EQ(m.a, 4.0);
  stack.undo();
  EXPECT_EQ(m.a, 1.0);
  stack.redo();
  EXPECT_EQ(m.a, 4.0);
}

TEST(ChangeValue, MergingBackToTheOldValueLeavesNoStep) {
  Model m;
  QUndoStack stack;
  stack.push(setA(&m, 2.0, MergeId::HubThreshold, {&m, 1, 3}));
  stack.push(setA(&m, 1.0, MergeId::HubThreshold, {&m, 1, 3}));
  EXPECT_EQ(stack.count(), 0);
  EXPECT_EQ(m.a, 1.0);
}

TEST(ChangeValue, NoMergeAcrossMergeIdsTargetsOrDrags) {
  Model m;
  QUndoStack stack;
  stack.push(setA(&m, 2.0, MergeId::HubThreshold, {&m, 1, 1}));
  stack.push(setA(&m, 3.0, MergeId::HubWmin, {&m, 1, 1}));      // another MergeId
  stack.push(setA(&m, 4.0, MergeId::HubWmin, {&m, 2, 1}));      // another item
  stack.push(setA(&m, 5.0, MergeId::HubWmin, {&stack, 2, 1}));  // another object
  stack.push(setA(&m, 6.0, MergeId::HubWmin, {&stack, 2, 2}));  // another drag
  stack.push(setA(&m, 7.0));                                    // MergeId::None never merges
  stack.push(setA(&m, 8.0));
  EXPECT_EQ(stack.count(), 7);
  for (double v : {7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0}) {
    stack.undo();
    EXPECT_EQ(m.a, v);
  }
}

TEST(ChangeValue, CommandsOfDifferentValuesWithTheSameIdDoNotMerge) {
  Model m;
  QUndoStack stack;
  stack.push(setA(&m, 2.0, MergeId::SubgraphSettings, {&m}));
  stack.push(new ChangeValue<int>(QStringLiteral("Set n"), {[] { return 0; }, [](const int&) {}}, 1,
                                  MergeId::SubgraphSettings, {&m}));
  stack.push(new ChangeValue<double>(QStringLiteral("Set b"), accessB(&m), 20.0,
                                     MergeId::SubgraphSettings, {&m, 1}));
  EXPECT_EQ(stack.count(), 3);
  EXPECT_EQ(m.b, 20.0);
  stack.undo();
  EXPECT_EQ(m.b, 10.0);
  EXPECT_EQ(m.a, 2.0);
}

}  // namespace
}  // namespace mg
