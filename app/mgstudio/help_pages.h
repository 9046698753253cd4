// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QList>
#include <QString>

class QAction;
class QWidget;

namespace mg {

class Workspace;

// The Help menu's pages. The shortcut table is built from the window's actions, so it lists
// what the keys really do; the viewport's own keys (handled by the 3D view) are added to it.
// Getting Started: loading and the heatmap, then each kind's steps (Workspace::gettingStartedHtml),
// those of the `active` workspace (may be null) first, under its name.
QString gettingStartedHtml(const std::vector<Workspace*>& workspaces, const Workspace* active);
QString shortcutsHtml(const QList<QAction*>& actions);
// Shows `html` in a scrollable, non-modal dialog titled `title` (one per title).
void showHelpPage(QWidget* parent, const QString& title, const QString& html);

}  // namespace mg
