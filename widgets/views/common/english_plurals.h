// SPDX-License-Identifier: MIT
#pragma once

#include <QTranslator>

namespace mg {

// English plurals without a translation file: Qt writes tr("%n file(s)", nullptr, n) as "1
// file(s)" unless a translator gives the numerus forms. This one does it for every such text:
// "(s)" becomes "" when n is 1 and "s" otherwise ("1 file", "3 files"). Texts without a count are
// left to the next translator.
class EnglishPlurals : public QTranslator {
  Q_OBJECT

 public:
  using QTranslator::QTranslator;
  // Installs one on the application (once).
  static void install();

  QString translate(const char* context, const char* sourceText,
                    const char* disambiguation = nullptr, int n = -1) const override;
  bool isEmpty() const override { return false; }
};

}  // namespace mg
