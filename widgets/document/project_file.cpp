// SPDX-License-Identifier: MIT
#include "widgets/document/project_file.h"

#include <cmath>
#include <exception>
#include <optional>
#include <set>

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "core/io/pmg_names.h"
#include "core/util/atomic_file.h"
#include "core/util/json_fields.h"
#include "widgets/document/missing_motions.h"
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
    const Motion& m = *entry.motion;
    if (m.sourcePath.empty()) {
      return Error{"motion \"" + m.name + "\" has no source file, so it cannot be saved"};
    }
    const QString absolute = QFileInfo(QString::fromStdString(m.sourcePath)).absoluteFilePath();
    // A missing motion keeps the relative path its file recorded (where the capture may come
    // back); a found one is written relative to where the project is saved now.
    const QString relative = entry.file.missing && !entry.file.recordedRelativePath.isEmpty()
                                 ? entry.file.recordedRelativePath
                                 : folder.relativeFilePath(absolute);
    JsonObject json{{"path", relative.toStdString()}, {"absolute_path", absolute.toStdString()}};
    FileFingerprint fingerprint = entry.file.fingerprint;
    if (!fingerprint.known() && !entry.file.missing) {
      if (Result<FileFingerprint> f = fingerprintFileRemembered(absolute.toStdString()))
        fingerprint = *f;
    }
    if (fingerprint.known()) {
      json["size_bytes"] = fingerprint.sizeBytes;
      json["checksum"] = checksumHex(fingerprint.checksum);
    }
    // A version 2 motion never found has no recorded length: its placeholder's is not written.
    if (!entry.file.missing || fingerprint.known()) {
      json["frames"] = m.frameCount();
      json["fps"] = m.fps;
    }
    motions.push_back(std::move(json));
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
  data.importOptions.unitAskedBy = kProjectUnitAskedBy;
  if (in.ok() && !(data.importOptions.metresPerUnit >= 0))
    in.fail("import.metres_per_unit", "must be >= 0");
  data.metric = readMetric(in, *metric, "metric");
  data.view = view ? *view : Json(JsonObject{});
  // The motions' entries first, so a bad entry fails before any capture is read.
  struct Recorded {
    std::string relative, absolute;
    FileFingerprint fingerprint;
    int frames = 0;
    double fps = 0;
  };
  std::vector<Recorded> recorded;
  in.objects(*motions, "motions", [&](const Json& m, const std::string& at) {
    Recorded r;
    r.relative = in.text(m, "path", at);
    if (v >= 3) {
      r.absolute = in.text(m, "absolute_path", at);
      const Json* size = in.optional(m, "size_bytes", at, JsonKind::Number);
      const Json* checksum = in.optional(m, "checksum", at, JsonKind::String);
      if (size && checksum && in.ok()) {
        r.fingerprint.sizeBytes = static_cast<std::int64_t>(size->get<double>());
        Result<std::uint64_t> c = checksumFromHex(checksum->get_ref<const std::string&>());
        if (!c)
          in.fail(at + ".checksum", c.error().message);
        else
          r.fingerprint.checksum = *c;
        if (r.fingerprint.sizeBytes < 0) in.fail(at + ".size_bytes", "must be >= 0");
      }
      if (in.optional(m, "frames", at, JsonKind::Number)) r.frames = in.integer(m, "frames", at, 1);
      if (in.optional(m, "fps", at, JsonKind::Number)) r.fps = in.number(m, "fps", at);
    }
    recorded.push_back(std::move(r));
  });
  if (!in.ok()) return in.error();

  // Motions: every file is tried, so the message lists all that are unreadable. Each is looked
  // for at its relative path, then its absolute one; a file whose fingerprint matches the
  // recorded one wins (a same-named file elsewhere may be another capture).
  const QDir folder = QFileInfo(path).absoluteDir();
  std::string failures;
  const size_t motionCount = recorded.size();
  for (size_t i = 0; i < motionCount; ++i) {
    if (progress.cancelled()) return fileError(path, "opening the project was cancelled");
    progress.report(static_cast<double>(i) / static_cast<double>(motionCount));
    const Recorded& r = recorded[i];
    const QString relativeFile =
        QDir::cleanPath(folder.absoluteFilePath(QString::fromStdString(r.relative)));
    std::vector<QString> places{relativeFile};
    if (!r.absolute.empty()) {
      const QString absolute = QDir::cleanPath(QString::fromStdString(r.absolute));
      if (absolute != relativeFile) places.push_back(absolute);
    }
    QString file;
    std::optional<FileFingerprint> fingerprint;
    for (const QString& place : places) {
      if (!QFileInfo(place).isFile()) continue;
      Result<FileFingerprint> f = fingerprintFileRemembered(place.toStdString());
      if (file.isEmpty() || (f && r.fingerprint.known() && *f == r.fingerprint)) {
        file = place;
        fingerprint = f ? std::optional(*f) : std::nullopt;
        if (!r.fingerprint.known() || (f && *f == r.fingerprint)) break;
      }
    }
    MotionFile state;
    if (file.isEmpty()) {
      // Found nowhere: a placeholder of the recorded length keeps the motion's hubs and keys.
      const QString last = places.back();
      state.missing = true;
      state.fingerprint = r.fingerprint;
      state.recordedRelativePath = QString::fromStdString(r.relative);
      data.motions.push_back(missingMotionPlaceholder(
          QFileInfo(last).completeBaseName().toStdString(), last.toStdString(), r.frames, r.fps));
      data.files.push_back(std::move(state));
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
    if (fingerprint) state.fingerprint = *fingerprint;
    data.motions.push_back(std::make_shared<const Motion>(std::move(motion.value())));
    data.files.push_back(std::move(state));
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
  for (size_t i = 0; i < data.motions.size(); ++i) {
    const MotionId id = project->allocateMotionId();
    ids.push_back(id);
    MotionFile file = i < data.files.size() ? std::move(data.files[i]) : MotionFile{};
    project->insertMotion(project->motionCount(),
                          MotionEntry{id, std::move(data.motions[i]), std::move(file)});
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
