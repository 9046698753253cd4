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

JsonValue fieldSettingsJson(const FieldSettings& s) {
  return JsonValue(JsonValue::Object{
      {"task", s.task == 0 ? "direction" : "line"}, {"k", s.k}, {"compression", s.compression}});
}

Result<FieldSettings> fieldSettingsFromJson(const JsonValue& json) {
  if (!json.isObject()) return Error{"motion_field is not an object"};
  FieldSettings s;
  if (const JsonValue* task = json.find("task")) {
    if (!task->isString() || (task->asString() != "direction" && task->asString() != "line")) {
      return Error{"motion_field: task must be \"direction\" or \"line\""};
    }
    s.task = task->asString() == "line" ? 1 : 0;
  }
  auto whole = [&](const char* key, int& out) -> Status {
    const JsonValue* v = json.find(key);
    if (!v) return Status::success();
    if (v->kind() != JsonValue::Kind::Number || std::floor(v->asNumber()) != v->asNumber() ||
        std::abs(v->asNumber()) > 1e6) {
      return Error{std::string("motion_field: ") + key + " must be a whole number"};
    }
    out = static_cast<int>(v->asNumber());
    return Status::success();
  };
  if (Status st = whole("k", s.k); !st) return st.error();
  if (Status st = whole("compression", s.compression); !st) return st.error();
  if (Status st = s.validate(); !st) return st.error();
  return s;
}

}  // namespace mg
