// SPDX-License-Identifier: MIT
#include "core/io/motion_export.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <exception>
#include <filesystem>
#include <memory>
#include <set>
#include <vector>

#include <assimp/scene.h>
#include <assimp/Exporter.hpp>

#include "core/util/atomic_file.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

struct FormatInfo {
  MotionFormat format;
  const char* name;
  const char* extension;
  const char* assimpId;  // Assimp's exporter id; empty for BVH
};

constexpr FormatInfo kFormats[] = {
    {MotionFormat::Bvh, "bvh", ".bvh", ""},
    {MotionFormat::Gltf, "gltf", ".gltf", "gltf2"},
    {MotionFormat::Glb, "glb", ".glb", "glb2"},
};

const FormatInfo& info(MotionFormat format) {
  for (const FormatInfo& f : kFormats)
    if (f.format == format) return f;
  return kFormats[0];
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

aiVector3D toAi(const Eigen::Vector3d& v) {
  return {static_cast<ai_real>(v.x()), static_cast<ai_real>(v.y()), static_cast<ai_real>(v.z())};
}

aiQuaternion toAi(const Eigen::Quaterniond& q) {
  return {static_cast<ai_real>(q.w()), static_cast<ai_real>(q.x()), static_cast<ai_real>(q.y()),
          static_cast<ai_real>(q.z())};
}

aiMatrix4x4 translation(const Eigen::Vector3d& offset) {
  aiMatrix4x4 m;
  aiMatrix4x4::Translation(toAi(offset), m);
  return m;
}

// Gives `parent` the children in `kids` (ownership passes to the parent, as aiNode expects).
void adopt(aiNode* parent, std::vector<aiNode*>& kids) {
  if (kids.empty()) return;
  parent->mNumChildren = static_cast<unsigned>(kids.size());
  parent->mChildren = new aiNode*[kids.size()];
  for (size_t i = 0; i < kids.size(); ++i) {
    kids[i]->mParent = parent;
    parent->mChildren[i] = kids[i];
  }
}

// `wanted`, or wanted_2, wanted_3... : the first not in `used`, which then holds it. Assimp's glTF
// exporter gives nodes and the animation ids from their names and throws on a repeated one.
std::string uniqueName(const std::string& wanted, std::set<std::string>& used) {
  std::string name = wanted;
  for (int i = 2; used.count(name); ++i) name = wanted + "_" + std::to_string(i);
  used.insert(name);
  return name;
}

// The skeleton as nodes under a scene root, and the motion as one animation. Owned by the scene.
std::unique_ptr<aiScene> buildScene(const Motion& motion, const std::string& name) {
  const Skeleton& skeleton = *motion.skeleton;
  const int joints = skeleton.jointCount();
  const int frames = motion.frameCount();
  std::set<std::string> used;
  for (const Joint& j : skeleton.joints) used.insert(j.name);
  const std::string animationName = uniqueName(name, used);
  auto scene = std::make_unique<aiScene>();
  scene->mRootNode = new aiNode(uniqueName(name + "_scene", used));

  std::vector<aiNode*> nodes(joints);
  for (int j = 0; j < joints; ++j) {
    nodes[j] = new aiNode(skeleton.joints[j].name);
    nodes[j]->mTransformation = translation(skeleton.joints[j].offset);
  }
  std::vector<std::vector<aiNode*>> kids(joints);
  const std::vector<std::vector<int>> children = skeleton.children();
  for (int j = 0; j < joints; ++j)
    for (int c : children[j]) kids[j].push_back(nodes[c]);
  for (const EndSite& e : skeleton.endSites) {
    aiNode* tip = new aiNode(uniqueName(skeleton.joints[e.joint].name + "_end", used));
    tip->mTransformation = translation(e.offset);
    kids[e.joint].push_back(tip);
  }
  for (int j = 0; j < joints; ++j) adopt(nodes[j], kids[j]);
  std::vector<aiNode*> top{nodes[0]};
  adopt(scene->mRootNode, top);

  auto* anim = new aiAnimation;
  anim->mName = animationName;
  anim->mTicksPerSecond = motion.fps;
  anim->mDuration = std::max(0, frames - 1);
  anim->mNumChannels = static_cast<unsigned>(joints);
  anim->mChannels = new aiNodeAnim*[joints];
  for (int j = 0; j < joints; ++j) {
    auto* channel = new aiNodeAnim;
    channel->mNodeName = skeleton.joints[j].name;
    channel->mNumRotationKeys = static_cast<unsigned>(frames);
    channel->mRotationKeys = new aiQuatKey[frames];
    for (int f = 0; f < frames; ++f)
      channel->mRotationKeys[f] = aiQuatKey(f, toAi(motion.rotation(f, j)));
    // Joints other than the root keep their node translation (fixed bone lengths); the exporter
    // writes it as a one-key track (Assimp gives every channel all three tracks).
    channel->mNumPositionKeys = j == 0 ? static_cast<unsigned>(frames) : 1;
    channel->mPositionKeys = new aiVectorKey[channel->mNumPositionKeys];
    if (j == 0) {
      for (int f = 0; f < frames; ++f)
        channel->mPositionKeys[f] = aiVectorKey(f, toAi(motion.rootPositions[f]));
    } else {
      channel->mPositionKeys[0] = aiVectorKey(0, toAi(skeleton.joints[j].offset));
    }
    channel->mNumScalingKeys = 1;
    channel->mScalingKeys = new aiVectorKey[1];
    channel->mScalingKeys[0] = aiVectorKey(0, aiVector3D(1, 1, 1));
    anim->mChannels[j] = channel;
  }
  scene->mNumAnimations = 1;
  scene->mAnimations = new aiAnimation* [1] { anim };
  // A scene without meshes is a valid glTF (nodes and an animation); Assimp wants one material.
  scene->mNumMaterials = 1;
  scene->mMaterials = new aiMaterial* [1] { new aiMaterial };
  return scene;
}

Status checkFinite(const Motion& motion) {
  for (int f = 0; f < motion.frameCount(); ++f) {
    if (!motion.rootPositions[f].allFinite() || motion.rootPositions[f].cwiseAbs().maxCoeff() > 1e9)
      return Error{"the root position of frame " + std::to_string(f) +
                   " is not a finite number of metres"};
  }
  return Status::success();
}

// The files Assimp made for `path`, as (path, bytes): one blob for .glb; for .gltf the
// JSON and then its buffer, which the JSON names "<stem>.bin".
Result<MotionFiles> exportBlobs(const aiScene& scene, const std::string& path,
                                MotionFormat format) {
  Assimp::Exporter exporter;
  const aiExportDataBlob* blob = exporter.ExportToBlob(&scene, info(format).assimpId);
  if (!blob)
    return Error{path + ": Assimp's " + info(format).name +
                 " exporter failed: " + exporter.GetErrorString()};
  const fs::path target(path);
  MotionFiles files;
  for (const aiExportDataBlob* b = blob; b; b = b->next) {
    std::string file = path;
    if (b != blob) {
      const std::string ext = b->name.length ? lower(b->name.C_Str()) : "bin";
      file = (target.parent_path() / (target.stem().string() + "." + ext)).string();
    }
    files.emplace_back(file, std::string(static_cast<const char*>(b->data), b->size));
  }
  if (format == MotionFormat::Gltf && files.size() > 1) {
    // Assimp names the buffer after its in-memory blob file; the JSON must name the real file.
    std::string& json = files[0].second;
    const std::string binName = fs::path(files[1].first).filename().string();
    const size_t uri = json.find("\"uri\"");
    const size_t open = uri == std::string::npos ? uri : json.find('"', json.find(':', uri) + 1);
    const size_t close = open == std::string::npos ? open : json.find('"', open + 1);
    if (close == std::string::npos)
      return Error{path + ": Assimp's glTF exporter wrote no buffer file name"};
    json.replace(open + 1, close - open - 1, binName);
    std::rotate(files.begin(), files.begin() + 1, files.end());  // the buffer first, then the JSON
  }
  return files;
}

}  // namespace

std::optional<MotionFormat> motionFormatFromName(std::string_view name) {
  for (const FormatInfo& f : kFormats)
    if (name == f.name) return f.format;
  return std::nullopt;
}

std::optional<MotionFormat> motionFormatFromPath(std::string_view path) {
  const std::string ext = lower(fs::path(path).extension().string());
  for (const FormatInfo& f : kFormats)
    if (ext == f.extension) return f.format;
  return std::nullopt;
}

const char* motionFormatName(MotionFormat format) {
  return info(format).name;
}
const char* motionFormatExtension(MotionFormat format) {
  return info(format).extension;
}
const char* motionFormatNames() {
  return "bvh, gltf, glb";
}

Result<MotionFormat> chooseMotionFormat(const std::string& path, std::string_view option,
                                        bool defaultBvh) {
  if (lower(option) == "fbx" || lower(fs::path(path).extension().string()) == ".fbx")
    return Error{(path.empty() ? "" : path + ": ") + kFbxNotOffered};
  const std::optional<MotionFormat> byPath = motionFormatFromPath(path);
  if (!option.empty()) {
    const std::optional<MotionFormat> chosen = motionFormatFromName(option);
    if (!chosen)
      return Error{"unknown format '" + std::string(option) + "' (choose " + motionFormatNames() +
                   ")"};
    if (byPath && *byPath != *chosen) {
      return Error{path + ": the name ends in " + info(*byPath).extension + " but the format is " +
                   info(*chosen).name};
    }
    return *chosen;
  }
  if (byPath) return *byPath;
  if (defaultBvh) return MotionFormat::Bvh;
  return Error{path +
               ": cannot tell the format from the name (use .bvh, .gltf or .glb, or --format)"};
}

Result<MotionFiles> formatMotionFiles(const Motion& motion, const std::string& path,
                                      MotionFormat format, const BvhWriteOptions& bvh) {
  if (format == MotionFormat::Bvh) {
    Result<std::string> text = formatBvh(motion, bvh);
    if (!text) return Error{path + ": " + text.error().message};
    return MotionFiles{{path, std::move(text).value()}};
  }
  if (Status s = motion.validate(); !s) return Error{path + ": " + s.error().message};
  if (Status s = checkFinite(motion); !s) return Error{path + ": " + s.error().message};
  try {
    const std::unique_ptr<aiScene> scene =
        buildScene(motion, motion.name.empty() ? "motion" : motion.name);
    return exportBlobs(*scene, path, format);
  } catch (const std::exception& e) {
    return Error{path + ": Assimp's exporter failed: " + e.what()};
  } catch (...) {
    return Error{path + ": Assimp's exporter failed with an unknown error"};
  }
}

Status writeMotionFile(const Motion& motion, const std::string& path, MotionFormat format,
                       const BvhWriteOptions& bvh) {
  if (format == MotionFormat::Bvh) return writeBvhFile(motion, path, bvh);
  Result<MotionFiles> files = formatMotionFiles(motion, path, format, bvh);
  if (!files) return files.error();
  for (const auto& [file, bytes] : *files) {
    if (Status s = writeTextFileAtomically(file, bytes); !s) return s;
  }
  return Status::success();
}

std::string withMotionExtension(const std::string& path, MotionFormat format) {
  return fs::path(path).replace_extension(info(format).extension).string();
}

Result<StreamedBvh> writeMotionStream(
    PoseStream& stream, long long frames, const std::string& path, MotionFormat format,
    const std::string& name, const BvhWriteOptions& bvh,
    const std::function<bool(long long frame, const Pose& pose)>& onFrame) {
  if (format == MotionFormat::Bvh) return writeBvhStream(stream, frames, path, bvh, onFrame);
  if (frames < 1 || frames > kMaxStreamedBvhFrames) {
    return Error{path + ": cannot write " + std::to_string(frames) + " frames (1 to " +
                 std::to_string(kMaxStreamedBvhFrames) + ")"};
  }
  Motion motion;
  motion.name = name;
  motion.skeleton = stream.skeleton();
  motion.fps = stream.fps();
  if (!motion.skeleton || !(motion.fps > 0))
    return Error{path + ": the walk has no skeleton or frame rate"};
  const int joints = motion.skeleton->jointCount();
  StreamedBvh out;
  Pose pose;
  while (out.frames < frames) {
    if (!stream.next(pose)) {
      out.streamEnded = true;
      break;
    }
    if (static_cast<int>(pose.localRotations.size()) != joints) {
      return Error{path + ": frame " + std::to_string(out.frames) + " has " +
                   std::to_string(pose.localRotations.size()) + " joints, the skeleton " +
                   std::to_string(joints)};
    }
    motion.rootPositions.push_back(pose.rootPosition);
    motion.localRotations.insert(motion.localRotations.end(), pose.localRotations.begin(),
                                 pose.localRotations.end());
    const long long index = out.frames++;
    if (onFrame && !onFrame(index, pose)) {
      out.stopped = true;
      break;
    }
  }
  if (out.frames == 0) return Error{path + ": the walk ended before its first frame"};
  if (Status s = writeMotionFile(motion, path, format); !s) return s.error();
  return out;
}

}  // namespace mg
