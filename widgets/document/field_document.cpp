// SPDX-License-Identifier: MIT
#include "widgets/document/field_document.h"

namespace mg {

namespace {
const RegisterProjectSection<FieldDocument> kFieldSection;
}  // namespace

FieldDocument::FieldDocument(Project* project) : ProjectSection(project, kKey) {}

void FieldDocument::setSettings(const FieldSettings& settings) {
  Q_ASSERT(settings.validate().ok());
  if (settings == m_settings) return;
  m_settings = settings;
  emit settingsChanged();
}

Json FieldDocument::save(const Project&, const QString&) const {
  return fieldSettingsJson(m_settings);
}

Status FieldDocument::check(const Json& section, const ProjectFileContext&) const {
  Result<FieldSettings> read = fieldSettingsFromJson(section);
  if (!read) return read.error();
  return Status::success();
}

void FieldDocument::apply(const Json& section, const std::vector<MotionId>&) {
  if (Result<FieldSettings> read = fieldSettingsFromJson(section)) setSettings(*read);
}

}  // namespace mg
