// SPDX-License-Identifier: MIT
#include "widgets/views/common/dialog_title_fit.h"

#include <QApplication>
#include <QDialog>
#include <QEvent>
#include <QFontMetrics>
#include <QGridLayout>
#include <QMessageBox>
#include <QSpacerItem>

namespace mg {

namespace {
const char* const kFitted = "mgTitleFitted";
}  // namespace

void DialogTitleFit::install() {
  static DialogTitleFit* filter = nullptr;
  if (!filter && qApp) {
    filter = new DialogTitleFit(qApp);
    qApp->installEventFilter(filter);
  }
}

int DialogTitleFit::titleWidth(const QWidget* dialog) {
  QString title = dialog->windowTitle();
  const QString app = QGuiApplication::applicationDisplayName();
  if (!app.isEmpty() && !title.contains(app)) title += QStringLiteral(" \u2014 ") + app;
  QFont bold = dialog->font();
  bold.setBold(true);
  // The frame's icon and its three buttons take about eight line heights.
  const QFontMetrics metrics(bold);
  return metrics.horizontalAdvance(title) + 8 * metrics.height();
}

bool DialogTitleFit::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() != QEvent::Show || !watched->isWidgetType()) return false;
  auto* dialog = qobject_cast<QDialog*>(watched);
  if (!dialog || dialog->property(kFitted).toBool() || dialog->windowTitle().isEmpty())
    return false;
  dialog->setProperty(kFitted, true);
  const int wanted = titleWidth(dialog);
  if (auto* box = qobject_cast<QMessageBox*>(dialog)) {
    // A message box sizes itself from its layout when shown (after this filter): widen that.
    if (auto* grid = qobject_cast<QGridLayout*>(box->layout())) {
      grid->addItem(new QSpacerItem(wanted, 0, QSizePolicy::Minimum, QSizePolicy::Minimum),
                    grid->rowCount(), 0, 1, grid->columnCount());
    }
  } else if (dialog->width() < wanted) {
    dialog->resize(wanted, dialog->height());
  }
  return false;
}

}  // namespace mg
