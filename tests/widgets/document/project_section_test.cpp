// SPDX-License-Identifier: MIT
// A graph kind's own part of the project file (ProjectSection): a made-up kind that keeps named
// marks on motions saves and loads them without any change to Project or project_file.cpp; a bad
// section refuses the whole file and changes nothing; clearing the project clears it; a file
// without its key loads with the kind empty.
#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>

#include "core/import/motion_reader.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/project.h"
#include "widgets/document/project_file.h"
#include "widgets/document/project_section.h"

namespace mg {
namespace {

// The fifth kind's document: marks (motion, frame, name).
class MarkSection final : public ProjectSection {
 public:
  struct Mark {
    MotionId motion;
    int frame;
    std::string name;
  };
  explicit MarkSection(Project* project) : ProjectSection(project, "marks"), m_project(project) {}
  std::vector<Mark> marks;
  int cleared = 0;

  Json save(const Project& project, const QString&) const override {
    if (marks.empty()) return {};
    JsonArray out;
    for (const Mark& m : marks)
      out.push_back(JsonArray{project.indexOf(m.motion), m.frame, m.name});
    return out;
  }
  Status check(const Json& section, const ProjectFileContext& file) const override {
    const double motionCount = static_cast<double>(file.motions.size());
    if (!section.is_array()) return Error{"is not an array"};
    for (const Json& m : section) {
      if (!m.is_array() || m.size() != 3 || !m[0].is_number())
        return Error{"a mark is not [motion, frame, name]"};
      const double motion = m[0].get<double>();
      if (motion < 0 || motion >= motionCount)
        return Error{"a mark names a motion that is not in the project"};
    }
    return {};
  }
  void apply(const Json& section, const std::vector<MotionId>& ids) override {
    for (const Json& m : section) {
      const auto& a = m;
      marks.push_back({ids[static_cast<size_t>(a[0].get<double>())],
                       static_cast<int>(a[1].get<double>()), a[2].get_ref<const std::string&>()});
    }
  }
  void clear() override {
    marks.clear();
    ++cleared;
  }

 private:
  Project* m_project;
};

MotionId addSmallWalk(Project& project) {
  Result<Motion> m = readMotionFile(MG_TEST_DATA_DIR "/small_walk.bvh");
  EXPECT_TRUE(m.ok());
  auto* add = new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(m.value())));
  project.undoStack()->push(add);
  return add->id();
}

TEST(ProjectSection, AKindSavesAndLoadsItsOwnSection) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("marks.mgproj"));
  Project project;
  auto* section = new MarkSection(&project);
  const MotionId walk = addSmallWalk(project);
  section->marks = {{walk, 3, "heel strike"}, {walk, 9, "toe off"}};
  ASSERT_TRUE(saveProject(project, path));

  Project loaded;
  auto* again = new MarkSection(&loaded);
  ASSERT_TRUE(loadProject(&loaded, path));
  ASSERT_EQ(again->marks.size(), 2u);
  EXPECT_EQ(again->marks[1].name, "toe off");
  EXPECT_EQ(again->marks[1].frame, 9);
  EXPECT_EQ(again->marks[0].motion, loaded.motions()[0].id);
  EXPECT_GE(again->cleared, 1);  // the load cleared it first

  // A project without the kind's section (older files, or nothing to save) loads empty.
  section->marks.clear();
  ASSERT_TRUE(saveProject(project, path));
  ASSERT_TRUE(loadProject(&loaded, path));
  EXPECT_TRUE(again->marks.empty());
  // Clearing the project clears the kind.
  again->marks.push_back({loaded.motions()[0].id, 1, "x"});
  loaded.clear();
  EXPECT_TRUE(again->marks.empty());
}

TEST(ProjectSection, ABadSectionRefusesTheFileAndChangesNothing) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("bad.mgproj"));
  Project project;
  auto* section = new MarkSection(&project);
  const MotionId walk = addSmallWalk(project);
  section->marks = {{walk, 3, "heel strike"}};
  ASSERT_TRUE(saveProject(project, path));
  // The file's mark now names motion 7 of a project with one motion.
  QFile file(path);
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  Result<Json> json = readJsonText(file.readAll().toStdString());
  file.close();
  ASSERT_TRUE(json);
  Json& mark = (*json)["marks"][0];
  mark[0] = 7;
  ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  file.write(QByteArray::fromStdString(jsonText(*json, 2)));
  file.close();

  Project other;
  auto* mine = new MarkSection(&other);
  addSmallWalk(other);
  mine->marks = {{other.motions()[0].id, 1, "kept"}};
  const Status s = loadProject(&other, path);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("marks: a mark names a motion"), std::string::npos)
      << s.error().message;
  ASSERT_EQ(mine->marks.size(), 1u);  // nothing changed
  EXPECT_EQ(mine->marks[0].name, "kept");
  EXPECT_EQ(other.motionCount(), 1);
  // A project without the kind reads the same file and ignores the key.
  Project plain;
  EXPECT_TRUE(loadProject(&plain, path));
}

}  // namespace
}  // namespace mg
