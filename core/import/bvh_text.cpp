// SPDX-License-Identifier: MIT
#include "core/import/bvh_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>

#include "core/import/bvh_frames.h"
#include "core/import/bvh_parser.h"

namespace mg {
namespace {

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

}  // namespace

std::string bvhNameProblem(std::string_view name) {
  if (name.empty()) return "a joint name is empty";
  if (name.size() > 256)
    return "the joint name " + quotedBvhToken(name) + " is longer than 256 bytes";
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= 32 || u == 127 || c == '{' || c == '}') {
      return "the joint name " + quotedBvhToken(name) +
             " holds a space, control character or brace";
    }
  }
  return {};
}

Result<BvhDocument> parseBvhText(std::string_view text, const std::string& fileName) {
  BvhParser parser(fileName);
  if (const void* nul = std::memchr(text.data(), '\0', text.size())) {
    const size_t at = static_cast<const char*>(nul) - text.data();
    parser.setLine(1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n')));
    return parser.fail("binary data (a NUL byte), not BVH text");
  }
  if (const int line = firstLongLine(text)) {
    parser.setLine(line);
    return parser.fail("the line is longer than " + std::to_string(kMaxBvhLineBytes) +
                       " bytes (not BVH text?)");
  }
  Result<size_t> data = parser.header(text);
  if (!data) return data.error();
  size_t pos = *data;
  if (Status s = parser.beginData(static_cast<long long>(text.size() - pos)); !s) return s.error();
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    if (Status s = parser.dataLine(text.substr(pos, end - pos)); !s) return s.error();
    pos = end + 1;
  }
  if (Status s = parser.endData(); !s) return s.error();
  return parser.takeDocument();
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
  const BvhFrameConverter converter(doc);
  Motion m = converter.emptyMotion(doc);
  for (int f = 0; f < doc.frameCount; ++f)
    converter.append(&doc.values[static_cast<size_t>(f) * doc.valuesPerFrame], m);
  return m;
}

}  // namespace mg
