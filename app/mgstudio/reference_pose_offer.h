// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <vector>

#include <QObject>
#include <QString>
#include <QStringList>

#include "widgets/document/project.h"

class QLabel;
class QPushButton;
class QWidget;

namespace mg {

// After a batch of files loads, offers to drop the reference pose many capture files start with
// (core/motion/reference_pose.h: CMU's T-pose frame and the blend frames after it), in a bar the
// window puts in its status bar (bar()): it interrupts nothing and covers no view. Accepting sets
// the project's Import Options > trim to that many frames (kept in the project and for later
// loads) and reloads those files through `reload`; the removal is one undo step. Offered only while
// the trim is 0 and no hub refers to frames yet.
class ReferencePoseOffer : public QObject {
  Q_OBJECT

 public:
  // `project` and `parent` must outlive the offer; `reload` loads files as File > Open does.
  ReferencePoseOffer(Project* project, QWidget* parent,
                     std::function<void(const QStringList&)> reload);

  // A file of the batch loaded as motion `id`.
  void noteLoaded(const QString& path, MotionId id, const Motion& motion);
  // The batch ended: shows the bar if any file had a reference pose.
  void batchFinished();
  // The offer's bar (hidden while there is nothing to offer), its buttons and text.
  QWidget* bar() const { return m_bar; }
  bool isOffering() const;
  QPushButton* dropButton() const { return m_drop; }
  QPushButton* keepButton() const { return m_keep; }
  QString text() const;
  // Drops `frames` leading frames of the noted files now (what the Drop button does).
  void drop(int frames);

 private:
  struct Noted {
    QString path;
    MotionId id;
    int frames;  // leading reference-pose frames
  };
  Project* m_project;
  QWidget* m_parent;
  std::function<void(const QStringList&)> m_reload;
  std::vector<Noted> m_noted;
  int m_frames = 0;  // offered
  QWidget* m_bar = nullptr;
  QLabel* m_label = nullptr;
  QPushButton* m_drop = nullptr;
  QPushButton* m_keep = nullptr;
};

}  // namespace mg
