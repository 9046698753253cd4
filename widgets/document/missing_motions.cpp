// SPDX-License-Identifier: MIT
#include "widgets/document/missing_motions.h"

#include <exception>
#include <map>
#include <optional>

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

#include "core/import/motion_reader.h"
#include "widgets/document/project_section.h"

namespace mg {

std::shared_ptr<const Motion> missingMotionPlaceholder(const std::string& name,
                                                       const std::string& path, int frames,
                                                       double fps) {
  if (frames <= 0 || !(fps > 0)) frames = kUnknownMissingFrames, fps = 30.0;
  auto skeleton = std::make_shared<Skeleton>();
  Joint root;
  root.name = "missing";
  skeleton->joints.push_back(root);
  Motion m;
  m.name = name;
  m.sourcePath = path;
  m.skeleton = std::move(skeleton);
  m.fps = fps;
  m.rootPositions.assign(static_cast<size_t>(frames), Eigen::Vector3d::Zero());
  m.localRotations.assign(static_cast<size_t>(frames), Eigen::Quaterniond::Identity());
  return std::make_shared<const Motion>(std::move(m));
}

QString missingFileName(const MotionEntry& entry) {
  return QFileInfo(QString::fromStdString(entry.motion->sourcePath)).fileName();
}

Result<MotionEntry> readRelinkCandidate(const Project& project, MotionId id, const QString& file) {
  const std::string shown = QDir::toNativeSeparators(file).toStdString();
  const int row = project.indexOf(id);
  if (row < 0) return Error{shown + ": the motion to relink is no longer in the project"};
  const QString absolute = QFileInfo(file).absoluteFilePath();
  Result<Motion> motion = Error{""};
  try {
    motion = readMotionFile(absolute.toStdString(), project.importOptions());
  } catch (const std::exception&) {
    motion = Error{shown + ": not enough memory to read the file"};
  }
  if (!motion) return motion.error();
  Result<FileFingerprint> fingerprint = fingerprintFile(absolute.toStdString());
  if (!fingerprint) return fingerprint.error();

  MotionEntry entry{id, std::make_shared<const Motion>(std::move(motion.value())), {}};
  entry.file.fingerprint = *fingerprint;
  // Every section as it would be saved, checked against the motions with this one in place: a
  // hub frame or key time beyond the new file's end refuses it (as opening the project would).
  std::vector<std::shared_ptr<const Motion>> motions;
  for (const MotionEntry& e : project.motions()) motions.push_back(e.motion);
  motions[static_cast<size_t>(row)] = entry.motion;
  const ProjectFileContext context{motions, project.metricSettings(), true};
  const QString folder = QFileInfo(project.fileName()).absolutePath();
  for (const ProjectSection* section : ProjectSection::of(project)) {
    const Json json = section->save(project, folder);
    if (json.is_null()) continue;
    if (Status s = section->check(json, context); !s)
      return Error{shown + " does not fit the project's " + section->key() +
                   " section: " + s.error().message};
  }
  return entry;
}

Result<MissingFileSearch> findMissingFiles(const Project& project, const QString& folder,
                                           const Progress& progress) {
  if (!QFileInfo(folder).isDir())
    return Error{QDir::toNativeSeparators(folder).toStdString() + " is not a folder"};
  // The missing motions by lower-case file name.
  std::multimap<QString, const MotionEntry*> wanted;
  for (const MotionEntry& e : project.motions())
    if (e.file.missing) wanted.emplace(missingFileName(e).toLower(), &e);
  MissingFileSearch out;
  if (wanted.empty()) return out;

  std::map<MotionId, QString> candidateOf;  // first file of the right name and fingerprint
  QDirIterator it(folder, QDir::Files | QDir::Hidden | QDir::NoSymLinks,
                  QDirIterator::Subdirectories);
  int visited = 0;
  while (it.hasNext()) {
    const QString path = it.next();
    if (++visited % 64 == 0 && progress.cancelled())
      return Error{"searching " + QDir::toNativeSeparators(folder).toStdString() +
                   " was cancelled"};
    const auto [begin, end] = wanted.equal_range(it.fileName().toLower());
    std::optional<FileFingerprint> fingerprint;
    for (auto w = begin; w != end; ++w) {
      const MotionEntry& e = *w->second;
      if (candidateOf.contains(e.id)) continue;
      const FileFingerprint& recorded = e.file.fingerprint;
      if (recorded.known()) {
        if (it.fileInfo().size() != recorded.sizeBytes) {
          out.notTaken.push_back(QDir::toNativeSeparators(path) + QObject::tr(": another size"));
          continue;
        }
        if (!fingerprint) {
          Result<FileFingerprint> f = fingerprintFile(path.toStdString());
          if (!f) {
            out.notTaken.push_back(QString::fromStdString(f.error().message));
            break;
          }
          fingerprint = *f;
        }
        if (fingerprint->checksum != recorded.checksum) {
          out.notTaken.push_back(QDir::toNativeSeparators(path) +
                                 QObject::tr(": another checksum (a different file)"));
          continue;
        }
      }
      candidateOf[e.id] = path;
      break;
    }
  }
  const int total = static_cast<int>(wanted.size());
  int done = 0;
  for (const MotionEntry& e : project.motions()) {
    if (!e.file.missing) continue;
    progress.report(static_cast<double>(done++) / total);
    const auto c = candidateOf.find(e.id);
    if (c == candidateOf.end()) {
      ++out.stillMissing;
      continue;
    }
    Result<MotionEntry> entry = readRelinkCandidate(project, e.id, c->second);
    if (!entry) {
      out.notTaken.push_back(QString::fromStdString(entry.error().message));
      ++out.stillMissing;
      continue;
    }
    out.found.push_back(std::move(entry.value()));
  }
  progress.report(1.0);
  return out;
}

}  // namespace mg
