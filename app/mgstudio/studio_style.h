// SPDX-License-Identifier: MIT
#pragma once

class QApplication;

namespace mg {

// The editor's look: Fusion with a neutral dark palette, as DCC tools use, so the 3D view and
// the coloured characters stand out from the chrome. Call once after creating the application.
void applyStudioStyle(QApplication& app);

}  // namespace mg
