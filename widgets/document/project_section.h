// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <QObject>
#include <QString>

#include "core/metric/metric_settings.h"
#include "core/util/json_text.h"
#include "core/util/result.h"

namespace mg {

class Project;
struct Motion;
using MotionId = int;

// What a section's check() may rely on: the project file's motions (file order, never null) and
// its metric settings (hub and key frames count at its working rate). May be read before the
// motions are in the project.
struct ProjectFileContext {
  const std::vector<std::shared_ptr<const Motion>>& motions;
  const MetricSettings& metric;
  // Opening a file, an item past its motion's end is kept (the capture file changed; the kinds
  // treat it as empty). Checking a file to relink a motion to (missing_motions.h), it refuses the
  // file.
  bool requireItemsInsideMotions = false;
};

// A graph kind's part of the project file: one top-level key the kind writes and reads itself,
// so a kind saves its authoring state without touching Project or project_file.cpp. Every kind
// keeps its state this way (snap's HubList, the parametric ParametricDocument, the subgraph's
// SubgraphDocument, the motion field's FieldDocument). A section is a child of the project,
// made on first use (ensureSection) or, for a key found in a file, by the factory its kind
// registered (RegisterProjectSection); saveProject writes every section's key, loadProject
// checks every section present in the file before anything changes and applies them after the
// motions are in, and Project::clear() clears them. Files without the key load as before (the
// kind starts empty). UI thread only.
class ProjectSection : public QObject {
  Q_OBJECT

 public:
  // `key` must not be one of the project file's own keys (format, version, import, metric,
  // motions, view) nor another section's.
  ProjectSection(Project* project, std::string key);
  const std::string& key() const { return m_key; }
  // The project this section belongs to (its parent).
  Project* project() const;

  // The section to write (motion references as indices into the project's motions, paths
  // relative to `projectFolder`), or null when there is nothing to save.
  virtual Json save(const Project& project, const QString& projectFolder) const = 0;
  // Whether `section`, read from a file with `file`'s motions and metric, can be applied. A
  // failure refuses the whole file (the message names the problem; the file name, and the key
  // unless the message starts with it, are added).
  virtual Status check(const Json& section, const ProjectFileContext& file) const = 0;
  // Applies a checked section after the file's motions were added: motionIds[i] is the id of the
  // file's motion i.
  virtual void apply(const Json& section, const std::vector<MotionId>& motionIds) = 0;
  // Empties the kind's state (File > New, and before a file is applied).
  virtual void clear() = 0;

  // Every section of `project`, in creation order.
  static std::vector<ProjectSection*> of(const Project& project);
  // The section with `key`, made by its registered factory when the project has none yet; null
  // when no kind registered the key (the file's key is then ignored, as an unknown key).
  static ProjectSection* forKey(Project& project, const std::string& key);

  using Factory = std::function<ProjectSection*(Project*)>;
  // Registers the factory of a kind's section (RegisterProjectSection does this at start-up).
  static void registerFactory(std::string key, Factory factory);

 private:
  std::string m_key;
};

// The section of type S of `project` (S has a constructor S(Project*) and a static kKey), made
// as a child of the project on first use. Sections are never destroyed before the project, so
// the pointer stays valid; the const overload may create the (empty) section too.
template <class S>
S* ensureSection(Project& project) {
  for (ProjectSection* section : ProjectSection::of(project)) {
    if (auto* s = qobject_cast<S*>(section)) return s;
  }
  return new S(&project);
}
template <class S>
const S* ensureSection(const Project& project) {
  return ensureSection<S>(const_cast<Project&>(project));
}

// One line in the section's .cpp registers it for files that carry its key:
//   const RegisterProjectSection<HubList> kHubListSection;
// (in the same file as the section's accessor, so any binary that can see the section links it).
template <class S>
struct RegisterProjectSection {
  RegisterProjectSection() {
    ProjectSection::registerFactory(
        S::kKey, [](Project* project) -> ProjectSection* { return ensureSection<S>(*project); });
  }
};

}  // namespace mg
