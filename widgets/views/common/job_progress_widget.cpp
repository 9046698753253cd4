// SPDX-License-Identifier: MIT
#include "widgets/views/common/job_progress_widget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QStyle>
#include <QToolButton>

namespace mg {

JobProgressWidget::JobProgressWidget(QWidget* parent)
    : QWidget(parent),
      m_label(new QLabel(this)),
      m_bar(new QProgressBar(this)),
      m_cancel(new QToolButton(this)) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_label);
  layout->addWidget(m_bar);
  layout->addWidget(m_cancel);
  m_label->setMaximumWidth(320);
  m_bar->setFixedWidth(160);
  m_bar->setMaximumHeight(16);
  m_bar->setTextVisible(true);
  m_cancel->setIcon(style()->standardIcon(QStyle::SP_DialogCancelButton));
  m_cancel->setToolTip(tr("Cancel"));
  m_cancel->setAutoRaise(true);
  connect(m_cancel, &QToolButton::clicked, this, &JobProgressWidget::cancelRequested);
  hide();
}

void JobProgressWidget::setProgress(int done, int total, const QString& text) {
  m_bar->setRange(0, std::max(1, total));
  m_bar->setValue(done);
  m_bar->setFormat(QStringLiteral("%1 / %2").arg(done).arg(total));
  m_label->setText(m_label->fontMetrics().elidedText(text, Qt::ElideLeft, m_label->maximumWidth()));
  show();
}

void JobProgressWidget::finish() {
  hide();
}

}  // namespace mg
