// SPDX-License-Identifier: MIT
#include "app/mgtool/subgraph/bench_database.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

#include "core/motion/quaternion.h"

namespace mg::tool {
namespace {

constexpr double kFps = 30.0;
constexpr double kPi = 3.14159265358979323846;

std::shared_ptr<const Skeleton> bipedSkeleton() {
  auto s = std::make_shared<Skeleton>();
  auto add = [&](const std::string& name, int parent, double x, double y, double z) {
    s->joints.push_back({name, parent, Eigen::Vector3d(x, y, z)});
    return s->jointCount() - 1;
  };
  const int hips = add("Hips", -1, 0, 0, 0);
  const int spine = add("Spine", hips, 0, 0.25, 0);
  const int neck = add("Neck", spine, 0, 0.3, 0);
  add("Head", neck, 0, 0.15, 0);
  for (const char* side : {"Left", "Right"}) {
    const double x = side[0] == 'L' ? 1 : -1;
    const std::string n = side;
    const int arm = add(n + "Arm", neck, 0.18 * x, -0.02, 0);
    const int fore = add(n + "ForeArm", arm, 0, -0.28, 0);
    add(n + "Hand", fore, 0, -0.25, 0);
  }
  for (const char* side : {"Left", "Right"}) {
    const double x = side[0] == 'L' ? 1 : -1;
    const std::string n = side;
    const int up = add(n + "UpLeg", hips, 0.1 * x, 0, 0);
    const int leg = add(n + "Leg", up, 0, -0.42, 0);
    add(n + "Foot", leg, 0, -0.42, 0.03);
  }
  return s;
}

// A performer's style: offsets and scales on the gait, fixed for all their takes.
struct Style {
  double lean, swingScale, kneeScale, armBend, armOut, hipSway, headTilt, stepScale, speedBias;
};

Style randomStyle(std::mt19937& rng) {
  auto u = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
  return {u(-8, 8), u(0.65, 1.35), u(0.65, 1.35), u(0, 60),    u(2, 30),
          u(1, 8),  u(-14, 14),    u(0.85, 1.15), u(-0.2, 0.2)};
}

// What a behaviour asks of the body; the body follows with a lag.
struct Gait {
  double speed = 0, stepTime = 0.6, swing = 0, knee = 3, lean = 2, armBend = 10, turnRate = 0;
  double reach = 0;
};

Gait gaitTarget(BenchBehaviour b, double speed, double turn, const Style& st) {
  Gait g;
  switch (b) {
    case BenchBehaviour::Walk:
      g.speed = speed;
      g.stepTime = (0.62 - 0.08 * (speed - 0.8)) * st.stepScale;
      g.swing = (16 + 10 * speed) * st.swingScale;
      g.knee = (18 + 14 * speed) * st.kneeScale;
      g.lean = 2 + 2 * speed;
      g.armBend = 10 + 6 * speed;
      break;
    case BenchBehaviour::Jog:
      g.speed = speed;
      g.stepTime = (0.37 - 0.03 * (speed - 2.2)) * st.stepScale;
      g.swing = (34 + 6 * speed) * st.swingScale;
      g.knee = (62 + 8 * speed) * st.kneeScale;
      g.lean = 7 + 2 * speed;
      g.armBend = 75;
      break;
    case BenchBehaviour::Turn:
      g.speed = 0.15;
      g.stepTime = 0.5 * st.stepScale;
      g.swing = 9 * st.swingScale;
      g.knee = 24 * st.kneeScale;
      g.turnRate = turn;
      break;
    case BenchBehaviour::Reach:
      g.reach = 1;
      break;
    case BenchBehaviour::Stand:
    case BenchBehaviour::Jump:
      break;
  }
  return g;
}

// Crouch and flight of a jump cycle of 2.4 s at time t into it.
void jumpShape(double t, double& crouch, double& flight) {
  auto smooth = [](double x) {
    x = std::clamp(x, 0.0, 1.0);
    return x * x * (3 - 2 * x);
  };
  crouch = flight = 0;
  if (t < 0.5) {
    crouch = smooth(t / 0.5);
  } else if (t < 0.62) {
    crouch = 1 - smooth((t - 0.5) / 0.12);
  } else if (t < 1.02) {
    flight = std::sin(kPi * (t - 0.62) / 0.4);
  } else if (t < 1.4) {
    crouch = 0.7 * std::sin(kPi * (t - 1.02) / 0.38);
  }
}

struct Noise {
  std::array<double, 3> freq, phase, amp;
  double at(double t) const {
    double v = 0;
    for (int i = 0; i < 3; ++i) v += amp[i] * std::sin(2 * kPi * freq[i] * t + phase[i]);
    return v;
  }
};

BenchBehaviour nextBehaviour(std::mt19937& rng) {
  // Locomotion dominates real databases; the rest are the "key" behaviours of an application.
  static const std::array<double, 6> weights = {0.34, 0.14, 0.14, 0.12, 0.14, 0.12};
  std::discrete_distribution<int> pick(weights.begin(), weights.end());
  return static_cast<BenchBehaviour>(pick(rng));
}

}  // namespace

const char* behaviourName(BenchBehaviour b) {
  switch (b) {
    case BenchBehaviour::Walk:
      return "walk";
    case BenchBehaviour::Jog:
      return "jog";
    case BenchBehaviour::Stand:
      return "stand";
    case BenchBehaviour::Turn:
      return "turn";
    case BenchBehaviour::Jump:
      return "jump";
    case BenchBehaviour::Reach:
      return "reach";
  }
  return "?";
}

BenchDatabase generateBenchDatabase(const BenchDatabaseSpec& spec) {
  BenchDatabase db;
  const auto skeleton = bipedSkeleton();
  const int joints = skeleton->jointCount();
  const int motions = std::max(1, spec.motions);
  const int perPerformer = std::max(1, spec.motionsPerPerformer);
  std::vector<Style> styles;
  {
    std::mt19937 rng(spec.seed);
    for (int p = 0; p * perPerformer < motions; ++p) styles.push_back(randomStyle(rng));
  }
  for (int m = 0; m < motions; ++m) {
    std::mt19937 rng(spec.seed * 7919u + static_cast<std::uint32_t>(m) * 104729u + 1);
    auto u = [&](double a, double b) { return std::uniform_real_distribution<double>(a, b)(rng); };
    // A take varies its performer's style a little (mood, fatigue, shoes).
    Style st = styles[m / perPerformer];
    st.lean += u(-2, 2);
    st.swingScale *= u(0.92, 1.08);
    st.kneeScale *= u(0.92, 1.08);
    st.armBend += u(-6, 6);
    st.armOut += u(-4, 4);
    st.headTilt += u(-3, 3);
    const int frames = spec.frames / motions + (m < spec.frames % motions ? 1 : 0);
    std::vector<Noise> noise(2 * joints);
    for (Noise& n : noise) {
      for (int i = 0; i < 3; ++i) {
        n.freq[i] = u(0.05, 0.4);
        n.phase[i] = u(0, 2 * kPi);
        n.amp[i] = u(0.5, 2.0);
      }
    }
    Motion motion;
    motion.name = "generated_" + std::to_string(m);
    motion.skeleton = skeleton;
    motion.fps = kFps;
    motion.rootPositions.reserve(frames);
    motion.localRotations.reserve(static_cast<size_t>(frames) * joints);

    BenchBehaviour behaviour = BenchBehaviour::Stand;
    int segmentEnd = 0, segmentBegin = 0;
    double targetSpeed = 0, targetTurn = 0, jumpStart = 0, segmentSwing = 1, segmentArm = 0;
    Gait now = gaitTarget(BenchBehaviour::Stand, 0, 0, st);
    double segmentArmNow = 0;
    double phase = u(0, 2 * kPi), heading = u(-kPi, kPi), x = 0, z = 0;
    for (int f = 0; f < frames; ++f) {
      const double t = f / kFps;
      if (f == segmentEnd) {
        if (f > 0) db.segments.push_back({m, segmentBegin, f, behaviour});
        behaviour = nextBehaviour(rng);
        segmentBegin = f;
        segmentEnd = std::min(frames, f + static_cast<int>(u(3.0, 8.0) * kFps));
        if (frames - segmentEnd < 2 * kFps) segmentEnd = frames;
        targetSpeed = behaviour == BenchBehaviour::Jog ? u(2.2, 3.2) + st.speedBias
                                                       : u(0.8, 1.8) + st.speedBias;
        targetTurn = (u(0, 1) < 0.5 ? -1 : 1) * u(35, 70);
        jumpStart = t + 0.6;           // settle into standing before the first jump
        segmentSwing = u(0.88, 1.12);  // no two stretches of one gait are quite alike
        segmentArm = u(-4, 4);
      }
      // Follow the behaviour's gait with a 0.4 s lag: the transitional frames a take has.
      Gait target = gaitTarget(behaviour, targetSpeed, targetTurn, st);
      target.swing *= segmentSwing;
      target.armBend += 3 * segmentArm;
      const double k = 1 - std::exp(-1.0 / (kFps * 0.4));
      auto follow = [&](double& v, double to) { v += k * (to - v); };
      follow(now.speed, target.speed);
      follow(now.stepTime, target.stepTime);
      follow(now.swing, target.swing);
      follow(now.knee, target.knee);
      follow(now.lean, target.lean);
      follow(now.armBend, target.armBend);
      follow(now.turnRate, target.turnRate);
      follow(now.reach, target.reach);
      follow(segmentArmNow, segmentArm);
      double crouch = 0, flight = 0;
      if (behaviour == BenchBehaviour::Jump && t >= jumpStart)
        jumpShape(std::fmod(t - jumpStart, 2.4), crouch, flight);
      const double stepping = std::clamp(now.swing / 10.0, 0.0, 1.0);
      phase += kPi / (kFps * now.stepTime) * stepping;
      heading += now.turnRate * kPi / 180 / kFps;
      x += now.speed * std::sin(heading) / kFps;
      z += now.speed * std::cos(heading) / kFps;
      const double sway = st.hipSway * std::sin(phase) * stepping + 1.5 * std::sin(0.9 * t);
      const double height = 0.92 - 0.28 * crouch + 0.3 * flight +
                            0.025 * std::cos(2 * phase) * stepping + 0.04 * now.reach;
      motion.rootPositions.emplace_back(x, height, z);
      for (int j = 0; j < joints; ++j) {
        const std::string& n = skeleton->joints[j].name;
        const double side = n.rfind("Left", 0) == 0 ? 1 : -1;
        const double legPhase = side > 0 ? phase : phase + kPi;
        double ax = noise[2 * j].at(t), az = noise[2 * j + 1].at(t), ay = 0;
        if (n == "Hips") {
          ax += now.lean + 15 * crouch;
          ay = heading * 180 / kPi + 4 * std::sin(phase) * stepping;
          az += sway;
        } else if (n == "Spine") {
          ax += st.lean + 22 * crouch - 8 * now.reach;
        } else if (n == "Neck") {
          ax += st.headTilt - 18 * now.reach - 10 * crouch;
        } else if (n.find("UpLeg") != std::string::npos) {
          ax += -now.swing * std::sin(legPhase) - 85 * crouch - 55 * flight;
          az += side * 3;
        } else if (n.find("Leg") != std::string::npos && n.find("Up") == std::string::npos) {
          ax += now.knee * std::max(0.0, std::sin(legPhase + 1)) + 115 * crouch + 70 * flight + 3;
        } else if (n.find("ForeArm") != std::string::npos) {
          ax += -(now.armBend + st.armBend) - 30 * flight;
        } else if (n.find("Arm") != std::string::npos) {
          ax += 0.8 * now.swing * std::sin(legPhase) + 45 * crouch - 150 * flight - 165 * now.reach;
          az += side * (st.armOut + segmentArmNow + 12 * now.reach + 20 * flight);
        }
        motion.localRotations.push_back(eulerToQuaternion("XYZ", Eigen::Vector3d(ax, ay, az)));
      }
    }
    db.segments.push_back({m, segmentBegin, frames, behaviour});
    db.motions.push_back(std::make_shared<const Motion>(std::move(motion)));
  }
  return db;
}

}  // namespace mg::tool
