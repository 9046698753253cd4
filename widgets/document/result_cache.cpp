// SPDX-License-Identifier: MIT
#include "widgets/document/result_cache.h"

#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "core/util/atomic_file.h"
#include "core/util/file_checksum.h"
#include "widgets/document/project_file.h"

namespace mg {

namespace {

QString cacheFile(const QString& projectPath, const std::string& name) {
  return resultCacheFolder(projectPath) + QLatin1Char('/') + QString::fromStdString(name);
}

std::string shown(const QString& path) {
  return QDir::toNativeSeparators(path).toStdString();
}

// The header and payload of a cache file; an error names what is wrong.
struct CacheFile {
  Json header;
  std::string payload;
};

Result<CacheFile> parseCacheFile(const QString& path, const std::string& name) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return Error{"could not be opened"};
  const QByteArray bytes = file.readAll();
  const std::string magic = std::string(kResultCacheMagic) + "\n";
  if (!bytes.startsWith(QByteArray::fromStdString(magic))) return Error{"not a result cache"};
  const qsizetype lineEnd = bytes.indexOf('\n', static_cast<qsizetype>(magic.size()));
  if (lineEnd < 0) return Error{"truncated header"};
  const QByteArray line = bytes.mid(static_cast<qsizetype>(magic.size()),
                                    lineEnd - static_cast<qsizetype>(magic.size()));
  Result<Json> header = readJsonText(line.toStdString());
  if (!header || !header->is_object()) return Error{"its header is not valid JSON"};
  const Json* format = jsonFind(*header, "format");
  const Json* version = jsonFind(*header, "version");
  const Json* storedName = jsonFind(*header, "name");
  const Json* size = jsonFind(*header, "size_bytes");
  const Json* checksum = jsonFind(*header, "checksum");
  const Json* key = jsonFind(*header, "key");
  if (!format || !format->is_string() ||
      format->get_ref<const std::string&>() != kResultCacheFormat)
    return Error{"not a result cache"};
  if (!version || !version->is_number() || version->get<double>() != kResultCacheVersion)
    return Error{"a cache version this build does not read"};
  if (!storedName || !storedName->is_string() ||
      storedName->get_ref<const std::string&>() != name || !size || !size->is_number() ||
      !checksum || !checksum->is_string() || !key || !key->is_string() ||
      !jsonFind(*header, "inputs"))
    return Error{"its header lacks a field"};
  const qsizetype begin = lineEnd + 1;
  if (static_cast<double>(bytes.size() - begin) != size->get<double>())
    return Error{"truncated or padded (the payload is not the recorded size)"};
  CacheFile out;
  out.payload = bytes.mid(begin).toStdString();
  Result<std::uint64_t> expected = checksumFromHex(checksum->get_ref<const std::string&>());
  if (!expected || *expected != checksum64(out.payload))
    return Error{"its checksum does not match (the file is damaged)"};
  out.header = std::move(*header);
  return out;
}

}  // namespace

QString resultCacheFolder(const QString& projectPath) {
  if (projectPath.isEmpty()) return {};
  const QFileInfo info(projectPath);
  return info.absoluteDir().filePath(info.completeBaseName() + QStringLiteral(".mgcache"));
}

std::uint64_t resultCacheKey(const Json& inputs) {
  return checksum64(jsonText(inputs, -1));
}

Status writeResultCache(const QString& projectPath, const std::string& name, const Json& inputs,
                        const std::string& payload) {
  const QString folder = resultCacheFolder(projectPath);
  if (folder.isEmpty()) return Error{"the project has no file yet, so its results have no cache"};
  if (!QDir().mkpath(folder)) return Error{shown(folder) + ": the cache folder could not be made"};
  const Json header(JsonObject{{"format", kResultCacheFormat},
                               {"version", kResultCacheVersion},
                               {"name", name},
                               {"key", checksumHex(resultCacheKey(inputs))},
                               {"inputs", inputs},
                               {"size_bytes", static_cast<double>(payload.size())},
                               {"checksum", checksumHex(checksum64(payload))}});
  return writeTextFileAtomically(
      shown(cacheFile(projectPath, name)),
      std::string(kResultCacheMagic) + "\n" + jsonText(header, -1) + "\n" + payload);
}

CachedResult readResultCache(const QString& projectPath, const std::string& name,
                             const Json& inputs) {
  CachedResult out;
  const QString path = cacheFile(projectPath, name);
  if (projectPath.isEmpty() || !QFileInfo::exists(path)) return out;
  Result<CacheFile> file = parseCacheFile(path, name);
  if (!file) {
    out.state = CachedResult::State::Corrupt;
    out.message = QString::fromStdString(shown(path) + ": cache ignored, " + file.error().message);
    return out;
  }
  out.inputs = file->header.at("inputs");
  if (file->header.at("key").get_ref<const std::string&>() != checksumHex(resultCacheKey(inputs))) {
    out.state = CachedResult::State::Stale;
    out.message =
        QString::fromStdString(shown(path) + ": made from other inputs or settings; rebuilt");
    return out;
  }
  out.state = CachedResult::State::Found;
  out.payload = std::move(file->payload);
  return out;
}

Json peekResultCacheInputs(const QString& projectPath, const std::string& name) {
  const QString path = cacheFile(projectPath, name);
  if (projectPath.isEmpty() || !QFileInfo::exists(path)) return {};
  Result<CacheFile> file = parseCacheFile(path, name);
  return file ? file->header.at("inputs") : Json();
}

Json projectInputsJson(const Project& project) {
  Result<Json> json = projectJson(project, project.fileName());
  if (!json) return {};
  JsonObject& root = json->get_ref<JsonObject&>();
  root.erase("view");
  for (Json& m : root["motions"].get_ref<JsonArray&>()) {
    m.get_ref<JsonObject&>().erase("path");
    m.get_ref<JsonObject&>().erase("absolute_path");
  }
  return std::move(*json);
}

FileFingerprint motionFingerprint(const Project& project, int id) {
  const int row = project.indexOf(id);
  if (row < 0) return {};
  const MotionEntry& e = project.motions()[static_cast<size_t>(row)];
  if (e.file.fingerprint.known() || e.file.missing) return e.file.fingerprint;
  Result<FileFingerprint> f = fingerprintFileRemembered(e.motion->sourcePath);
  return f ? *f : FileFingerprint{};
}

void markCacheCorrupt(CachedResult& cached, const QString& projectPath, const std::string& why) {
  cached.state = CachedResult::State::Corrupt;
  cached.message = QStringLiteral("%1: cache ignored, %2")
                       .arg(QDir::toNativeSeparators(resultCacheFolder(projectPath)),
                            QString::fromStdString(why));
}

void beginCachePayload(QDataStream& s, std::uint32_t tag, std::uint32_t version) {
  s.setVersion(QDataStream::Qt_6_0);
  s.setByteOrder(QDataStream::LittleEndian);
  s << quint32(tag) << quint32(version);
}

Status readCachePayloadHeader(QDataStream& s, std::uint32_t tag, std::uint32_t version,
                              const std::string& what) {
  s.setVersion(QDataStream::Qt_6_0);
  s.setByteOrder(QDataStream::LittleEndian);
  quint32 t = 0, v = 0;
  s >> t >> v;
  if (t != tag) return Error{"not a " + what};
  if (v != version) return Error{what + " version " + std::to_string(v) + " is not read here"};
  return {};
}

}  // namespace mg
