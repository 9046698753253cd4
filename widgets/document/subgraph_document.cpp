// SPDX-License-Identifier: MIT
#include "widgets/document/subgraph_document.h"

#include <algorithm>

#include "widgets/document/project.h"
#include "widgets/document/subgraph_file.h"

namespace mg {

namespace {
const RegisterProjectSection<SubgraphDocument> kSubgraphSection;
}  // namespace

SubgraphDocument::SubgraphDocument(Project* project)
    : ProjectSection(project, kKey), m_project(project) {}

Json SubgraphDocument::save(const Project& project, const QString&) const {
  return subgraphSectionJson(*this, project);
}

Status SubgraphDocument::check(const Json& section, const ProjectFileContext& file) const {
  Result<SubgraphSection> read = readSubgraphSection(section, file.motions);
  if (!read) return read.error();
  return Status::success();
}

void SubgraphDocument::apply(const Json& section, const std::vector<MotionId>& motionIds) {
  // The file's motions are in the project now, in file order.
  std::vector<std::shared_ptr<const Motion>> motions;
  for (MotionId id : motionIds) motions.push_back(m_project->motion(id));
  Result<SubgraphSection> read = readSubgraphSection(section, motions);
  if (read) applySubgraphSection(this, std::move(read.value()), motionIds);
}

const SubgraphKeySpec* SubgraphDocument::key(SubgraphKeyId id) const {
  const int row = keyRow(id);
  return row < 0 ? nullptr : &m_keys[row];
}

int SubgraphDocument::keyRow(SubgraphKeyId id) const {
  for (size_t i = 0; i < m_keys.size(); ++i) {
    if (m_keys[i].id == id) return static_cast<int>(i);
  }
  return -1;
}

QString SubgraphDocument::uniqueName(const QString& base) const {
  auto used = [this](const QString& name) {
    return std::any_of(m_keys.begin(), m_keys.end(),
                       [&](const SubgraphKeySpec& k) { return k.name == name; });
  };
  if (!used(base)) return base;
  for (int i = 2;; ++i) {
    const QString name = base + QStringLiteral(" %1").arg(i);
    if (!used(name)) return name;
  }
}

QColor SubgraphDocument::nextColour() const {
  // Distinct hues that read on the dark timeline and next to the reasons' shading.
  static const QColor palette[] = {
      QColor(86, 180, 233), QColor(230, 159, 0), QColor(204, 121, 167), QColor(0, 158, 115),
      QColor(240, 228, 66), QColor(213, 94, 0),  QColor(160, 130, 240), QColor(120, 220, 220)};
  for (const QColor& c : palette) {
    if (std::none_of(m_keys.begin(), m_keys.end(),
                     [&](const SubgraphKeySpec& k) { return k.colour == c; }))
      return c;
  }
  return palette[m_keys.size() % std::size(palette)];
}

void SubgraphDocument::insertKey(int row, SubgraphKeySpec key) {
  row = std::clamp(row, 0, static_cast<int>(m_keys.size()));
  m_nextId = std::max(m_nextId, key.id + 1);
  m_keys.insert(m_keys.begin() + row, std::move(key));
  emit keysChanged();
}

SubgraphKeySpec SubgraphDocument::takeKey(SubgraphKeyId id) {
  const int row = keyRow(id);
  if (row < 0) return {};
  SubgraphKeySpec out = std::move(m_keys[row]);
  m_keys.erase(m_keys.begin() + row);
  emit keysChanged();
  return out;
}

void SubgraphDocument::replaceKey(const SubgraphKeySpec& key) {
  const int row = keyRow(key.id);
  if (row < 0 || m_keys[row] == key) return;
  m_keys[row] = key;
  emit keysChanged();
}

void SubgraphDocument::setSettings(const SubgraphSettings& settings) {
  if (settings == m_settings) return;
  m_settings = settings;
  emit settingsChanged();
}

void SubgraphDocument::setChoices(std::vector<SubgraphChoice> choices) {
  if (choices == m_choices) return;
  m_choices = std::move(choices);
  emit choicesChanged();
}

void SubgraphDocument::replaceAll(std::vector<SubgraphKeySpec> keys, SubgraphSettings settings,
                                  std::vector<SubgraphChoice> choices) {
  m_keys = std::move(keys);
  m_settings = settings;
  m_choices = std::move(choices);
  m_nextId = 1;
  for (const SubgraphKeySpec& k : m_keys) m_nextId = std::max(m_nextId, k.id + 1);
  emit reset();
}

}  // namespace mg
