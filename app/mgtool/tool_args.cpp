// SPDX-License-Identifier: MIT
#include "app/mgtool/tool_args.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace mg::tool {
namespace {

const OptionSpec* findOption(const CommandSpec& spec, const std::string& name) {
  for (const OptionSpec& o : spec.options) {
    if (o.name == name) return &o;
  }
  return nullptr;
}

void usageError(const CommandSpec& spec, const std::string& message) {
  std::fprintf(stderr, "mgtool %s: %s\nRun 'mgtool %s --help' for usage.\n", spec.name.c_str(),
               message.c_str(), spec.name.c_str());
}

}  // namespace

std::optional<ParsedArgs> parseArgs(const CommandSpec& spec, std::span<const std::string> args) {
  ParsedArgs out;
  bool optionsEnded = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool negativeNumber = a.size() >= 2 && a[0] == '-' &&
                                (std::isdigit(static_cast<unsigned char>(a[1])) || a[1] == '.');
    if (optionsEnded || a.size() < 2 || a.rfind("-", 0) != 0 || negativeNumber) {
      out.positional.push_back(a);
      continue;
    }
    if (a == "--") {
      optionsEnded = true;
      continue;
    }
    if (a == "--help" || a == "-h") {
      out.help = true;
      continue;
    }
    if (a.rfind("--", 0) != 0) {
      usageError(spec, "unknown option '" + a + "'");
      return std::nullopt;
    }
    std::string name = a.substr(2), value;
    const size_t eq = name.find('=');
    const bool inlineValue = eq != std::string::npos;
    if (inlineValue) value = name.substr(eq + 1), name.resize(eq);
    const OptionSpec* o = findOption(spec, name);
    if (!o) {
      usageError(spec, "unknown option '--" + name + "'");
      return std::nullopt;
    }
    if (o->valueName.empty()) {
      if (inlineValue) {
        usageError(spec, "option '--" + name + "' takes no value");
        return std::nullopt;
      }
    } else if (!inlineValue) {
      if (i + 1 >= args.size()) {
        usageError(spec, "option '--" + name + "' needs a value (" + o->valueName + ")");
        return std::nullopt;
      }
      value = args[++i];
    }
    if (out.options.count(name) && !o->repeatable) {
      usageError(spec, "option '--" + name + "' given twice");
      return std::nullopt;
    }
    out.options[name] = value;
    if (o->repeatable) out.repeated[name].push_back(value);
  }
  if (out.help) return out;
  const int n = static_cast<int>(out.positional.size());
  if (n < spec.minPositional || (spec.maxPositional >= 0 && n > spec.maxPositional)) {
    usageError(spec, n < spec.minPositional ? "missing arguments (expected " + spec.positionalUsage + ")"
                                            : "too many arguments (expected " + spec.positionalUsage + ")");
    return std::nullopt;
  }
  return out;
}

void printHelp(const CommandSpec& spec) {
  std::printf("Usage: mgtool %s %s%s\n\n%s\n", spec.name.c_str(), spec.positionalUsage.c_str(),
              spec.options.empty() ? "" : " [options]", spec.description.c_str());
  std::printf("\nOptions:\n");
  for (const OptionSpec& o : spec.options) {
    const std::string left = "--" + o.name + (o.valueName.empty() ? "" : " " + o.valueName) +
                             (o.repeatable ? " ..." : "");
    std::printf("  %-26s %s\n", left.c_str(), o.help.c_str());
  }
  std::printf("  %-26s %s\n", "--help", "show this help");
}

std::optional<double> numberOption(const ParsedArgs& args, const std::string& command,
                                   const std::string& name, double fallback, double min, double max) {
  const auto it = args.options.find(name);
  if (it == args.options.end()) return fallback;
  const std::string& s = it->second;
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v) || v < min || v > max) {
    std::fprintf(stderr, "mgtool %s: --%s must be a number from %g to %g, not '%s'\n",
                 command.c_str(), name.c_str(), min, max, s.c_str());
    return std::nullopt;
  }
  return v;
}

bool takeSourceFiles(std::span<const std::string> args, std::vector<std::string>& rest, std::vector<std::string>& files) {
  bool given = false;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] != "--source") {
      rest.push_back(args[i]);
      continue;
    }
    given = true;
    while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) files.push_back(args[++i]);
  }
  return given;
}

}  // namespace mg::tool
