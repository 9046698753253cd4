// SPDX-License-Identifier: MIT
// Dialog titles are never cut by their frame (widgets/views/common/dialog_title_fit): a message
// box with a short text and a long title is widened to its title and the application's name.
#include <gtest/gtest.h>

#include <QApplication>
#include <QDialog>
#include <QMessageBox>
#include <QTest>

#include "widgets/views/common/dialog_title_fit.h"

namespace mg {
namespace {

TEST(DialogTitleFit, AMessageBoxIsAsWideAsItsTitle) {
  QGuiApplication::setApplicationDisplayName(QStringLiteral("Motion Graph Studio"));
  QMessageBox box(QMessageBox::Warning, QStringLiteral("Some files could not be loaded"),
                  QStringLiteral("2 files."), QMessageBox::Ok);
  const int wanted = DialogTitleFit::titleWidth(&box);
  box.show();
  QTest::qWait(20);
  EXPECT_LT(box.sizeHint().width(), wanted) << "the text alone is wider: nothing to show";
  DialogTitleFit::install();
  QMessageBox fitted(QMessageBox::Warning, QStringLiteral("Some files could not be loaded"),
                     QStringLiteral("2 files."), QMessageBox::Ok);
  fitted.show();
  QTest::qWait(20);
  EXPECT_GE(fitted.width(), wanted);
  EXPECT_LT(box.width(), wanted);  // the box shown before the filter was too narrow

  QDialog dialog;
  dialog.setWindowTitle(QStringLiteral("Export Subgraph To A Folder Of Clips"));
  dialog.resize(100, 80);
  dialog.show();
  QTest::qWait(20);
  EXPECT_GE(dialog.width(), DialogTitleFit::titleWidth(&dialog));
}

}  // namespace
}  // namespace mg
