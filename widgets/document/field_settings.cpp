// SPDX-License-Identifier: MIT
#include "widgets/document/field_settings.h"

#include <cmath>

namespace mg {

Status FieldSettings::validate() const {
  if (task < 0 || task > 1) return Error{"motion_field: task must be 0 (direction) or 1 (line)"};
  if (k < 1 || k > 100) return Error{"motion_field: k must be from 1 to 100"};
  if (compression < 1 || compression > 100) return Error{"motion_field: compression must be from 1 to 100"};
  return Status::success();
}

Json fieldSettingsJson(const FieldSettings& s) {
  return Json(JsonObject{
      {"task", s.task == 0 ? "direction" : "line"}, {"k", s.k}, {"compression", s.compression}});
}

Result<FieldSettings> fieldSettingsFromJson(const Json& json) {
  if (!json.is_object()) return Error{"motion_field is not an object"};
  FieldSettings s;
  if (const Json* task = jsonFind(json, "task")) {
    if (!task->is_string() || (task->get_ref<const std::string&>() != "direction" &&
                               task->get_ref<const std::string&>() != "line")) {
      return Error{"motion_field: task must be \"direction\" or \"line\""};
    }
    s.task = task->get_ref<const std::string&>() == "line" ? 1 : 0;
  }
  auto whole = [&](const char* key, int& out) -> Status {
    const Json* v = jsonFind(json, key);
    if (!v) return Status::success();
    if (jsonKind(*v) != JsonKind::Number || std::floor(v->get<double>()) != v->get<double>() ||
        std::abs(v->get<double>()) > 1e6) {
      return Error{std::string("motion_field: ") + key + " must be a whole number"};
    }
    out = static_cast<int>(v->get<double>());
    return Status::success();
  };
  if (Status st = whole("k", s.k); !st) return st.error();
  if (Status st = whole("compression", s.compression); !st) return st.error();
  if (Status st = s.validate(); !st) return st.error();
  return s;
}

}  // namespace mg
