// SPDX-License-Identifier: MIT
#include "app/mgstudio/recent_files.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace mg {

namespace {
const char* const kKey = "recentFiles";
}

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), m_menu(menu) {
  m_later.setSingleShot(true);
  m_later.setInterval(0);
  connect(&m_later, &QTimer::timeout, this, [this] {
    save();
    rebuildMenu();
  });
  m_files = QSettings().value(kKey).toStringList();
  while (m_files.size() > kMaxFiles) m_files.removeLast();
  rebuildMenu();
}

void RecentFiles::add(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  m_files.removeAll(absolute);
  m_files.prepend(absolute);
  while (m_files.size() > kMaxFiles) m_files.removeLast();
  m_later.start();
}

RecentFiles::~RecentFiles() {
  if (m_later.isActive()) save();
}

void RecentFiles::clear() {
  m_later.stop();
  m_files.clear();
  save();
  rebuildMenu();
}

void RecentFiles::save() {
  QSettings().setValue(kKey, m_files);
}

void RecentFiles::rebuildMenu() {
  m_menu->clear();
  for (int i = 0; i < m_files.size(); ++i) {
    const QString path = m_files[i];
    // &1..&9 give keyboard accelerators; the tooltip keeps the full path.
    const QString label = QStringLiteral("%1%2  %3")
                              .arg(i < 9 ? QStringLiteral("&") : QString())
                              .arg(i + 1)
                              .arg(QFileInfo(path).fileName());
    QAction* action = m_menu->addAction(label, this, [this, path] { emit openRequested(path); });
    action->setToolTip(QDir::toNativeSeparators(path));
    action->setStatusTip(QDir::toNativeSeparators(path));
  }
  if (!m_files.isEmpty()) m_menu->addSeparator();
  QAction* clearAction = m_menu->addAction(tr("Clear Menu"), this, &RecentFiles::clear);
  clearAction->setEnabled(!m_files.isEmpty());
  m_menu->setEnabled(true);
}

}  // namespace mg
