// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace mg::tool {

// Exit statuses shared by every command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;  // the command ran but some input or output failed
inline constexpr int kExitUsage = 2;   // bad command line

// The words a command takes besides its options, as its usage line names them.
struct Positionals {
  std::string usage;  // e.g. "IN OUT", "FILES...", "A [B]"
  int min = 0;
  int max = -1;  // -1: any number
};

namespace detail {
template <class T>
struct Slot {
  T value{};
  bool given = false;  // the option was on the command line
};
}  // namespace detail

// The value of a declared option, readable once the command line is parsed (in Command::run).
template <class T>
class Value {
 public:
  const T& operator*() const { return m_slot->value; }
  const T* operator->() const { return &m_slot->value; }
  bool given() const { return m_slot->given; }

 private:
  friend class Command;
  explicit Value(const detail::Slot<T>* slot) : m_slot(slot) {}
  const detail::Slot<T>* m_slot;
};

// One mgtool command: its usage, description and options, and run(), the command itself. A
// command is a class whose members declare its options in the order --help lists them
// (`Value<int> m_hubs = number<int>("hubs", "N", "hubs to suggest (default 3)", 3, 1, 1000);`)
// and whose run() reads them; its source file registers it (cli/registry.h). The command line
// is read by CLI11: "--name VALUE" or "--name=VALUE", flags "--name", "--" ends the options,
// words that are negative numbers ("-6", "-0.5", "-.5") are positional or option values, and
// --help (-h) prints the help. Every problem with the command line is a usage error: a message
// naming the command and the option on stderr, a hint to --help, exit status kExitUsage. Output
// for machines goes to stdout, messages for people to stderr.
class Command {
 public:
  Command(Positionals positionals, std::string description);
  virtual ~Command();
  Command(const Command&) = delete;
  Command& operator=(const Command&) = delete;

  // Parses `words` (those after the command's name), checks the positional count and every
  // option's value, and runs the command as "mgtool `name`" (e.g. "bench grid"): the exit status.
  int execute(const std::string& name, std::span<const std::string> words);

  // The command's path after "mgtool" ("bench grid"), for messages.
  const std::string& name() const { return m_name; }
  // Prints "mgtool NAME: message" to stderr.
  void note(const std::string& message) const;
  // Prints "mgtool NAME: message" to stderr and returns kExitFailed.
  int fail(const std::string& message) const;
  // Prints "mgtool NAME: message" and the hint to --help to stderr and returns kExitUsage.
  int usageError(const std::string& message) const;

  // Option declarations, called by the members of a command (and by the option groups of
  // cli/common_options.h on its behalf). `name` is without the leading "--"; `valueName` is what
  // --help shows for the value ("N", "FILE"); an option given twice is a usage error unless it is
  // repeated().

  // A number in [min, max] (otherwise a usage error naming the range); `fallback` when absent.
  // For an integral T the number must be whole.
  template <class T>
  Value<T> number(std::string name, std::string valueName, std::string help, double fallback,
                  double min, double max);
  // A word, empty when absent.
  Value<std::string> text(std::string name, std::string valueName, std::string help);
  // A word that must be given and not empty: "give --NAME VALUENAME, the WHAT" otherwise.
  Value<std::string> required(std::string name, std::string valueName, std::string what);
  // One of `choices`; `fallback` (which need not be one of them) when absent.
  Value<std::string> choice(std::string name, std::string valueName, std::string help,
                            std::vector<std::string> choices, std::string fallback);
  // A flag: true when given.
  Value<bool> flag(std::string name, std::string help);
  // An option that may be given any number of times: every value, in order.
  Value<std::vector<std::string>> repeated(std::string name, std::string valueName,
                                           std::string help);
  // "--NAME FILES...": every following word up to the next option (all such words when given
  // more than once). Given without a file it is a usage error.
  Value<std::vector<std::string>> fileList(std::string name, std::string help);

 protected:
  // The command itself, run once the command line has been read without a problem.
  virtual int run() = 0;
  // The words that are not options, in order.
  const std::vector<std::string>& positional() const { return m_positional; }

 private:
  struct Check;
  template <class T>
  struct NumberCheck;
  struct TextCheck;
  struct ChoiceCheck;
  struct FlagCheck;
  struct ListCheck;

  Check& add(std::unique_ptr<Check> check);
  std::string parseErrorMessage(const std::string& what) const;

  std::unique_ptr<CLI::App> m_app;
  std::vector<std::unique_ptr<Check>> m_checks;  // in the order declared
  std::vector<std::string> m_positional;
  Positionals m_positionals;
  std::string m_name;
};

}  // namespace mg::tool
