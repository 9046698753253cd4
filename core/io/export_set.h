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
// complete one. Clip files live in one of two folders, clips/ and clips_b/; a new export writes its
// clips into the folder the current index does not name (so the clips that index needs are never
// touched), then replaces the index (the commit), then removes the clip files (.bvh, and the
// glTF copies: .glb, .gltf, .bin) of both folders that the new export did not write.

// Whether the next export into the folder of `indexPath` must use clips_b/: true when the index
// there names any file under clips/. An unreadable or missing index gives false.
bool nextExportUsesAlternateClips(const std::string& indexPath);

// `relative` ("clips/NAME") as written by that export: "clips_b/NAME" when `alternate`.
std::string exportClipPath(const std::string& relative, bool alternate);

// Appends to `files` the clip `clip` as BVH at `path` (formatBvh with `bvh`) and, for each format
// of `copies`, as that format under the same name with its extension (its animation named after
// the file). Fails, naming the file, when a value cannot be written.
Status addClipFiles(std::vector<std::pair<std::string, std::string>>& files, const Motion& clip,
                    const std::string& path, const BvhWriteOptions& bvh, const std::vector<MotionFormat>& copies);

// Writes `clips` (path, text) as one set (writeTextFilesAtomically: all or none), then `index`
// atomically, then removes every .bvh, .glb, .gltf and .bin file of directory/clips and
// directory/clips_b that is not among `clips` (best effort: a file that cannot be removed is left). Errors name the file and,
// when an export was there, say "the previous export in DIR is intact": on any failure it is
// complete and untouched.
Status commitExport(const std::string& directory, const std::vector<std::pair<std::string, std::string>>& clips,
                    const std::pair<std::string, std::string>& index);

}  // namespace mg
