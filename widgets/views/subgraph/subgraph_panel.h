// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

#include "widgets/document/subgraph_document.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace mg {

class Project;
class SubgraphDocument;

// The Subgraph dock's controls: the requirement and its numbers, the key segments (rename in
// place, remove), manual mode (motions kept by hand, with live connectivity and satisfaction),
// Run / Complete / Cancel and the counts of the last result.
// Every edit is a command on the project's undo stack; the panel shows the document and the
// workspace's results, and computes nothing.
class SubgraphPanel : public QWidget {
  Q_OBJECT

 public:
  // `project` and `document` (its "subgraph" section) must outlive the panel.
  SubgraphPanel(Project* project, SubgraphDocument* document, QWidget* parent = nullptr);

  QPushButton* runButton() const { return m_run; }
  QPushButton* completeButton() const { return m_complete; }
  QPushButton* cancelButton() const { return m_cancel; }
  QTableWidget* keyTable() const { return m_keys; }
  QListWidget* manualList() const { return m_manual; }
  QComboBox* requirementBox() const { return m_requirement; }
  QSpinBox* gammaBox() const { return m_gamma; }
  QString summary() const;

  void setRunning(bool running);
  void setSummary(const QString& text);
  void setManualStatus(const QString& text);

 signals:
  void runRequested();       // ISA from the keys (and the hand-picked frames)
  void completeRequested();  // the same, named for manual mode
  void cancelRequested();
  void keySelected(mg::SubgraphKeyId id);

 private:
  void showSettings();
  void showKeys();
  void showChoices();
  void settingsEdited();

  Project* m_project;
  SubgraphDocument* m_doc;
  QComboBox* m_requirement;
  QSpinBox* m_gamma;
  QDoubleSpinBox* m_alpha;
  QDoubleSpinBox* m_frameCost;
  QSpinBox* m_entry;
  QCheckBox* m_strict;
  QComboBox* m_from;
  QDoubleSpinBox* m_threshold;
  QSpinBox* m_iterations;
  QTableWidget* m_keys;
  QPushButton* m_removeKey;
  QListWidget* m_manual;
  QLabel* m_manualStatus;
  QPushButton* m_clearManual;
  QPushButton* m_run;
  QPushButton* m_complete;
  QPushButton* m_cancel;
  QLabel* m_summary;
  bool m_showing = false;
};

}  // namespace mg
