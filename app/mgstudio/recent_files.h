// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QStringList>
#include <QTimer>

class QMenu;

namespace mg {

// The File > Recent Files list, most recent first, kept in QSettings ("recentFiles") so it
// survives restarts. Fills a menu and emits openRequested when an entry is chosen.
class RecentFiles : public QObject {
  Q_OBJECT

 public:
  static constexpr int kMaxFiles = 10;

  // `menu` is refilled whenever the list changes; it must outlive this object.
  explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);
  ~RecentFiles() override;

  QStringList files() const { return m_files; }
  // Moves `path` (made absolute) to the top, dropping the oldest beyond kMaxFiles. The settings
  // and the menu follow when the event loop next runs (500 files opened at once write once).
  void add(const QString& path);
  void clear();

 signals:
  void openRequested(const QString& path);

 private:
  void save();
  void rebuildMenu();

  QMenu* m_menu;
  QStringList m_files;
  QTimer m_later;  // add(): save and rebuild when the event loop next runs
};

}  // namespace mg
