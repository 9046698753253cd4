// SPDX-License-Identifier: MIT
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mg::tool {

// Exit statuses shared by every command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;  // the command ran but some input or output failed
inline constexpr int kExitUsage = 2;   // bad command line

// An option a command accepts: "--name VALUE" (or "--name=VALUE"), or a flag "--name". An option
// given twice is a usage error unless it is `repeatable`.
struct OptionSpec {
  std::string name;       // without the leading "--"
  std::string valueName;  // empty for a flag
  std::string help;
  bool repeatable = false;
};

// A command's command line, parsed. --help is always accepted. Words that look like negative
// numbers ("-6", "-0.5") are positional, not options.
struct ParsedArgs {
  std::vector<std::string> positional;
  std::map<std::string, std::string>
      options;  // flags map to ""; a repeatable option to its last value
  std::map<std::string, std::vector<std::string>>
      repeated;  // every value of a repeatable option, in order
  bool help = false;

  bool has(const std::string& name) const { return options.count(name) > 0; }
};

// Describes one command's usage: "mgtool <command> <positionalUsage> [options]".
struct CommandSpec {
  std::string name;
  std::string positionalUsage;  // e.g. "IN OUT"
  std::string description;
  std::vector<OptionSpec> options;
  int minPositional = 0;
  int maxPositional = -1;  // -1: unlimited
};

// Parses `args` (the words after the command name). On a usage error prints it to stderr with a
// hint and returns nullopt; the caller exits with kExitUsage. "--" ends option parsing.
std::optional<ParsedArgs> parseArgs(const CommandSpec& spec, std::span<const std::string> args);

// Takes "--source FILES..." (every word up to the next option) out of `args` before parseArgs
// sees them: the other words go to `rest`, the files to `files`. Returns whether --source was
// given (possibly with no file, which the caller reports).
bool takeSourceFiles(std::span<const std::string> args, std::vector<std::string>& rest, std::vector<std::string>& files);

// Prints the command's usage and options to stdout.
void printHelp(const CommandSpec& spec);

// The value of option `name` as a number in [min, max], or nullopt after printing an error.
// `fallback` is returned when the option is absent.
std::optional<double> numberOption(const ParsedArgs& args, const std::string& command,
                                   const std::string& name, double fallback, double min, double max);

}  // namespace mg::tool
