// SPDX-License-Identifier: MIT
#include "widgets/document/field_settings.h"

#include "core/util/json_fields.h"

namespace mg {

Status FieldSettings::validate() const {
  if (task < 0 || task > 1) return Error{"field: task must be 0 (direction) or 1 (line)"};
  if (k < 1 || k > 100) return Error{"field: k must be from 1 to 100"};
  if (compression < 1 || compression > 100)
    return Error{"field: compression must be from 1 to 100"};
  return Status::success();
}

Json fieldSettingsJson(const FieldSettings& s) {
  return Json(JsonObject{
      {"task", s.task == 0 ? "direction" : "line"}, {"k", s.k}, {"compression", s.compression}});
}

Result<FieldSettings> fieldSettingsFromJson(const Json& json) {
  if (!json.is_object()) return Error{"field is not an object"};
  JsonFields in("field");
  FieldSettings s;
  std::string task = s.task == 1 ? "line" : "direction";
  in.read(json, "task", "", task);
  if (in.ok() && task != "direction" && task != "line")
    in.fail("task", "must be \"direction\" or \"line\"");
  s.task = task == "line" ? 1 : 0;
  in.read(json, "k", "", s.k, 1, 100);
  in.read(json, "compression", "", s.compression, 1, 100);
  if (!in.ok()) return in.error();
  return s;
}

}  // namespace mg
