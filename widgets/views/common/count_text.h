// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace mg {

// "1 clip" / "3 clips": a count with its noun in the right number. The editor loads no
// translation, so tr()'s "%n clip(s)" forms print "1 clip(s)"; the caller passes both phrases
// (already tr()'d), each with %1 for the count.
inline QString countText(qsizetype n, const QString& one, const QString& many) {
  return (n == 1 ? one : many).arg(n);
}

}  // namespace mg
