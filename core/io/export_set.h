// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/util/result.h"

namespace mg {

// How an export folder (an index file such as snap_graph.json naming clip files) is replaced so
// that a kill, a crash or a full disk at any moment leaves a consistent export on disk: the last
// complete one. Clip files live in one of two folders, clips/ and clips_b/; a new export writes its
// clips into the folder the current index does not name (so the clips that index needs are never
// touched), then replaces the index (the commit), then removes the .bvh files of both folders that
// the new index does not name.

// Whether the next export into the folder of `indexPath` must use clips_b/: true when the index
// there names any file under clips/. An unreadable or missing index gives false.
bool nextExportUsesAlternateClips(const std::string& indexPath);

// `relative` ("clips/NAME") as written by that export: "clips_b/NAME" when `alternate`.
std::string exportClipPath(const std::string& relative, bool alternate);

// Writes `clips` (path, text) as one set (writeTextFilesAtomically: all or none), then `index`
// atomically, then removes every .bvh file of directory/clips and directory/clips_b that is not
// among `clips` (best effort: a file that cannot be removed is left). Errors name the file and,
// when an export was there, say "the previous export in DIR is intact": on any failure it is
// complete and untouched.
Status commitExport(const std::string& directory, const std::vector<std::pair<std::string, std::string>>& clips,
                    const std::pair<std::string, std::string>& index);

}  // namespace mg
