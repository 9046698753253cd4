// SPDX-License-Identifier: MIT
// The minimum-size subgraph part of a project: key segments, requirement and hand-picked frames as
// undoable commands, and the optional "subgraph" section of the project file.
#include <gtest/gtest.h>

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>

#include "core/import/motion_reader.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/commands/subgraph_commands.h"
#include "widgets/document/project.h"
#include "widgets/document/project_file.h"
#include "widgets/document/subgraph_file.h"

namespace mg {
namespace {

SubgraphKeySpec keySpec(const QString& name, MotionId motion, double begin, double end) {
  SubgraphKeySpec k;
  k.name = name;
  k.colour = QColor(10, 200, 30);
  k.motion = motion;
  k.beginSeconds = begin;
  k.endSeconds = end;
  return k;
}

TEST(SubgraphDocument, KeysAreUndoable) {
  Project project;
  auto* doc = new SubgraphDocument(&project);
  QSignalSpy changed(doc, &SubgraphDocument::keysChanged);
  auto* add = new AddSubgraphKeyCommand(doc, keySpec("walk", 1, 0.5, 1.5));
  const SubgraphKeyId id = add->id();
  project.undoStack()->push(add);
  ASSERT_NE(doc->key(id), nullptr);
  EXPECT_EQ(doc->uniqueName("walk"), "walk 2");
  EXPECT_NE(doc->nextColour(), QColor(10, 200, 30));
  SubgraphKeySpec renamed = *doc->key(id);
  renamed.name = "stride";
  project.undoStack()->push(new EditSubgraphKeyCommand(doc, renamed));
  EXPECT_EQ(doc->key(id)->name, "stride");
  project.undoStack()->push(new RemoveSubgraphKeyCommand(doc, id));
  EXPECT_EQ(doc->key(id), nullptr);
  project.undoStack()->undo();
  ASSERT_NE(doc->key(id), nullptr);
  EXPECT_EQ(doc->key(id)->name, "stride");
  project.undoStack()->undo();
  EXPECT_EQ(doc->key(id)->name, "walk");
  project.undoStack()->undo();
  EXPECT_TRUE(doc->keys().empty());
  EXPECT_EQ(changed.count(), 6);
  project.undoStack()->redo();
  EXPECT_EQ(doc->keys().size(), 1u);
  EXPECT_EQ(doc->keys()[0].id, id);
}

TEST(SubgraphDocument, SettingsStepsMergeAndChoicesUndo) {
  Project project;
  auto* doc = new SubgraphDocument(&project);
  SubgraphSettings s = doc->settings();
  for (int gamma : {41, 42, 43}) {
    s.gamma = gamma;
    project.undoStack()->push(setSubgraphSettingsCommand(doc, s));
  }
  EXPECT_EQ(project.undoStack()->count(), 1);  // one step for the whole spin
  EXPECT_EQ(doc->settings().gamma, 43);
  project.undoStack()->undo();
  EXPECT_EQ(doc->settings().gamma, 40);
  project.undoStack()->push(setSubgraphChoicesCommand(doc, {{3, 0.0, 2.0}}, "keep"));
  EXPECT_EQ(doc->choices().size(), 1u);
  project.undoStack()->undo();
  EXPECT_TRUE(doc->choices().empty());
  EXPECT_TRUE(doc->isEmpty());
}

TEST(SubgraphFile, SavedAndLoadedWithTheProjectAndBadSectionsNamed) {
  const QString file = QStringLiteral(MG_SAMPLE_DIR "/01_01.bvh");
  Result<Motion> m = readMotionFile(file.toStdString());
  if (!m) GTEST_SKIP() << "no " << file.toStdString();
  const double duration = m->durationSeconds();
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("p.mgproj"));
  SubgraphSettings settings;
  settings.requirement = 3;
  settings.gamma = 25;
  settings.fromCore = true;
  settings.strict = true;
  settings.thresholdM2 = 0.015;
  {
    Project project;
    auto* doc = new SubgraphDocument(&project);
    auto* add =
        new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(m.value())));
    const MotionId mid = add->id();
    project.undoStack()->push(add);
    project.undoStack()->push(new AddSubgraphKeyCommand(doc, keySpec("walk", mid, 1.0, 2.25)));
    project.undoStack()->push(new AddSubgraphKeyCommand(doc, keySpec("turn", mid, 5.0, 6.0)));
    project.undoStack()->push(setSubgraphSettingsCommand(doc, settings));
    project.undoStack()->push(setSubgraphChoicesCommand(doc, {{mid, 0.0, duration}}, "keep"));
    ASSERT_TRUE(saveProject(project, path).ok());

    // Bad sections name what is wrong.
    Json json = subgraphSectionJson(*doc, project);
    std::vector<std::shared_ptr<const Motion>> motions = {project.motions()[0].motion};
    ASSERT_TRUE(readSubgraphSection(json, motions).ok());
    Json late = json;
    late["keys"][1]["end_seconds"] = duration + 1.0;
    Result<SubgraphSection> r = readSubgraphSection(late, motions);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("key \"turn\""), std::string::npos) << r.error().message;
    Json twice = json;
    twice["keys"][1]["name"] = "walk";
    r = readSubgraphSection(twice, motions);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("repeated"), std::string::npos);
    Json gamma = json;
    gamma["settings"]["gamma"] = 0;
    EXPECT_FALSE(readSubgraphSection(gamma, motions).ok());
    EXPECT_FALSE(readSubgraphSection(json, {}).ok());  // its motion is not in the project
    Project other;
    EXPECT_TRUE(subgraphSectionJson(SubgraphDocument(&other), project).is_null());
  }
  Project loaded;
  const auto* doc = new SubgraphDocument(&loaded);
  const Status s = loadProject(&loaded, path);
  ASSERT_TRUE(s.ok()) << s.error().message;
  ASSERT_EQ(doc->keys().size(), 2u);
  EXPECT_EQ(doc->keys()[0].name, "walk");
  EXPECT_EQ(doc->keys()[0].motion, loaded.motions()[0].id);
  EXPECT_DOUBLE_EQ(doc->keys()[0].beginSeconds, 1.0);
  EXPECT_DOUBLE_EQ(doc->keys()[0].endSeconds, 2.25);
  EXPECT_EQ(doc->keys()[1].colour, QColor(10, 200, 30));
  EXPECT_EQ(doc->settings(), settings);
  ASSERT_EQ(doc->choices().size(), 1u);
  EXPECT_DOUBLE_EQ(doc->choices()[0].endSeconds, duration);
  loaded.clear();
  EXPECT_TRUE(doc->isEmpty());

  // A bad section refuses the whole file through the project, naming the section once.
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  QByteArray text = f.readAll();
  f.close();
  text.replace("\"gamma\": 25", "\"gamma\": 0");
  const QString bad = dir.filePath(QStringLiteral("bad.mgproj"));
  QFile out(bad);
  ASSERT_TRUE(out.open(QIODevice::WriteOnly));
  out.write(text);
  out.close();
  const Status refused = loadProject(&loaded, bad);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("subgraph"), std::string::npos) << refused.error().message;
  EXPECT_EQ(refused.error().message.find("subgraph: subgraph"), std::string::npos)
      << refused.error().message;
  EXPECT_TRUE(doc->isEmpty());
  EXPECT_EQ(loaded.motionCount(), 0);
}

}  // namespace
}  // namespace mg
