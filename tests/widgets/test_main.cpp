// SPDX-License-Identifier: MIT
// Widget tests run without a display: the offscreen platform is chosen here, before the
// application exists, because CTest's test discovery also runs this binary at build time.
// Settings go to a throw-away directory so tests never read or write the user's.

#include <gtest/gtest.h>

#include <QApplication>
#include <QTemporaryDir>

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  QTemporaryDir configDir;
  qputenv("XDG_CONFIG_HOME", configDir.path().toLocal8Bit());
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("MotionGraphStudioTests"));
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
