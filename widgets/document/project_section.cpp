// SPDX-License-Identifier: MIT
#include "widgets/document/project_section.h"

#include "widgets/document/project.h"

namespace mg {

ProjectSection::ProjectSection(Project* project, std::string key) : QObject(project), m_key(std::move(key)) {}

std::vector<ProjectSection*> ProjectSection::of(const Project& project) {
  std::vector<ProjectSection*> out;
  for (QObject* child : project.children()) {
    if (auto* section = qobject_cast<ProjectSection*>(child)) out.push_back(section);
  }
  return out;
}

}  // namespace mg
