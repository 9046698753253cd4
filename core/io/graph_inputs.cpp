// SPDX-License-Identifier: MIT
// The registry of graph kinds the quality report can open. Adding a kind: write its opener next
// to its format (a function returning its GraphInputKind) and add one row here.
#include <filesystem>

#include "core/io/graph_input.h"

namespace mg {

GraphInputKind snapGraphInputKind();      // snap_input.cpp
GraphInputKind pmgGraphInputKind();       // pmg_input.cpp
GraphInputKind subgraphGraphInputKind();  // subgraph_input.cpp
GraphInputKind fieldGraphInputKind();     // field_input.cpp

const std::vector<GraphInputKind>& graphInputKinds() {
  static const std::vector<GraphInputKind> kinds = {
      snapGraphInputKind(),
      pmgGraphInputKind(),
      subgraphGraphInputKind(),
      fieldGraphInputKind(),
  };
  return kinds;
}

Result<std::unique_ptr<GraphInput>> openGraphInput(const std::string& path,
                                                   const MotionFileLoader& load) {
  for (const GraphInputKind& kind : graphInputKinds()) {
    if (kind.claims(path)) return kind.open(path, load);
  }
  std::string known;
  for (const GraphInputKind& kind : graphInputKinds())
    known += "\n  " + kind.name + ": " + kind.description;
  if (!std::filesystem::exists(path)) return Error{path + ": no such file or folder"};
  return Error{path + ": not a graph export this tool knows; it reads" + known};
}

std::string resolveCapturePath(const std::string& written, const std::string& exportDirectory) {
  namespace fs = std::filesystem;
  if (written.empty()) return written;
  std::error_code ec;
  if (fs::exists(written, ec)) return written;
  if (fs::path(written).is_relative()) {
    const fs::path beside = fs::path(exportDirectory) / written;
    if (fs::exists(beside, ec)) return beside.lexically_normal().string();
  }
  return written;
}

long long bytesOnDisk(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) return static_cast<long long>(fs::file_size(path, ec));
  long long total = 0;
  if (!fs::is_directory(path, ec)) return 0;
  for (fs::recursive_directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec)) total += static_cast<long long>(it->file_size(ec));
  }
  return total;
}

}  // namespace mg
