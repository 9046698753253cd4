// SPDX-License-Identifier: MIT
#pragma once

#include <string>

#include "core/report/quality_report.h"

namespace mg {

// The report as one self-contained HTML page (no scripts, no external files): the side-by-side
// table (the source capture and every input), the plots as inline SVG (acceleration and skate
// histograms over shared bins, response-time box plots of the steerable inputs) and the worst
// transitions of each input.
std::string qualityReportHtml(const QualityReport& report);

// Colour of plot series i (0 = the source), as "#rrggbb"; the editor's dock uses the same.
const char* reportSeriesColour(int series);

// Five-number summary of response times for a box plot: min, lower quartile, median, upper
// quartile, max (quartiles by linear interpolation between order statistics).
struct BoxFigures {
  double min = 0, q1 = 0, median = 0, q3 = 0, max = 0;
};
BoxFigures boxFigures(std::vector<double> values);

}  // namespace mg
