// SPDX-License-Identifier: MIT
#include "core/import/isolated_import.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "core/import/assimp_motion.h"

extern char** environ;

namespace mg {
namespace {

constexpr std::string_view kMagic = "MGMOTION 1\n";
constexpr std::string_view kErrorMagic = "MGERROR\n";

std::mutex& helperMutex() {
  static std::mutex m;
  return m;
}
std::string& helperProgram() {
  static std::string program;
  return program;
}

template <class T>
void put(std::string& out, const T& v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

// Reads fixed-size values from the child's bytes; every read is checked against what is left.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : m_bytes(bytes) {}
  template <class T>
  bool get(T& v) {
    if (m_bytes.size() - m_pos < sizeof v) return false;
    std::memcpy(&v, m_bytes.data() + m_pos, sizeof v);
    m_pos += sizeof v;
    return true;
  }
  bool text(std::string& s, size_t n) {
    if (m_bytes.size() - m_pos < n) return false;
    s.assign(m_bytes.data() + m_pos, n);
    m_pos += n;
    return true;
  }
  bool vec(Eigen::Vector3d& v) { return get(v.x()) && get(v.y()) && get(v.z()); }
  size_t left() const { return m_bytes.size() - m_pos; }

 private:
  std::string_view m_bytes;
  size_t m_pos = 0;
};

// Reads everything from `fd` until end of file or `deadline`; false on timeout.
bool readAll(int fd, std::string& out, std::chrono::steady_clock::time_point deadline) {
  char buf[65536];
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return true;
    out.append(buf, static_cast<size_t>(n));
  }
}

}  // namespace

IsolatedImportLimits isolatedImportLimitsFor(unsigned long long bytes) {
  IsolatedImportLimits limits;
  const int megabytes =
      static_cast<int>(std::min<unsigned long long>((bytes + (1 << 20) - 1) >> 20, 1 << 20));
  limits.cpuSeconds = limits.wallSeconds = 5 + megabytes;
  return limits;
}

void setImportHelperProgram(std::string program) {
  std::lock_guard lock(helperMutex());
  helperProgram() = std::move(program);
}

std::string importHelperProgram() {
  std::lock_guard lock(helperMutex());
  return helperProgram();
}

std::string encodeMotion(const Motion& m) {
  std::string out(kMagic);
  const Skeleton& s = *m.skeleton;
  put(out, static_cast<std::uint32_t>(s.joints.size()));
  for (const Joint& j : s.joints) {
    put(out, static_cast<std::uint32_t>(j.name.size()));
    out += j.name;
    put(out, static_cast<std::int32_t>(j.parent));
    put(out, j.offset.x()), put(out, j.offset.y()), put(out, j.offset.z());
  }
  put(out, static_cast<std::uint32_t>(s.endSites.size()));
  for (const EndSite& e : s.endSites) {
    put(out, static_cast<std::int32_t>(e.joint));
    put(out, e.offset.x()), put(out, e.offset.y()), put(out, e.offset.z());
  }
  put(out, m.fps);
  put(out, static_cast<std::uint32_t>(m.rootPositions.size()));
  for (const Eigen::Vector3d& p : m.rootPositions)
    put(out, p.x()), put(out, p.y()), put(out, p.z());
  for (const Eigen::Quaterniond& q : m.localRotations)
    put(out, q.w()), put(out, q.x()), put(out, q.y()), put(out, q.z());
  return out;
}

Result<Motion> decodeMotion(std::string_view bytes) {
  const Error bad{"the importer sent malformed data"};
  if (bytes.substr(0, kMagic.size()) != kMagic) return bad;
  Reader in(bytes.substr(kMagic.size()));
  auto skeleton = std::make_shared<Skeleton>();
  std::uint32_t joints = 0, sites = 0, frames = 0;
  // A joint takes at least 4 + 4 + 24 bytes, an end site 28: counts beyond what is left are refused
  // before anything is allocated.
  if (!in.get(joints) || joints == 0 || joints > in.left() / 32) return bad;
  skeleton->joints.resize(joints);
  for (Joint& j : skeleton->joints) {
    std::uint32_t n = 0;
    std::int32_t parent = 0;
    if (!in.get(n) || n > 4096 || !in.text(j.name, n) || !in.get(parent) || !in.vec(j.offset))
      return bad;
    j.parent = parent;
  }
  if (!in.get(sites) || sites > in.left() / 28) return bad;
  skeleton->endSites.resize(sites);
  for (EndSite& e : skeleton->endSites) {
    std::int32_t joint = 0;
    if (!in.get(joint) || !in.vec(e.offset)) return bad;
    e.joint = joint;
  }
  Motion m;
  if (!in.get(m.fps) || !in.get(frames)) return bad;
  const unsigned long long perFrame = 24ull + 32ull * joints;
  if (frames == 0 || in.left() != perFrame * frames) return bad;
  m.rootPositions.resize(frames);
  for (Eigen::Vector3d& p : m.rootPositions) in.vec(p);
  m.localRotations.resize(static_cast<size_t>(frames) * joints);
  for (Eigen::Quaterniond& q : m.localRotations)
    in.get(q.w()), in.get(q.x()), in.get(q.y()), in.get(q.z());
  m.skeleton = std::move(skeleton);
  return m;
}

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

int runImportChild(const std::string& path, const IsolatedImportLimits& limits) {
  // A parent that is killed (a timeout of its own) takes the child with it.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() == 1) return 1;
  const rlimit memory{static_cast<rlim_t>(limits.memoryBytes),
                      static_cast<rlim_t>(limits.memoryBytes)};
  const rlimit cpu{static_cast<rlim_t>(limits.cpuSeconds),
                   static_cast<rlim_t>(limits.cpuSeconds + 1)};
  // AddressSanitizer reserves terabytes of address space for its shadow memory at start: under
  // it (the sanitizer build) the limit is on the address space added from here on.
  rlimit limit = memory;
  if (kAddressSanitizer) {
    unsigned long long pages = 0;
    if (std::FILE* statm = std::fopen("/proc/self/statm", "r")) {
      if (std::fscanf(statm, "%llu", &pages) != 1) pages = 0;
      std::fclose(statm);
    }
    const rlim_t used = static_cast<rlim_t>(pages) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE));
    limit.rlim_cur = limit.rlim_max = used + memory.rlim_cur;
  }
  ::setrlimit(RLIMIT_AS, &limit);
  ::setrlimit(RLIMIT_CPU, &cpu);
  const rlimit noCore{0, 0};
  ::setrlimit(RLIMIT_CORE, &noCore);  // a crash is reported, not dumped
  std::string out;
  try {
    Result<Motion> m = readAssimpMotion(path, {});
    out = m ? encodeMotion(*m) : std::string(kErrorMagic) + m.error().message;
  } catch (const std::bad_alloc&) {
    out = std::string(kErrorMagic) + path + ": not enough memory to import the file";
  }
  for (size_t done = 0; done < out.size();) {
    const ssize_t n = ::write(STDOUT_FILENO, out.data() + done, out.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return 1;
    done += static_cast<size_t>(n);
  }
  return 0;
}

Result<Motion> readAssimpMotionIsolated(const std::string& path, const std::string& program,
                                        const IsolatedImportLimits& limits) {
  const std::string failed = path + ": could not import the file: ";
  int pipeFds[2];
  if (::pipe2(pipeFds, O_CLOEXEC) != 0)
    return Error{failed + "cannot create a pipe (" + std::strerror(errno) + ")"};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipeFds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  const std::string memory = std::to_string(limits.memoryBytes),
                    cpu = std::to_string(limits.cpuSeconds);
  // "--" before the path: a file named "-take.fbx" is a file, not an option, to the child.
  std::string arg0 = program, command = "import-child", file = path,
              memoryArg = "--memory=" + memory, cpuArg = "--cpu=" + cpu, endOfOptions = "--";
  char* argv[] = {arg0.data(),         command.data(), memoryArg.data(), cpuArg.data(),
                  endOfOptions.data(), file.data(),    nullptr};
  // Under AddressSanitizer an allocation past the child's limit (see runImportChild) throws
  // std::bad_alloc as it does without, instead of ending in ASan's out-of-memory report.
  char** childEnv = environ;
  std::string asanOptions;
  std::vector<char*> env;
  if (kAddressSanitizer) {
    const char* inherited = std::getenv("ASAN_OPTIONS");
    asanOptions = std::string("ASAN_OPTIONS=") +
                  (inherited && *inherited ? std::string(inherited) + ":" : "") +
                  "allocator_may_return_null=1";
    for (char** e = environ; *e; ++e) {
      if (std::strncmp(*e, "ASAN_OPTIONS=", 13) != 0) env.push_back(*e);
    }
    env.push_back(asanOptions.data());
    env.push_back(nullptr);
    childEnv = env.data();
  }
  pid_t pid = 0;
  const int spawned = ::posix_spawn(&pid, program.c_str(), &actions, nullptr, argv, childEnv);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipeFds[1]);
  if (spawned != 0) {
    ::close(pipeFds[0]);
    return Error{failed + "cannot start the importer " + program + " (" + std::strerror(spawned) +
                 ")"};
  }
  std::string bytes;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(limits.wallSeconds);
  const bool finished = readAll(pipeFds[0], bytes, deadline);
  ::close(pipeFds[0]);
  if (!finished) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!finished)
    return Error{failed + "the importer took more than " + std::to_string(limits.wallSeconds) +
                 " s"};
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    if (sig == SIGXCPU)
      return Error{failed + "the importer took more than " + cpu + " s of CPU time"};
    return Error{failed + "the importer crashed (" + std::string(strsignal(sig)) + ")"};
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return Error{failed + "the importer failed (exit status " +
                 std::to_string(WEXITSTATUS(status)) + ")"};
  }
  if (bytes.compare(0, kErrorMagic.size(), kErrorMagic) == 0) {
    std::string message = bytes.substr(kErrorMagic.size());
    if (message.find("bad_alloc") != std::string::npos) {
      message = path + ": not enough memory to import the file (the importer may use " +
                std::to_string(limits.memoryBytes >> 20) + " MB)";
    }
    return Error{message};
  }
  Result<Motion> motion = decodeMotion(bytes);
  if (!motion) return Error{failed + motion.error().message};
  return motion;
}

}  // namespace mg
