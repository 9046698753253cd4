// SPDX-License-Identifier: MIT
#include "app/mgstudio/help_pages.h"

#include <algorithm>

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "app/mgstudio/workspace.h"

namespace mg {

QString gettingStartedHtml(const std::vector<Workspace*>& workspaces, const Workspace* active) {
  // The workspace the author is in first, under its name; then the others.
  QString kinds;
  if (active) {
    kinds += QObject::tr("<li><b>In this workspace, %1:</b><ul>%2</ul></li>")
                 .arg(active->title().toHtmlEscaped(), active->gettingStartedHtml());
  }
  for (const Workspace* w : workspaces) {
    if (w != active) kinds += w->gettingStartedHtml();
  }
  return QObject::tr(
             "<h3>Getting started</h3>"
             "<ol>"
             "<li><b>Load capture.</b> File &gt; Open (Ctrl+O) or drop BVH/FBX/glTF files on the "
             "window; "
             "File &gt; Open Sample loads a boxing take. The Motion Library lists them; selecting "
             "one plays it "
             "(Space plays/pauses, Left/Right step).</li>"
             "<li><b>Look for similar frames.</b> The Distance Heatmap (Ctrl+Shift+H) shows how "
             "far every frame is "
             "from every other; dark cells are good places to cut. Click a cell to see the two "
             "poses overlaid.</li>"
             "%1"
             "<li><b>Save and export.</b> File &gt; Save (Ctrl+S) keeps everything in a .mgproj "
             "project; the File "
             "menu's Export actions write each kind's graph for a game runtime.</li>"
             "</ol>"
             "<p>Every authoring action can be undone (Ctrl+Z); right-click hubs, clips, graph "
             "nodes, edges, the "
             "timeline and the heatmap for their actions. Spin boxes and sliders take the mouse "
             "wheel only once "
             "clicked, so scrolling a dock never changes a value.</p>")
      .arg(kinds);
}

QString shortcutsHtml(const QList<QAction*>& actions) {
  QList<QPair<QString, QString>> rows;
  for (const QAction* a : actions) {
    if (a->shortcut().isEmpty() || a->text().isEmpty()) continue;
    QString text = a->text();
    text.remove(QLatin1Char('&'));
    QStringList keys;  // every key of the action (Redo: Ctrl+Shift+Z and Ctrl+Y)
    for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
    rows.push_back({keys.join(QStringLiteral(", ")), text});
  }
  std::sort(rows.begin(), rows.end(),
            [](const auto& x, const auto& y) { return x.second < y.second; });
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  QString html = QObject::tr("<h3>Keyboard shortcuts</h3><table cellspacing=\"4\">");
  for (const auto& [key, text] : rows) {
    html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                .arg(key.toHtmlEscaped(), text.toHtmlEscaped());
  }
  html += QObject::tr(
      "</table><h4>3D viewport</h4><table cellspacing=\"4\">"
      "<tr><td><b>Left drag, Alt+left drag</b></td><td>orbit</td></tr>"
      "<tr><td><b>Middle or right drag</b></td><td>pan</td></tr>"
      "<tr><td><b>Wheel, Alt+right drag</b></td><td>zoom</td></tr>"
      "<tr><td><b>A / D / W / S</b></td><td>orbit (with Shift: pan)</td></tr>"
      "<tr><td><b>Q / E</b></td><td>zoom</td></tr>"
      "<tr><td><b>Numpad 1 / 3 / 7</b></td><td>front / side / top view</td></tr>"
      "<tr><td><b>\u2190 \u2192 \u2193, drag on the ground</b></td><td>while steering a parametric "
      "walk: turn, "
      "turn around, head towards the point</td></tr>"
      "</table><h4>Views</h4><table cellspacing=\"4\">"
      "<tr><td><b>Click, drag on the ruler</b></td><td>Match and Subgraph Timeline: move the "
      "playhead; Ctrl+click: the new hub's frame</td></tr>"
      "<tr><td><b>Wheel</b></td><td>Match Timeline and heatmap: zoom; Shift+wheel: pan</td></tr>"
      "<tr><td><b>Right click</b></td><td>the actions of a hub, clip, node, edge or heatmap "
      "cell</td></tr>"
      "<tr><td><b>Drag, Shift+drag</b></td><td>Subgraph Timeline: a new key segment; frames kept "
      "by hand</td></tr>"
      "</table>");
  return html;
}

void showHelpPage(QWidget* parent, const QString& title, const QString& html) {
  const QString name = QStringLiteral("help:") + title;
  if (auto* open = parent->findChild<QDialog*>(name)) {
    open->raise();
    open->activateWindow();
    return;
  }
  auto* dialog = new QDialog(parent);
  dialog->setObjectName(name);
  dialog->setWindowTitle(title);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  auto* layout = new QVBoxLayout(dialog);
  auto* text = new QTextBrowser(dialog);
  text->setObjectName(QStringLiteral("helpText"));
  text->setHtml(html);
  text->setOpenExternalLinks(false);
  layout->addWidget(text);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
  QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
  layout->addWidget(buttons);
  dialog->resize(560, 520);
  dialog->show();
}

}  // namespace mg
