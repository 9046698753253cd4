// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/field/foot_lock.h"
#include "core/field/motion_field.h"
#include "core/motion/floor_transform.h"
#include "core/synth/pose_stream.h"

namespace mg {

// A push (paper section 5.2): an impulse that changes the character's velocity by
// `velocityChange` (m/s, world) at `joint` (0 = the root). Our kinematic stand-in for the paper's
// physics step: the root gains that linear velocity, and a push away from the root also an angular
// velocity (r x dv) / rho^2 (r the joint's offset from the root, rho = 0.5 m a whole-body radius
// of gyration); both decay with time constant `decaySeconds`. They move the pose and enter the
// state's velocity, so the neighbour search sees the disturbed state and the flow (with its drift
// correction) brings it back into the data by itself, passive or controlled.
struct FieldPush {
  Eigen::Vector3d velocityChange = Eigen::Vector3d::Zero();
  int joint = 0;
  double decaySeconds = 0.2;
};

// A motion field played as a PoseStream. Starts at database state `startState`, its source floor
// position and heading mapped by `start`; then every frame finds the state's k neighbours and takes
// the passive action (no directive, passive mode, or a field without values) or the policy's
// (FieldPolicy, Eq. 11). Follows Heading directives when the field has a value function (a line
// field follows a heading as a line through the character), Line directives when it is a line
// field. The stream never ends and never cuts: transitions() stays empty, lastSource() is (-1, -1).
// Not thread-safe; the field may be shared with other streams.
class MotionFieldStream final : public PoseStream {
 public:
  // Precondition: field not null, 0 <= startState < states.
  MotionFieldStream(std::shared_ptr<const MotionField> field, int startState = 0,
                    FloorTransform start = {});

  std::shared_ptr<const Skeleton> skeleton() const override;
  double fps() const override { return m_field->fps(); }
  bool next(Pose& out) override;
  int framesPlayed() const override { return m_played; }
  const std::vector<StreamTransition>& transitions() const override { return m_transitions; }
  bool canFollow(Directive::Kind kind) const override;
  void setDirective(const Directive& directive) override { m_directive = directive; }

  // Foot plants (FootLock) on the poses written, from the neighbours' contacts; on by default.
  // They edit only the output, never the state the flow continues from.
  void setFootLock(bool on) { m_footLockOn = on; }
  bool footLock() const { return m_footLockOn; }

  // Passive mode ignores the directive (the flow meanders through the data).
  void setPassive(bool passive) { m_passive = passive; }
  bool passive() const { return m_passive; }
  void push(const FieldPush& push);

  // Introspection, for views and measurements: state() and taskParameter() are of the state the
  // next frame will show, reached by lastAction() (-1 passive); neighbours(), weights(),
  // nearestDistance() and valueByAngle() are of the frame last written.
  const MotionField& field() const { return *m_field; }
  const MotionState& state() const { return m_state; }
  std::span<const Neighbour> neighbours() const { return m_stepper.neighbours(); }
  std::span<const double> weights() const { return m_stepper.similarity(); }
  const Directive& directive() const { return m_directive; }
  TaskParameter taskParameter() const;
  int lastAction() const { return m_lastAction; }
  double nearestDistance() const;
  // The value at the current neighbours for each of the task's angle samples (offset 0 for a line
  // field): what the polar plot shows. Empty without a value function or before the first frame.
  std::vector<double> valueByAngle() const;
  // The last decision, for tracing why the character turns as it does (mgtool field trace): each
  // action's Q (Eq. 11) and turn (yaw change over the frame, radians), the task parameter it was
  // taken at and the value V there. Empty spans after a passive step.
  std::span<const double> actionValues() const { return m_actionValues; }
  std::span<const double> actionTurns() const { return m_actionTurns; }
  const TaskParameter& decisionTask() const { return m_decisionTask; }
  double decisionValue() const { return m_decisionValue; }

 private:
  bool controlled() const;

  std::shared_ptr<const MotionField> m_field;
  FieldStepper m_stepper;
  FieldPolicy m_policy;
  MotionState m_state;
  FieldStepOutcome m_outcome;
  Directive m_directive;
  bool m_passive = false;
  bool m_prepared = false;
  int m_played = 0;
  int m_lastAction = -1;
  std::vector<double> m_actionValues, m_actionTurns;
  TaskParameter m_decisionTask;
  double m_decisionValue = 0.0;
  Eigen::Vector3d m_pushLinear = Eigen::Vector3d::Zero();   // m/s, world
  Eigen::Vector3d m_pushAngular = Eigen::Vector3d::Zero();  // rad/s, world
  double m_pushDecaySeconds = 0.2;
  std::vector<StreamTransition> m_transitions;
  FootLock m_footLock;
  bool m_footLockOn = true;
};

// The start state of a seeded walk: the first draw of std::mt19937_64(seed) modulo the state count
// (uniform over the database; the same seed gives the same state on every standard library). field
// run, field eval and the quality report's field walk start there, so a walk does not depend on the
// order the capture files were given in. Precondition: database has states.
int seededStartState(const FieldDatabase& database, std::uint64_t seed);

// The task parameter of a pose under a directive: the angle from the root's facing (yaw) to the
// directive's heading and, for a Line directive, the signed distance from the line (left positive).
TaskParameter taskParameterOf(const Pose& pose, const Directive& directive);

}  // namespace mg
