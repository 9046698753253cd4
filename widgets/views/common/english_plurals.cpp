// SPDX-License-Identifier: MIT
#include "widgets/views/common/english_plurals.h"

#include <QCoreApplication>

namespace mg {

void EnglishPlurals::install() {
  static EnglishPlurals* plurals = nullptr;
  if (!plurals && QCoreApplication::instance()) {
    plurals = new EnglishPlurals(QCoreApplication::instance());
    QCoreApplication::installTranslator(plurals);
  }
}

QString EnglishPlurals::translate(const char* context, const char* sourceText,
                                  const char* disambiguation, int n) const {
  (void)context;
  (void)disambiguation;
  if (n < 0 || !sourceText) return {};
  QString text = QString::fromUtf8(sourceText);
  if (!text.contains(QLatin1String("(s)"))) return {};
  return text.replace(QLatin1String("(s)"), n == 1 ? QString() : QStringLiteral("s"));
}

}  // namespace mg
