// SPDX-License-Identifier: MIT
#include "app/mgstudio/studio_style.h"

#include <QApplication>
#include <QPalette>
#include <QStyleFactory>

#include "widgets/views/common/dialog_title_fit.h"

namespace mg {

void applyStudioStyle(QApplication& app) {
  app.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
  QPalette p;
  const QColor window(50, 52, 56);
  const QColor base(38, 40, 43);
  const QColor text(218, 220, 224);
  const QColor highlight(62, 120, 180);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, QColor(44, 46, 50));
  p.setColor(QPalette::ToolTipBase, QColor(30, 31, 34));
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::PlaceholderText, QColor(130, 132, 138));
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, QColor(60, 63, 68));
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, QColor(255, 90, 90));
  p.setColor(QPalette::Light, QColor(78, 81, 87));
  p.setColor(QPalette::Midlight, QColor(66, 69, 74));
  p.setColor(QPalette::Mid, QColor(44, 46, 50));
  p.setColor(QPalette::Dark, QColor(30, 31, 34));
  p.setColor(QPalette::Shadow, QColor(16, 16, 18));
  p.setColor(QPalette::Highlight, highlight);
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::Link, QColor(100, 170, 230));
  for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
    p.setColor(QPalette::Disabled, role, QColor(120, 122, 128));
  }
  p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(70, 72, 78));
  app.setPalette(p);
  app.setStyleSheet(
      QStringLiteral("QDockWidget::title { background: #2b2d31; padding: 4px 6px; }"
                     "QStatusBar { border-top: 1px solid #26282b; }"
                     "QToolTip { border: 1px solid #55585e; }"));
  DialogTitleFit::install();  // no dialog title cut by its frame
}

}  // namespace mg
