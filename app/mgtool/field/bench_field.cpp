// SPDX-License-Identifier: MIT
// mgtool bench field: the motion field's figures on capture files (printed, never judged).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>

#include <time.h>

#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "app/mgtool/field/field_tool.h"
#include "app/mgtool/subgraph/dmg_database.h"
#include "core/agility/response_time.h"
#include "core/field/field_mobility.h"
#include "core/field/motion_field_stream.h"
#include "core/util/stopwatch.h"

namespace mg::tool {
namespace {

// Microseconds per query of `index` over `queries` (rows of features), one core, singly and in
// batches of `batch`; also how many results differ from `reference` (0 when both are exact).
// CPU time of the calling thread: what a figure costs whatever else the machine runs.
double threadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

struct KnnFigures {
  double singleMicros = 0, batchMicros = 0;
  long long mismatches = 0;
};

KnnFigures timeKnn(const NeighbourIndex& index, const std::vector<double>& queries, int count,
                   int k, int batch, const std::vector<Neighbour>* reference,
                   std::vector<Neighbour>* keep) {
  KnnFigures f;
  const int d = index.dims();
  std::vector<Neighbour> out, all;
  double cpu = threadCpuSeconds();
  for (int q = 0; q < count; ++q) {
    index.query(queries.data() + static_cast<size_t>(q) * d, k, out);
    all.insert(all.end(), out.begin(), out.end());
  }
  f.singleMicros = (threadCpuSeconds() - cpu) * 1e6 / count;
  cpu = threadCpuSeconds();
  for (int q = 0; q < count; q += batch) {
    index.queryBatch(queries.data() + static_cast<size_t>(q) * d, std::min(batch, count - q), k,
                     out);
  }
  f.batchMicros = (threadCpuSeconds() - cpu) * 1e6 / count;
  if (reference) {
    for (size_t i = 0; i < all.size(); ++i) {
      f.mismatches +=
          std::abs(all[i].distance - (*reference)[i].distance) > 1e-9 * (1 + all[i].distance);
    }
  }
  if (keep) *keep = std::move(all);
  return f;
}

// Frames per second of a stream over `frames` frames on this thread (per second of this thread's
// CPU time), changing the heading every `changeSeconds` (0: never) to a seeded random direction.
double timeStream(MotionFieldStream& stream, int frames, double changeSeconds, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Pose pose;
  const int every = changeSeconds > 0
                        ? std::max(1, static_cast<int>(std::lround(changeSeconds * stream.fps())))
                        : 0;
  const double cpu = threadCpuSeconds();
  for (int f = 0; f < frames; ++f) {
    if (every && f % every == 0) {
      Directive d;
      d.kind = Directive::Kind::Heading;
      d.headingRadians = (static_cast<double>(rng() >> 11) / 9007199254740992.0) * 2 * M_PI - M_PI;
      stream.setDirective(d);
    }
    stream.next(pose);
  }
  return frames / (threadCpuSeconds() - cpu);
}

// Where the field stands still for good (field_mobility.h): the quantiles of mobility over the
// database states and the clips of the states with less than a tenth of the median; then
// kStopSurveyStarts walks of the direction controller from seeded start states (seeds 1, 2, ...,
// as `field run --seed`), each given kStopSurveyChanges heading changes 4 s apart
// (runHeadingChanges, the agility experiment's). A walk that meets none of the second half of its
// changes is stuck; an escape run of 30 s from where it stands then tells whether the data leads
// out of there: whether it reaches states as mobile as the database's median state.
constexpr int kStopSurveyStarts = 24;
constexpr int kStopSurveyChanges = 8;

void writeStops(JsonWriter& json, const std::shared_ptr<const MotionField>& controlled,
                const FieldMobility& mobility, double mobilitySeconds) {
  const FieldDatabase& db = *controlled->database;
  std::vector<float> sorted = mobility.metres;
  std::sort(sorted.begin(), sorted.end());
  auto quantile = [&](double q) {
    return static_cast<double>(sorted[static_cast<size_t>(q * (sorted.size() - 1))]);
  };
  json.key("mobility_seconds"), json.value(mobilitySeconds);
  json.key("mobility_iterations"), json.value(mobility.iterations);
  json.key("mobility_metres");
  json.beginObject();
  const std::pair<const char*, double> quantiles[] = {
      {"p1", 0.01}, {"p5", 0.05}, {"p10", 0.1}, {"p50", 0.5}, {"p90", 0.9}};
  for (const auto& [name, q] : quantiles) json.key(name), json.value(quantile(q));
  json.endObject();
  const double low = 0.1 * quantile(0.5);
  std::map<std::string, int> lowClips;
  int lowStates = 0;
  for (int s = 0; s < db.stateCount(); ++s) {
    if (mobility.metres[s] < low) ++lowStates, ++lowClips[db.motions[db.stateClip[s]]->name];
  }
  json.key("states_under_a_tenth_of_the_median"), json.value(lowStates);
  json.key("their_motions");
  json.beginObject();
  for (const auto& [name, count] : lowClips) json.key(name), json.value(count);
  json.endObject();

  json.key("start_survey");
  json.beginObject();
  json.key("starts"), json.value(kStopSurveyStarts);
  json.key("changes_each"), json.value(kStopSurveyChanges);
  struct Stuck {
    int seed;
    std::string start, endsNear;
    EscapeRun escape;
  };
  std::vector<Stuck> stuck;
  int met = 0, total = 0;
  const int escapeFrames = static_cast<int>(std::lround(30 * controlled->fps()));
  auto where = [&](int s) {
    return db.motions[db.stateClip[s]]->name + ":" + std::to_string(db.stateFrame[s]);
  };
  for (int seed = 1; seed <= kStopSurveyStarts; ++seed) {
    const int start = seededStartState(db, static_cast<std::uint64_t>(seed));
    MotionFieldStream stream(controlled, start);
    const std::vector<ResponseRecord> records =
        runHeadingChanges(stream, kStopSurveyChanges, 4.0, 2.0, seed);
    int lateMet = 0;
    for (size_t i = 0; i < records.size(); ++i) {
      met += records[i].seconds.has_value();
      if (2 * i >= records.size()) lateMet += records[i].seconds.has_value();
    }
    total += static_cast<int>(records.size());
    if (lateMet > 0) continue;
    const int at = stream.neighbours().empty() ? start : stream.neighbours().front().state;
    stuck.push_back({seed, where(start), where(at),
                     runEscape(*controlled, mobility, stream.state(), escapeFrames)});
  }
  json.key("headings_met"), json.value(met);
  json.key("headings"), json.value(total);
  json.key("stuck"), json.value(static_cast<int>(stuck.size()));
  json.key("stuck_where_the_data_has_no_escape");
  json.value(static_cast<int>(std::count_if(stuck.begin(), stuck.end(), [&](const Stuck& x) {
    return x.escape.bestMobility < quantile(0.5);
  })));
  json.key("stuck_walks");
  json.beginArray();
  for (const Stuck& x : stuck) {
    json.beginObject();
    json.key("seed"), json.value(x.seed);
    json.key("start"), json.value(x.start);
    json.key("ends_near"), json.value(x.endsNear);
    json.key("escape_metres"), json.value(x.escape.metres);
    json.key("escape_max_speed"), json.value(x.escape.maxSpeed);
    json.key("escape_best_mobility_metres"), json.value(x.escape.bestMobility);
    json.endObject();
  }
  json.endArray();
  json.endObject();
}

constexpr char kDescription[] =
    "Times the motion field on capture files (one skeleton): exact k-nearest-neighbour search\n"
    "by k-d tree and by blocked GEMM brute force (microseconds per query, single and in batches\n"
    "of k, and whether they agree), the transition cache, value iteration for the direction and\n"
    "the line task (on --threads threads), and synthesis on one core: passive, and controlled\n"
    "with a random heading change every 3 s; then where the field stands still for good: the\n"
    "mobility of the states (discounted metres the learned model can cover from each) and a\n"
    "survey of 24 seeded walks of the direction controller, each stuck one checked by an escape\n"
    "run that wants only to move. Prints JSON. Single-core figures are per second of\n"
    "the thread's CPU time (so other load on the machine does not change them); the learning\n"
    "figures are wall-clock seconds on --threads threads, with the process CPU seconds beside.";

class BenchField final : public Command {
 public:
  BenchField() : Command({"FILES...", 1}, kDescription) {}

 private:
  int run() override {
    const FieldToolSettings settings = m_build.settings();
    DmgToolSettings load;
    load.fps = settings.fps;
    load.trimFrames = settings.trimFrames;
    const std::optional<DmgDatabase> files = loadDmgDatabase(*this, positional(), load);
    if (!files) return kExitFailed;
    MotionFieldBuildSettings build = settings.build;
    build.learn = false;
    Result<MotionFieldBuild> passive = buildMotionField(files->motions, build);
    if (!passive) return fail(passive.error().message);
    const MotionField& field = *passive->field;
    const FieldDatabase& db = *field.database;
    const int k = build.field.flow.k;

    // Queries: every state's own feature, and the next states of its k actions (what learning and
    // control ask), a sample of 400 states.
    std::vector<double> selfQueries = db.features;
    std::vector<double> nextQueries;
    {
      FieldStepper stepper(db, *field.index, build.field.flow);
      FieldStepOutcome out;
      MotionState state;
      std::vector<double> f(db.featureDims);
      for (int s = 0; s < db.stateCount(); s += std::max(1, db.stateCount() / 400)) {
        state.pose = db.poses[s], state.velocity = db.velocities[s];
        stepper.prepare(state);
        for (int j = 0; j < stepper.actionCount(); ++j) {
          stepper.stepAction(j, out);
          embedState(db, out.next.pose, out.next.velocity, f.data());
          nextQueries.insert(nextQueries.end(), f.begin(), f.end());
        }
      }
    }
    const int selfCount = db.stateCount();
    const int nextCount = static_cast<int>(nextQueries.size() / db.featureDims);
    std::unique_ptr<NeighbourIndex> tree = NeighbourIndex::build(db, KnnMethod::KdTree);
    std::unique_ptr<NeighbourIndex> brute = NeighbourIndex::build(db, KnnMethod::BruteForce);
    std::vector<Neighbour> refSelf, refNext;
    const KnnFigures treeSelf = timeKnn(*tree, selfQueries, selfCount, k, k, nullptr, &refSelf);
    const KnnFigures treeNext = timeKnn(*tree, nextQueries, nextCount, k, k, nullptr, &refNext);
    const KnnFigures bruteSelf = timeKnn(*brute, selfQueries, selfCount, k, k, &refSelf, nullptr);
    const KnnFigures bruteNext = timeKnn(*brute, nextQueries, nextCount, k, k, &refNext, nullptr);

    // Learning: the cache once, then both tasks.
    auto processCpu = [] {
      timespec t{};
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
      return t.tv_sec + 1e-9 * t.tv_nsec;
    };
    double cpu = processCpu();
    Stopwatch clock;
    Result<TransitionCache> cache =
        buildTransitionCache(db, *field.index, build.field.flow, build.threads);
    const double cacheSeconds = clock.seconds();
    const double cacheCpu = processCpu() - cpu;
    if (!cache) return fail(cache.error().message);
    clock.restart();
    Result<FieldMobility> mobility = solveFieldMobility(db, cache.value());
    const double mobilitySeconds = clock.seconds();
    if (!mobility) return fail(mobility.error().message);
    JsonWriter json;
    json.beginObject();
    json.key("states"), json.value(db.stateCount());
    json.key("dims"), json.value(db.featureDims);
    json.key("k"), json.value(k);
    json.key("default_knn"), json.value(knnMethodName(kDefaultKnnMethod));
    json.key("knn_microseconds_per_query");
    json.beginObject();
    auto knn = [&](const char* name, const KnnFigures& a, const KnnFigures& b) {
      json.key(name);
      json.beginObject();
      json.key("database_states_single"), json.value(a.singleMicros);
      json.key("database_states_batched"), json.value(a.batchMicros);
      json.key("next_states_single"), json.value(b.singleMicros);
      json.key("next_states_batched"), json.value(b.batchMicros);
      json.key("results_differing_from_kd_tree"),
          json.value(static_cast<std::int64_t>(a.mismatches + b.mismatches));
      json.endObject();
    };
    knn("kd_tree", treeSelf, treeNext);
    knn("brute_force_gemm", bruteSelf, bruteNext);
    json.endObject();
    json.key("transition_cache_seconds"), json.value(cacheSeconds);
    json.key("transition_cache_cpu_seconds"), json.value(cacheCpu);
    std::shared_ptr<const MotionField> controlled[2];
    json.key("value_iteration");
    json.beginObject();
    for (FieldTaskKind kind : {FieldTaskKind::Direction, FieldTaskKind::Line}) {
      FieldTask task = build.task;
      task.kind = kind;
      clock.restart();
      cpu = processCpu();
      ValueIterationSettings it = build.iteration;
      it.threads = build.threads;
      Result<FieldValueFunction> vf = solveValueFunction(db, cache.value(), task, it);
      const double seconds = clock.seconds();
      const double cpuSeconds = processCpu() - cpu;
      if (!vf) return fail(vf.error().message);
      json.key(fieldTaskName(kind));
      json.beginObject();
      json.key("task_samples"), json.value(task.parameterCount());
      json.key("iterations"), json.value(vf->iterations);
      json.key("bellman_residual"), json.value(vf->bellmanResidual);
      json.key("seconds"), json.value(seconds);
      json.key("seconds_with_cache"), json.value(seconds + cacheSeconds);
      json.key("cpu_seconds"), json.value(cpuSeconds);
      json.endObject();
      auto values = std::make_shared<const FieldValueFunction>(std::move(vf.value()));
      controlled[static_cast<int>(kind)] =
          assembleMotionField(passive->field->database, build.field, values).value();
    }
    json.endObject();
    json.key("synthesis_frames_per_second_one_core");
    json.beginObject();
    {
      MotionFieldStream stream(passive->field, 0);
      json.key("passive"), json.value(timeStream(stream, *m_frames, 0, 1));
    }
    {
      MotionFieldStream stream(controlled[0], 0);
      json.key("controlled_direction"), json.value(timeStream(stream, *m_frames, 3.0, 1));
    }
    json.endObject();
    json.key("stops");
    json.beginObject();
    writeStops(json, controlled[0], mobility.value(), mobilitySeconds);
    json.endObject();
    json.endObject();
    return printJson(json);
  }

  FieldBuildOptions m_build{*this};
  Value<int> m_frames =
      number<int>("frames", "N", "frames of each synthesis run (default 6000)", 6000, 1, 1e8);
};

const CommandRegistration kRegistered{
    "bench field", 70, "motion field: exact kNN, value iteration and synthesis rates on files",
    make<BenchField>};

}  // namespace
}  // namespace mg::tool
