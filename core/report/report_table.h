// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

#include "core/report/quality_report.h"

namespace mg {

// The report's side-by-side table as plain text cells, the one definition of its rows for the
// HTML page and the editor's Quality dock: a column per source capture group and per input that
// could be measured (failed inputs are left out; their errors are in the report). A row with a
// non-empty `group` starts a section and has no cells. Numbers have about three significant
// digits; a figure that does not apply reads "–".
struct ReportRow {
  std::string group;  // section title (then name and cells are empty)
  std::string name;
  std::string hint;                      // what the figure is, for tooltips
  std::vector<std::string> sourceCells;  // one per source group
  std::vector<std::string> cells;        // one per measured input
};

struct ReportTable {
  std::vector<std::string> sourceHeaders;  // "source", or "source 1", "source 2", ...
  std::vector<std::string> inputHeaders;   // the inputs' labels
  std::vector<std::string> inputKinds;
  std::vector<int> inputIndex;  // index into QualityReport::inputs of each column
  std::vector<ReportRow> rows;
};

ReportTable reportTable(const QualityReport& report);

// The table as GitHub Markdown: a header row (measure, sources, inputs with their kinds), a bold
// row per section, and "|" inside cells escaped.
std::string reportTableMarkdown(const ReportTable& table);

// "12.3", "0.0456", "1234": about three significant digits; "–" when not finite.
std::string significant(double value);

}  // namespace mg
