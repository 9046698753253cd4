// SPDX-License-Identifier: MIT
#pragma once

#include <gtest/gtest.h>

#include <QApplication>
#include <QTemporaryDir>

#include "app/mgstudio/studio_style.h"

namespace mg::test {

// The main() of a GUI test that runs the real editor under Xvfb: settings go to a throw-away
// directory so the test neither reads nor writes the user's, and the studio style is applied as
// in mgstudio.
inline int runGuiTests(int argc, char** argv, const char* applicationName) {
  QTemporaryDir configDir;
  qputenv("XDG_CONFIG_HOME", configDir.path().toLocal8Bit());
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("MotionGraphStudioTests"));
  QApplication::setApplicationName(QString::fromLatin1(applicationName));
  applyStudioStyle(app);
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}

}  // namespace mg::test
