// SPDX-License-Identifier: MIT
#include "app/mgstudio/motion_export_action.h"

#include <cmath>
#include <memory>

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

#include "core/io/motion_export.h"
#include "core/motion/units.h"
#include "widgets/document/project.h"
#include "widgets/views/library/motion_library_view.h"
#include "widgets/views/playback/stream_player.h"

namespace mg {
namespace {

constexpr const char* kDirectoryKey = "motionExportDirectory";
constexpr const char* kFilterKey = "motionExportFilter";

// What the viewport plays: the preview's played frames, else the library's selected motion.
struct Playing {
  std::shared_ptr<const Motion> motion;
  QString what;  // for messages: "Random walk", "01_01"
};

// The unit every motion of the project was read in, for a walk synthesised from them: it is
// written in the unit of its sources, as a motion of the library is. Unknown (centimetres) when
// the motions disagree or there are none.
SourceUnit sharedSourceUnit(const Project& project) {
  SourceUnit shared;
  for (const MotionEntry& e : project.motions()) {
    const SourceUnit& u = e.motion->sourceUnit;
    if (!u.known()) return {};
    if (!shared.known()) {
      shared = u;
    } else if (std::abs(u.metresPerUnit - shared.metresPerUnit) > 1e-12 * shared.metresPerUnit) {
      return {};
    }
  }
  return shared;
}

Playing playing(const StreamPlayer& streams, const Project& project,
                const MotionLibraryView& library) {
  if (streams.hasStream()) {
    auto played = std::make_shared<Motion>(streams.playedMotion("walk"));
    played->sourceUnit = sharedSourceUnit(project);
    if (played->frameCount() > 0) return {std::move(played), streams.label()};
  }
  const QList<MotionId> ids = library.selectedMotions();
  // A missing motion is a placeholder (its file was not found): nothing of it to export.
  if (!ids.isEmpty() && !project.isMissing(ids.first())) {
    if (std::shared_ptr<const Motion> motion = project.motion(ids.first())) {
      return {motion, QString::fromStdString(motion->name)};
    }
  }
  return {};
}

QString nothingToExport() {
  return QObject::tr(
      "Nothing to export: play a preview (a walk, a clip, a transition) or select a "
      "motion in the library first.");
}

// A warning that does not block the event loop (a background export may finish behind it).
void warn(QMainWindow* window, const QString& text) {
  auto* box = new QMessageBox(QMessageBox::Warning, QObject::tr("Export Motion"), text,
                              QMessageBox::Ok, window);
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

}  // namespace

MotionExportAction::MotionExportAction(QMainWindow* window, Project* project,
                                       MotionLibraryView* library, StreamPlayer* streams)
    : QObject(window),
      m_window(window),
      m_project(project),
      m_library(library),
      m_streams(streams),
      m_job(this) {
  m_action = new QAction(tr("&Export Motion..."), this);
  m_action->setShortcut(QKeySequence(tr("Ctrl+E")));
  m_action->setStatusTip(tr(
      "Write what the viewport plays (a preview's walk or the selected clip) as BVH or glTF 2.0"));
  connect(m_action, &QAction::triggered, this, &MotionExportAction::exportWithDialog);
}

void MotionExportAction::exportWithDialog() {
  const Playing now = playing(*m_streams, *m_project, *m_library);
  if (!now.motion) {
    warn(m_window, nothingToExport());
    return;
  }
  QSettings settings;
  const QString bvh = tr("BVH (*.bvh)"), glb = tr("glTF 2.0 binary (*.glb)"),
                gltf = tr("glTF 2.0 (*.gltf)");
  QString filter = settings.value(QString::fromLatin1(kFilterKey), bvh).toString();
  if (filter != bvh && filter != glb && filter != gltf) filter = bvh;
  auto extension = [&](const QString& chosen) {
    return chosen == glb    ? QStringLiteral(".glb")
           : chosen == gltf ? QStringLiteral(".gltf")
                            : QStringLiteral(".bvh");
  };
  const QString directory =
      settings.value(QString::fromLatin1(kDirectoryKey), QDir::homePath()).toString();
  QString base = now.what.simplified()
                     .replace(QLatin1Char(' '), QLatin1Char('_'))
                     .replace(QLatin1Char('/'), QLatin1Char('_'));
  if (base.isEmpty()) base = QStringLiteral("motion");
  QString path = QFileDialog::getSaveFileName(
      m_window, tr("Export Motion"), QDir(directory).filePath(base + extension(filter)),
      bvh + QStringLiteral(";;") + glb + QStringLiteral(";;") + gltf, &filter);
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) {
    path += extension(filter);
  }
  settings.setValue(QString::fromLatin1(kDirectoryKey), QFileInfo(path).absolutePath());
  settings.setValue(QString::fromLatin1(kFilterKey), filter);
  exportTo(path);
}

bool MotionExportAction::exportTo(const QString& path, std::optional<double> metresPerUnit) {
  auto refuse = [this, &path](const QString& error) {
    warn(m_window, error);
    emit exported(path, error, 0);
    return false;
  };
  if (m_job.isRunning())
    return refuse(tr("An export is still being written; try again when it has finished."));
  const std::optional<MotionFormat> format = motionFormatFromPath(path.toStdString());
  if (!format) {
    return refuse(tr("%1: choose a .bvh, .glb or .gltf file name (%2)")
                      .arg(QDir::toNativeSeparators(path), QString::fromLatin1(kFbxNotOffered)));
  }
  const Playing now = playing(*m_streams, *m_project, *m_library);
  if (!now.motion) {
    return refuse(nothingToExport());
  }
  const int frames = now.motion->frameCount();
  const double seconds = now.motion->durationSeconds();
  BvhWriteOptions bvh;
  bvh.metresPerUnit = metresPerUnit;
  const QString unit = *format == MotionFormat::Bvh
                           ? tr(" in %1").arg(QString::fromStdString(
                                 lengthUnitLabel(bvhMetresPerUnit(*now.motion, bvh))))
                           : QString();
  m_action->setEnabled(false);
  m_window->statusBar()->showMessage(tr("Writing %1...").arg(QDir::toNativeSeparators(path)));
  // The job owns an immutable copy of the motion, never the player's ring or the live document.
  m_job.start(
      [motion = now.motion, file = path.toStdString(), f = *format, bvh](JobContext<QString>& job) {
        const Status status = writeMotionFile(*motion, file, f, bvh);
        job.addResult(status ? QString() : QString::fromStdString(status.error().message));
      },
      {[this, path, frames, seconds, unit, what = now.what](const QString& error) {
         if (error.isEmpty()) {
           m_window->statusBar()->showMessage(tr("%1: exported %2 frames (%3 s) to %4%5")
                                                  .arg(what)
                                                  .arg(frames)
                                                  .arg(seconds, 0, 'f', 1)
                                                  .arg(QDir::toNativeSeparators(path), unit),
                                              10000);
         } else {
           m_window->statusBar()->clearMessage();
           warn(m_window, error);
         }
         emit exported(path, error, error.isEmpty() ? frames : 0);
       },
       {},
       [this](bool) { m_action->setEnabled(true); }});
  return true;
}

}  // namespace mg
