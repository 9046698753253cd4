// SPDX-License-Identifier: MIT
#include "app/mgstudio/central_area.h"

#include <utility>

#include <QDataStream>
#include <QIODevice>
#include <QLabel>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace mg {

namespace {
constexpr quint32 kSizesMagic = 0x4d474341;  // "MGCA"
}  // namespace

CentralArea::CentralArea(QWidget* viewport, QWidget* parent)
    : QSplitter(Qt::Horizontal, parent), m_viewport(viewport) {
  setObjectName(QStringLiteral("centralArea"));
  setChildrenCollapsible(false);
  m_stack = new QStackedWidget(this);
  m_stack->setObjectName(QStringLiteral("mainEditors"));
  addWidget(m_viewport);
  addWidget(m_stack);
  setStretchFactor(0, 1);
  setStretchFactor(1, 1);
  m_stack->hide();
}

void CentralArea::addEditor(const QString& kind, QWidget* editor, const QString& title,
                            Qt::Orientation orientation, double viewportShare) {
  auto* page = new QWidget;
  page->setObjectName(kind + QStringLiteral("MainEditor"));
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  // A title line as docks have, so the author (and --layout-report) knows what the editor is.
  auto* header = new QLabel(title, page);
  header->setObjectName(QStringLiteral("mainEditorTitle"));
  header->setContentsMargins(6, 3, 6, 3);
  header->setStyleSheet(QStringLiteral("font-weight: bold;"));
  header->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
  layout->addWidget(header);
  layout->addWidget(editor, 1);
  m_stack->addWidget(page);
  m_pages[kind] = Page{page, orientation, viewportShare};
}

QWidget* CentralArea::page(const QString& kind) const {
  const auto it = m_pages.find(kind);
  return it == m_pages.end() ? nullptr : it->second.widget;
}

void CentralArea::rememberSizes() {
  if (m_pages.count(m_kind) && m_stack->isVisible() && width() > 0 && height() > 0)
    m_sizes[m_kind] = sizes();
}

void CentralArea::applyDesignedSizes(const Page& page) {
  // setSizes keeps the splitter's size and shares it by these weights.
  const int viewport = static_cast<int>(1000 * page.viewportShare);
  setSizes({viewport, 1000 - viewport});
}

void CentralArea::showKind(const QString& kind) {
  if (kind == m_kind && (m_pages.count(kind) > 0) == m_stack->isVisible()) return;
  rememberSizes();
  m_kind = kind;
  const auto it = m_pages.find(kind);
  if (it == m_pages.end()) {
    m_stack->hide();
    return;
  }
  setOrientation(it->second.orientation);
  // A stack is as wide as its widest page: let the pages not shown ask for nothing, so the
  // viewport beside the shown one can have its share.
  for (const auto& [other, p] : m_pages) {
    p.widget->setSizePolicy(
        p.widget == it->second.widget ? QSizePolicy::Preferred : QSizePolicy::Ignored,
        p.widget == it->second.widget ? QSizePolicy::Preferred : QSizePolicy::Ignored);
  }
  m_stack->setCurrentWidget(it->second.widget);
  m_stack->updateGeometry();
  m_stack->show();
  const auto sized = m_sizes.find(kind);
  if (sized != m_sizes.end() && sized->second.size() == 2) {
    setSizes(sized->second);
  } else {
    applyDesignedSizes(it->second);
  }
}

void CentralArea::showEvent(QShowEvent* event) {
  QSplitter::showEvent(event);
  if (std::exchange(m_shownOnce, true)) return;
  // Sizes set before the window had its size are shared out again once it has: give the shown
  // kind its designed (or remembered) share of the final size.
  QTimer::singleShot(0, this, [this] {
    const auto it = m_pages.find(m_kind);
    if (it == m_pages.end()) return;
    const auto sized = m_sizes.find(m_kind);
    if (sized != m_sizes.end()) {
      setSizes(sized->second);
    } else {
      applyDesignedSizes(it->second);
    }
  });
}

QByteArray CentralArea::saveSizes() {
  rememberSizes();
  QByteArray data;
  QDataStream out(&data, QIODevice::WriteOnly);
  out << kSizesMagic << static_cast<quint32>(m_sizes.size());
  for (const auto& [kind, sizes] : m_sizes) out << kind << sizes;
  return data;
}

void CentralArea::restoreSizes(const QByteArray& data) {
  QDataStream in(data);
  quint32 magic = 0, count = 0;
  in >> magic >> count;
  if (in.status() != QDataStream::Ok || magic != kSizesMagic || count > 64) return;
  std::map<QString, QList<int>> sizes;
  for (quint32 i = 0; i < count; ++i) {
    QString kind;
    QList<int> s;
    in >> kind >> s;
    if (in.status() != QDataStream::Ok) return;
    if (s.size() == 2 && s[0] > 0 && s[1] > 0) sizes[kind] = s;
  }
  m_sizes = std::move(sizes);
  if (const auto it = m_sizes.find(m_kind); it != m_sizes.end() && m_pages.count(m_kind))
    setSizes(it->second);
}

void CentralArea::resetSizes() {
  m_sizes.clear();
  if (const auto it = m_pages.find(m_kind); it != m_pages.end()) applyDesignedSizes(it->second);
}

}  // namespace mg
