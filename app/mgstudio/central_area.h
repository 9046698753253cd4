// SPDX-License-Identifier: MIT
#pragma once

#include <map>

#include <QByteArray>
#include <QList>
#include <QSplitter>
#include <QString>

class QLabel;
class QStackedWidget;

namespace mg {

// The window's central area: the 3D viewport and the active workspace's main editor (the hub
// graph, the parametric graph, the subgraph's clip graph, the field's state space) side by side
// or one above the other in a splitter, as node editors share the centre with the viewport in a
// DCC tool. Each workspace has its own page, orientation and splitter sizes; a workspace with no
// page leaves the viewport alone.
class CentralArea : public QSplitter {
  Q_OBJECT

 public:
  explicit CentralArea(QWidget* viewport, QWidget* parent = nullptr);

  // A page for the workspace `kind` holding `editor` under a title line. `orientation`:
  // Qt::Horizontal puts the editor right of the viewport, Qt::Vertical below it;
  // `viewportShare` is the viewport's fraction of the area in the designed layout.
  void addEditor(const QString& kind, QWidget* editor, const QString& title,
                 Qt::Orientation orientation, double viewportShare);
  // Shows the page of `kind` (none: the viewport alone), with the sizes it had when it was last
  // shown, or its designed ones.
  void showKind(const QString& kind);
  const QString& kind() const { return m_kind; }
  // The page of `kind` (its title line and editor), null when it has none.
  QWidget* page(const QString& kind) const;
  QWidget* viewport() const { return m_viewport; }

  // The splitter sizes of every kind shown so far, and back (for QSettings); unknown or
  // malformed data is ignored.
  QByteArray saveSizes();
  void restoreSizes(const QByteArray& data);
  // Forgets every kind's sizes and gives the shown one its designed sizes (View > Reset Layout).
  void resetSizes();

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  struct Page {
    QWidget* widget = nullptr;
    Qt::Orientation orientation = Qt::Horizontal;
    double viewportShare = 0.5;
  };
  void rememberSizes();
  void applyDesignedSizes(const Page& page);

  QWidget* m_viewport;
  QStackedWidget* m_stack;
  std::map<QString, Page> m_pages;
  std::map<QString, QList<int>> m_sizes;  // per kind, as the author left them
  QString m_kind;
  bool m_shownOnce = false;
};

}  // namespace mg
