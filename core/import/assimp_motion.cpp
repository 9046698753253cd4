// SPDX-License-Identifier: MIT
#include "core/import/assimp_motion.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <unordered_map>

#include <assimp/config.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

namespace mg {
namespace {

Eigen::Vector3d toEigen(const aiVector3D& v) {
  return {v.x, v.y, v.z};
}
Eigen::Quaterniond toEigen(const aiQuaternion& q) {
  return Eigen::Quaterniond(q.w, q.x, q.y, q.z).normalized();
}

// Samples a key track at increasing times; keeps a cursor so a whole pass is linear.
template <class Key>
class Track {
 public:
  Track(const Key* keys, unsigned count) : m_keys(keys), m_count(count) {}
  bool empty() const { return m_count == 0; }

  // Index of the last key at or before t (or 0), and the blend weight towards the next key.
  std::pair<unsigned, double> locate(double t) {
    while (m_cursor + 1 < m_count && m_keys[m_cursor + 1].mTime <= t) ++m_cursor;
    if (m_cursor + 1 >= m_count || t <= m_keys[m_cursor].mTime) return {m_cursor, 0.0};
    const double a = m_keys[m_cursor].mTime, b = m_keys[m_cursor + 1].mTime;
    return {m_cursor, b > a ? (t - a) / (b - a) : 0.0};
  }
  const Key& key(unsigned i) const { return m_keys[i]; }
  unsigned count() const { return m_count; }

 private:
  const Key* m_keys;
  unsigned m_count;
  unsigned m_cursor = 0;
};

Eigen::Vector3d sample(Track<aiVectorKey>& track, double t) {
  const auto [i, w] = track.locate(t);
  const Eigen::Vector3d a = toEigen(track.key(i).mValue);
  if (w == 0.0) return a;
  return (1 - w) * a + w * toEigen(track.key(i + 1).mValue);
}

Eigen::Quaterniond sample(Track<aiQuatKey>& track, double t) {
  const auto [i, w] = track.locate(t);
  const Eigen::Quaterniond a = toEigen(track.key(i).mValue);
  if (w == 0.0) return a;
  return a.slerp(w, toEigen(track.key(i + 1).mValue)).normalized();
}

struct SceneJoint {
  const aiNode* node;
  int parent;
  const aiNodeAnim* channel;  // may be null
};

class Converter {
 public:
  Converter(const aiScene& scene, const aiAnimation& anim, const std::string& path,
            const AssimpMotionOptions& options)
      : m_scene(scene), m_anim(anim), m_path(path), m_options(options) {}

  Result<Motion> run() {
    for (unsigned i = 0; i < m_anim.mNumChannels; ++i) {
      const aiNodeAnim* c = m_anim.mChannels[i];
      if (c && m_scene.mRootNode->FindNode(c->mNodeName)) m_channels[c->mNodeName.C_Str()] = c;
    }
    if (m_channels.empty()) return Error{m_path + ": the animation moves no node of the scene"};
    markAnimated(m_scene.mRootNode);
    const aiNode* root = m_scene.mRootNode;
    // Descend while exactly one child holds all animation and the node itself has none.
    while (!channelOf(root)) {
      const aiNode* only = nullptr;
      int holders = 0;
      for (unsigned i = 0; i < root->mNumChildren; ++i) {
        if (m_hasAnimation[root->mChildren[i]]) ++holders, only = root->mChildren[i];
      }
      if (holders != 1) break;
      root = only;
    }
    auto skeleton = std::make_shared<Skeleton>();
    collect(root, -1, *skeleton);
    return sampleFrames(root, skeleton);
  }

 private:
  const aiNodeAnim* channelOf(const aiNode* n) const {
    const auto it = m_channels.find(n->mName.C_Str());
    return it == m_channels.end() ? nullptr : it->second;
  }

  bool markAnimated(const aiNode* n) {
    bool any = channelOf(n) != nullptr;
    for (unsigned i = 0; i < n->mNumChildren; ++i) any = markAnimated(n->mChildren[i]) || any;
    m_hasAnimation[n] = any;
    return any;
  }

  void collect(const aiNode* n, int parent, Skeleton& skeleton) {
    aiVector3D scale, position;
    aiQuaternion rotation;
    n->mTransformation.Decompose(scale, rotation, position);
    const aiNodeAnim* channel = channelOf(n);
    Eigen::Vector3d offset = toEigen(position);
    if (channel && parent >= 0 && channel->mNumPositionKeys > 0 && !m_options.offsetsFromNodes) {
      offset = toEigen(channel->mPositionKeys[0].mValue);
    }
    skeleton.joints.push_back({n->mName.C_Str(), parent, offset});
    m_joints.push_back({n, parent, channel});
    m_restRotations.push_back(toEigen(rotation));
    const int self = skeleton.jointCount() - 1;
    for (unsigned i = 0; i < n->mNumChildren; ++i) {
      const aiNode* c = n->mChildren[i];
      if (!m_hasAnimation[c] && c->mNumMeshes > 0) continue;
      if (!m_hasAnimation[c] && c->mNumChildren == 0) {
        skeleton.endSites.push_back({self, toEigen(c->mTransformation * aiVector3D(0, 0, 0))});
      } else {
        collect(c, self, skeleton);
      }
    }
  }

  // Transform from the skeleton root's parent space to the scene's world space.
  aiMatrix4x4 parentToWorld(const aiNode* root) const {
    aiMatrix4x4 m;
    for (const aiNode* p = root->mParent; p; p = p->mParent) m = p->mTransformation * m;
    return m;
  }

  Result<Motion> sampleFrames(const aiNode* root, std::shared_ptr<Skeleton> skeleton) {
    const double tps = m_anim.mTicksPerSecond > 0 ? m_anim.mTicksPerSecond : 25.0;
    if (!std::isfinite(tps)) return Error{m_path + ": the animation has an invalid frame rate"};
    double lastKey = 0, step = 0;
    // The mean gap of the longest evenly keyed track: key times stored as 32-bit floats (glTF)
    // put single gaps up to 0.1% off the frame time at a minute in, the mean stays within 1e-7.
    double evenStep = 0;
    unsigned evenKeys = 0;
    for (const SceneJoint& j : m_joints) {
      if (!j.channel) continue;
      auto scan = [&](const auto* keys, unsigned n) {
        double smallest = 0, largest = 0;
        for (unsigned k = 0; k < n; ++k) {
          lastKey = std::max(lastKey, keys[k].mTime);
          const double gap = k > 0 ? keys[k].mTime - keys[k - 1].mTime : 0;
          if (gap > 1e-9 && (step == 0 || gap < step)) step = gap;
          if (k > 0)
            smallest = k == 1 ? gap : std::min(smallest, gap), largest = std::max(largest, gap);
        }
        if (n > evenKeys && n > 2 && smallest > 1e-9 && largest < smallest * 1.01) {
          evenKeys = n;
          evenStep = (keys[n - 1].mTime - keys[0].mTime) / (n - 1);
        }
      };
      scan(j.channel->mRotationKeys, j.channel->mNumRotationKeys);
      scan(j.channel->mPositionKeys, j.channel->mNumPositionKeys);
    }
    if (evenStep > 0 && std::abs(evenStep - step) < 0.01 * step) step = evenStep;
    const double duration =
        m_options.keysAreFrames ? m_anim.mDuration : std::max(m_anim.mDuration, lastKey);
    if (m_options.keysAreFrames) step = 1.0;
    double fps = step > 0 ? tps / step : 30.0;
    if (!std::isfinite(fps) || fps > 1000.0) fps = 30.0, step = tps / fps;
    // Key times stored as 32-bit floats (glTF) make the smallest gap a little off the true frame
    // time, and sampling at multiples of it drifts by a fraction of a frame over a long clip: a
    // rate within 0.01% of a whole number is taken as that number (as readMotionFile does).
    if (!m_options.keysAreFrames && std::abs(fps - std::round(fps)) < 1e-4 * std::round(fps)) {
      fps = std::round(fps);
      step = tps / fps;
    }
    if (!std::isfinite(duration) || duration < 0 || (step > 0 && duration / step > 5e7)) {
      return Error{m_path + ": the animation has an invalid duration (" + std::to_string(duration) +
                   " ticks)"};
    }
    // Within a thousandth of a frame of the last key counts as reaching it (rounded key times).
    const int frames = step > 0 ? static_cast<int>(std::floor(duration / step + 1e-3)) + 1 : 1;

    // The scale, rotation and translation of nodes above the skeleton are folded into the root.
    aiVector3D gScale, gPosition;
    aiQuaternion gRotation;
    parentToWorld(root).Decompose(gScale, gRotation, gPosition);
    const double s = (std::abs(gScale.x) + std::abs(gScale.y) + std::abs(gScale.z)) / 3.0;
    const Eigen::Quaterniond gRot = toEigen(gRotation);
    const Eigen::Vector3d gPos = toEigen(gPosition);
    if (!std::isfinite(s) || s <= 0)
      return Error{m_path + ": the skeleton's parent node has a zero or invalid scale"};
    const Eigen::Vector3d rootRest = skeleton->joints[0].offset;
    for (Joint& j : skeleton->joints) j.offset *= s;
    for (EndSite& e : skeleton->endSites) e.offset *= s;

    Motion m;
    m.fps = fps;
    const int n = skeleton->jointCount();
    m.rootPositions.resize(frames);
    m.localRotations.resize(static_cast<size_t>(frames) * n);
    for (int j = 0; j < n; ++j) {
      const aiNodeAnim* c = m_joints[j].channel;
      Track<aiQuatKey> rot(c ? c->mRotationKeys : nullptr, c ? c->mNumRotationKeys : 0);
      Track<aiVectorKey> pos(c ? c->mPositionKeys : nullptr, c ? c->mNumPositionKeys : 0);
      for (int f = 0; f < frames; ++f) {
        const double t = f * step;
        Eigen::Quaterniond q = rot.empty() ? m_restRotations[j] : sample(rot, t);
        if (j == 0) {
          Eigen::Vector3d p = pos.empty() ? rootRest : sample(pos, t);
          if (m_options.addRootOffsetToPositions) p += rootRest;
          m.rootPositions[f] = gPos + s * (gRot * p);
          q = gRot * q;
        }
        m.localRotations[static_cast<size_t>(f) * n + j] = q;
      }
    }
    m.skeleton = std::move(skeleton);
    return m;
  }

  const aiScene& m_scene;
  const aiAnimation& m_anim;
  const std::string& m_path;
  AssimpMotionOptions m_options;
  std::unordered_map<std::string, const aiNodeAnim*> m_channels;
  std::unordered_map<const aiNode*, bool> m_hasAnimation;
  std::vector<SceneJoint> m_joints;
  std::vector<Eigen::Quaterniond> m_restRotations;
};

// True when `path` starts with the UTF-8 byte-order mark; then `text` holds the whole file.
bool startsWithByteOrderMark(const std::string& path, std::string* text) {
  std::ifstream in(path, std::ios::binary);
  char head[3] = {};
  if (!in.read(head, 3) || std::memcmp(head, "\xEF\xBB\xBF", 3) != 0) return false;
  in.seekg(0);
  std::ostringstream all;
  all << in.rdbuf();
  *text = std::move(all).str();
  return text->size() >= 3;
}

}  // namespace

Result<Motion> readAssimpMotion(const std::string& path, const AssimpMotionOptions& options) {
  try {
    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_NO_SKELETON_MESHES, true);
    importer.SetPropertyBool(AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS, false);
    // Assimp's text loaders (BVH among them) fail on a UTF-8 byte-order mark, which editors on
    // Windows like to write: such a file is handed over from memory without it.
    std::string text;
    const aiScene* scene = nullptr;
    if (startsWithByteOrderMark(path, &text)) {
      const std::string hint = std::filesystem::path(path).extension().string();
      scene = importer.ReadFileFromMemory(text.data() + 3, text.size() - 3, 0,
                                          hint.empty() ? "" : hint.c_str() + 1);
    } else {
      scene = importer.ReadFile(path, 0);
    }
    if (!scene) {
      std::string why = importer.GetErrorString();
      if (why.empty()) why = "unknown error";
      return Error{path + ": cannot read the file: " + why};
    }
    if (!scene->mRootNode) return Error{path + ": the file has no node hierarchy"};
    if (scene->mNumAnimations == 0 || !scene->mAnimations[0]) {
      return Error{path + ": the file has no animation (no animated skeleton)"};
    }
    return Converter(*scene, *scene->mAnimations[0], path, options).run();
  } catch (const std::exception& e) {
    return Error{path + ": the importer failed: " + e.what()};
  } catch (...) {
    return Error{path + ": the importer failed with an unknown error"};
  }
}

}  // namespace mg
