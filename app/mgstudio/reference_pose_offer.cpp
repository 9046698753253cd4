// SPDX-License-Identifier: MIT
#include "app/mgstudio/reference_pose_offer.h"

#include <algorithm>

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>

#include "core/motion/reference_pose.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/hub_list.h"
#include "widgets/views/common/count_text.h"

namespace mg {

ReferencePoseOffer::ReferencePoseOffer(Project* project, QWidget* parent,
                                       std::function<void(const QStringList&)> reload)
    : QObject(parent), m_project(project), m_parent(parent), m_reload(std::move(reload)) {
  m_bar = new QWidget(parent);
  m_bar->setObjectName(QStringLiteral("referencePoseOffer"));
  auto* row = new QHBoxLayout(m_bar);
  row->setContentsMargins(0, 0, 0, 0);
  m_label = new QLabel(m_bar);
  m_drop = new QPushButton(m_bar);
  m_keep = new QPushButton(tr("Keep"), m_bar);
  m_keep->setToolTip(tr("Keep every frame (Import Options > trim can drop them later)"));
  row->addWidget(m_label);
  row->addWidget(m_drop);
  row->addWidget(m_keep);
  m_bar->hide();
  // New Project and Open: the offer was about the files of the project before.
  connect(project, &Project::cleared, this, [this] {
    m_bar->hide();
    m_noted.clear();
  });
  connect(m_drop, &QPushButton::clicked, this, [this] {
    m_bar->hide();
    drop(m_frames);
  });
  connect(m_keep, &QPushButton::clicked, this, [this] {
    m_bar->hide();
    m_noted.clear();
  });
}

bool ReferencePoseOffer::isOffering() const {
  return !m_bar->isHidden();
}

QString ReferencePoseOffer::text() const {
  return m_label->text();
}

void ReferencePoseOffer::noteLoaded(const QString& path, MotionId id, const Motion& motion) {
  if (m_project->importOptions().trimLeadingFrames != 0) return;
  const int frames = leadingReferencePoseFrames(motion);
  if (frames > 0) m_noted.push_back({path, id, frames});
}

void ReferencePoseOffer::batchFinished() {
  if (m_noted.empty()) return;
  if (hubsOf(*m_project)->count() > 0 || m_project->importOptions().trimLeadingFrames != 0) {
    m_noted.clear();
    m_bar->hide();
    return;
  }
  m_frames = 0;
  QStringList names;
  for (const Noted& n : m_noted) {
    m_frames = std::max(m_frames, n.frames);
    names.push_back(QFileInfo(n.path).fileName());
  }
  m_label->setText(
      countText(m_noted.size(),
                tr("%1 file starts with a reference pose (T-pose and blend, %2 frames)."),
                tr("%1 files start with a reference pose (T-pose and blend, %2 frames)."))
          .arg(m_frames));
  m_bar->setToolTip(
      tr("A reference pose is not part of the performance and shows as a stripe on the heatmap. "
         "Dropping sets Import Options > trim to %1 frames for this project and reloads:\n%2")
          .arg(m_frames)
          .arg(names.join(QLatin1Char('\n'))));
  m_drop->setText(countText(m_frames, tr("Drop %1 Frame"), tr("Drop %1 Frames")));
  m_bar->show();
}

void ReferencePoseOffer::drop(int frames) {
  ImportOptions options = m_project->importOptions();
  options.trimLeadingFrames = frames;
  m_project->setImportOptions(options);
  QSettings().setValue(QStringLiteral("import/trimLeadingFrames"), frames);
  QStringList paths;
  std::vector<MotionId> present;
  for (const Noted& n : m_noted) {
    if (m_project->indexOf(n.id) < 0) continue;
    present.push_back(n.id);
    paths.push_back(n.path);
  }
  m_noted.clear();
  if (present.empty()) return;
  m_project->undoStack()->beginMacro(countText(present.size(),
                                               tr("Drop reference poses of %1 motion"),
                                               tr("Drop reference poses of %1 motions")));
  for (MotionId id : present) m_project->undoStack()->push(new RemoveMotionCommand(m_project, id));
  m_project->undoStack()->endMacro();
  m_reload(paths);
}

}  // namespace mg
