// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/util/result.h"

namespace mg {

// How an export folder (an index file such as snap_graph.json naming clip files) is replaced so
// that a kill, a crash or a full disk at any moment leaves a consistent export on disk: the last
// complete one. Clip files come in two name sets, clips/clip_NNNN.bvh and clips/clip_NNNN_b.bvh;
// a new export writes its clips under the set the current index does not name (so the clips that
// index needs are never touched), then replaces the index (the commit), then removes the clip files
// of both sets that the new index does not name.

// The set the next export into the folder of `indexPath` must use: true (the "_b" names) when the
// index there names any clip of the plain set. An unreadable or missing index gives false.
bool nextExportUsesAlternateClips(const std::string& indexPath);

// "clips/clip_NNNN.bvh" (4 digits or more), or "clips/clip_NNNN_b.bvh" when `alternate`.
std::string exportClipFileName(size_t clip, bool alternate);

// Writes `clips` (path, text) as one set (writeTextFilesAtomically: all or none), then `index`
// atomically, then removes every clips/clip_*.bvh file of either set in `directory` that is not
// among `clips` (best effort: a file that cannot be removed is left). Errors name the file and,
// when an export was there, say "the previous export in DIR is intact": on any failure it is
// complete and untouched.
Status commitExport(const std::string& directory, const std::vector<std::pair<std::string, std::string>>& clips,
                    const std::pair<std::string, std::string>& index);

}  // namespace mg
