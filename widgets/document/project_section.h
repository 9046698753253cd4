// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <QObject>
#include <QString>

#include "core/util/json_text.h"
#include "core/util/result.h"

namespace mg {

class Project;
struct Motion;
using MotionId = int;

// A graph kind's own part of the project file: an optional top-level key the kind writes and
// reads itself, so a new kind saves its authoring state without touching Project or
// project_file.cpp. The kind creates its section as a child of the project (typically in its
// workspace's constructor); saveProject writes every section's key, loadProject checks every
// section present in the file before anything changes and applies them after the motions are
// in, and Project::clear() clears them. Files without the key load as before (the kind starts
// empty); an older editor ignores the key. UI thread only.
class ProjectSection : public QObject {
  Q_OBJECT

 public:
  // `key` must not be one of the project file's own keys (format, version, import, metric,
  // motions, hubs, view, parametric) nor another section's.
  ProjectSection(Project* project, std::string key);
  const std::string& key() const { return m_key; }

  // The section to write (motion references as indices into the project's motions, paths
  // relative to `projectFolder`), or null when there is nothing to save.
  virtual Json save(const Project& project, const QString& projectFolder) const = 0;
  // Whether `section`, read from a file whose motions are `motions` (file order), can be applied.
  // A failure refuses the whole file (the message names the problem; the file name, and the key
  // unless the message starts with it, are added). May run before the motions are in the project.
  virtual Status check(const Json& section,
                       const std::vector<std::shared_ptr<const Motion>>& motions) const = 0;
  // Applies a checked section after the file's motions were added: motionIds[i] is the id of the
  // file's motion i.
  virtual void apply(const Json& section, const std::vector<MotionId>& motionIds) = 0;
  // Empties the kind's state (File > New, and before a file is applied).
  virtual void clear() = 0;

  // Every section of `project`, in creation order.
  static std::vector<ProjectSection*> of(const Project& project);

 private:
  std::string m_key;
};

}  // namespace mg
