// SPDX-License-Identifier: MIT
// mgstudio's command line (app/mgstudio/studio_options): a .mgproj among the files is the project
// to open, as a file manager passes it through the desktop entry's %f.
#include <gtest/gtest.h>

#include "app/mgstudio/studio_options.h"

namespace mg {
namespace {

StudioOptions parse(const QStringList& arguments, QString* error) {
  StudioOptions options;
  EXPECT_TRUE(
      parseStudioOptions(QStringList{QStringLiteral("mgstudio")} + arguments, &options, error))
      << qPrintable(*error);
  return options;
}

TEST(StudioOptions, ProjectFileOnTheCommandLineIsOpenedAsTheProject) {
  QString error;
  const StudioOptions options = parse({QStringLiteral("/home/u/walks.mgproj")}, &error);
  EXPECT_EQ(options.projectPath, QStringLiteral("/home/u/walks.mgproj"));
  EXPECT_TRUE(options.files.isEmpty());
}

TEST(StudioOptions, ProjectAndCaptureFilesAreSeparated) {
  QString error;
  const StudioOptions options = parse(
      {QStringLiteral("a.bvh"), QStringLiteral("Walks.MGPROJ"), QStringLiteral("b.fbx")}, &error);
  EXPECT_EQ(options.projectPath, QStringLiteral("Walks.MGPROJ"));
  EXPECT_EQ(options.files, (QStringList{QStringLiteral("a.bvh"), QStringLiteral("b.fbx")}));
}

TEST(StudioOptions, OpenProjectOptionStillWorks) {
  QString error;
  const StudioOptions options =
      parse({QStringLiteral("--open-project"), QStringLiteral("p.mgproj"), QStringLiteral("c.bvh")},
            &error);
  EXPECT_EQ(options.projectPath, QStringLiteral("p.mgproj"));
  EXPECT_EQ(options.files, QStringList{QStringLiteral("c.bvh")});
}

TEST(StudioOptions, TwoProjectsAreRefusedByName) {
  for (const QStringList& arguments :
       {QStringList{QStringLiteral("one.mgproj"), QStringLiteral("two.mgproj")},
        QStringList{QStringLiteral("--open-project"), QStringLiteral("one.mgproj"),
                    QStringLiteral("two.mgproj")}}) {
    StudioOptions options;
    QString error;
    EXPECT_FALSE(
        parseStudioOptions(QStringList{QStringLiteral("mgstudio")} + arguments, &options, &error));
    EXPECT_NE(error.indexOf(QStringLiteral("one.mgproj")), -1) << qPrintable(error);
    EXPECT_NE(error.indexOf(QStringLiteral("two.mgproj")), -1) << qPrintable(error);
  }
}

}  // namespace
}  // namespace mg
