// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <vector>

#include <QString>

#include "app/mgstudio/workspace.h"

namespace mg {

// The editor's graph kinds: each workspace registers itself with one line in its own .cpp,
//   const RegisterWorkspaceOf<XWorkspace> kXWorkspace{40};
// and MainWindow makes one of each, in `order` (its tab and Ctrl+N position). The kinds' folders
// (app/mgstudio/<kind>/) are linked whole (the mgstudio_editor target), so no registration is
// dropped by the linker; a test checks every folder registered one.
struct WorkspaceRegistration {
  int order = 0;
  std::function<Workspace*(const WorkspaceContext&)> make;
};

// Every registered workspace, by `order`.
std::vector<WorkspaceRegistration> registeredWorkspaces();
void registerWorkspace(WorkspaceRegistration registration);

template <class W>
struct RegisterWorkspaceOf {
  explicit RegisterWorkspaceOf(int order) {
    registerWorkspace(
        {order, [](const WorkspaceContext& context) -> Workspace* { return new W(context); }});
  }
};

}  // namespace mg
