// SPDX-License-Identifier: MIT
#include "app/mgstudio/workspace_registry.h"

#include <algorithm>

namespace mg {

namespace {
std::vector<WorkspaceRegistration>& registry() {
  static std::vector<WorkspaceRegistration> table;
  return table;
}
}  // namespace

std::vector<WorkspaceRegistration> registeredWorkspaces() {
  std::vector<WorkspaceRegistration> out = registry();
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.order < b.order; });
  return out;
}

void registerWorkspace(WorkspaceRegistration registration) {
  registry().push_back(std::move(registration));
}

}  // namespace mg
