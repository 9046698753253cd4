// SPDX-License-Identifier: MIT
#include "core/import/bvh_parser.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

namespace mg {
namespace {

// Parses a whole token as a number; accepts a leading '+', which from_chars does not.
bool toNumber(std::string_view token, double& out) {
  if (!token.empty() && token.front() == '+') token.remove_prefix(1);
  if (token.empty()) return false;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), out);
  return ec == std::errc() && end == token.data() + token.size();
}

std::string tooDeep() {
  return "blocks nested deeper than " + std::to_string(kMaxBvhDepth) + " levels";
}

}  // namespace

bool isBvhSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

std::string quotedBvhToken(std::string_view token) {
  std::string s(token.substr(0, 40));
  for (char& c : s) {
    if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) > 126) c = '?';
  }
  return "'" + s + (token.size() > 40 ? "...'" : "'");
}

BvhParser::BvhParser(const std::string& fileName, FrameSink sink)
    : m_file(fileName), m_sink(std::move(sink)) {}

Error BvhParser::fail(const std::string& problem) const {
  return Error{m_file + ":" + std::to_string(m_line) + ": " + problem};
}

Result<size_t> BvhParser::header(std::string_view text) {
  m_text = text;
  m_pos = 0;
  if (m_text.size() >= 3 && std::memcmp(m_text.data(), "\xEF\xBB\xBF", 3) == 0) m_pos = 3;
  Status s = hierarchy();
  if (s) s = motion();
  if (s) {
    // The rest of the "Frame Time:" line must be blank; the data start on the next line.
    const size_t lineEnd = m_text.find('\n', m_pos);
    const std::string_view rest =
        m_text.substr(m_pos, lineEnd == std::string_view::npos ? m_text.npos : lineEnd - m_pos);
    if (!std::all_of(rest.begin(), rest.end(), isBvhSpace))
      s = fail("unexpected text after the frame time");
    m_pos = lineEnd == std::string_view::npos ? m_text.size() : lineEnd + 1;
    ++m_line;
  }
  m_text = {};
  if (!s) return s.error();
  return m_pos;
}

Status BvhParser::beginData(long long bytesLeft) {
  const int n = m_doc.valuesPerFrame;
  // Every value takes at least one character and one separator: a count that the rest of the
  // file cannot hold is refused before its memory is asked for.
  const long long values = static_cast<long long>(m_doc.frameCount) * n;
  if (2 * values - 1 > bytesLeft) {
    return fail("'Frames: " + std::to_string(m_doc.frameCount) + "' of " + std::to_string(n) +
                " channels cannot fit in the " + std::to_string(bytesLeft) +
                " bytes that follow (truncated file, or a wrong frame count)");
  }
  if (!m_sink && values > kMaxBvhValues) {
    return fail(std::to_string(m_doc.frameCount) + " frames of " + std::to_string(n) +
                " channels are more than " + std::to_string(kMaxBvhValues) +
                " values (too large to import)");
  }
  if (m_sink) {
    m_lineValues.resize(static_cast<size_t>(n));
  } else {
    m_doc.values.resize(static_cast<size_t>(m_doc.frameCount) * n);
  }
  m_frame = 0;
  return Status::success();
}

Status BvhParser::dataLine(std::string_view line) {
  const int n = m_doc.valuesPerFrame;
  const int frame = m_frame;
  double* out = nullptr;
  if (frame < m_doc.frameCount)
    out = m_sink ? m_lineValues.data() : &m_doc.values[static_cast<size_t>(frame) * n];
  size_t i = 0;
  int count = 0;
  while (true) {
    while (i < line.size() && isBvhSpace(line[i])) ++i;
    if (i == line.size()) break;
    const size_t start = i;
    while (i < line.size() && !isBvhSpace(line[i])) ++i;
    const std::string_view token = line.substr(start, i - start);
    double v = 0;
    if (!toNumber(token, v)) {
      return fail("data line " + std::to_string(frame + 1) + ": " + quotedBvhToken(token) +
                  " is not a number");
    }
    if (!std::isfinite(v)) {
      return fail("data line " + std::to_string(frame + 1) + ": value " + quotedBvhToken(token) +
                  " is not finite");
    }
    if (out && count < n) out[count] = v;
    ++count;
  }
  if (count != 0 && count != n) {
    return fail("data line " + std::to_string(frame + 1) + " has " + std::to_string(count) +
                " numbers, but the hierarchy declares " + std::to_string(n) + " channels");
  }
  ++m_line;
  if (count == 0) return Status::success();  // blank lines are skipped
  if (!out) ++m_doc.surplusDataLines;
  if (out && m_sink) m_sink(out);
  ++m_frame;
  return Status::success();
}

Status BvhParser::endData() {
  if (m_frame < m_doc.frameCount) {
    return fail("the file ends after " + std::to_string(m_frame) + " of " +
                std::to_string(m_doc.frameCount) + " frames (truncated?)");
  }
  return Status::success();
}

// Next whitespace-separated token; braces are tokens of their own. Empty at end of text.
std::string_view BvhParser::next() {
  while (m_pos < m_text.size() && isBvhSpace(m_text[m_pos])) {
    if (m_text[m_pos] == '\n') ++m_line;
    ++m_pos;
  }
  const size_t begin = m_pos;
  if (m_pos < m_text.size() && (m_text[m_pos] == '{' || m_text[m_pos] == '}')) {
    ++m_pos;
  } else {
    while (m_pos < m_text.size() && !isBvhSpace(m_text[m_pos]) && m_text[m_pos] != '{' &&
           m_text[m_pos] != '}') {
      ++m_pos;
    }
  }
  return m_text.substr(begin, m_pos - begin);
}

Status BvhParser::expect(std::string_view wanted, const char* context) {
  const std::string_view t = next();
  if (t == wanted) return Status::success();
  if (t.empty()) return fail("the file ends where " + std::string(context) + " should be");
  return fail("expected " + std::string(context) + ", found " + quotedBvhToken(t));
}

Status BvhParser::number(double& out, const char* what) {
  const std::string_view t = next();
  if (t.empty()) return fail("the file ends where " + std::string(what) + " should be");
  if (!toNumber(t, out))
    return fail(std::string(what) + ": " + quotedBvhToken(t) + " is not a number");
  if (!std::isfinite(out)) return fail(std::string(what) + " is not finite: " + quotedBvhToken(t));
  return Status::success();
}

Status BvhParser::offset(Eigen::Vector3d& out) {
  for (int i = 0; i < 3; ++i) {
    if (Status s = number(out[i], "an OFFSET value"); !s) return s;
  }
  return Status::success();
}

Status BvhParser::channels(BvhJoint& joint) {
  double count = 0;
  if (Status s = number(count, "the CHANNELS count"); !s) return s;
  if (count != std::floor(count) || count < 0 || count > 6) {
    return fail("CHANNELS count must be a whole number from 0 to 6, not " + std::to_string(count));
  }
  static constexpr const char* kNames[] = {"Xposition", "Yposition", "Zposition",
                                           "Xrotation", "Yrotation", "Zrotation"};
  unsigned seen = 0;
  for (int i = 0; i < static_cast<int>(count); ++i) {
    const std::string_view t = next();
    int k = 0;
    while (k < 6 && t != kNames[k]) ++k;
    if (k == 6)
      return fail("unknown channel " + quotedBvhToken(t) + " in joint '" + joint.name + "'");
    if (seen & (1u << k))
      return fail("channel " + quotedBvhToken(t) + " repeated in '" + joint.name + "'");
    seen |= 1u << k;
    joint.channels.push_back(static_cast<BvhChannel>(k));
  }
  joint.firstValue = m_doc.valuesPerFrame;
  m_doc.valuesPerFrame += static_cast<int>(count);
  return Status::success();
}

// Reads "<name> {" and registers a joint whose parent is `parent`.
Status BvhParser::openJoint(int parent) {
  const std::string_view name = next();
  if (name.empty() || name == "{" || name == "}") {
    return fail("expected a joint name, found " +
                (name.empty() ? "the end of the file" : quotedBvhToken(name)));
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

Status BvhParser::hierarchy() {
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
      return fail("unexpected " + quotedBvhToken(t) + " in " + what);
    }
  }
  return Status::success();
}

Status BvhParser::motion() {
  std::string_view t = next();
  if (t == "ROOT") return fail("a second ROOT: files with several skeletons are not supported");
  if (t != "MOTION") {
    return fail(t.empty() ? "the file ends before 'MOTION' (no motion data)"
                          : "expected 'MOTION' after the hierarchy, found " + quotedBvhToken(t));
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
  return Status::success();
}

}  // namespace mg
