// SPDX-License-Identifier: MIT
#include "widgets/document/project_file.h"

#include <cmath>
#include <exception>
#include <set>

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "core/io/pmg_names.h"
#include "core/util/atomic_file.h"
#include "core/util/json_fields.h"
#include "widgets/document/project.h"
#include "widgets/document/project_section.h"

namespace mg {

namespace {

// The keys project_file.cpp reads itself; every other top-level key belongs to a ProjectSection.
const std::set<std::string, std::less<>> kCoreKeys = {"format", "version", "import",
                                                      "metric", "motions", "view"};

// A version 1 file's kind keys under their version 2 names (project_file.h).
void upgradeVersion1(Json& root) {
  JsonObject& object = root.get_ref<JsonObject&>();
  if (const auto hubs = object.find("hubs"); hubs != object.end()) {
    Json snap = JsonObject{{"hubs", std::move(hubs->second)}};
    object.erase(hubs);
    object["snap"] = std::move(snap);
  }
  for (const auto& [from, to] :
       {std::pair<const char*, const char*>{"parametric", "pmg"}, {"motion_field", "field"}}) {
    if (const auto it = object.find(from); it != object.end()) {
      Json value = std::move(it->second);
      object.erase(it);
      object[to] = std::move(value);
    }
  }
}

Error fileError(const QString& path, const std::string& message) {
  return Error{QDir::toNativeSeparators(path).toStdString() + ": " + message};
}

// The metric settings at `path` (the project's "metric" object).
MetricSettings readMetric(JsonFields& in, const Json& json, const std::string& path) {
  MetricSettings s;
  s.windowFrames = in.integer(json, "window_frames", path);
  const std::string joints = in.text(json, "joints", path);
  const Json* custom = in.array(json, "custom_joints", path);
  const std::string weighting = in.text(json, "weighting", path);
  s.workingFps = in.number(json, "working_fps", path);
  if (custom) s.customJoints = in.strings(*custom, path + ".custom_joints");
  if (!in.ok()) return s;
  Result<JointSelection> j = jointSelectionByName(joints);
  if (!j) return in.fail(path + ".joints", j.error().message), s;
  Result<WindowWeighting> w = weightingByName(weighting);
  if (!w) return in.fail(path + ".weighting", w.error().message), s;
  s.joints = *j, s.weighting = *w;
  if (Status ok = s.validate(); !ok) in.fail(path, ok.error().message);
  return s;
}

}  // namespace

Json metricSettingsJson(const MetricSettings& s) {
  JsonArray custom;
  for (const std::string& name : s.customJoints) custom.emplace_back(name);
  return JsonObject{{"window_frames", s.windowFrames},
                    {"joints", jointSelectionName(s.joints)},
                    {"custom_joints", std::move(custom)},
                    {"weighting", weightingName(s.weighting)},
                    {"working_fps", s.workingFps}};
}

Result<Json> projectJson(const Project& project, const QString& projectPath) {
  const QDir folder = QFileInfo(projectPath).absoluteDir();
  JsonArray motions;
  for (const MotionEntry& entry : project.motions()) {
    if (entry.motion->sourcePath.empty()) {
      return Error{"motion \"" + entry.motion->name +
                   "\" has no source file, so it cannot be saved"};
    }
    const QString absolute =
        QFileInfo(QString::fromStdString(entry.motion->sourcePath)).absoluteFilePath();
    motions.push_back(JsonObject{{"path", folder.relativeFilePath(absolute).toStdString()}});
  }
  const ImportOptions& io = project.importOptions();
  Json root(JsonObject{
      {"format", kProjectFormat},
      {"version", kProjectVersion},
      {"import", JsonObject{{"metres_per_unit", io.metresPerUnit},
                            {"trim_leading_frames", io.trimLeadingFrames}}},
      {"metric", metricSettingsJson(project.metricSettings())},
      {"motions", std::move(motions)},
      {"view", project.viewState().is_object() ? project.viewState() : Json(JsonObject{})}});
  for (const ProjectSection* section : ProjectSection::of(project)) {
    Json json = section->save(project, folder.absolutePath());
    if (!json.is_null()) root[section->key()] = std::move(json);
  }
  return root;
}

Status saveProject(const Project& project, const QString& path) {
  Result<Json> json = projectJson(project, path);
  if (!json) return fileError(path, json.error().message);
  // The shared atomic writer: every write checked, synced before the rename, so a full disk
  // leaves the previous file (and says "Disk full: ...").
  return writeTextFileAtomically(QDir::toNativeSeparators(path).toStdString(),
                                 jsonText(*json, 2) + "\n");
}

namespace {

// Parses `path` and checks its format tag and version, without reading any motion.
Status checkProjectFile(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return fileError(path, "could not be opened");
  Result<Json> parsed = readJsonText(file.readAll().toStdString());
  if (!parsed) return fileError(path, "not a valid project file (" + parsed.error().message + ")");
  const Json* format = parsed->is_object() ? jsonFind(*parsed, "format") : nullptr;
  const Json* version = parsed->is_object() ? jsonFind(*parsed, "version") : nullptr;
  if (!format || !format->is_string() || format->get_ref<const std::string&>() != kProjectFormat ||
      !version || jsonKind(*version) != JsonKind::Number || version->get<double>() < 1 ||
      version->get<double>() > kProjectVersion) {
    return fileError(path, "not a Motion Graph Studio project this build reads");
  }
  return Status::success();
}

}  // namespace

Result<ProjectData> readProject(const QString& path, const Progress& progress) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    return fileError(path, "could not be opened: " + file.errorString().toStdString());
  }
  Result<Json> parsed = readJsonText(file.readAll().toStdString());
  if (!parsed) return fileError(path, "not a valid project file (" + parsed.error().message + ")");
  Json& root = *parsed;
  const Json* format = jsonFind(root, "format");
  if (!root.is_object() || !format || !format->is_string() ||
      format->get_ref<const std::string&>() != kProjectFormat) {
    return fileError(path, std::string("not a Motion Graph Studio project (no \"format\": \"") +
                               kProjectFormat + "\")");
  }
  JsonFields in(QDir::toNativeSeparators(path).toStdString());
  const int v = in.integer(root, "version", "");
  if (!in.ok()) return in.error();
  if (v < 1 || v > kProjectVersion) {
    return fileError(path, "project version " + std::to_string(v) +
                               " is not supported (this build reads 1 to " +
                               std::to_string(kProjectVersion) + "; a newer editor may read it)");
  }
  const Json* import = in.object(root, "import", "");
  const Json* metric = in.object(root, "metric", "");
  const Json* motions = in.array(root, "motions", "");
  if (v == 1) in.array(root, "hubs", "");  // required in version 1
  const Json* view = in.optional(root, "view", "", JsonKind::Object);
  if (!in.ok()) return in.error();

  ProjectData data;
  data.importOptions.metresPerUnit = in.number(*import, "metres_per_unit", "import");
  data.importOptions.trimLeadingFrames = in.integer(*import, "trim_leading_frames", "import", 0);
  if (in.ok() && !(data.importOptions.metresPerUnit >= 0))
    in.fail("import.metres_per_unit", "must be >= 0");
  data.metric = readMetric(in, *metric, "metric");
  data.view = view ? *view : Json(JsonObject{});
  // The motions' paths first, so a bad entry fails before any capture is read.
  std::vector<std::string> relative;
  in.objects(*motions, "motions", [&](const Json& m, const std::string& at) {
    relative.push_back(in.text(m, "path", at));
  });
  if (!in.ok()) return in.error();

  // Motions: every file is tried, so the message lists all that are missing or unreadable.
  const QDir folder = QFileInfo(path).absoluteDir();
  std::string failures;
  const size_t motionCount = relative.size();
  for (size_t i = 0; i < motionCount; ++i) {
    if (progress.cancelled()) return fileError(path, "opening the project was cancelled");
    progress.report(static_cast<double>(i) / static_cast<double>(motionCount));
    const QString file =
        QDir::cleanPath(folder.absoluteFilePath(QString::fromStdString(relative[i])));
    if (!QFileInfo::exists(file)) {
      failures += "\n  missing: " + QDir::toNativeSeparators(file).toStdString();
      continue;
    }
    Result<Motion> motion = Error{""};
    try {
      motion = readMotionFile(file.toStdString(), data.importOptions);
    } catch (const std::exception&) {  // bad_alloc, length_error: a file asking for absurd sizes
      motion = Error{QDir::toNativeSeparators(file).toStdString() +
                     ": not enough memory to read the file"};
    }
    if (!motion) {
      failures += "\n  " + motion.error().message;
      continue;
    }
    data.motions.push_back(std::make_shared<const Motion>(std::move(motion.value())));
  }
  if (!failures.empty()) return fileError(path, "motion files could not be read:" + failures);
  progress.report(1.0);
  if (v == 1) upgradeVersion1(root);
  for (const auto& [key, value] : root.get_ref<const JsonObject&>()) {
    if (!kCoreKeys.contains(key)) data.sections[key] = value;
  }
  return data;
}

Status checkProjectSections(Project& project, const ProjectData& data, const QString& path) {
  const ProjectFileContext context{data.motions, data.metric};
  for (const auto& [key, value] : data.sections) {
    const ProjectSection* section = ProjectSection::forKey(project, key);
    if (!section) continue;  // a key no kind of this build registered
    if (Status s = section->check(value, context); !s) {
      const std::string& why = s.error().message;
      const bool named =
          why.starts_with(section->key() + ":") || why.starts_with(section->key() + " ");
      return fileError(path, named ? why : section->key() + ": " + why);
    }
  }
  return Status::success();
}

void applyProject(Project* project, ProjectData data, const QString& fileName) {
  project->clear();
  project->setImportOptions(data.importOptions);
  project->setMetricSettings(data.metric);
  std::vector<MotionId> ids;
  for (auto& motion : data.motions) {
    const MotionId id = project->allocateMotionId();
    ids.push_back(id);
    project->insertMotion(project->motionCount(), MotionEntry{id, std::move(motion)});
  }
  for (ProjectSection* section : ProjectSection::of(*project)) {
    if (const auto it = data.sections.find(section->key()); it != data.sections.end())
      section->apply(it->second, ids);
  }
  project->setViewState(std::move(data.view));
  project->setFileName(fileName);
  project->undoStack()->setClean();
}

Status loadProject(Project* project, const QString& path) {
  Result<ProjectData> data = readProject(path);
  if (!data) return data.error();
  if (Status s = checkProjectSections(*project, *data, path); !s) return s;
  applyProject(project, std::move(data.value()), QFileInfo(path).absoluteFilePath());
  return Status::success();
}

QString autosavePath(const QString& projectPath) {
  return projectPath + QStringLiteral(".autosave");
}

bool isRecoverableAutosave(const QString& autosave) {
  return QFileInfo::exists(autosave) && checkProjectFile(autosave);
}

bool hasRecoverableAutosave(const QString& projectPath) {
  const QFileInfo autosave(autosavePath(projectPath));
  if (!autosave.exists()) return false;
  const QFileInfo project(projectPath);
  if (project.exists() && autosave.lastModified() < project.lastModified()) return false;
  return isRecoverableAutosave(autosave.filePath());
}

int tidySaveTemporaries(const QString& projectPath) {
  const QString autosave = autosavePath(projectPath);
  int removed = 0;
  for (const QString& target : {projectPath, autosave}) {
    for (const std::string& t : saveTemporariesOf(QDir::toNativeSeparators(target).toStdString())) {
      const QString temp = QString::fromStdString(t);
      const QFileInfo info(temp);
      // A complete temporary (killed between writing and renaming) newer than what it would have
      // replaced and than the autosave holds the latest edits: keep it as the autosave, which the
      // caller then offers to recover.
      const auto newer = [&info](const QString& other) {
        return !QFileInfo::exists(other) || info.lastModified() > QFileInfo(other).lastModified();
      };
      if (newer(projectPath) && newer(autosave) && checkProjectFile(temp)) {
        QFile::remove(autosave);
        if (QFile::rename(temp, autosave)) continue;
      }
      if (QFile::remove(temp)) ++removed;
    }
  }
  return removed;
}

}  // namespace mg
