// SPDX-License-Identifier: MIT
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/util/result.h"

namespace mg {

// JSON values are nlohmann::json: objects keep their keys sorted (std::map), so text written from
// them is deterministic. Numbers read from text are integers (number_integer/number_unsigned) or
// doubles (number_float); is_number() is true for all three and get<double>() reads any of them.
using Json = nlohmann::json;
using JsonArray = Json::array_t;
using JsonObject = Json::object_t;

// The kinds a reader checks a member for; Number is any of nlohmann's three number types.
enum class JsonKind { Null, Bool, Number, String, Array, Object };
JsonKind jsonKind(const Json& value);

// Member `key` of an object, or null when `value` is not an object or has no such key.
const Json* jsonFind(const Json& value, std::string_view key);

// Parses RFC 8259 JSON text (UTF-8; \u escapes, including surrogate pairs, become UTF-8) with
// nlohmann's parser, without exceptions. Fails with "JSON line L, column C: <what>" on malformed
// text, trailing content, invalid UTF-8, a number out of double's range, nesting deeper than 256
// or a duplicate key in an object (nlohmann alone would keep the last one silently).
Result<Json> readJsonText(std::string_view text);

// Compact (indent < 0) or indented text, the layout the project's files have always had (the
// format docs promise round trips, so it is not nlohmann's dump()): keys sorted, arrays of only
// numbers, booleans and nulls on one line ("[1, 2.5, null]"), other arrays and objects one member
// a line. Non-finite numbers are written as null; doubles in the shortest form that reads back to
// the same double (std::to_chars), integers exactly. Strings escape '"', '\\', \n, \r, \t and
// other control characters as \u00XX; other bytes pass through.
std::string jsonText(const Json& value, int indent = 2);

}  // namespace mg
