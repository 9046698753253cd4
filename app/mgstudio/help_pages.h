// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>

class QAction;
class QWidget;

namespace mg {

// The Help menu's pages. The shortcut table is built from the window's actions, so it lists
// what the keys really do; the viewport's own keys (handled by the 3D view) are added to it.
QString gettingStartedHtml();
QString shortcutsHtml(const QList<QAction*>& actions);
// Shows `html` in a scrollable, non-modal dialog titled `title` (one per title).
void showHelpPage(QWidget* parent, const QString& title, const QString& html);

}  // namespace mg
