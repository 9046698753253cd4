// SPDX-License-Identifier: MIT
// mgtool import-child: the child process of readAssimpMotionIsolated
// (core/import/isolated_import.h), run by mgtool and the editor as
// "import-child --memory=BYTES --cpu=SECONDS -- FILE". Not listed.
#include "app/mgtool/cli/registry.h"
#include "core/import/isolated_import.h"

namespace mg::tool {
namespace {

class ImportChild final : public Command {
 public:
  ImportChild()
      : Command({"FILE", 1, 1},
                "Internal command, run by mgtool and the editor: reads FILE with Assimp under the "
                "limits and writes the motion to standard output for the parent.") {}

 private:
  int run() override {
    IsolatedImportLimits limits;
    limits.memoryBytes = *m_memory;
    limits.cpuSeconds = *m_cpu;
    return runImportChild(positional()[0], limits) == 0 ? kExitOk : kExitFailed;
  }

  Value<long long> m_memory =
      number<long long>("memory", "BYTES", "address space the import may use",
                        IsolatedImportLimits{}.memoryBytes, 1, 9007199254740992.0);
  Value<int> m_cpu = number<int>("cpu", "SECONDS", "CPU seconds the import may use",
                                 IsolatedImportLimits{}.cpuSeconds, 1, 1e9);
};

const CommandRegistration kRegistered{"import-child", 0, "", make<ImportChild>, nullptr, true};

}  // namespace
}  // namespace mg::tool
