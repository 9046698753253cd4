// SPDX-License-Identifier: MIT
#pragma once

#include <string>

#include "core/param/parametric_graph.h"
#include "core/util/json_text.h"

namespace mg {

// The same content as the text format (format "mg-pmg", version 1; schema in PMG_FORMAT.md),
// as a JSON value. Example paths are relative to `fileDirectory` as in formatPmgText.
Json pmgToJson(const ParametricGraph& graph, const std::string& fileDirectory);

// Writes pmgToJson, indented, to `path`. Fails when the file cannot be written.
Status writePmgJson(const ParametricGraph& graph, const std::string& path);

}  // namespace mg
