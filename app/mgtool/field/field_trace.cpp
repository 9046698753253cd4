// SPDX-License-Identifier: MIT
// mgtool field trace: why a motion field meets a heading change late or not at all, frame by
// frame (issue 27): the facing against the desired heading, the action the policy chose against
// the one that turns most towards the target, the value at the state and the turns the
// neighbourhood offers.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "app/mgtool/field/field_tool.h"
#include "core/agility/response_time.h"
#include "core/field/motion_field_stream.h"
#include "core/io/field_file.h"
#include "core/motion/quaternion.h"

namespace mg::tool {
namespace {

constexpr double kDegrees = 180.0 / std::numbers::pi;
// A turn towards the target faster than the chosen one by this much was declined.
constexpr double kDeclinedDegreesPerSecond = 10.0;

// One played frame of a change.
struct TracedFrame {
  int frame = 0;
  double facing = 0, error = 0;  // radians; error = desired - facing, wrapped
  int action = -1, actions = 0;
  double q = 0, qBestTurn = 0, value = 0, nearest = 0;
  double turn = 0, bestTurn = 0, minTurn = 0, maxTurn = 0;  // radians per frame
};

constexpr char kDescription[] =
    "Plays the heading changes of field eval (--changes turns in [-180, 180) degrees, one every\n"
    "--interval seconds, seeded) with FIELD's own value function and prints, per change, whether\n"
    "and when it was met and every frame until then: facing and error against the desired\n"
    "heading, the chosen action, its Q and its turn against the action that turns most towards\n"
    "the target (its Q and turn), the range of turns the k actions offer, the value at the state\n"
    "and the nearest neighbour's distance. Per change it counts the frames where no action turns\n"
    "towards the target (the field has no way to turn there) and those where the policy declined\n"
    "a turn towards it at least 10 degrees/s faster than the one it took. Turns in degrees per\n"
    "second. FIELD must hold a direction value function (field build --task direction).";

class FieldTrace final : public Command {
 public:
  FieldTrace() : Command({"FIELD", 1, 1}, kDescription) {}

 private:
  int run() override {
    Result<std::shared_ptr<const MotionField>> read = readFieldFile(positional()[0]);
    if (!read) return fail(read.error().message);
    const std::shared_ptr<const MotionField>& field = read.value();
    if (!field->values || field->values->task.kind != FieldTaskKind::Direction) {
      return fail(positional()[0] +
                  ": no direction value function to trace (build it with --task direction)");
    }
    MotionFieldStream stream(field, seededStartState(*field->database, *m_seed));
    const double fps = stream.fps();
    std::vector<TracedFrame> frames;
    auto observe = [&](int frame, const Pose& pose, const Directive& d) {
      TracedFrame t;
      t.frame = frame;
      t.facing = yawAngle(pose.localRotations[0]);
      t.error = wrapAngle(d.headingRadians - t.facing);
      t.nearest = stream.nearestDistance();
      const std::span<const double> q = stream.actionValues();
      const std::span<const double> turns = stream.actionTurns();
      if (!q.empty() && q.size() == turns.size()) {
        // The decision taken after this frame, at the task parameter it saw.
        t.action = stream.lastAction();
        t.actions = static_cast<int>(q.size());
        t.q = q[t.action];
        t.value = stream.decisionValue();
        t.turn = turns[t.action];
        const double angle = stream.decisionTask().angle;
        size_t best = 0;
        for (size_t j = 0; j < turns.size(); ++j) {
          if (std::abs(wrapAngle(angle - turns[j])) < std::abs(wrapAngle(angle - turns[best])))
            best = j;
        }
        t.qBestTurn = q[best];
        t.bestTurn = turns[best];
        t.minTurn = *std::min_element(turns.begin(), turns.end());
        t.maxTurn = *std::max_element(turns.begin(), turns.end());
      }
      frames.push_back(t);
    };
    const std::vector<ResponseRecord> records =
        runHeadingChanges(stream, *m_changes, *m_interval, 2.0, *m_seed, {}, observe);

    JsonWriter json;
    json.beginObject();
    json.key("states"), json.value(field->database->stateCount());
    json.key("fps"), json.value(fps);
    json.key("changes"), json.value(static_cast<int>(records.size()));
    json.key("summary");
    writeResponseSummary(json, records);
    json.key("traces");
    json.beginArray();
    const double perSecond = kDegrees * fps;
    for (size_t c = 0; c < records.size(); ++c) {
      const ResponseRecord& r = records[c];
      const int end =
          c + 1 < records.size() ? records[c + 1].changeFrame : static_cast<int>(frames.size());
      const int metFrame =
          r.seconds ? r.changeFrame + static_cast<int>(std::lround(*r.seconds * fps)) : end;
      int noWay = 0, declined = 0;
      json.beginObject();
      json.key("change"), json.value(static_cast<int>(c));
      json.key("frame"), json.value(r.changeFrame);
      json.key("desired_deg"), json.value(r.directive.headingRadians * kDegrees);
      json.key("start_error_deg"), json.value(r.startErrorRadians * kDegrees);
      json.key("seconds");
      if (r.seconds) {
        json.value(*r.seconds);
      } else {
        json.null();
      }
      json.key("frames");
      json.beginArray();
      for (int f = std::max(0, r.changeFrame); f <= std::min(metFrame, end - 1); ++f) {
        const TracedFrame& t = frames[static_cast<size_t>(f)];
        json.beginObject();
        json.key("t"), json.value((f - r.changeFrame) / fps);
        json.key("facing_deg"), json.value(t.facing * kDegrees);
        json.key("error_deg"), json.value(t.error * kDegrees);
        json.key("nearest_distance"), json.value(t.nearest);
        if (t.actions > 0) {
          json.key("action"), json.value(t.action);
          json.key("actions"), json.value(t.actions);
          json.key("q"), json.value(t.q);
          json.key("q_best_turn"), json.value(t.qBestTurn);
          json.key("value"), json.value(t.value);
          json.key("turn_deg_per_s"), json.value(t.turn * perSecond);
          json.key("best_turn_deg_per_s"), json.value(t.bestTurn * perSecond);
          json.key("turn_range_deg_per_s");
          json.beginArray();
          json.value(t.minTurn * perSecond);
          json.value(t.maxTurn * perSecond);
          json.endArray();
          // Towards the target: the sign of the error (a turn reduces the angle by itself).
          const double toward = t.error >= 0 ? t.maxTurn : -t.minTurn;
          const double chosen = t.error >= 0 ? t.turn : -t.turn;
          noWay += toward <= 0;
          declined += (toward - chosen) * perSecond >= kDeclinedDegreesPerSecond;
        }
        json.endObject();
      }
      json.endArray();
      json.key("frames_no_turn_toward"), json.value(noWay);
      json.key("frames_turn_declined"), json.value(declined);
      json.endObject();
    }
    json.endArray();
    json.endObject();
    return printJson(json);
  }

  Value<int> m_changes = number<int>("changes", "N", "heading changes (default 10)", 10, 1, 100000);
  Value<double> m_interval =
      number<double>("interval", "S", "seconds between changes (default 4)", 4, 0.1, 3600);
  Value<std::uint64_t> m_seed =
      seedOption(*this, "seed of the turns and the start state, as field eval's (default 1)");
};

const CommandRegistration kRegistered{
    "field trace", 31, "frame-by-frame trace of a field meeting heading changes (why it is late)",
    make<FieldTrace>};

}  // namespace
}  // namespace mg::tool
