// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QColor>
#include <QString>

#include "widgets/document/project_section.h"

namespace mg {

// Stable ids of key segments inside one document (never reused while it lives).
using SubgraphKeyId = int;
inline constexpr int kNoSubgraphKey = -1;

// A key motion of the minimum-size motion graph (Zhao et al. 2009): a named, coloured segment of a
// project motion. Times are seconds from the motion's first frame (after the import trim), so a
// change of the working rate keeps the segment where the author put it; frames at the working
// rate are round(seconds x fps), end exclusive.
struct SubgraphKeySpec {
  SubgraphKeyId id = kNoSubgraphKey;
  QString name;  // unique in the document, non-empty
  QColor colour;
  int motion = -1;  // MotionId
  double beginSeconds = 0.0;
  double endSeconds = 0.0;  // > beginSeconds
  bool operator==(const SubgraphKeySpec&) const = default;
};

// A stretch of a motion the author keeps by hand (the paper's user study): manual mode.
struct SubgraphChoice {
  int motion = -1;  // MotionId
  double beginSeconds = 0.0;
  double endSeconds = 0.0;
  bool operator==(const SubgraphChoice&) const = default;
};

// The search's requirement and numbers (core/subgraph/requirement.h, iterative_subgraph.h) and the
// database motion graph's threshold.
struct SubgraphSettings {
  int requirement = 1;  // 1-4
  int gamma = 40;       // frames (1-3) or quality cost (4)
  double alpha = 10.0;
  double frameCost = 1.0;
  int entryFrames = 10;
  bool strict = false;        // gamma is a hard limit
  bool fromCore = false;      // search inside CORE
  double thresholdM2 = 0.02;  // transition threshold of the database motion graph
  int maxIterations = 60;
  bool operator==(const SubgraphSettings&) const = default;
};

// The minimum-size subgraph part of a project: key segments, the requirement, and the frames the
// author keeps by hand. It is the project's "subgraph" section (subgraph_file.h), a child of the
// project made by the Subgraph workspace. Mutators are what widgets/commands/subgraph_commands.h
// call; views only read and listen. UI thread only.
class SubgraphDocument : public ProjectSection {
  Q_OBJECT

 public:
  static constexpr const char* kKey = "subgraph";
  explicit SubgraphDocument(Project* project);

  const std::vector<SubgraphKeySpec>& keys() const { return m_keys; }
  const SubgraphKeySpec* key(SubgraphKeyId id) const;
  int keyRow(SubgraphKeyId id) const;  // -1 when absent
  // A name not used yet, from `base` ("walk", "walk 2", ...).
  QString uniqueName(const QString& base) const;
  // A colour not used by the keys yet (a fixed palette, then repeats).
  QColor nextColour() const;
  SubgraphKeyId allocateKeyId() { return m_nextId++; }

  // Precondition: the id is fresh or was taken out before. Each emits keysChanged.
  void insertKey(int row, SubgraphKeySpec key);
  SubgraphKeySpec takeKey(SubgraphKeyId id);    // empty spec when absent
  void replaceKey(const SubgraphKeySpec& key);  // same id

  const SubgraphSettings& settings() const { return m_settings; }
  void setSettings(const SubgraphSettings& settings);  // emits settingsChanged when different

  const std::vector<SubgraphChoice>& choices() const { return m_choices; }
  void setChoices(std::vector<SubgraphChoice> choices);  // emits choicesChanged when different

  // Keys, choices and settings whose motion was removed are kept (undo brings the motion back);
  // users of the document skip them.
  bool isEmpty() const {
    return m_keys.empty() && m_choices.empty() && m_settings == SubgraphSettings{};
  }
  // Replaces everything (loading a project; not undoable); emits reset.
  void replaceAll(std::vector<SubgraphKeySpec> keys, SubgraphSettings settings,
                  std::vector<SubgraphChoice> choices);
  void clear() override { replaceAll({}, {}, {}); }

  // ProjectSection: the "subgraph" key (nothing is written while the document is empty).
  Json save(const Project& project, const QString& projectFolder) const override;
  Status check(const Json& section, const ProjectFileContext& file) const override;
  void apply(const Json& section, const std::vector<MotionId>& motionIds) override;

 signals:
  void keysChanged();
  void settingsChanged();
  void choicesChanged();
  void reset();

 private:
  std::vector<SubgraphKeySpec> m_keys;
  SubgraphSettings m_settings;
  std::vector<SubgraphChoice> m_choices;
  SubgraphKeyId m_nextId = 1;
  Project* m_project;
};

}  // namespace mg
