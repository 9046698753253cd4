// SPDX-License-Identifier: MIT
#include "widgets/document/project_file.h"

#include <cmath>
#include <exception>
#include <set>

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "core/util/atomic_file.h"
#include "widgets/document/project.h"
#include "widgets/document/project_section.h"

namespace mg {

namespace {

// The keys project_file.cpp reads itself; every other top-level key belongs to a ProjectSection.
const std::set<std::string, std::less<>> kCoreKeys = {"format",  "version", "import", "metric",
                                                      "motions", "hubs",    "view",   "parametric"};

Error fileError(const QString& path, const std::string& message) {
  return Error{QDir::toNativeSeparators(path).toStdString() + ": " + message};
}

const char* jointsName(JointSelection j) {
  switch (j) {
    case JointSelection::Major: return "major";
    case JointSelection::Custom: return "custom";
    case JointSelection::All: break;
  }
  return "all";
}

// Typed member access; each returns null and sets `why` when the member is missing or mistyped.
const Json* member(const Json& object, const char* key, JsonKind kind, std::string* why,
                   bool optional = false) {
  const Json* v = jsonFind(object, key);
  if (!v) {
    if (!optional) *why = std::string("missing \"") + key + "\"";
    return nullptr;
  }
  if (jsonKind(*v) != kind) {
    *why = std::string("\"") + key + "\" has the wrong type";
    return nullptr;
  }
  return v;
}

bool wholeNumber(const Json& v, int* out) {
  const double n = v.get<double>();
  if (!std::isfinite(n) || n != std::floor(n) || std::abs(n) > 1e9) return false;
  *out = static_cast<int>(n);
  return true;
}

}  // namespace

Json metricSettingsJson(const MetricSettings& s) {
  JsonArray custom;
  for (const std::string& name : s.customJoints) custom.emplace_back(name);
  return JsonObject{{"window_frames", s.windowFrames},
                    {"joints", jointsName(s.joints)},
                    {"custom_joints", std::move(custom)},
                    {"weighting", s.weighting == WindowWeighting::Uniform ? "uniform" : "tapered"},
                    {"working_fps", s.workingFps}};
}

Result<MetricSettings> metricSettingsFromJson(const Json& json) {
  std::string why;
  MetricSettings s;
  const Json* window = member(json, "window_frames", JsonKind::Number, &why);
  const Json* joints = member(json, "joints", JsonKind::String, &why);
  const Json* custom = member(json, "custom_joints", JsonKind::Array, &why);
  const Json* weighting = member(json, "weighting", JsonKind::String, &why);
  const Json* fps = member(json, "working_fps", JsonKind::Number, &why);
  if (!window || !joints || !custom || !weighting || !fps) return Error{"metric: " + why};
  if (!wholeNumber(*window, &s.windowFrames)) return Error{"metric: bad window_frames"};
  const std::string& j = joints->get_ref<const std::string&>();
  if (j == "all") s.joints = JointSelection::All;
  else if (j == "major") s.joints = JointSelection::Major;
  else if (j == "custom") s.joints = JointSelection::Custom;
  else return Error{"metric: unknown joints \"" + j + "\""};
  for (const Json& name : *custom) {
    if (!name.is_string()) return Error{"metric: custom_joints holds a non-string"};
    s.customJoints.push_back(name.get_ref<const std::string&>());
  }
  if (weighting->get_ref<const std::string&>() == "uniform")
    s.weighting = WindowWeighting::Uniform;
  else if (weighting->get_ref<const std::string&>() == "tapered")
    s.weighting = WindowWeighting::Tapered;
  else
    return Error{"metric: unknown weighting \"" + weighting->get_ref<const std::string&>() + "\""};
  s.workingFps = fps->get<double>();
  if (Status ok = s.validate(); !ok) return Error{"metric: " + ok.error().message};
  return s;
}

Result<Json> projectJson(const Project& project, const QString& projectPath) {
  const QDir folder = QFileInfo(projectPath).absoluteDir();
  JsonArray motions;
  for (const MotionEntry& entry : project.motions()) {
    if (entry.motion->sourcePath.empty()) {
      return Error{"motion \"" + entry.motion->name + "\" has no source file, so it cannot be saved"};
    }
    const QString absolute = QFileInfo(QString::fromStdString(entry.motion->sourcePath)).absoluteFilePath();
    motions.push_back(JsonObject{{"path", folder.relativeFilePath(absolute).toStdString()}});
  }
  JsonArray hubs;
  for (const HubSpec& h : project.hubs()->hubs()) {
    JsonObject hub{{"name", h.name.toStdString()},
                   {"colour", h.colour.name(QColor::HexRgb).toStdString()},
                   {"threshold_m2", h.threshold},
                   {"motion", project.indexOf(h.motion)},
                   {"frame", h.frame},
                   {"wmin_frames", h.wminFrames}};
    if (h.nodePosition) hub["node"] = JsonArray{h.nodePosition->x(), h.nodePosition->y()};
    hubs.emplace_back(std::move(hub));
  }
  const ImportOptions& io = project.importOptions();
  Json root(JsonObject{
      {"format", kProjectFormat},
      {"version", kProjectVersion},
      {"import", JsonObject{{"metres_per_unit", io.metresPerUnit},
                            {"trim_leading_frames", io.trimLeadingFrames}}},
      {"metric", metricSettingsJson(project.metricSettings())},
      {"motions", std::move(motions)},
      {"hubs", std::move(hubs)},
      {"view", project.viewState().is_object() ? project.viewState() : Json(JsonObject{})}});
  Json parametric = parametricSectionJson(*project.parametric(), project, folder.absolutePath());
  if (!parametric.is_null()) root["parametric"] = std::move(parametric);
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
  const Json& root = *parsed;
  const Json* format = jsonFind(root, "format");
  if (!root.is_object() || !format || !format->is_string() ||
      format->get_ref<const std::string&>() != kProjectFormat) {
    return fileError(path, std::string("not a Motion Graph Studio project (no \"format\": \"") +
                               kProjectFormat + "\")");
  }
  std::string why;
  const Json* version = member(root, "version", JsonKind::Number, &why);
  int v = 0;
  if (!version || !wholeNumber(*version, &v)) return fileError(path, why.empty() ? "bad version" : why);
  if (v < 1 || v > kProjectVersion) {
    return fileError(path, "project version " + std::to_string(v) + " is not supported (this build reads 1 to " +
                               std::to_string(kProjectVersion) + "; a newer editor may read it)");
  }
  const Json* import = member(root, "import", JsonKind::Object, &why);
  const Json* metric = member(root, "metric", JsonKind::Object, &why);
  const Json* motions = member(root, "motions", JsonKind::Array, &why);
  const Json* hubs = member(root, "hubs", JsonKind::Array, &why);
  const Json* view = member(root, "view", JsonKind::Object, &why, true);
  if (!import || !metric || !motions || !hubs || !why.empty()) return fileError(path, why);

  ProjectData data;
  const Json* unit = member(*import, "metres_per_unit", JsonKind::Number, &why);
  const Json* trim = member(*import, "trim_leading_frames", JsonKind::Number, &why);
  if (!unit || !trim) return fileError(path, "import: " + why);
  data.importOptions.metresPerUnit = unit->get<double>();
  if (!wholeNumber(*trim, &data.importOptions.trimLeadingFrames) || data.importOptions.trimLeadingFrames < 0 ||
      !(data.importOptions.metresPerUnit >= 0)) {
    return fileError(path, "import: bad value");
  }
  Result<MetricSettings> settings = metricSettingsFromJson(*metric);
  if (!settings) return fileError(path, settings.error().message);
  data.metric = *settings;
  if (view) data.view = *view;
  else
    data.view = JsonObject{};

  // Motions: every file is tried, so the message lists all that are missing or unreadable.
  const QDir folder = QFileInfo(path).absoluteDir();
  std::string failures;
  const size_t motionCount = motions->size();
  for (size_t i = 0; i < motionCount; ++i) {
    const Json& m = (*motions)[i];
    if (progress.cancelled()) return fileError(path, "opening the project was cancelled");
    progress.report(static_cast<double>(i) / static_cast<double>(motionCount));
    const Json* rel = m.is_object() ? member(m, "path", JsonKind::String, &why) : nullptr;
    if (!rel) return fileError(path, "a motion entry has no \"path\"");
    const QString file = QDir::cleanPath(
        folder.absoluteFilePath(QString::fromStdString(rel->get_ref<const std::string&>())));
    if (!QFileInfo::exists(file)) {
      failures += "\n  missing: " + QDir::toNativeSeparators(file).toStdString();
      continue;
    }
    Result<Motion> motion = Error{""};
    try {
      motion = readMotionFile(file.toStdString(), data.importOptions);
    } catch (const std::exception&) {  // bad_alloc, length_error: a file asking for absurd sizes
      motion = Error{QDir::toNativeSeparators(file).toStdString() + ": not enough memory to read the file"};
    }
    if (!motion) {
      failures += "\n  " + motion.error().message;
      continue;
    }
    data.motions.push_back(std::make_shared<const Motion>(std::move(motion.value())));
  }
  if (!failures.empty()) return fileError(path, "motion files could not be read:" + failures);
  progress.report(1.0);
  if (const Json* parametric = jsonFind(root, "parametric")) {
    Result<ParametricSection> section = readParametricSection(*parametric, data.motions);
    if (!section) return fileError(path, section.error().message);
    data.parametric = std::move(section.value());
  }

  for (const auto& [key, value] : root.get_ref<const JsonObject&>()) {
    if (!kCoreKeys.contains(key)) data.sections[key] = value;
  }

  for (const Json& h : *hubs) {
    if (!h.is_object()) return fileError(path, "a hub entry is not an object");
    const Json* name = member(h, "name", JsonKind::String, &why);
    const Json* colour = member(h, "colour", JsonKind::String, &why);
    const Json* threshold = member(h, "threshold_m2", JsonKind::Number, &why);
    const Json* motion = member(h, "motion", JsonKind::Number, &why);
    const Json* frame = member(h, "frame", JsonKind::Number, &why);
    const Json* wmin = member(h, "wmin_frames", JsonKind::Number, &why);
    const Json* node = member(h, "node", JsonKind::Array, &why, true);
    if (!name || !colour || !threshold || !motion || !frame || !wmin || !why.empty()) {
      return fileError(path, "hub: " + why);
    }
    HubSpec spec;
    spec.id = static_cast<HubId>(data.hubs.size()) + 1;
    spec.name = QString::fromStdString(name->get_ref<const std::string&>());
    spec.colour = QColor(QString::fromStdString(colour->get_ref<const std::string&>()));
    spec.threshold = threshold->get<double>();
    const std::string label = "hub \"" + name->get_ref<const std::string&>() + "\": ";
    if (!spec.colour.isValid()) return fileError(path, label + "bad colour");
    if (!(spec.threshold > 0) || !std::isfinite(spec.threshold)) return fileError(path, label + "bad threshold");
    if (!wholeNumber(*motion, &spec.motion) || spec.motion < 0 || spec.motion >= static_cast<int>(data.motions.size())) {
      return fileError(path, label + "names a motion that is not in the project");
    }
    // Frames count at the metric's working rate.
    const Motion& source = *data.motions[spec.motion];
    if (!wholeNumber(*frame, &spec.frame) || spec.frame < 0 ||
        spec.frame >= workingFrameCount(source, data.metric.workingFps)) {
      return fileError(path, label + "frame is outside its motion");
    }
    if (!wholeNumber(*wmin, &spec.wminFrames) || spec.wminFrames < 2) return fileError(path, label + "bad wmin_frames");
    if (node) {
      const auto& xy = (*node);
      if (xy.size() != 2 || !xy[0].is_number() || !xy[1].is_number())
        return fileError(path, label + "bad node position");
      spec.nodePosition = QPointF(xy[0].get<double>(), xy[1].get<double>());
    }
    data.hubs.push_back(std::move(spec));
  }
  return data;
}

Status checkProjectSections(const Project& project, const ProjectData& data, const QString& path) {
  for (const ProjectSection* section : ProjectSection::of(project)) {
    const auto it = data.sections.find(section->key());
    if (it == data.sections.end()) continue;
    if (Status s = section->check(it->second, data.motions); !s) {
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
  for (HubSpec& h : data.hubs) h.motion = ids[h.motion];
  project->hubs()->reset(std::move(data.hubs));
  applyParametricSection(project->parametric(), std::move(data.parametric), ids);
  for (ProjectSection* section : ProjectSection::of(*project)) {
    if (const auto it = data.sections.find(section->key()); it != data.sections.end()) section->apply(it->second, ids);
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

QString autosavePath(const QString& projectPath) { return projectPath + QStringLiteral(".autosave"); }

bool isRecoverableAutosave(const QString& autosave) { return QFileInfo::exists(autosave) && checkProjectFile(autosave); }

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
