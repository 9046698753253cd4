// SPDX-License-Identifier: MIT
#include "widgets/document/project_section.h"

#include <map>

#include "widgets/document/project.h"

namespace mg {

namespace {
std::map<std::string, ProjectSection::Factory, std::less<>>& factories() {
  static std::map<std::string, ProjectSection::Factory, std::less<>> table;
  return table;
}
}  // namespace

ProjectSection::ProjectSection(Project* project, std::string key)
    : QObject(project), m_key(std::move(key)) {}

Project* ProjectSection::project() const {
  return static_cast<Project*>(parent());
}

std::vector<ProjectSection*> ProjectSection::of(const Project& project) {
  std::vector<ProjectSection*> out;
  for (QObject* child : project.children()) {
    if (auto* section = qobject_cast<ProjectSection*>(child)) out.push_back(section);
  }
  return out;
}

ProjectSection* ProjectSection::forKey(Project& project, const std::string& key) {
  for (ProjectSection* section : of(project)) {
    if (section->key() == key) return section;
  }
  const auto it = factories().find(key);
  return it == factories().end() ? nullptr : it->second(&project);
}

void ProjectSection::registerFactory(std::string key, Factory factory) {
  factories()[std::move(key)] = std::move(factory);
}

}  // namespace mg
