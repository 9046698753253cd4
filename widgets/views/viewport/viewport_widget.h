// SPDX-License-Identifier: MIT
#pragma once

#include <map>
#include <memory>
#include <span>

#include <Eigen/Core>
#include <QColor>
#include <QWidget>

#include "core/motion/motion.h"
#include "widgets/views/viewport/orbit_camera.h"

namespace mg {

class CharacterEntity;
class GroundArrow;
class ViewportWindow;

// The 3D view: any number of skeletons ("characters"), each under a caller-chosen integer id
// with its own colour, drawn over a floor grid. Callers own the ids: the editor uses MotionIds
// for library playback; overlays (a second frame, the ghost of the next clip, a preview
// character) pick their own, e.g. negative ids. Poses are pushed, never pulled: the viewport
// holds no motion, only the last positions it was given. Metres, Y up. UI thread only.
//
// Efficiency: a character is two draw calls whose vertices are rebuilt on the CPU per pose, so
// ten 31-joint skeletons stay interactive under a software renderer.
class ViewportWidget : public QWidget {
  Q_OBJECT

 public:
  explicit ViewportWidget(QWidget* parent = nullptr);
  ~ViewportWidget() override;

  // A distinct, readable colour for the index-th character on the dark background (cycles).
  static QColor paletteColour(int index);

  // Adds (or replaces) character `id`. It is hidden until its first setPose(). An alpha below
  // 255 draws it translucent, for ghosts.
  void addCharacter(int id, std::shared_ptr<const Skeleton> skeleton, const QColor& colour);
  void removeCharacter(int id);
  void clearCharacters();
  bool hasCharacter(int id) const { return m_characters.count(id) > 0; }
  int characterCount() const { return static_cast<int>(m_characters.size()); }
  void setCharacterColour(int id, const QColor& colour);
  void setCharacterVisible(int id, bool visible);

  // Sets the pose of character `id` from world positions (metres): its skeleton's joints, then
  // optionally its end sites (see posePoints()). Ignored for unknown ids or too few points.
  void setPose(int id, std::span<const Eigen::Vector3d> points);
  // Convenience: the pose of `motion`'s frame `frame`, moved by `offset` metres.
  void setPose(int id, const Motion& motion, int frame,
               const Eigen::Vector3d& offset = Eigen::Vector3d::Zero());

  // Points the camera at all posed characters so they fill the view (key F).
  void frameCharacters();
  // While on, the camera keeps its offset to the root of the followed character (the first one
  // added, or setFollowedCharacter) as it moves across the floor.
  void setFollowCharacter(bool on);
  bool followCharacter() const { return m_follow; }
  void setFollowedCharacter(int id);

  OrbitCamera camera() const;
  void setCamera(const OrbitCamera& camera);

  // An arrow on the floor from `origin` along `direction` (metres; y ignored), e.g. the desired
  // heading of interactive steering. Hidden until first shown; `visible` false hides it.
  void setGroundArrow(const Eigen::Vector3d& origin, const Eigen::Vector3d& direction,
                      bool visible);
  bool groundArrowVisible() const;

  // Draws every frame instead of on change (for frame-rate measurement).
  void setContinuousRendering(bool on);
  // The window Qt3D draws into; QScreen::grabWindow over its geometry captures the 3D content.
  ViewportWindow* window3d() const { return m_window; }

 signals:
  // The Qt3D frame loop ran (about once per drawn frame; every tick when rendering continuously).
  void frameTicked(float dtSeconds);
  void followCharacterChanged(bool on);

 private:
  CharacterEntity* find(int id) const;
  void followRoot(CharacterEntity* character, const QVector3D& previousRoot);

  ViewportWindow* m_window = nullptr;
  QWidget* m_container = nullptr;
  std::map<int, CharacterEntity*> m_characters;
  GroundArrow* m_groundArrow = nullptr;  // owned by the scene root; created on first use  //
                                         // entities owned by the scene root
  bool m_follow = false;
  int m_followedId = 0;
  bool m_hasFollowedId = false;
  bool m_framedOnce = false;
};

}  // namespace mg
