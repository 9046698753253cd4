// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>

namespace mg {

// An undo command's text, translated in the editor's context (the commands are not QObjects).
inline QString commandText(const char* text) {
  return QCoreApplication::translate("mg", text);
}

}  // namespace mg
