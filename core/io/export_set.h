// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/io/motion_export.h"
#include "core/util/result.h"

namespace mg {

// How an export folder (an index file such as snap_graph.json naming clip files) is replaced so
// that a kill, a crash or a full disk at any moment leaves a consistent export on disk: the last
// complete one. Each export writes its clips into a clip folder of its own, numbered by export:
// clips/ for the first export into a folder, then clips-2/, clips-3/... (never one the current
// index names, so the clips that index needs are never touched); then it replaces the index (the
// commit), which names the new folder; then it removes the previous clip folder. After a
// completed export the folder holds the index and exactly one clip folder, the one it names.

// The clip folder of the next export into the folder of `indexPath`: "clips" when there is no
// readable index there, else "clips-N" with N one more than the number of the clip folder it
// names ("clips" counts as 1; the older layout's "clips_b" as 1 too).
std::string nextExportClipFolder(const std::string& indexPath);

// `relative` ("clips/NAME", as snapClipFileNames and clipFileName give) inside `folder`:
// "FOLDER/NAME".
std::string exportClipPath(const std::string& relative, const std::string& folder);

// Whether `name` is a clip folder name of this scheme ("clips", "clips-N", or the older "clips_b").
bool isExportClipFolderName(const std::string& name);

// Appends to `files` the clip `clip` as BVH at `path` (formatBvh with `bvh`) and, for each format
// of `copies`, as that format under the same name with its extension (its animation named after
// the file). Fails, naming the file, when a value cannot be written.
Status addClipFiles(std::vector<std::pair<std::string, std::string>>& files, const Motion& clip,
                    const std::string& path, const BvhWriteOptions& bvh,
                    const std::vector<MotionFormat>& copies);

// Writes `clips` (path, text) as one set (writeTextFilesAtomically: all or none), then `index`
// atomically, then removes, from every clip folder of `directory`, the .bvh files that are not
// among `clips` (and the glTF copies .glb, .gltf, .bin not among them) and the temporaries of
// killed writes, and the clip folders left empty (best effort: a file or folder that cannot be
// removed is left, and other files are never touched). Errors name the file and, when an export was
// there, say "the previous export in DIR is intact": on any failure it is complete and untouched.
Status commitExport(const std::string& directory,
                    const std::vector<std::pair<std::string, std::string>>& clips,
                    const std::pair<std::string, std::string>& index);

}  // namespace mg
