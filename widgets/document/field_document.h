// SPDX-License-Identifier: MIT
#pragma once

#include "widgets/document/field_settings.h"
#include "widgets/document/project_section.h"

namespace mg {

// The Motion Fields part of a project: its authoring settings, saved as the "field"
// section (always written; a file without it gets the defaults). A child of the project made by
// the Motion Fields workspace; changed through setFieldSettingsCommand so edits are undoable.
// UI thread only.
class FieldDocument : public ProjectSection {
  Q_OBJECT

 public:
  static constexpr const char* kKey = "field";
  explicit FieldDocument(Project* project);

  const FieldSettings& settings() const { return m_settings; }
  // Precondition: settings.validate() succeeds. Emits settingsChanged only when the value changes.
  void setSettings(const FieldSettings& settings);

  Json save(const Project& project, const QString& projectFolder) const override;
  Status check(const Json& section, const ProjectFileContext& file) const override;
  void apply(const Json& section, const std::vector<MotionId>& motionIds) override;
  void clear() override { setSettings({}); }

 signals:
  void settingsChanged();

 private:
  FieldSettings m_settings;
};

}  // namespace mg
