// SPDX-License-Identifier: MIT
#include "core/io/pmg_names.h"

namespace mg {

std::string weightingName(WindowWeighting w) {
  return w == WindowWeighting::Uniform ? "uniform" : "tapered";
}

Result<WindowWeighting> weightingByName(const std::string& name) {
  if (name == "uniform") return WindowWeighting::Uniform;
  if (name == "tapered") return WindowWeighting::Tapered;
  return Error{"unknown window weighting '" + name + "'; use uniform or tapered"};
}

std::string jointSelectionName(JointSelection s) {
  switch (s) {
    case JointSelection::All:
      return "all";
    case JointSelection::Major:
      return "major";
    case JointSelection::Custom:
      return "custom";
  }
  return "all";
}

Result<JointSelection> jointSelectionByName(const std::string& name) {
  if (name == "all") return JointSelection::All;
  if (name == "major") return JointSelection::Major;
  if (name == "custom") return JointSelection::Custom;
  return Error{"unknown joint selection '" + name + "'; use all, major or custom"};
}

}  // namespace mg
