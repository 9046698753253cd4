// SPDX-License-Identifier: MIT
#include "core/import/import_motion_loader.h"

namespace mg {

MotionFileLoader importMotionLoader(ImportOptions options) {
  options.trimLeadingFrames = 0;
  return [options](const std::string& path,
                   double metresPerUnit) -> Result<std::shared_ptr<const Motion>> {
    ImportOptions o = options;
    if (metresPerUnit > 0.0) {
      o.metresPerUnit = metresPerUnit;
      o.unitAskedBy = "the unit the referencing file records";
    }
    Result<Motion> m = readMotionFile(path, o);
    if (!m) return m.error();
    return std::make_shared<const Motion>(std::move(m.value()));
  };
}

}  // namespace mg
