// SPDX-License-Identifier: MIT
#pragma once

#include <gtest/gtest.h>

#include <QSignalSpy>
#include <QTest>

#include "app/mgstudio/main_window.h"
#include "app/mgstudio/snap/snap_workspace.h"
#include "widgets/document/hub_list.h"
#include "widgets/jobs/snap_session.h"

namespace mg::test {

// Opens the sample in `window`, suggests three hubs and waits until the graph is snapped (what a
// user does first). Use with ASSERT_NO_FATAL_FAILURE.
inline void openSampleWithThreeHubs(MainWindow& window) {
  QSignalSpy batch(&window, &MainWindow::loadBatchFinished);
  window.openSample();
  ASSERT_TRUE(batch.wait(60000));
  SnapSession* session = window.workspace<SnapWorkspace>()->session();
  ASSERT_TRUE(QTest::qWaitFor([session] { return !session->state()->working.empty(); }, 60000));
  session->suggestHubs(3, 0.0, 10);
  ASSERT_TRUE(QTest::qWaitFor([&] { return hubsOf(*window.project())->count() == 3; }, 120000));
  ASSERT_TRUE(QTest::qWaitFor(
      [session] { return session->state()->stage >= 2 && !session->isRunning(); }, 120000));
}

// A laptop-sized window (1366x768) on screen with the sample and three hubs snapped, closing
// without asking to save. Use with ASSERT_NO_FATAL_FAILURE.
inline void showLaptopWindowWithThreeHubs(MainWindow& window) {
  window.setAskToSave(false);
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_NO_FATAL_FAILURE(openSampleWithThreeHubs(window));
}

}  // namespace mg::test
