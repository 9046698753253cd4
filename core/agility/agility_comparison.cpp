// SPDX-License-Identifier: MIT
#include "core/agility/agility_comparison.h"

#include <algorithm>
#include <cmath>

#include "core/dmg/dmg_builder.h"
#include "core/field/motion_field_stream.h"
#include "core/motion/quaternion.h"
#include "core/util/stopwatch.h"

namespace mg {

Result<AgilityComparison> compareAgility(const MotionField& field, const AgilitySettings& settings,
                                         const Progress& progress) {
  if (settings.changes < 1 || !(settings.intervalSeconds > 0) || settings.compressions.empty()) {
    return Error{"agility: bad settings"};
  }
  if (Status s = settings.task.validate(); !s) return s.error();
  GraphControllerSettings graphSettings = settings.graph;
  graphSettings.task = settings.task.kind;
  graphSettings.angleSamples = settings.task.angleSamples;
  graphSettings.offsetSamples = settings.task.offsetSamples;
  graphSettings.maxOffsetMetres = settings.task.maxOffsetMetres;
  graphSettings.offsetRewardPerMetre = settings.task.offsetRewardPerMetre;
  graphSettings.directiveChangesPerSecond = settings.task.directiveChangesPerSecond;
  if (Status s = graphSettings.validate(); !s) return s.error();
  // Both controllers meet the same directive changes.
  auto play = [&](PoseStream& stream, AgilityEntry& e) {
    std::vector<double> facing;
    auto record = [&](int, const Pose& pose, const Directive&) {
      facing.push_back(yawAngle(pose.localRotations[0]));
    };
    e.records = settings.task.kind == FieldTaskKind::Line
                    ? runLineChanges(stream, settings.changes, settings.intervalSeconds, 2.0,
                                     settings.seed, settings.task.maxOffsetMetres, {}, record)
                    : runHeadingChanges(stream, settings.changes, settings.intervalSeconds, 2.0,
                                        settings.seed, {}, record);
    e.summary = summarizeResponses(e.records);
    e.turnRate = measureTurnRate(facing, stream.fps());
  };
  const FieldDatabase& db = *field.database;
  const int startState = seededStartState(db, settings.seed);
  const double parts = settings.compressions.size() + 2.0;
  AgilityComparison out;
  Stopwatch clock;
  Result<TransitionCache> cache = buildTransitionCache(
      db, *field.index, field.settings.flow, settings.threads, progress.slice(0, 1 / parts));
  if (!cache)
    return Error{progress.cancelled() ? "agility comparison cancelled" : cache.error().message};
  const double cacheSeconds = clock.seconds();
  for (size_t i = 0; i < settings.compressions.size(); ++i) {
    const int n = settings.compressions[i];
    clock.restart();
    ValueIterationSettings it;
    it.compression = n;
    it.learning = settings.learning;
    it.threads = settings.threads;
    Result<FieldValueFunction> vf = solveValueFunction(
        db, cache.value(), settings.task, it, progress.slice((i + 1) / parts, (i + 1.5) / parts));
    if (!vf)
      return Error{progress.cancelled() ? "agility comparison cancelled" : vf.error().message};
    AgilityEntry e;
    e.label = "N=" + std::to_string(n);
    e.learnSeconds = clock.seconds() + (i == 0 ? cacheSeconds : 0.0);
    e.valueBytes = static_cast<long long>(vf->values.size() * sizeof(float));
    Result<std::shared_ptr<const MotionField>> controlled =
        assembleMotionField(field.database, field.settings,
                            std::make_shared<const FieldValueFunction>(std::move(vf.value())));
    if (!controlled) return controlled.error();
    MotionFieldStream stream(controlled.value(), startState);
    play(stream, e);
    out.field.push_back(std::move(e));
    progress.report((i + 2) / parts);
    if (progress.cancelled()) return Error{"agility comparison cancelled"};
  }

  clock.restart();
  DmgBuildSettings dmg;
  const double fps = db.settings.workingFps;
  dmg.metric.workingFps = fps;
  dmg.metric.windowFrames = std::min(61, static_cast<int>(std::lround(9.0 * fps / 30.0)) | 1);
  dmg.excludeDiagonalFrames = std::max(1, static_cast<int>(std::lround(15.0 * fps / 30.0)));
  dmg.threshold = settings.graphThreshold;
  dmg.grid.threads = settings.threads;
  std::vector<const Motion*> pointers;
  for (const auto& m : db.motions) pointers.push_back(m.get());
  Result<DmgBuildResult> graph = buildDatabaseMotionGraph(
      pointers, dmg, progress.slice((parts - 1) / parts, (parts - 0.5) / parts));
  if (!graph)
    return Error{progress.cancelled() ? "agility comparison cancelled" : graph.error().message};
  auto g = std::make_shared<const DatabaseMotionGraph>(std::move(graph->graph));
  Result<GraphValueFunction> gv = solveGraphController(*g, db.motions, graphSettings);
  if (!gv) return gv.error();
  out.graph.label = "graph";
  out.graph.learnSeconds = clock.seconds();
  out.graph.valueBytes = static_cast<long long>(gv->values.size() * sizeof(float));
  out.graphVertices = g->vertexCount();
  out.graphTransitions = g->transitionCount();
  out.graphIterations = gv->iterations;
  auto values = std::make_shared<const GraphValueFunction>(std::move(gv.value()));
  int startVertex = g->vertexOf(db.stateClip[startState], db.stateFrame[startState]);
  if (startVertex < 0) startVertex = 0;
  GraphControllerStream stream(g, db.motions, values, startVertex);
  play(stream, out.graph);
  std::vector<std::vector<double>> takes;
  for (const auto& m : db.motions) {
    std::vector<double>& yaw = takes.emplace_back();
    for (int f = 0; f < m->frameCount(); ++f) yaw.push_back(yawAngle(m->rotation(f, 0)));
  }
  out.captureTurnRate = measureTurnRate(takes, fps);
  progress.report(1.0);
  return out;
}

}  // namespace mg
