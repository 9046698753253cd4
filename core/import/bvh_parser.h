// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "core/import/bvh_text.h"
#include "core/util/result.h"

namespace mg {

// The BVH parser behind parseBvhText (whole text in memory) and readBvhMotion (a file read in
// chunks): the header (hierarchy, "Frames:", "Frame Time:") is parsed from a text that holds it,
// then the data lines are fed one at a time, so a large file never has to be in memory at once.
// Every rule and message is the one bvh_text.h describes. Internal to mg_import.
class BvhParser {
 public:
  // Receives each declared frame's valuesPerFrame values (finite), in order; surplus lines are
  // checked but not passed. Empty: the values are stored in the document (parseBvhText).
  using FrameSink = std::function<void(const double* values)>;

  // `fileName` prefixes every message; `sink` as above.
  BvhParser(const std::string& fileName, FrameSink sink = {});

  // Parses the header from the start of `text` (the whole file, or a prefix holding at least the
  // header): hierarchy, MOTION, Frames, Frame Time and the rest of that line. Returns the offset
  // in `text` where the data lines start; `text` must stay valid only during the call.
  Result<size_t> header(std::string_view text);
  // After header(): checks that `bytesLeft` bytes can hold the declared frames and, when values
  // are stored, that they are within kMaxBvhValues; then allocates.
  Status beginData(long long bytesLeft);
  // One data line, without its '\n' (a '\r' before it is whitespace).
  Status dataLine(std::string_view line);
  // Every line fed: fails when fewer than the declared frames came.
  Status endData();

  // The header (and, without a sink, the values) parsed so far.
  const BvhDocument& document() const { return m_doc; }
  BvhDocument takeDocument() { return std::move(m_doc); }
  // An error at the current line ("<fileName>:<line>: <problem>").
  Error fail(const std::string& problem) const;
  // The 1-based line the parser is at (header lines and data lines fed so far).
  int line() const { return m_line; }
  void setLine(int line) { m_line = line; }

 private:
  std::string_view next();
  Status expect(std::string_view wanted, const char* context);
  Status number(double& out, const char* what);
  Status offset(Eigen::Vector3d& out);
  Status channels(BvhJoint& joint);
  Status openJoint(int parent);
  Status hierarchy();
  Status motion();

  std::string_view m_text;  // during header() only
  const std::string& m_file;
  FrameSink m_sink;
  size_t m_pos = 0;
  int m_line = 1;
  int m_frame = 0;  // data lines with values seen
  std::vector<double> m_lineValues;
  BvhDocument m_doc;
};

// Whether `c` separates BVH tokens.
bool isBvhSpace(char c);
// `token` quoted for a message (at most 40 characters, non-printable ones as '?').
std::string quotedBvhToken(std::string_view token);

}  // namespace mg
