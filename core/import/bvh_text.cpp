// SPDX-License-Identifier: MIT
#include "core/import/bvh_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>

#include "core/motion/quaternion.h"

namespace mg {
namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

// Parses a whole token as a number; accepts a leading '+', which from_chars does not.
bool toNumber(std::string_view token, double& out) {
  if (!token.empty() && token.front() == '+') token.remove_prefix(1);
  if (token.empty()) return false;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), out);
  return ec == std::errc() && end == token.data() + token.size();
}

std::string quoted(std::string_view token) {
  std::string s(token.substr(0, 40));
  for (char& c : s) {
    if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) > 126) c = '?';
  }
  return "'" + s + (token.size() > 40 ? "...'" : "'");
}

// The 1-based number of the first line longer than kMaxBvhLineBytes, or 0.
int firstLongLine(std::string_view text) {
  int line = 1;
  for (size_t pos = 0; pos < text.size(); ++line) {
    const void* nl = std::memchr(text.data() + pos, '\n', text.size() - pos);
    const size_t end = nl ? static_cast<const char*>(nl) - text.data() : text.size();
    if (end - pos > kMaxBvhLineBytes) return line;
    pos = end + 1;
  }
  return 0;
}

class Parser {
 public:
  Parser(std::string_view text, const std::string& fileName) : m_text(text), m_file(fileName) {}

  Result<BvhDocument> run() {
    if (const void* nul = std::memchr(m_text.data(), '\0', m_text.size())) {
      const size_t at = static_cast<const char*>(nul) - m_text.data();
      m_line = 1 + static_cast<int>(std::count(m_text.begin(), m_text.begin() + at, '\n'));
      return fail("binary data (a NUL byte), not BVH text");
    }
    if (const int line = firstLongLine(m_text)) {
      m_line = line;
      return fail("the line is longer than " + std::to_string(kMaxBvhLineBytes) +
                  " bytes (not BVH text?)");
    }
    if (m_text.size() >= 3 && std::memcmp(m_text.data(), "\xEF\xBB\xBF", 3) == 0) m_pos = 3;
    if (Status s = hierarchy(); !s) return s.error();
    if (Status s = motion(); !s) return s.error();
    return std::move(m_doc);
  }

 private:
  Error fail(const std::string& problem) const {
    return Error{m_file + ":" + std::to_string(m_line) + ": " + problem};
  }

  // Next whitespace-separated token; braces are tokens of their own. Empty at end of text.
  std::string_view next() {
    while (m_pos < m_text.size() && isSpace(m_text[m_pos])) {
      if (m_text[m_pos] == '\n') ++m_line;
      ++m_pos;
    }
    const size_t begin = m_pos;
    if (m_pos < m_text.size() && (m_text[m_pos] == '{' || m_text[m_pos] == '}')) {
      ++m_pos;
    } else {
      while (m_pos < m_text.size() && !isSpace(m_text[m_pos]) && m_text[m_pos] != '{' &&
             m_text[m_pos] != '}') {
        ++m_pos;
      }
    }
    return m_text.substr(begin, m_pos - begin);
  }

  Status expect(std::string_view wanted, const char* context) {
    const std::string_view t = next();
    if (t == wanted) return Status::success();
    if (t.empty()) return fail("the file ends where " + std::string(context) + " should be");
    return fail("expected " + std::string(context) + ", found " + quoted(t));
  }

  Status number(double& out, const char* what) {
    const std::string_view t = next();
    if (t.empty()) return fail("the file ends where " + std::string(what) + " should be");
    if (!toNumber(t, out)) return fail(std::string(what) + ": " + quoted(t) + " is not a number");
    if (!std::isfinite(out)) return fail(std::string(what) + " is not finite: " + quoted(t));
    return Status::success();
  }

  Status offset(Eigen::Vector3d& out) {
    for (int i = 0; i < 3; ++i) {
      if (Status s = number(out[i], "an OFFSET value"); !s) return s;
    }
    return Status::success();
  }

  Status channels(BvhJoint& joint) {
    double count = 0;
    if (Status s = number(count, "the CHANNELS count"); !s) return s;
    if (count != std::floor(count) || count < 0 || count > 6) {
      return fail("CHANNELS count must be a whole number from 0 to 6, not " +
                  std::to_string(count));
    }
    static constexpr const char* kNames[] = {"Xposition", "Yposition", "Zposition",
                                             "Xrotation", "Yrotation", "Zrotation"};
    unsigned seen = 0;
    for (int i = 0; i < static_cast<int>(count); ++i) {
      const std::string_view t = next();
      int k = 0;
      while (k < 6 && t != kNames[k]) ++k;
      if (k == 6) return fail("unknown channel " + quoted(t) + " in joint '" + joint.name + "'");
      if (seen & (1u << k))
        return fail("channel " + quoted(t) + " repeated in '" + joint.name + "'");
      seen |= 1u << k;
      joint.channels.push_back(static_cast<BvhChannel>(k));
    }
    joint.firstValue = m_doc.valuesPerFrame;
    m_doc.valuesPerFrame += static_cast<int>(count);
    return Status::success();
  }

  // Reads "<name> {" and registers a joint whose parent is `parent`.
  Status openJoint(int parent) {
    const std::string_view name = next();
    if (name.empty() || name == "{" || name == "}") {
      return fail("expected a joint name, found " +
                  (name.empty() ? "the end of the file" : quoted(name)));
    }
    if (const std::string problem = bvhNameProblem(name); !problem.empty()) return fail(problem);
    if (m_doc.joints.size() >= static_cast<size_t>(kMaxBvhJoints)) {
      return fail("more than " + std::to_string(kMaxBvhJoints) + " joints");
    }
    if (Status s = expect("{", "'{' after the joint name"); !s) return s;
    BvhJoint j;
    j.name = std::string(name);
    j.parent = parent;
    m_doc.joints.push_back(std::move(j));
    return Status::success();
  }

  Status hierarchy() {
    if (Status s = expect("HIERARCHY", "'HIERARCHY' at the start"); !s) return s;
    if (Status s = expect("ROOT", "'ROOT' after HIERARCHY"); !s) return s;
    if (Status s = openJoint(-1); !s) return s;
    // Open blocks: joint index, or -1 - endSiteIndex for an End Site. Iterative, so deep nesting
    // cannot overflow the stack.
    struct Block {
      int id;
      bool hasOffset = false;
      bool hasChannels = false;
    };
    std::vector<Block> open{{0}};
    while (!open.empty()) {
      Block& b = open.back();
      const bool site = b.id < 0;
      const std::string what =
          site ? "an End Site of '" + m_doc.joints[m_doc.endSites[-1 - b.id].joint].name + "'"
               : "joint '" + m_doc.joints[b.id].name + "'";
      const std::string_view t = next();
      if (t == "OFFSET") {
        if (b.hasOffset) return fail(what + " has two OFFSETs");
        b.hasOffset = true;
        Eigen::Vector3d& o = site ? m_doc.endSites[-1 - b.id].offset : m_doc.joints[b.id].offset;
        if (Status s = offset(o); !s) return s;
      } else if (t == "CHANNELS" && !site) {
        if (b.hasChannels) return fail(what + " has two CHANNELS lines");
        b.hasChannels = true;
        if (Status s = channels(m_doc.joints[b.id]); !s) return s;
      } else if (t == "JOINT" && !site) {
        const int parent = b.id;
        if (open.size() >= static_cast<size_t>(kMaxBvhDepth)) return fail(tooDeep());
        if (Status s = openJoint(parent); !s) return s;
        open.push_back({static_cast<int>(m_doc.joints.size()) - 1});
      } else if (t == "End" && !site) {
        if (open.size() >= static_cast<size_t>(kMaxBvhDepth)) return fail(tooDeep());
        if (Status s = expect("Site", "'Site' after 'End'"); !s) return s;
        if (Status s = expect("{", "'{' after 'End Site'"); !s) return s;
        m_doc.endSites.push_back({b.id, Eigen::Vector3d::Zero()});
        open.push_back({-static_cast<int>(m_doc.endSites.size())});
      } else if (t == "}") {
        if (!b.hasOffset) return fail(what + " has no OFFSET");
        if (!site && !b.hasChannels) return fail(what + " has no CHANNELS");
        open.pop_back();
      } else if (t.empty()) {
        return fail("the file ends inside " + what + " (missing '}')");
      } else {
        return fail("unexpected " + quoted(t) + " in " + what);
      }
    }
    return Status::success();
  }

  static std::string tooDeep() {
    return "blocks nested deeper than " + std::to_string(kMaxBvhDepth) + " levels";
  }

  Status motion() {
    std::string_view t = next();
    if (t == "ROOT") return fail("a second ROOT: files with several skeletons are not supported");
    if (t != "MOTION") {
      return fail(t.empty() ? "the file ends before 'MOTION' (no motion data)"
                            : "expected 'MOTION' after the hierarchy, found " + quoted(t));
    }
    if (Status s = expect("Frames:", "'Frames:'"); !s) return s;
    double frames = 0;
    if (Status s = number(frames, "the frame count"); !s) return s;
    if (frames != std::floor(frames) || frames < 0 || frames > 1e8) {
      return fail("'Frames:' must be a whole number, not " + std::to_string(frames));
    }
    if (frames == 0) return fail("'Frames: 0': the file has no frames");
    m_doc.frameCount = static_cast<int>(frames);
    if (Status s = expect("Frame", "'Frame Time:'"); !s) return s;
    if (Status s = expect("Time:", "'Frame Time:'"); !s) return s;
    if (Status s = number(m_doc.frameTimeSeconds, "the frame time"); !s) return s;
    if (m_doc.frameTimeSeconds <= 0) return fail("'Frame Time:' must be positive");
    if (m_doc.valuesPerFrame == 0) return fail("no joint has any channel");
    return data();
  }

  // Data lines are line-based: each must hold exactly valuesPerFrame numbers.
  Status data() {
    const size_t lineEnd = m_text.find('\n', m_pos);
    std::string_view rest =
        m_text.substr(m_pos, lineEnd == std::string_view::npos ? m_text.npos : lineEnd - m_pos);
    for (char c : rest) {
      if (!isSpace(c)) return fail("unexpected text after the frame time");
    }
    m_pos = lineEnd == std::string_view::npos ? m_text.size() : lineEnd + 1;
    ++m_line;
    const int n = m_doc.valuesPerFrame;
    // Every value takes at least one character and one separator: a count that the rest of the
    // file cannot hold is refused before its memory is asked for.
    const long long values = static_cast<long long>(m_doc.frameCount) * n;
    const long long bytesLeft = static_cast<long long>(m_text.size() - m_pos);
    if (2 * values - 1 > bytesLeft) {
      return fail("'Frames: " + std::to_string(m_doc.frameCount) + "' of " + std::to_string(n) +
                  " channels cannot fit in the " + std::to_string(bytesLeft) +
                  " bytes that follow (truncated file, or a wrong frame count)");
    }
    if (values > kMaxBvhValues) {
      return fail(std::to_string(m_doc.frameCount) + " frames of " + std::to_string(n) +
                  " channels are more than " + std::to_string(kMaxBvhValues) +
                  " values (too large to import)");
    }
    m_doc.values.resize(static_cast<size_t>(m_doc.frameCount) * n);
    int frame = 0;
    for (; m_pos < m_text.size(); ++m_line) {
      size_t end = m_text.find('\n', m_pos);
      if (end == std::string_view::npos) end = m_text.size();
      const std::string_view line = m_text.substr(m_pos, end - m_pos);
      m_pos = end + 1;
      size_t i = 0;
      int count = 0;
      double* out =
          frame < m_doc.frameCount ? &m_doc.values[static_cast<size_t>(frame) * n] : nullptr;
      while (true) {
        while (i < line.size() && isSpace(line[i])) ++i;
        if (i == line.size()) break;
        const size_t start = i;
        while (i < line.size() && !isSpace(line[i])) ++i;
        const std::string_view token = line.substr(start, i - start);
        double v = 0;
        if (!toNumber(token, v)) {
          return fail("data line " + std::to_string(frame + 1) + ": " + quoted(token) +
                      " is not a number");
        }
        if (!std::isfinite(v)) {
          return fail("data line " + std::to_string(frame + 1) + ": value " + quoted(token) +
                      " is not finite");
        }
        if (out && count < n) out[count] = v;
        ++count;
      }
      if (count == 0) continue;
      if (count != n) {
        return fail("data line " + std::to_string(frame + 1) + " has " + std::to_string(count) +
                    " numbers, but the hierarchy declares " + std::to_string(n) + " channels");
      }
      if (!out) ++m_doc.surplusDataLines;
      ++frame;
    }
    if (frame < m_doc.frameCount) {
      return fail("the file ends after " + std::to_string(frame) + " of " +
                  std::to_string(m_doc.frameCount) + " frames (truncated?)");
    }
    return Status::success();
  }

  std::string_view m_text;
  const std::string& m_file;
  size_t m_pos = 0;
  int m_line = 1;
  BvhDocument m_doc;
};

}  // namespace

std::string bvhNameProblem(std::string_view name) {
  if (name.empty()) return "a joint name is empty";
  if (name.size() > 256) return "the joint name " + quoted(name) + " is longer than 256 bytes";
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= 32 || u == 127 || c == '{' || c == '}') {
      return "the joint name " + quoted(name) + " holds a space, control character or brace";
    }
  }
  return {};
}

Result<BvhDocument> parseBvhText(std::string_view text, const std::string& fileName) {
  return Parser(text, fileName).run();
}

Result<BvhDocument> readBvhFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return Error{path + ": cannot open the file"};
  const std::streamoff size = in.tellg();
  if (size > kMaxBvhFileBytes) {
    return Error{path + ": the file is " + std::to_string(size >> 20) +
                 " MB, more than a BVH file may be (" + std::to_string(kMaxBvhFileBytes >> 20) +
                 " MB)"};
  }
  in.seekg(0);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return Error{path + ": read error"};
  return parseBvhText(text, path);
}

Motion bvhDocumentToMotion(const BvhDocument& doc) {
  auto skeleton = std::make_shared<Skeleton>();
  for (const BvhJoint& j : doc.joints) skeleton->joints.push_back({j.name, j.parent, j.offset});
  for (const BvhEndSite& e : doc.endSites) skeleton->endSites.push_back({e.joint, e.offset});
  Motion m;
  m.skeleton = skeleton;
  m.fps = 1.0 / doc.frameTimeSeconds;
  m.rootPositions.reserve(doc.frameCount);
  m.localRotations.reserve(static_cast<size_t>(doc.frameCount) * doc.joints.size());
  for (int f = 0; f < doc.frameCount; ++f) {
    for (size_t ji = 0; ji < doc.joints.size(); ++ji) {
      const BvhJoint& j = doc.joints[ji];
      std::string axes;
      Eigen::Vector3d angles = Eigen::Vector3d::Zero();
      Eigen::Vector3d position = j.offset;
      for (size_t c = 0; c < j.channels.size(); ++c) {
        const double v = doc.value(f, j.firstValue + static_cast<int>(c));
        const int k = static_cast<int>(j.channels[c]);
        if (k < 3) {
          position[k] += v;
        } else if (axes.size() < 3) {
          angles[static_cast<int>(axes.size())] = v;
          axes.push_back("XYZ"[k - 3]);
        }
      }
      Eigen::Quaterniond q = Eigen::Quaterniond::Identity();
      if (axes.size() == 3) {
        q = eulerToQuaternion(axes, angles);
      } else {
        for (size_t a = 0; a < axes.size(); ++a) {
          const Eigen::Vector3d axis = Eigen::Vector3d::Unit(axes[a] - 'X');
          q = q * Eigen::Quaterniond(Eigen::AngleAxisd(angles[a] * M_PI / 180.0, axis));
        }
      }
      if (ji == 0) m.rootPositions.push_back(position);
      m.localRotations.push_back(q);
    }
  }
  return m;
}

}  // namespace mg
