// SPDX-License-Identifier: MIT
// Removing motions takes what was made on them along, in one undo step, and every kind that makes
// things on motions is asked (a kind whose finder is lost would leave its items without a source).
#include <gtest/gtest.h>

#include "tests/support/synthetic_motion.h"
#include "widgets/commands/hub_commands.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/commands/motion_uses.h"
#include "widgets/commands/parametric_commands.h"
#include "widgets/commands/subgraph_commands.h"
#include "widgets/document/hub_list.h"
#include "widgets/document/parametric_document.h"
#include "widgets/document/project.h"
#include "widgets/document/subgraph_document.h"

namespace mg {
namespace {

MotionId addMotion(Project& p, const char* name) {
  Motion m = test::makeSwingMotion(60);
  m.name = name;
  auto* add = new AddMotionCommand(&p, std::make_shared<const Motion>(std::move(m)));
  const MotionId id = add->id();
  p.undoStack()->push(add);
  return id;
}

HubSpec hubOn(MotionId motion, const char* name) {
  HubSpec h;
  h.name = QString::fromLatin1(name);
  h.colour = QColor(200, 100, 50);
  h.motion = motion;
  h.frame = 10;
  h.threshold = 0.2;
  return h;
}

ParamNodeEntry nodeOn(MotionId motion, const char* name) {
  ParamNodeEntry n;
  n.name = name;
  n.examples = {{motion, 0, 30}};
  return n;
}

SubgraphKeySpec keyOn(MotionId motion, const char* name) {
  SubgraphKeySpec k;
  k.name = QString::fromLatin1(name);
  k.colour = QColor(10, 200, 30);
  k.motion = motion;
  k.beginSeconds = 0.2;
  k.endSeconds = 0.8;
  return k;
}

struct Authored {
  std::vector<HubSpec> hubs;
  std::vector<ParamNodeEntry> nodes;
  std::vector<SubgraphKeySpec> keys;
  std::vector<SubgraphChoice> choices;
  int motions = 0;
};

Authored authored(Project& p) {
  Authored a;
  a.hubs = hubsOf(p)->hubs();
  a.nodes = parametricOf(p)->nodes();
  a.keys = ensureSection<SubgraphDocument>(p)->keys();
  a.choices = ensureSection<SubgraphDocument>(p)->choices();
  a.motions = p.motionCount();
  return a;
}

TEST(MotionUses, EveryKindReportsWhatUsesTheMotions) {
  Project p;
  const MotionId a = addMotion(p, "a");
  const MotionId b = addMotion(p, "b");
  QUndoStack* stack = p.undoStack();
  stack->push(new AddHubCommand(hubsOf(p), hubOn(a, "Hub 1")));
  stack->push(new AddHubCommand(hubsOf(p), hubOn(a, "Hub 2")));
  stack->push(new AddHubCommand(hubsOf(p), hubOn(b, "Hub 3")));
  stack->push(new AddParametricNodeCommand(parametricOf(p), nodeOn(a, "walk")));
  auto* doc = ensureSection<SubgraphDocument>(p);
  stack->push(new AddSubgraphKeyCommand(doc, keyOn(a, "stride")));
  stack->push(setSubgraphChoicesCommand(doc, {{a, 0.0, 0.5}, {b, 0.0, 0.5}}, "Keep"));

  QStringList whats;
  for (const MotionUse& use : motionUses(p, {a})) whats << use.what;
  // One phrase per kind that registered its finder: a lost registration fails here.
  EXPECT_EQ(whats, (QStringList{"2 hubs", "1 parametric node", "1 subgraph key",
                                "1 stretch kept by hand"}));
  EXPECT_TRUE(motionUses(p, {addMotion(p, "c")}).empty());
}

TEST(MotionUses, RemovingMotionsRemovesTheirUsesInOneUndoStep) {
  Project p;
  const MotionId a = addMotion(p, "a");
  const MotionId b = addMotion(p, "b");
  QUndoStack* stack = p.undoStack();
  stack->push(new AddHubCommand(hubsOf(p), hubOn(a, "Hub 1")));
  stack->push(new AddHubCommand(hubsOf(p), hubOn(b, "Hub 2")));
  auto* node = new AddParametricNodeCommand(parametricOf(p), nodeOn(a, "walk"));
  stack->push(node);
  auto* other = new AddParametricNodeCommand(parametricOf(p), nodeOn(b, "run"));
  stack->push(other);
  ParamEdgeEntry edge;
  edge.source = node->id();
  edge.target = other->id();
  stack->push(new AddParametricEdgeCommand(parametricOf(p), edge));
  auto* doc = ensureSection<SubgraphDocument>(p);
  stack->push(new AddSubgraphKeyCommand(doc, keyOn(a, "stride")));
  stack->push(setSubgraphChoicesCommand(doc, {{a, 0.0, 0.5}, {b, 0.0, 0.5}}, "Keep"));
  const Authored before = authored(p);
  const int steps = stack->count();

  stack->push(new RemoveMotionsCommand(&p, {a}));
  EXPECT_EQ(stack->count(), steps + 1);
  EXPECT_EQ(stack->undoText(), QStringLiteral("Remove a"));
  const Authored after = authored(p);
  EXPECT_EQ(after.motions, 1);
  ASSERT_EQ(after.hubs.size(), 1u);
  EXPECT_EQ(after.hubs[0].motion, b);
  ASSERT_EQ(after.nodes.size(), 1u);
  EXPECT_EQ(after.nodes[0].name, "run");
  EXPECT_TRUE(parametricOf(p)->edges().empty());  // the edge went with its node
  EXPECT_TRUE(after.keys.empty());
  EXPECT_EQ(after.choices, (std::vector<SubgraphChoice>{{b, 0.0, 0.5}}));

  stack->undo();  // everything comes back, at its place and with its id
  const Authored undone = authored(p);
  EXPECT_EQ(undone.motions, 2);
  EXPECT_EQ(undone.hubs, before.hubs);
  ASSERT_EQ(undone.nodes.size(), 2u);
  EXPECT_EQ(undone.nodes[0].id, before.nodes[0].id);
  EXPECT_EQ(parametricOf(p)->edges().size(), 1u);
  EXPECT_EQ(undone.keys, before.keys);
  EXPECT_EQ(undone.choices, before.choices);
  EXPECT_EQ(p.motions()[0].id, a);
  stack->redo();
  EXPECT_EQ(authored(p).hubs.size(), 1u);
}

TEST(MotionUses, SeveralMotionsAreOneStepNamedByTheirCount) {
  Project p;
  const MotionId a = addMotion(p, "a");
  const MotionId b = addMotion(p, "b");
  p.undoStack()->push(new AddHubCommand(hubsOf(p), hubOn(b, "Hub 1")));
  p.undoStack()->push(new RemoveMotionsCommand(&p, {a, b}));
  EXPECT_EQ(p.undoStack()->undoText(), QStringLiteral("Remove 2 motions"));
  EXPECT_EQ(p.motionCount(), 0);
  EXPECT_EQ(hubsOf(p)->count(), 0);
  p.undoStack()->undo();
  EXPECT_EQ(p.motionCount(), 2);
  EXPECT_EQ(hubsOf(p)->count(), 1);
}

}  // namespace
}  // namespace mg
