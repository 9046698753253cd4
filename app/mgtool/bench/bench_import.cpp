// SPDX-License-Identifier: MIT
// mgtool bench import: the time of readMotionFile, in this process and through the import child.
#include <algorithm>
#include <chrono>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "core/import/bvh_text.h"
#include "core/import/isolated_import.h"
#include "core/import/motion_reader.h"

namespace mg::tool {
namespace {

// Wall-clock milliseconds of each of `repeat` calls of `work`; stops at the first failure.
template <class Work>
std::vector<double> timeRuns(int repeat, Work work, std::string& error) {
  std::vector<double> ms;
  for (int i = 0; i < repeat; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::string failure = work();
    const auto t1 = std::chrono::steady_clock::now();
    if (!failure.empty()) {
      error = failure;
      break;
    }
    ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return ms;
}

void writeTimes(JsonWriter& json, const char* key, const std::vector<double>& ms) {
  double sum = 0;
  for (double v : ms) sum += v;
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  const size_t n = sorted.size();
  const double median = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
  json.key(key);
  json.beginObject();
  json.key("min_ms"), json.value(sorted.front());
  json.key("median_ms"), json.value(median);
  json.key("mean_ms"), json.value(sum / n);
  json.key("max_ms"), json.value(sorted.back());
  json.endObject();
}

constexpr char kDescription[] =
    "Times readMotionFile on FILE and prints JSON with the minimum, median, mean and maximum\n"
    "milliseconds; for BVH files also the text parser alone; for other formats (read by Assimp\n"
    "in a child mgtool) also the same import inside this process, so the difference is the cost\n"
    "of the isolation. A benchmark: figures, no verdict.";

class BenchImport final : public Command {
 public:
  BenchImport() : Command({"FILE", 1, 1}, kDescription) {}

 private:
  int run() override {
    const std::string& file = positional()[0];
    const int runs = *m_repeat;
    std::string error;
    int frames = 0, joints = 0;
    const std::vector<double> import = timeRuns(
        runs,
        [&]() -> std::string {
          Result<Motion> m = readMotionFile(file, m_units.apply({}));
          if (!m) return m.error().message;
          frames = m->frameCount(), joints = m->jointCount();
          return {};
        },
        error);
    if (!error.empty()) return fail(error);
    const bool bvh = readBvhFile(file).ok();
    const std::vector<double> text = bvh ? timeRuns(
                                               runs,
                                               [&]() -> std::string {
                                                 Result<BvhDocument> d = readBvhFile(file);
                                                 return d ? std::string() : d.error().message;
                                               },
                                               error)
                                         : std::vector<double>();
    // The same import without the child process (importHelperProgram empty): Assimp in this one.
    const std::string helper = importHelperProgram();
    std::vector<double> inProcess;
    if (!bvh && !helper.empty()) {
      setImportHelperProgram({});
      inProcess = timeRuns(
          runs,
          [&]() -> std::string {
            Result<Motion> m = readMotionFile(file, m_units.apply({}));
            return m ? std::string() : m.error().message;
          },
          error);
      setImportHelperProgram(helper);
    }

    JsonWriter json;
    json.beginObject();
    json.key("file"), json.value(file);
    json.key("frames"), json.value(frames);
    json.key("joints"), json.value(joints);
    json.key("repeat"), json.value(runs);
    writeTimes(json, "import", import);
    if (!text.empty()) writeTimes(json, "bvh_text_pass", text);
    json.key("isolated"), json.value(!bvh && !helper.empty());
    if (!inProcess.empty()) writeTimes(json, "import_in_process", inProcess);
    json.endObject();
    return printJson(json);
  }

  Value<int> m_repeat =
      number<int>("repeat", "N", "number of timed runs (default 5)", 5, 1, 100000);
  UnitsOption m_units{*this};
};

const CommandRegistration kRegistered{"bench import", 10, "time readMotionFile on a capture file",
                                      make<BenchImport>};

}  // namespace
}  // namespace mg::tool
