// SPDX-License-Identifier: MIT
// English plurals without a translation file (widgets/views/common/english_plurals).
#include <gtest/gtest.h>

#include <QCoreApplication>

#include "widgets/views/common/english_plurals.h"

namespace mg {
namespace {

QString say(const char* text, int n) {
  return QCoreApplication::translate("Test", text, nullptr, n);
}

TEST(EnglishPlurals, OneAndManyReadAsEnglish) {
  EXPECT_EQ(say("%n file(s) could not be loaded.", 1),
            QStringLiteral("1 file(s) could not be loaded."))
      << "Qt alone writes the (s): nothing to fix";
  EnglishPlurals::install();
  EXPECT_EQ(say("%n file(s) could not be loaded.", 1),
            QStringLiteral("1 file could not be loaded."));
  EXPECT_EQ(say("%n file(s) could not be loaded.", 3),
            QStringLiteral("3 files could not be loaded."));
  EXPECT_EQ(say("%n file(s) could not be loaded.", 0),
            QStringLiteral("0 files could not be loaded."));
  EXPECT_EQ(say("Drop %n Frame(s)", 1), QStringLiteral("Drop 1 Frame"));
  // Texts without a count, or without "(s)", are as written.
  EXPECT_EQ(QCoreApplication::translate("Test", "Hub(s)"), QStringLiteral("Hub(s)"));
  EXPECT_EQ(say("%n edges", 1), QStringLiteral("1 edges"));
}

}  // namespace
}  // namespace mg
